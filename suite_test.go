package httpclientbench_test

import (
	"bytes"
	"maps"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync/atomic"
	"testing"

	"github.com/valyala/fasthttp"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/fixtures"
	"github.com/httpclientbench/httpclientbench/h2c"
)

// TestScenarios runs one op of every benchmark leaf with full validation.
func TestScenarios(t *testing.T) {
	s := defaultServers(t, families...)
	for _, f := range families {
		t.Run(f.name, func(t *testing.T) {
			eachLeaf(t, f, func(t *testing.T, v variant, cf clients.Factory) {
				tg := s.target(t, v) // the server first: cleanups run last-in first-out
				o := v.newOp(newClient(t, cf, v.cfg), tg)
				for i := range 2 { // the second op may run on a reused connection
					if err := o(true); err != nil {
						t.Fatalf("op %d: %v", i, err)
					}
				}
			})
		})
	}
}

// A fault rewrites a successful answer the way a broken server might.
type fault struct {
	name  string
	full  bool // whether the op runs with the warm-up's full check
	alter func(status int, body []byte) (int, []byte)
}

// faults are answers a careless check would accept: every leaf of every
// family must fail against each of them.
var faults = []fault{
	{"altered_byte", true, func(s int, b []byte) (int, []byte) {
		b = bytes.Clone(b) // bodies may be the shared payload
		if len(b) > 0 {
			b[len(b)/2] ^= 0xff
		}
		return s, b
	}},
	{"truncated", false, func(s int, b []byte) (int, []byte) {
		if len(b) > 0 {
			b = b[:len(b)-1]
		}
		return s, b
	}},
	{"status_203", false, func(_ int, b []byte) (int, []byte) {
		return http.StatusNonAuthoritativeInfo, b
	}},
	{"trailing_garbage", false, func(s int, b []byte) (int, []byte) {
		return s, append(bytes.Clone(b), " garbage"...)
	}},
}

// faultyServers serves the fixture routes with f applied to every 200 and
// 206 answer, over HTTP/1.1 (fasthttp) and h2c (net/http).
func faultyServers(t *testing.T, f fault) servers {
	h1 := startServer(t, fixtures.WithHandler(func(ctx *fasthttp.RequestCtx) {
		fixtures.Handler(ctx)
		if s := ctx.Response.StatusCode(); s == http.StatusOK || s == http.StatusPartialContent {
			s, b := f.alter(s, ctx.Response.Body())
			ctx.SetStatusCode(s)
			ctx.Response.SetBody(bytes.Clone(b))
		}
	}))
	routes := fixtures.NewHTTPHandler()
	h2 := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		routes.ServeHTTP(rec, r)
		status, body := rec.Code, rec.Body.Bytes()
		if status == http.StatusOK || status == http.StatusPartialContent {
			status, body = f.alter(status, body)
		}
		maps.Copy(w.Header(), rec.Header())
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.WriteHeader(status)
		w.Write(body)
	})
	return servers{
		h1: h1.URL(),
		h2: func(tb testing.TB, w h2c.Window, opts ...h2c.Option) string {
			return startH2C(tb, w, append(opts, h2c.WithHandler(h2))...).URL()
		},
	}
}

// TestValidationCatchesBadAnswers proves the ops can fail: against a server
// that alters, truncates or mislabels its answers, every leaf reports an
// error instead of counting a fast wrong op.
func TestValidationCatchesBadAnswers(t *testing.T) {
	for _, f := range faults {
		t.Run("fault="+f.name, func(t *testing.T) {
			s := faultyServers(t, f)
			for _, fam := range families {
				t.Run(fam.name, func(t *testing.T) {
					eachLeaf(t, fam, func(t *testing.T, v variant, cf clients.Factory) {
						tg := s.target(t, v)
						o := v.newOp(newClient(t, cf, v.cfg), tg)
						if err := o(f.full); err == nil {
							t.Fatal("op succeeded against a faulty server")
						} else {
							t.Logf("caught: %v", err)
						}
					})
				})
			}
		})
	}
}

// TestOneAttemptPerRequest: no client retries, so a failed request costs one
// request and fails. retryablehttp retries 5xx by default and fasthttp
// retries a GET whose connection breaks; the suite turns both off.
func TestOneAttemptPerRequest(t *testing.T) {
	for _, tc := range []struct {
		name   string
		answer func(ctx *fasthttp.RequestCtx)
	}{
		{"status_503", func(ctx *fasthttp.RequestCtx) { ctx.Error("unavailable", http.StatusServiceUnavailable) }},
		{"conn_closed", func(ctx *fasthttp.RequestCtx) { ctx.Conn().Close() }},
	} {
		var hits atomic.Int64
		srv := startServer(t, fixtures.WithHandler(func(ctx *fasthttp.RequestCtx) {
			hits.Add(1)
			tc.answer(ctx)
		}))
		for _, cf := range clients.HTTP1 {
			t.Run(tc.name+"/client="+cf.Name, func(t *testing.T) {
				c := newClient(t, cf, clients.Config{})
				hits.Store(0)
				m, _, err := c.GetBytes(srv.URL()+"/json", nil)
				if err == nil && m.Status == http.StatusOK {
					t.Errorf("got status %d and no error", m.Status)
				}
				if n := hits.Load(); n != 1 {
					t.Errorf("server saw %d attempts, want 1", n)
				}
			})
		}
	}
}

func TestParseTarget(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{"http://127.0.0.1:8080", "http://127.0.0.1:8080", true},
		{"http://127.0.0.1:8080/", "http://127.0.0.1:8080", true},
		{"http://[::1]:9000", "http://[::1]:9000", true},
		{"https://127.0.0.1:8080", "", false},
		{"127.0.0.1:8080", "", false},
		{"http://127.0.0.1", "", false},
		{"http://127.0.0.1:8080/json", "", false},
		{"http://user@127.0.0.1:8080", "", false},
		{"http://127.0.0.1:8080?x=1", "", false},
		{"http://%zz", "", false},
	} {
		got, err := parseTarget(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("parseTarget(%q) = %q, %v; want %q, ok=%v", tc.in, got, err, tc.want, tc.ok)
		}
	}
}

// TestH2ConcurrentSharesOneConnection: once the first op has opened its
// connection, BenchmarkH2Concurrent's 10 requests are multiplexed over that
// one TCP connection, for every HTTP/2 client, and no op opens another.
func TestH2ConcurrentSharesOneConnection(t *testing.T) {
	v := h2Concurrent.variants[0]
	for _, cf := range v.clients {
		t.Run("client="+cf.Name, func(t *testing.T) {
			var opened, open atomic.Int64
			srv := startH2C(t, *v.cfg.H2C, h2c.WithConnState(func(_ net.Conn, s http.ConnState) {
				switch s {
				case http.StateNew:
					opened.Add(1)
					open.Add(1)
				case http.StateClosed, http.StateHijacked:
					open.Add(-1)
				}
			}))
			tg := target{base: srv.URL(), proto: 2, conns: func() int { return int(open.Load()) }}
			o := v.newOp(newClient(t, cf, v.cfg), tg)
			if err := o(true); err != nil { // opens the connection
				t.Fatalf("first op: %v", err)
			}
			afterFirst := opened.Load()
			for i := range 20 {
				if err := o(true); err != nil {
					t.Fatalf("op %d: %v", i+2, err)
				}
			}
			if n := opened.Load() - afterFirst; n != 0 {
				t.Errorf("20 ops of 10 concurrent requests opened %d new connections, want 0", n)
			}
			if n := open.Load(); n != 1 {
				t.Errorf("%d connections open, want 1", n)
			}
		})
	}
}
