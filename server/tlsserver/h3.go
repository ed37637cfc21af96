package tlsserver

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync/atomic"

	"github.com/quic-go/quic-go"
	"github.com/quic-go/quic-go/http3"

	"github.com/httpclientbench/httpclientbench/server"
)

// H3Server is the fixture route table served over HTTP/3 (QUIC, TLS 1.3) by
// quic-go's http3.Server.
type H3Server struct {
	*running
}

// EarlyData counts the requests the server has read so far on a QUIC
// connection that accepted 0-RTT early data (the client resumed a session
// and offered early data: quic-go's Used0RTT), and those of them it read
// before the connection's handshake completed: requests sent as early
// data, which a client sends with quic-go's http3.MethodGet0RTT (a plain
// GET waits for the handshake). The second count needs the client's
// Finished to arrive after the request, so a path with a round trip of a
// few milliseconds: on loopback the two race.
func (s *H3Server) EarlyData() (accepted, early int) {
	c := s.state.Counters()
	return int(c.ZeroRTT.Load()), int(c.Early.Load())
}

// connKey is the context key of a request's QUIC connection.
type connKey struct{}

// StartH3 serves the fixture routes over HTTP/3 with cert on a UDP socket
// until Close. GET /stats counts QUIC connections.
func StartH3(cert *Cert, opts ...Option) (*H3Server, error) {
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
	state := server.NewServerStateCounting(cfg.pause, cfg.counters)
	pc = server.CountPackets(pc, state.Counters())
	r := &running{state: state, url: "https://" + pc.LocalAddr().String(), done: make(chan error, 1)}
	s := &H3Server{running: r}
	var held atomic.Int64 // QUIC connections open, for WithMaxConns
	routes := state.HTTPHandler(server.BoundWrite(server.BoundBody(server.NewHTTPHandler(), cfg.readTimeout), cfg.writeTimeout))
	srv := &http3.Server{
		Handler: http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			// The server installs 0-RTT keys only when it accepts early
			// data, before it reads any request of the connection.
			if c, ok := req.Context().Value(connKey{}).(*quic.Conn); ok && c.ConnectionState().Used0RTT {
				state.Counters().ZeroRTT.Add(1)
				select {
				case <-c.HandshakeComplete():
				default:
					state.Counters().Early.Add(1)
				}
			}
			routes.ServeHTTP(w, req)
		}),
		TLSConfig:   http3.ConfigureTLSConfig(r.tlsConfig(cert)), // ALPN h3
		IdleTimeout: DefaultIdleTimeout,
		ConnContext: func(ctx context.Context, c *quic.Conn) context.Context {
			state.CountQUIC()
			if cfg.maxConns > 0 {
				if held.Add(1) > int64(cfg.maxConns) {
					c.CloseWithError(quic.ApplicationErrorCode(http3.ErrCodeExcessiveLoad), "too many connections")
				}
				context.AfterFunc(c.Context(), func() { held.Add(-1) })
			}
			return context.WithValue(ctx, connKey{}, c)
		},
	}
	r.shutdown, r.close = srv.Shutdown, srv.Close
	// The server closes its QUIC listener but not the socket it was given.
	r.release = pc.Close
	go func() { s.done <- srv.Serve(pc) }()
	return s, nil
}
