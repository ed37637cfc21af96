package tlsserver

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"

	"github.com/quic-go/quic-go"
	"github.com/quic-go/quic-go/http3"

	"github.com/httpclientbench/httpclientbench/fixtures"
	"github.com/httpclientbench/httpclientbench/internal/tlscert"
)

// H3Server is the fixture route table served over HTTP/3 (QUIC, TLS 1.3) by
// quic-go's http3.Server.
type H3Server struct {
	*running
}

// StartH3 serves the fixture routes over HTTP/3 with cert on a UDP socket
// until Close. GET /stats counts QUIC connections.
func StartH3(cert *tlscert.Cert, opts ...Option) (*H3Server, error) {
	cfg, err := newConfig(opts)
	if err != nil {
		return nil, err
	}
	if cfg.ln != nil {
		return nil, errors.New("tlsserver: StartH3 serves UDP: WithListener is Start's")
	}
	pc := cfg.pc
	if pc == nil {
		if pc, err = net.ListenPacket("udp", cfg.addr); err != nil {
			return nil, fmt.Errorf("tlsserver: listen: %w", err)
		}
	}
	state := fixtures.NewServerState(cfg.pause)
	r := &running{state: state, url: "https://" + pc.LocalAddr().String(), done: make(chan error, 1)}
	srv := &http3.Server{
		Handler:     state.HTTPHandler(fixtures.BoundBody(fixtures.NewHTTPHandler(), cfg.readTimeout)),
		TLSConfig:   http3.ConfigureTLSConfig(r.tlsConfig(cert)), // ALPN h3
		IdleTimeout: DefaultIdleTimeout,
		ConnContext: func(ctx context.Context, _ *quic.Conn) context.Context {
			state.TrackHTTP(nil, http.StateNew) // once per QUIC connection
			return ctx
		},
	}
	r.shutdown, r.close = srv.Shutdown, srv.Close
	// The server closes its QUIC listener but not the socket it was given.
	r.release = pc.Close
	s := &H3Server{running: r}
	go func() { s.done <- srv.Serve(pc) }()
	return s, nil
}
