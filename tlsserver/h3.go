package tlsserver

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"

	"github.com/quic-go/quic-go"
	"github.com/quic-go/quic-go/http3"

	"github.com/httpclientbench/httpclientbench/fixtures"
	"github.com/httpclientbench/httpclientbench/internal/tlscert"
)

// H3Server is the fixture route table served over HTTP/3 (QUIC, TLS 1.3) by
// quic-go's http3.Server.
type H3Server struct {
	srv   *http3.Server
	state *fixtures.ServerState
	pc    net.PacketConn
	url   string
	done  chan error // Serve's result

	once sync.Once
	err  error // Shutdown's result
}

// StartH3 serves the fixture routes over HTTP/3 with cert on a UDP socket
// until Close. GET /stats counts QUIC connections.
func StartH3(cert *tlscert.Cert, opts ...Option) (*H3Server, error) {
	cfg, err := newConfig(opts)
	if err != nil {
		return nil, err
	}
	pc, err := net.ListenPacket("udp", cfg.addr)
	if err != nil {
		return nil, fmt.Errorf("tlsserver: listen: %w", err)
	}
	state := fixtures.NewServerState(cfg.pause)
	s := &H3Server{
		srv: &http3.Server{
			Handler:     state.HTTPHandler(fixtures.NewHTTPHandler()),
			TLSConfig:   http3.ConfigureTLSConfig(cert.ServerConfig()), // ALPN h3
			IdleTimeout: DefaultIdleTimeout,
			ConnContext: func(ctx context.Context, _ *quic.Conn) context.Context {
				state.TrackHTTP(nil, http.StateNew) // once per QUIC connection
				return ctx
			},
		},
		state: state,
		pc:    pc,
		url:   "https://" + pc.LocalAddr().String(),
		done:  make(chan error, 1),
	}
	go func() { s.done <- s.srv.Serve(pc) }()
	return s, nil
}

// URL is the base URL, "https://host:port" (UDP).
func (s *H3Server) URL() string { return s.url }

// Opened is the number of QUIC connections the server has accepted so far
// (what GET /stats reports).
func (s *H3Server) Opened() int { return int(s.state.Stats().ConnsAccepted) }

// Shutdown sends GOAWAY and waits for open requests until ctx ends, then
// closes the connections left and the socket. Later calls return the first
// call's result.
func (s *H3Server) Shutdown(ctx context.Context) error {
	s.once.Do(func() {
		err := s.srv.Shutdown(ctx)
		if err != nil {
			err = errors.Join(err, s.srv.Close())
		}
		if serr := <-s.done; serr != nil && !errors.Is(serr, http.ErrServerClosed) {
			err = errors.Join(err, serr)
		}
		// The server closes its QUIC listener but not the socket it was given.
		if cerr := s.pc.Close(); cerr != nil {
			err = errors.Join(err, cerr)
		}
		s.err = err
	})
	return s.err
}

// Close is Shutdown with a 10-second bound.
func (s *H3Server) Close() error { return closeWithin(s.Shutdown) }
