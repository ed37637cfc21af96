package behaviour_test

import (
	"crypto/tls"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/valyala/fasthttp"

	"github.com/httpclientbench/httpclientbench/fixtures"
	"github.com/httpclientbench/httpclientbench/internal/benchtest"
)

// env is one subtest's server: the fixture routes over fasthttp (HTTP/1.1,
// plain) or over net/http with TLS and HTTP/2, counting the requests per
// path and the connections accepted.
type env struct {
	base string
	tls  *tls.Config // the client's: trusts the server's certificate
	hits sync.Map    // path → *atomic.Int64
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
	srv := benchtest.Start(t, fixtures.WithHandler(func(ctx *fasthttp.RequestCtx) {
		e.count(string(ctx.Path()))
		fixtures.Handler(ctx)
	}))
	e.base = srv.URL()
	return e
}

// startTLS serves the routes over net/http with TLS, offering HTTP/2 and
// HTTP/1.1 (ALPN).
func startTLS(t *testing.T) *env {
	e := &env{}
	h := fixtures.NewHTTPHandler()
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		e.count(r.URL.Path)
		h.ServeHTTP(w, r)
	}))
	srv.EnableHTTP2 = true
	srv.StartTLS()
	t.Cleanup(srv.Close)
	e.base = srv.URL
	e.tls = srv.Client().Transport.(*http.Transport).TLSClientConfig.Clone()
	return e
}
