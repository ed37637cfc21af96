package httpclientbench_test

import (
	"net/http"
	"sync/atomic"
	"testing"

	"github.com/valyala/fasthttp"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/fixtures"
)

// TestScenarios runs one op of every benchmark leaf with full validation.
func TestScenarios(t *testing.T) {
	base := h1Target(t)
	for _, f := range h1Families {
		t.Run(f.name, func(t *testing.T) {
			eachLeaf(t, f, func(t *testing.T, v variant, cf clients.Factory) {
				o := v.newOp(newClient(t, cf, clients.Config{}), base)
				for i := range 2 { // the second op runs on a reused connection
					if err := o(true); err != nil {
						t.Fatalf("op %d: %v", i, err)
					}
				}
			})
		})
	}
}

// faults are fixture servers that answer wrongly in ways a careless check
// would miss: every leaf of every family must fail against each of them.
var faults = []struct {
	name string
	full bool // whether the op runs with the warm-up's full check
	// alter rewrites a successful response.
	alter func(ctx *fasthttp.RequestCtx)
}{
	{"altered_byte", true, func(ctx *fasthttp.RequestCtx) {
		b := append([]byte(nil), ctx.Response.Body()...) // bodies may be shared payload
		if len(b) > 0 {
			b[len(b)/2] ^= 0xff
		}
		ctx.Response.SetBody(b)
	}},
	{"truncated", false, func(ctx *fasthttp.RequestCtx) {
		b := ctx.Response.Body()
		if len(b) > 0 {
			ctx.Response.SetBody(append([]byte(nil), b[:len(b)-1]...))
		}
	}},
	{"status_203", false, func(ctx *fasthttp.RequestCtx) {
		ctx.SetStatusCode(http.StatusNonAuthoritativeInfo)
	}},
}

// TestValidationCatchesBadAnswers proves the ops can fail: against a server
// that alters, truncates or mislabels its answers, every leaf reports an
// error instead of counting a fast wrong op.
func TestValidationCatchesBadAnswers(t *testing.T) {
	for _, fault := range faults {
		t.Run("fault="+fault.name, func(t *testing.T) {
			srv := startServer(t, fixtures.WithHandler(func(ctx *fasthttp.RequestCtx) {
				fixtures.Handler(ctx)
				if ctx.Response.StatusCode() == http.StatusOK {
					fault.alter(ctx)
				}
			}))
			for _, f := range h1Families {
				t.Run(f.name, func(t *testing.T) {
					eachLeaf(t, f, func(t *testing.T, v variant, cf clients.Factory) {
						o := v.newOp(newClient(t, cf, clients.Config{}), srv.URL())
						if err := o(fault.full); err == nil {
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
// request and fails. retryablehttp in particular retries 5xx by default; the
// suite turns that off.
func TestOneAttemptPerRequest(t *testing.T) {
	var hits atomic.Int64
	srv := startServer(t, fixtures.WithHandler(func(ctx *fasthttp.RequestCtx) {
		hits.Add(1)
		ctx.Error("unavailable", http.StatusServiceUnavailable)
	}))
	for _, cf := range clients.HTTP1 {
		t.Run("client="+cf.Name, func(t *testing.T) {
			c := newClient(t, cf, clients.Config{})
			hits.Store(0)
			m, _, err := c.GetBytes(srv.URL()+"/json", nil)
			if err == nil && m.Status != http.StatusServiceUnavailable {
				t.Errorf("got status %d and no error, want 503 or an error", m.Status)
			}
			if n := hits.Load(); n != 1 {
				t.Errorf("server saw %d attempts, want 1", n)
			}
		})
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
