package h2c

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/httpclientbench/httpclientbench/fixtures"
)

// Server timeouts: they bound a stuck peer; no benchmark comes near them.
const (
	DefaultReadHeaderTimeout = 30 * time.Second
	DefaultIdleTimeout       = 90 * time.Second
)

// Server is the fixture route table served over h2c (prior knowledge only)
// by net/http's server.
type Server struct {
	srv  *http.Server
	ln   net.Listener
	url  string
	done chan error // Serve's result

	once sync.Once
	err  error // Shutdown's result
}

// Option configures Start.
type Option func(*config)

type config struct {
	addr    string
	handler http.Handler
	hook    func(net.Conn, http.ConnState)
}

// WithAddr sets the listen address (default fixtures.DefaultAddr, loopback).
func WithAddr(addr string) Option { return func(c *config) { c.addr = addr } }

// WithHandler replaces the fixture routes, for tests.
func WithHandler(h http.Handler) Option { return func(c *config) { c.handler = h } }

// WithConnState sets http.Server.ConnState, for tests that count
// connections.
func WithConnState(f func(net.Conn, http.ConnState)) Option {
	return func(c *config) { c.hook = f }
}

// Start serves the fixture routes over h2c with receive windows w until
// Close.
func Start(w Window, opts ...Option) (*Server, error) {
	cfg := config{addr: fixtures.DefaultAddr, handler: fixtures.NewHTTPHandler()}
	for _, o := range opts {
		o(&cfg)
	}
	ln, err := net.Listen("tcp", cfg.addr)
	if err != nil {
		return nil, fmt.Errorf("h2c: listen: %w", err)
	}
	s := &Server{
		srv: &http.Server{
			Handler:           cfg.handler,
			Protocols:         Protocols(),
			HTTP2:             w.HTTP2Config(),
			ReadHeaderTimeout: DefaultReadHeaderTimeout,
			IdleTimeout:       DefaultIdleTimeout,
			ConnState:         cfg.hook,
		},
		ln:   ln,
		url:  "http://" + ln.Addr().String(),
		done: make(chan error, 1),
	}
	go func() { s.done <- s.srv.Serve(ln) }()
	return s, nil
}

// URL is the base URL, "http://host:port".
func (s *Server) URL() string { return s.url }

// Addr is the listening address.
func (s *Server) Addr() net.Addr { return s.ln.Addr() }

// Shutdown stops accepting and waits for open streams until ctx ends, then
// closes what is left. Later calls return the first call's result.
func (s *Server) Shutdown(ctx context.Context) error {
	s.once.Do(func() { s.err = s.shutdown(ctx) })
	return s.err
}

func (s *Server) shutdown(ctx context.Context) error {
	err := s.srv.Shutdown(ctx) // Serve returns at once even if it has not started yet
	if err != nil {
		err = errors.Join(err, s.srv.Close())
	}
	if serr := <-s.done; serr != nil && !errors.Is(serr, http.ErrServerClosed) {
		err = errors.Join(err, serr)
	}
	return err
}

// Close is Shutdown with a 10-second bound.
func (s *Server) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return s.Shutdown(ctx)
}
