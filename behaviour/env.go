package behaviour

import (
	"crypto/tls"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/valyala/fasthttp"

	"github.com/httpclientbench/httpclientbench/server"
	"github.com/httpclientbench/httpclientbench/server/servertest"
)

// env is one subtest's server: the fixture routes over fasthttp (HTTP/1.1,
// plain) or over net/http with TLS and HTTP/2, counting the requests per
// path and the connections accepted. It adds one test-only path,
// barrierPath, which answers once a round's requests have all arrived.
type env struct {
	base   string
	tls    *tls.Config // the client's: trusts the server's certificate
	hits   sync.Map    // path → *atomic.Int64
	opened func() int  // connections accepted so far
	round  atomic.Pointer[barrier]
}

// barrierPath holds each request until the round's n requests are all in
// (or barrierWait passes), so that they are in flight together.
const (
	barrierPath = "/test-barrier"
	barrierWait = 5 * time.Second
)

type barrier struct {
	n, in int
	mu    sync.Mutex
	all   chan struct{}
}

// newRound starts a round of n requests to barrierPath.
func (e *env) newRound(n int) { e.round.Store(&barrier{n: n, all: make(chan struct{})}) }

// wait holds one request of the round; false if the round never filled.
func (e *env) wait() bool {
	b := e.round.Load()
	if b == nil {
		return false
	}
	b.mu.Lock()
	b.in++
	if b.in == b.n {
		close(b.all)
	}
	b.mu.Unlock()
	select {
	case <-b.all:
		return true
	case <-time.After(barrierWait):
		return false
	}
}

func (e *env) count(path string) {
	v, _ := e.hits.LoadOrStore(path, new(atomic.Int64))
	v.(*atomic.Int64).Add(1)
}

// attempts is how many requests reached path.
func (e *env) attempts(path string) int {
	v, ok := e.hits.Load(path)
	if !ok {
		return 0
	}
	return int(v.(*atomic.Int64).Load())
}

// startPlain serves the routes over fasthttp on 127.0.0.1.
func startPlain(t *testing.T) *env {
	e := &env{}
	srv := servertest.Start(t, server.WithHandler(func(ctx *fasthttp.RequestCtx) {
		e.count(string(ctx.Path()))
		if string(ctx.Path()) == barrierPath {
			if !e.wait() {
				ctx.SetStatusCode(http.StatusGatewayTimeout)
			}
			return
		}
		server.Handler(ctx)
	}))
	e.base = srv.URL()
	e.opened = srv.Opened
	return e
}

// startTLS serves the routes over net/http with TLS, offering HTTP/2 and
// HTTP/1.1 (ALPN).
func startTLS(t *testing.T) *env {
	e := &env{}
	var conns servertest.Conns
	e.opened = conns.Opened
	h := server.NewHTTPHandler()
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		e.count(r.URL.Path)
		if r.URL.Path == barrierPath {
			if !e.wait() {
				w.WriteHeader(http.StatusGatewayTimeout)
			}
			return
		}
		h.ServeHTTP(w, r)
	}))
	srv.Config.ConnState = conns.Track
	srv.EnableHTTP2 = true
	srv.StartTLS()
	t.Cleanup(srv.Close)
	e.base = srv.URL
	e.tls = srv.Client().Transport.(*http.Transport).TLSClientConfig.Clone()
	return e
}

func startPlainOrTLS(t *testing.T, useTLS bool) *env {
	if useTLS {
		return startTLS(t)
	}
	return startPlain(t)
}
