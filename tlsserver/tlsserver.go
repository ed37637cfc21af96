// Package tlsserver serves the fixture route table (fixtures.NewHTTPHandler)
// over TLS 1.3: HTTP/1.1 and HTTP/2 chosen by ALPN (Start), and HTTP/3 over
// QUIC with quic-go (StartH3). Both present a tlscert.Cert, answer GET
// /stats themselves and pause as fixtures.WithPause does, like the h2c
// server. They listen on loopback unless told otherwise.
package tlsserver

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/httpclientbench/httpclientbench/fixtures"
	"github.com/httpclientbench/httpclientbench/internal/tlscert"
)

// Server timeouts: they bound a stuck peer; no benchmark comes near them.
const (
	DefaultReadHeaderTimeout = 30 * time.Second
	DefaultIdleTimeout       = 90 * time.Second
)

// Option configures Start and StartH3.
type Option func(*config)

type config struct {
	addr  string
	pause fixtures.Pause
}

// WithAddr sets the listen address (default fixtures.DefaultAddr, loopback).
func WithAddr(addr string) Option { return func(c *config) { c.addr = addr } }

// WithPause makes the server pause for d every period, as
// fixtures.WithPause does; Start and StartH3 refuse a pair
// fixtures.Pause.Check does not accept. GET /stats is never paused.
func WithPause(d, period time.Duration) Option {
	return func(c *config) { c.pause = fixtures.Pause{D: d, Every: period} }
}

func newConfig(opts []Option) (config, error) {
	cfg := config{addr: fixtures.DefaultAddr}
	for _, o := range opts {
		o(&cfg)
	}
	if err := cfg.pause.Check(); err != nil {
		return cfg, fmt.Errorf("tlsserver: %w", err)
	}
	return cfg, nil
}

// Server is the fixture route table served by net/http over TLS 1.3, with
// HTTP/2 and HTTP/1.1 offered by ALPN (h2 preferred).
type Server struct {
	srv   *http.Server
	state *fixtures.ServerState
	ln    net.Listener
	url   string
	done  chan error // ServeTLS's result

	once sync.Once
	err  error // Shutdown's result
}

// Start serves the fixture routes over TLS with cert until Close.
func Start(cert *tlscert.Cert, opts ...Option) (*Server, error) {
	cfg, err := newConfig(opts)
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", cfg.addr)
	if err != nil {
		return nil, fmt.Errorf("tlsserver: listen: %w", err)
	}
	state := fixtures.NewServerState(cfg.pause)
	var protos http.Protocols
	protos.SetHTTP1(true)
	protos.SetHTTP2(true)
	s := &Server{
		srv: &http.Server{
			Handler:           state.HTTPHandler(fixtures.NewHTTPHandler()),
			TLSConfig:         cert.ServerConfig(), // ServeTLS adds h2 and http/1.1 to its NextProtos
			Protocols:         &protos,
			ReadHeaderTimeout: DefaultReadHeaderTimeout,
			IdleTimeout:       DefaultIdleTimeout,
			ConnState:         state.TrackHTTP,
		},
		state: state,
		ln:    ln,
		url:   "https://" + ln.Addr().String(),
		done:  make(chan error, 1),
	}
	go func() { s.done <- s.srv.ServeTLS(ln, "", "") }()
	return s, nil
}

// URL is the base URL, "https://host:port".
func (s *Server) URL() string { return s.url }

// Opened is the number of TCP connections the server has accepted so far
// (what GET /stats reports).
func (s *Server) Opened() int { return int(s.state.Stats().ConnsAccepted) }

// Shutdown stops accepting and waits for open requests until ctx ends, then
// closes what is left. Later calls return the first call's result.
func (s *Server) Shutdown(ctx context.Context) error {
	s.once.Do(func() {
		err := s.srv.Shutdown(ctx)
		if err != nil {
			err = errors.Join(err, s.srv.Close())
		}
		if serr := <-s.done; serr != nil && !errors.Is(serr, http.ErrServerClosed) {
			err = errors.Join(err, serr)
		}
		s.err = err
	})
	return s.err
}

// Close is Shutdown with a 10-second bound.
func (s *Server) Close() error { return closeWithin(s.Shutdown) }

func closeWithin(shutdown func(context.Context) error) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return shutdown(ctx)
}
