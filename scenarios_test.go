package httpclientbench_test

import (
	"net/http"
	"sync/atomic"
	"testing"

	"github.com/valyala/fasthttp"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/fixtures"
	"github.com/httpclientbench/httpclientbench/internal/benchtest"
)

// TestScenarios runs a few ops of every benchmark leaf with full
// validation, enough for the row's connection rule to be checked (a pooled
// row opens nothing after its first reuseGrace ops).
func TestScenarios(t *testing.T) {
	s := defaultServers(t, families...)
	for _, f := range families {
		t.Run(f.name, func(t *testing.T) {
			eachLeaf(t, f, func(t *testing.T, v variant, cf clients.Factory) {
				tg := s.target(t, v) // the server first: cleanups run last-in first-out
				o := v.op(benchtest.NewClient(t, cf, v.cfg), tg)
				for i := range reuseGrace + 1 {
					if err := o(true); err != nil {
						t.Fatalf("op %d: %v", i, err)
					}
				}
			})
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
		srv := benchtest.Start(t, fixtures.WithHandler(func(ctx *fasthttp.RequestCtx) {
			hits.Add(1)
			tc.answer(ctx)
		}))
		for _, cf := range clients.HTTP1 {
			t.Run(tc.name+"/client="+cf.Name, func(t *testing.T) {
				c := benchtest.NewClient(t, cf, clients.Config{})
				hits.Store(0)
				m, _, err := c.GetBytes(srv.URL() + "/json")
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

// TestH2ConcurrentSharesOneConnection: once the first op has opened its
// connection, BenchmarkH2Concurrent's 10 requests are multiplexed over that
// one TCP connection, for every HTTP/2 client, and no op opens another.
func TestH2ConcurrentSharesOneConnection(t *testing.T) {
	v := h2Concurrent.variants[0]
	for _, cf := range v.clients {
		t.Run("client="+cf.Name, func(t *testing.T) {
			var conns benchtest.Conns
			srv := benchtest.StartH2C(t, *v.cfg.H2C, benchtest.WithConns(&conns))
			tg := target{base: srv.URL(), proto: 2, conns: conns.Open}
			o := v.op(benchtest.NewClient(t, cf, v.cfg), tg)
			if err := o(true); err != nil { // opens the connection
				t.Fatalf("first op: %v", err)
			}
			afterFirst := conns.Opened()
			for i := range 20 {
				if err := o(true); err != nil {
					t.Fatalf("op %d: %v", i+2, err)
				}
			}
			if n := conns.Opened() - afterFirst; n != 0 {
				t.Errorf("20 ops of 10 concurrent requests opened %d new connections, want 0", n)
			}
			if n := conns.Open(); n != 1 {
				t.Errorf("%d connections open, want 1", n)
			}
		})
	}
}
