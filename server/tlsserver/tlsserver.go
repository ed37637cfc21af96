// Package tlsserver serves the fixture route table (server.NewHTTPHandler)
// over TLS 1.3: HTTP/1.1 and HTTP/2 chosen by ALPN (Start), and HTTP/3 over
// QUIC with quic-go (StartH3). Both present a Cert, answer GET
// /stats themselves and pause as server.WithPause does, like the h2c
// server. They listen on loopback unless told otherwise.
package tlsserver

import (
	"context"
	"crypto/tls"
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
// DefaultReadTimeout bounds the reading of a request body (per request over
// HTTP/1.1, per stream over HTTP/2 and HTTP/3; see server.BoundBody).
const (
	DefaultReadTimeout       = server.DefaultReadTimeout
	DefaultWriteTimeout      = server.DefaultWriteTimeout
	DefaultReadHeaderTimeout = server.DefaultReadHeaderTimeout
	DefaultIdleTimeout       = server.DefaultIdleTimeout
)

// Option configures Start and StartH3.
type Option func(*config)

type config struct {
	addr         string
	pause        server.Pause
	readTimeout  time.Duration
	writeTimeout time.Duration
	errorLog     *log.Logger
	ln           net.Listener
	pc           net.PacketConn
	maxConns     int
	counters     *server.Counters
}

// WithAddr sets the listen address (default server.DefaultAddr, loopback).
func WithAddr(addr string) Option { return func(c *config) { c.addr = addr } }

// WithListener makes Start serve on ln instead of listening on an address
// (WithAddr is then ignored): a listener on an emulated network path
// (package netem), say. The server closes ln when it stops. StartH3
// refuses it: see WithPacketConn.
func WithListener(ln net.Listener) Option { return func(c *config) { c.ln = ln } }

// WithPacketConn makes StartH3 serve on pc instead of a new UDP socket
// (WithAddr is then ignored), and close it when it stops. Start refuses
// it.
func WithPacketConn(pc net.PacketConn) Option { return func(c *config) { c.pc = pc } }

// WithMaxConns makes the server hold at most n connections at once; by
// default it holds as many as it is sent. Start's listener accepts no more
// than n (see server.LimitConns); StartH3 closes a QUIC connection past
// the n-th at once with H3_EXCESSIVE_LOAD, before it reads a request.
func WithMaxConns(n int) Option { return func(c *config) { c.maxConns = n } }

// WithReadTimeout sets how long a request's body, and its header lines
// over HTTP/1.1 (at most DefaultReadHeaderTimeout), may take to arrive
// (default DefaultReadTimeout): a request that stalls longer gets a 408, or
// its connection or stream is closed. For tests of a stalled peer.
func WithReadTimeout(d time.Duration) Option { return func(c *config) { c.readTimeout = d } }

// WithWriteTimeout sets how long an answer may take to write (default
// DefaultWriteTimeout; per request over HTTP/1.1, per stream over HTTP/2
// and HTTP/3): a client that stops reading is cut off then. For tests of
// a slow reader.
func WithWriteTimeout(d time.Duration) Option { return func(c *config) { c.writeTimeout = d } }

// WithErrorLog sets where the server reports what goes wrong on a
// connection (a failed TLS handshake, a malformed request); by default it
// is discarded, as server.Start does. StartH3 has no use for it:
// quic-go's HTTP/3 server logs nothing of the kind.
func WithErrorLog(l *log.Logger) Option { return func(c *config) { c.errorLog = l } }

// WithCounters makes the server count in c (see server.Counters), which
// may be memory another process reads.
func WithCounters(c *server.Counters) Option { return func(cfg *config) { cfg.counters = c } }

// WithPause makes the server pause for d every period, as
// server.WithPause does; Start and StartH3 refuse a pair
// server.Pause.Check does not accept. GET /stats is never paused.
func WithPause(d, period time.Duration) Option {
	return func(c *config) { c.pause = server.Pause{D: d, Every: period} }
}

func newConfig(opts []Option) (config, error) {
	cfg := config{addr: server.DefaultAddr, readTimeout: DefaultReadTimeout, writeTimeout: DefaultWriteTimeout, errorLog: log.New(io.Discard, "", 0)}
	for _, o := range opts {
		o(&cfg)
	}
	if err := cfg.pause.Check(); err != nil {
		return cfg, fmt.Errorf("tlsserver: %w", err)
	}
	return cfg, nil
}

// running is what both servers share once started: their counters, their
// URL, and a Shutdown that runs once.
type running struct {
	state *server.ServerState
	url   string
	done  chan error // Serve's result

	shutdown func(context.Context) error // the server's graceful stop
	close    func() error                // its hard stop, when the graceful one fails
	release  func() error                // what is left after it stopped (nil: nothing)

	once sync.Once
	err  error // Shutdown's result
}

// URL is the base URL, "https://host:port".
func (r *running) URL() string { return r.url }

// Opened is the number of connections the server has accepted so far (TCP
// connections over TLS, QUIC connections over HTTP/3: what GET /stats
// reports).
func (r *running) Opened() int { return int(r.state.Stats().ConnsAccepted) }

// Requests is the number of requests the server has answered or begun to
// answer so far (server.Counters.Requests).
func (r *running) Requests() int { return int(r.state.Counters().Requests.Load()) }

// Wire is the number of bytes the server has read and written so far, on
// its TCP connections (TLS records whole) or its UDP socket (QUIC packets
// whole): server.Counters.Read and Written.
func (r *running) Wire() (read, written int) { return r.state.Counters().Wire() }

// Handshakes is the number of TLS handshakes the server has carried out so
// far: full ones, and resumed ones (a session ticket accepted, so no
// certificate was sent or verified). Every TCP connection over TLS and
// every QUIC connection counts as one of the two once the server has
// checked its handshake (see tlsConfig).
func (r *running) Handshakes() (full, resumed int) {
	c := r.state.Counters()
	return int(c.FullHandshakes.Load()), int(c.ResumedHandshakes.Load())
}

// tlsConfig is cert's server configuration with the handshakes counted:
// crypto/tls calls VerifyConnection on the server once per handshake,
// full or resumed, over TCP and over QUIC alike, after the client's
// certificate checks and just before it reads the client's Finished, and
// so before any request on the connection can be read. A handshake that
// then fails on the client's Finished is counted too; its request is
// never answered.
func (r *running) tlsConfig(cert *Cert) *tls.Config {
	c := cert.ServerConfig()
	c.VerifyConnection = func(cs tls.ConnectionState) error {
		if cs.DidResume {
			r.state.Counters().ResumedHandshakes.Add(1)
		} else {
			r.state.Counters().FullHandshakes.Add(1)
		}
		return nil
	}
	return c
}

// Shutdown stops accepting and waits for open requests until ctx ends, then
// closes what is left. Later calls, and Abort, return the first call's
// result.
func (r *running) Shutdown(ctx context.Context) error {
	return r.stop(func() error {
		err := r.shutdown(ctx)
		if err != nil {
			err = errors.Join(err, r.close())
		}
		return err
	})
}

// Abort closes the server and every connection at once, without waiting
// for any to end: for a server whose clients may have gone without closing
// theirs (a QUIC client that exited leaves its connection open until the
// idle timeout, which Shutdown would wait for). Later calls, and Shutdown,
// return the first call's result.
func (r *running) Abort() error { return r.stop(r.close) }

// stop halts the server once, waits for Serve and releases what is left.
func (r *running) stop(halt func() error) error {
	r.once.Do(func() {
		err := halt()
		if serr := <-r.done; serr != nil && !errors.Is(serr, http.ErrServerClosed) {
			err = errors.Join(err, serr)
		}
		if r.release != nil {
			if cerr := r.release(); cerr != nil {
				err = errors.Join(err, cerr)
			}
		}
		r.err = err
	})
	return r.err
}

// Close is Shutdown with a 10-second bound.
func (r *running) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return r.Shutdown(ctx)
}

// Server is the fixture route table served by net/http over TLS 1.3, with
// HTTP/2 and HTTP/1.1 offered by ALPN (h2 preferred).
type Server struct {
	*running
}

// Start serves the fixture routes over TLS with cert until Close.
func Start(cert *Cert, opts ...Option) (*Server, error) {
	cfg, err := newConfig(opts)
	if err != nil {
		return nil, err
	}
	if cfg.pc != nil {
		return nil, errors.New("tlsserver: Start serves TCP: WithPacketConn is StartH3's")
	}
	ln := cfg.ln
	if ln == nil {
		if ln, err = net.Listen("tcp", cfg.addr); err != nil {
			return nil, fmt.Errorf("tlsserver: listen: %w", err)
		}
	}
	state := server.NewServerStateCounting(cfg.pause, cfg.counters)
	ln = server.CountConns(server.LimitConns(ln, cfg.maxConns), state.Counters())
	r := &running{state: state, url: "https://" + ln.Addr().String(), done: make(chan error, 1)}
	var protos http.Protocols
	protos.SetHTTP1(true)
	protos.SetHTTP2(true)
	srv := &http.Server{
		Handler:           state.HTTPHandler(server.BoundBody(server.NewHTTPHandler(), cfg.readTimeout)),
		TLSConfig:         r.tlsConfig(cert), // ServeTLS adds h2 and http/1.1 to its NextProtos
		Protocols:         &protos,
		ReadHeaderTimeout: min(DefaultReadHeaderTimeout, cfg.readTimeout), // WithReadTimeout shortens it
		// net/http counts it from the request's arrival (per stream over
		// HTTP/2): the pause (WithPause) a handler may wait out is added.
		WriteTimeout: cfg.writeTimeout + cfg.pause.D,
		IdleTimeout:  DefaultIdleTimeout,
		ConnState:    state.TrackHTTP,
		ErrorLog:     cfg.errorLog,
	}
	r.shutdown, r.close = srv.Shutdown, srv.Close
	s := &Server{running: r}
	go func() { s.done <- srv.ServeTLS(ln, "", "") }()
	return s, nil
}
