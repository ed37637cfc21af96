package suite

import (
	"bytes"
	"context"
	"crypto/tls"
	"io"
	"maps"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/quic-go/quic-go"
	"github.com/quic-go/quic-go/http3"
	"github.com/valyala/fasthttp"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/clients/clienttest"
	"github.com/httpclientbench/httpclientbench/server"
	"github.com/httpclientbench/httpclientbench/server/h2c"
	"github.com/httpclientbench/httpclientbench/server/servertest"
)

// A fault is a wrong answer a careless check would accept: a server that
// rewrites its successful answers (alter), a server that closes every
// connection after its answer (closeConn), or a client that hands back
// stale results (wrap). Every leaf of every family must fail against the
// fault with allWindows; the others are tried on each leaf's op under one
// window preset (see oneWindow).
type fault struct {
	name      string
	alter     func(status int, body []byte) (int, []byte)
	closeConn bool
	wrap      func(clients.Client) *staleClient
	// allWindows runs the fault on every leaf, not once per op.
	allWindows bool
	// skip names the Families the fault cannot apply to, and why.
	skip map[string]string
}

var faults = []fault{
	{name: "altered_byte", allWindows: true, alter: func(s int, b []byte) (int, []byte) {
		b = bytes.Clone(b) // bodies may be the shared payload
		if len(b) > 0 {
			b[len(b)/2] ^= 0xff
		}
		return s, b
	}},
	{name: "truncated", alter: func(s int, b []byte) (int, []byte) {
		if len(b) > 0 {
			b = b[:len(b)-1]
		}
		return s, b
	}},
	{name: "status_203", alter: func(_ int, b []byte) (int, []byte) {
		return http.StatusNonAuthoritativeInfo, b
	}},
	{name: "trailing_garbage", alter: func(s int, b []byte) (int, []byte) {
		return s, append(bytes.Clone(b), " garbage"...)
	}},
	// padded: whitespace around the body, which resty's String trims and
	// every JSON decoder skips.
	{name: "padded", alter: func(s int, b []byte) (int, []byte) {
		return s, slices.Concat([]byte(" "), b, []byte("\n"))
	}},
	// conn_close: every HTTP/1.1 answer says Connection: close (and every
	// TLS HTTP/2 answer brings a GOAWAY), so a pooled row would silently
	// measure a new connection per request.
	{name: "conn_close", closeConn: true},
	{name: "stale", wrap: newStaleClient, skip: map[string]string{
		"H1Concurrent":  "its workers share one client, so a stale client would hand one worker's buffer to another (a data race, not a check); each worker runs the H1GetBytes op, which this fault covers",
		"H2Concurrent":  "as H1Concurrent; each worker runs the H2Get op",
		"TLSConcurrent": "as H1Concurrent; each worker runs the TLSGet op",
	}},
}

// faultyServers serves the fixture routes with f applied to every 200 and
// 206 answer, over HTTP/1.1 (fasthttp), h2c (net/http), and TLS and
// HTTP/3 (faultyTLSServers); closeConn applies to HTTP/1.1 answers and,
// as a GOAWAY, to HTTP/2 answers over TLS.
func faultyServers(t *testing.T, f fault) servers {
	h1 := servertest.Start(t, server.WithHandler(func(ctx *fasthttp.RequestCtx) {
		server.Handler(ctx)
		if f.closeConn {
			ctx.SetConnectionClose()
			return
		}
		if s := ctx.Response.StatusCode(); s == http.StatusOK || s == http.StatusPartialContent {
			s, b := f.alter(s, ctx.Response.Body())
			ctx.SetStatusCode(s)
			ctx.Response.SetBody(bytes.Clone(b))
		}
	}))
	routes := server.NewHTTPHandler()
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
	tlsTCP, tlsH3 := faultyTLSServers(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if f.closeConn {
			// Over HTTP/2 net/http's server takes Connection: close to mean
			// a GOAWAY and the connection closed once idle: the h2 analogue.
			w.Header().Set("Connection", "close")
			routes.ServeHTTP(w, r)
			return
		}
		h2.ServeHTTP(w, r)
	}), nil)
	return servers{
		tls: tlsTCP, h3: tlsH3,
		h1: target{base: h1.URL(), proto: 1, opened: h1.Opened, requests: h1.Requests},
		h2: func(tb testing.TB, w h2c.Window, opts ...h2c.Option) *h2c.Server {
			return servertest.StartH2C(tb, w, append(opts, h2c.WithHandler(h2))...)
		},
	}
}

// TestValidationCatchesBadAnswers proves the ops can fail: against a server
// that alters, truncates, pads or mislabels its answers, and with a client
// that hands back stale buffers, every op reports an error instead of
// counting a fast wrong op — with the warm-up's full check and with the
// timed loop's check alike. Every leaf, each window preset included, runs
// against the first fault; the others run each op under one window.
func TestValidationCatchesBadAnswers(t *testing.T) {
	t.Parallel()
	for _, f := range faults {
		for _, check := range []struct {
			name string
			full bool
		}{{"full", true}, {"loop", false}} {
			if raceDetector && !check.full {
				continue // see underRace: the checks are this goroutine's code
			}
			t.Run("fault="+f.name+"/check="+check.name, func(t *testing.T) {
				// Each fault has its servers and clients; an op's verdict
				// never depends on how long it took.
				t.Parallel()
				var s servers
				if f.alter != nil || f.closeConn {
					s = faultyServers(t, f)
				} else {
					s = defaultServers(t, Families...)
				}
				for _, fam := range Families {
					t.Run(fam.name, func(t *testing.T) {
						if why := f.skip[fam.name]; why != "" {
							t.Skip(why)
						}
						rows := fam.variants
						if !f.allWindows {
							rows = oneWindow(rows)
						}
						runVariants(t, underRace(rows), 0, func(t *testing.T, v variant, cf clients.Factory) {
							tg := s.target(t, v)
							checkCaught(t, f, check.full, v, clienttest.New(t, cf, v.cfg), tg)
						})
					})
				}
			})
		}
	}
}

// oneWindow is rows less those that differ from an earlier row only by
// their window= level. A window preset is the h2c transport's and
// server's flow-control setting, which the checks do not read (the op is
// built from the family, size, buffer and client alone); the allWindows
// fault runs every window's leaf, so an op that came to depend on its window is
// still caught there, and the other faults run each op under one window.
func oneWindow(rows []variant) []variant {
	var out []variant
	seen := map[string]bool{}
	for _, v := range rows {
		key := strings.Join(slices.DeleteFunc(slices.Clone(v.levels), func(l string) bool {
			return strings.HasPrefix(l, "window=")
		}), "/")
		if !seen[key] {
			seen[key] = true
			out = append(out, v)
		}
	}
	return out
}

// checkCaught runs v's op for c against tg under fault f, with the full
// or the in-loop check, and fails t unless the op reports an error: on the
// first op for a faulty server, within reuseOps ops for a server that
// closes its connections, on the second op for a stale client (whose first
// answer is true). It skips leaves the fault cannot apply to.
func checkCaught(t *testing.T, f fault, full bool, v variant, c clients.Client, tg target) {
	t.Helper()
	switch {
	case f.closeConn:
		switch {
		case v.cfg.H2C != nil:
			t.Skip("HTTP/2 has no Connection: close; H2Concurrent counts its one connection itself")
		case v.tls == 3:
			t.Skip("HTTP/3 has no Connection: close (proto=h2 gets a GOAWAY instead)")
		case v.cfg.Fresh || v.manyConns:
			t.Skip("the row makes no claim that connections are reused")
		}
		o := v.op(c, tg)
		for range reuseOps {
			if err := o(full); err != nil {
				t.Logf("caught: %v", err)
				return
			}
		}
		t.Fatal("a pooled row passed with a new connection per request")
	case f.wrap != nil:
		sc := f.wrap(c)
		o := v.op(sc, tg)
		if err := o(full); err != nil {
			t.Fatalf("first op: %v", err)
		}
		err := o(full)
		switch {
		case sc.served.Load() == 0 && err == nil:
			t.Skip("the op keeps no body in memory: nothing to hand back stale")
		case err == nil:
			t.Fatal("op succeeded with a stale answer")
		}
		t.Logf("caught: %v", err)
	default:
		err := v.op(c, tg)(full)
		if err == nil {
			t.Fatal("op succeeded against a faulty server")
		}
		t.Logf("caught: %v", err)
	}
}

// staleClient wraps a client and, after its first answer, hands back stale
// results: the first body it returned, or the caller's buffer untouched,
// or a range it never wrote. It still makes every request.
type staleClient struct {
	clients.Client
	mu     sync.Mutex
	first  []byte
	ranges map[int64]bool // range starts answered
	served atomic.Int64   // stale answers given
}

func newStaleClient(c clients.Client) *staleClient { return &staleClient{Client: c} }

// stale returns b the first time and the first b ever after.
func (s *staleClient) stale(m clients.Meta, b []byte, err error) (clients.Meta, []byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.first == nil {
		s.first = b
		return m, b, err
	}
	s.served.Add(1)
	return m, s.first, err
}

// into returns b when dst is empty (the first op) and dst untouched, at
// b's length, after.
func (s *staleClient) into(dst []byte, m clients.Meta, b []byte, err error) (clients.Meta, []byte, error) {
	if len(dst) == 0 {
		return m, b, err
	}
	s.served.Add(1)
	return m, dst[:min(len(b), cap(dst))], err
}

func (s *staleClient) GetBytes(url string) (clients.Meta, []byte, error) {
	return s.stale(s.Client.GetBytes(url))
}

func (s *staleClient) GetBytesInto(url string, dst []byte) (clients.Meta, []byte, error) {
	m, b, err := s.Client.GetBytesInto(url, nil)
	return s.into(dst, m, b, err)
}

func (s *staleClient) Post(url, contentType string, body []byte) (clients.Meta, []byte, error) {
	return s.stale(s.Client.Post(url, contentType, body))
}

func (s *staleClient) PostInto(url, contentType string, body, dst []byte) (clients.Meta, []byte, error) {
	m, b, err := s.Client.PostInto(url, contentType, body, nil)
	return s.into(dst, m, b, err)
}

func (s *staleClient) Upload(url, contentType string, body io.Reader) (clients.Meta, []byte, error) {
	return s.stale(s.Client.(clients.Uploader).Upload(url, contentType, body))
}

func (s *staleClient) PostMultipart(url string, form server.Form) (clients.Meta, []byte, error) {
	return s.stale(s.Client.(clients.MultipartPoster).PostMultipart(url, form))
}

func (s *staleClient) GetStream(url string) (clients.Meta, io.ReadCloser, error) {
	return s.Client.(clients.Streamer).GetStream(url)
}

func (s *staleClient) Head(url string) (clients.Meta, int64, error) {
	return s.Client.(clients.Ranger).Head(url)
}

// GetRange answers each range truly the first time it is asked for, and
// after that reads it into a buffer of its own, leaving dst as it was.
func (s *staleClient) GetRange(url string, start int64, dst []byte) (clients.Meta, string, error) {
	r := s.Client.(clients.Ranger)
	s.mu.Lock()
	if s.ranges == nil {
		s.ranges = map[int64]bool{}
	}
	seen := s.ranges[start]
	s.ranges[start] = true
	s.mu.Unlock()
	if !seen {
		return r.GetRange(url, start, dst)
	}
	s.served.Add(1)
	return r.GetRange(url, start, make([]byte, len(dst)))
}

// faultyTLSServers serves h with benchCert over TLS 1.3 (h2 and http/1.1
// by ALPN) and over HTTP/3, for the life of tb, with connections and
// handshakes counted as the TLS fixture servers count them. tweak, if not
// nil, changes the servers' tls.Config first.
func faultyTLSServers(tb testing.TB, h http.Handler, tweak func(*tls.Config)) (tcp, h3 target) {
	tb.Helper()
	var opened, openedH3, full, resumed atomic.Int64
	tc := benchCert.ServerConfig()
	if tweak != nil {
		tweak(tc)
	}
	tc.VerifyConnection = func(cs tls.ConnectionState) error {
		if cs.DidResume {
			resumed.Add(1)
		} else {
			full.Add(1)
		}
		return nil
	}
	handshakes := func() (int, int) { return int(full.Load()), int(resumed.Load()) }
	s := httptest.NewUnstartedServer(h)
	s.TLS = tc.Clone()
	s.TLS.NextProtos = []string{"h2", "http/1.1"}
	s.EnableHTTP2 = true
	s.Config.ConnState = func(_ net.Conn, st http.ConnState) {
		if st == http.StateNew {
			opened.Add(1)
		}
	}
	s.StartTLS()
	tb.Cleanup(s.Close)
	h3URL := servertest.ServeH3(tb, &http3.Server{Handler: h, TLSConfig: http3.ConfigureTLSConfig(tc),
		ConnContext: func(ctx context.Context, _ *quic.Conn) context.Context {
			openedH3.Add(1)
			return ctx
		}})
	return target{base: s.URL, opened: func() int { return int(opened.Load()) }, handshakes: handshakes},
		target{base: h3URL, proto: 3, opened: func() int { return int(openedH3.Load()) }, handshakes: handshakes}
}
