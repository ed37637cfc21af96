package h2c

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/httpclientbench/httpclientbench/server"
)

// Server timeouts: they bound a stuck peer; no benchmark comes near them.
// DefaultReadTimeout bounds the reading of a request body (per stream, see
// server.BoundBody).
const (
	DefaultReadTimeout       = server.DefaultReadTimeout
	DefaultWriteTimeout      = server.DefaultWriteTimeout
	DefaultReadHeaderTimeout = server.DefaultReadHeaderTimeout
	DefaultIdleTimeout       = server.DefaultIdleTimeout
)

// Server is the fixture route table served over h2c (prior knowledge only)
// by net/http's server.
type Server struct {
	srv   *http.Server
	ln    net.Listener
	url   string
	state *server.ServerState
	done  chan error // Serve's result

	once sync.Once
	err  error // Shutdown's result
}

// Option configures Start.
type Option func(*config)

type config struct {
	addr         string
	handler      http.Handler
	hook         func(net.Conn, http.ConnState)
	pause        server.Pause
	readTimeout  time.Duration
	writeTimeout time.Duration
	errorLog     *log.Logger
	ln           net.Listener
	maxConns     int
	counters     *server.Counters
}

// WithAddr sets the listen address (default server.DefaultAddr, loopback).
func WithAddr(addr string) Option { return func(c *config) { c.addr = addr } }

// WithListener serves on ln instead of listening on an address (WithAddr
// is then ignored): a listener on an emulated network path (package
// netem), say. The server closes ln when it stops.
func WithListener(ln net.Listener) Option { return func(c *config) { c.ln = ln } }

// WithMaxConns makes the server hold at most n connections at once (see
// server.LimitConns); by default it holds as many as it is sent.
func WithMaxConns(n int) Option { return func(c *config) { c.maxConns = n } }

// WithReadTimeout sets how long a request's body, and a new connection's
// first bytes (the preface, or an HTTP/1.1 request's header lines; at most
// DefaultReadHeaderTimeout), may take to arrive
// (default DefaultReadTimeout): a stream that stalls longer gets a 408 or
// is reset. For tests of a stalled peer.
func WithReadTimeout(d time.Duration) Option { return func(c *config) { c.readTimeout = d } }

// WithWriteTimeout sets how long a stream's answer may take to write
// (default DefaultWriteTimeout): a client that stops reading is cut off
// then. For tests of a slow reader.
func WithWriteTimeout(d time.Duration) Option { return func(c *config) { c.writeTimeout = d } }

// WithErrorLog sets where the server reports what goes wrong on a
// connection (a malformed preface or frame); by default it is discarded,
// as server.Start does.
func WithErrorLog(l *log.Logger) Option { return func(c *config) { c.errorLog = l } }

// WithHandler replaces the fixture routes, for tests.
func WithHandler(h http.Handler) Option { return func(c *config) { c.handler = h } }

// WithConnState sets a hook called on every connection state change, as
// http.Server.ConnState is, for tests that count connections. (The server
// counts accepted connections for GET /stats whether or not it is set.)
func WithConnState(f func(net.Conn, http.ConnState)) Option {
	return func(c *config) { c.hook = f }
}

// WithCounters makes the server count in c (see server.Counters), which
// may be memory another process reads.
func WithCounters(c *server.Counters) Option { return func(cfg *config) { cfg.counters = c } }

// WithPause makes the server pause for d every period, as
// server.WithPause does; Start refuses a pair server.Pause.Check does
// not accept. GET /stats is never paused.
func WithPause(d, period time.Duration) Option {
	return func(c *config) { c.pause = server.Pause{D: d, Every: period} }
}

// Start serves the fixture routes over h2c with receive windows w until
// Close. Whatever the handler, the server answers GET /stats itself and
// applies WithPause.
func Start(w Window, opts ...Option) (*Server, error) {
	cfg := config{addr: server.DefaultAddr, handler: server.NewHTTPHandler(), readTimeout: DefaultReadTimeout, writeTimeout: DefaultWriteTimeout, errorLog: log.New(io.Discard, "", 0)}
	for _, o := range opts {
		o(&cfg)
	}
	if err := cfg.pause.Check(); err != nil {
		return nil, fmt.Errorf("h2c: %w", err)
	}
	ln := cfg.ln
	if ln == nil {
		var err error
		if ln, err = net.Listen("tcp", cfg.addr); err != nil {
			return nil, fmt.Errorf("h2c: listen: %w", err)
		}
	}
	state := server.NewServerStateCounting(cfg.pause, cfg.counters)
	ln = server.CountConns(server.LimitConns(ln, cfg.maxConns), state.Counters())
	s := &Server{
		srv: &http.Server{
			Handler:           onlyHTTP2(state.HTTPHandler(server.BoundBody(cfg.handler, cfg.readTimeout))),
			Protocols:         serverProtocols(),
			HTTP2:             w.HTTP2Config(),
			ReadHeaderTimeout: min(DefaultReadHeaderTimeout, cfg.readTimeout), // WithReadTimeout shortens it
			// net/http counts it from the request's arrival (per stream over
			// HTTP/2): the pause (WithPause) a handler may wait out is added.
			WriteTimeout: cfg.writeTimeout + cfg.pause.D,
			IdleTimeout:  DefaultIdleTimeout,
			ConnState:    connState(state, cfg.hook),
			ErrorLog:     cfg.errorLog,
		},
		ln:    ln,
		url:   "http://" + ln.Addr().String(),
		state: state,
		done:  make(chan error, 1),
	}
	go func() { s.done <- s.srv.Serve(ln) }()
	return s, nil
}

// serverProtocols are h2c with prior knowledge and HTTP/1.x, which the
// server speaks only to refuse it (onlyHTTP2): a client that falls back to
// HTTP/1.1 on an h2c row gets an answer that says so, where a server of
// h2c alone closes the connection on it without a word.
func serverProtocols() *http.Protocols {
	p := Protocols()
	p.SetHTTP1(true)
	return p
}

// onlyHTTP2 answers every request that is not HTTP/2 with 505 HTTP Version
// Not Supported, saying why, and closes its connection; next, which counts
// the routes' requests, never sees it.
func onlyHTTP2(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ProtoMajor != 2 {
			w.Header().Set("Connection", "close")
			http.Error(w, "this server speaks only HTTP/2 with prior knowledge (h2c), not "+r.Proto, http.StatusHTTPVersionNotSupported)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// connState counts accepted connections in state, then calls hook if set.
func connState(state *server.ServerState, hook func(net.Conn, http.ConnState)) func(net.Conn, http.ConnState) {
	return func(c net.Conn, st http.ConnState) {
		state.TrackHTTP(c, st)
		if hook != nil {
			hook(c, st)
		}
	}
}

// URL is the base URL, "http://host:port".
func (s *Server) URL() string { return s.url }

// Requests is the number of requests the server has answered or begun to
// answer so far (server.Counters.Requests).
func (s *Server) Requests() int { return int(s.state.Counters().Requests.Load()) }

// Wire is the number of bytes the server has read and written on its
// connections so far (server.Counters.Read and Written).
func (s *Server) Wire() (read, written int) { return s.state.Counters().Wire() }

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
