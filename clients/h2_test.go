package clients_test

import (
	"runtime"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/clients/clienttest"
	"github.com/httpclientbench/httpclientbench/server"
	"github.com/httpclientbench/httpclientbench/server/h2c"
	"github.com/httpclientbench/httpclientbench/server/h2c/h2wire"
	"github.com/httpclientbench/httpclientbench/server/servertest"
)

// TestH2CWindowsPerClient: every HTTP/2 client of the registry, resty and
// retryablehttp on their own transports included, speaks HTTP/2 and
// advertises each preset's windows on the wire.
func TestH2CWindowsPerClient(t *testing.T) {
	for _, w := range h2c.Windows {
		for _, f := range clients.HTTP2 {
			t.Run("window="+w.Name+"/client="+f.Name, func(t *testing.T) {
				srv := servertest.StartH2C(t, w)
				proxy := h2wire.Start(t, srv.Addr().String())
				c := clienttest.New(t, f, clients.Config{H2C: &w})
				m, body, err := c.GetBytes("http://" + proxy.Addr() + "/json")
				if err != nil || m.Status != 200 || m.ProtoMajor != 2 || string(body) != server.JSONBody {
					t.Fatalf("GET /json: %+v %q %v", m, body, err)
				}
				c.Close()
				proxy.CheckOneClient(t, w)
			})
		}
	}
}

// TestHTTP1OnlyClientsRefuseH2C: asking fasthttp or raw for HTTP/2 is an
// error, not a silent HTTP/1.1 client.
func TestHTTP1OnlyClientsRefuseH2C(t *testing.T) {
	for _, name := range []string{"fasthttp", "raw"} {
		f := factory(t, clients.HTTP1, name)
		if c, err := f.New(clients.Config{H2C: &h2c.WindowDefault}); err == nil {
			c.Close()
			t.Errorf("%s accepted Config.H2C", name)
		}
	}
	f := factory(t, clients.HTTP2, "xnethttp2")
	if c, err := f.New(clients.Config{}); err == nil {
		c.Close()
		t.Error("xnethttp2 accepted a config without H2C")
	}
}

// TestXNetRunsXNet: the xnethttp2 client's connections, over h2c and over
// TLS, are served by golang.org/x/net/http2's read loop, nethttp's by
// net/http's own.
func TestXNetRunsXNet(t *testing.T) {
	h2cURL := servertest.StartH2C(t, h2c.WindowTuned).URL()
	cert := servertest.NewCert(t)
	tlsURL := servertest.StartTLS(t, cert).URL()
	h2cCfg := clients.Config{H2C: &h2c.WindowTuned}
	tlsCfg := clients.Config{TLS: &clients.TLS{RootCAs: cert.Pool()}}
	for _, tc := range []struct {
		proto, base           string
		cfg                   clients.Config
		client, want, notWant string
	}{
		{"h2c", h2cURL, h2cCfg, "nethttp", "net/http.(*http2clientConnReadLoop).run", "golang.org/x/net/http2."},
		{"tls", tlsURL, tlsCfg, "nethttp", "net/http.(*http2clientConnReadLoop).run", "golang.org/x/net/http2."},
		{"h2c", h2cURL, h2cCfg, "xnethttp2", "golang.org/x/net/http2.(*clientConnReadLoop).run", ""},
		{"tls", tlsURL, tlsCfg, "xnethttp2", "golang.org/x/net/http2.(*clientConnReadLoop).run", ""},
	} {
		t.Run("proto="+tc.proto+"/client="+tc.client, func(t *testing.T) {
			f := factory(t, clients.HTTP2, tc.client)
			c := clienttest.New(t, f, tc.cfg)
			// Only the goroutines the GET started: an earlier test's
			// x/net goroutine may still be ending after its client's
			// Close.
			before := goroutines()
			if m, _, err := c.GetBytes(tc.base + "/json"); err != nil || m.ProtoMajor != 2 {
				t.Fatalf("GET: %+v %v", m, err)
			}
			var started []string
			for id, stack := range goroutines() {
				if _, ok := before[id]; !ok {
					started = append(started, stack)
				}
			}
			all := strings.Join(started, "\n\n")
			if !strings.Contains(all, tc.want) {
				t.Errorf("the GET started no goroutine in %s", tc.want)
			}
			if tc.notWant != "" && strings.Contains(all, tc.notWant) {
				t.Errorf("the GET started a goroutine in %s", tc.notWant)
			}
		})
	}
}

// goroutines returns the stack of every goroutine, by its id (ids are
// never reused).
func goroutines() map[string]string {
	buf := make([]byte, 4<<20)
	out := map[string]string{}
	for _, g := range strings.Split(string(buf[:runtime.Stack(buf, true)]), "\n\n") {
		// "goroutine 42 [running]:\n..."
		if f := strings.Fields(g); len(f) > 1 && f[0] == "goroutine" {
			out[f[1]] = g
		}
	}
	return out
}

// TestFreshOpensAConnectionPerRequest: with Config.Fresh every request of
// every Pool client, and of every client over TLS, opens its own
// connection; without it, they share one. Each client has a server of its
// own, so that a connection the previous one opened, accepted late on a
// busy machine, is never counted as this one's.
func TestFreshOpensAConnectionPerRequest(t *testing.T) {
	const n = 5
	cert := servertest.NewCert(t)
	for _, proto := range []struct {
		name string
		fs   []clients.Factory
		cfg  clients.Config
		// start starts the server for one client: its base URL and the
		// connections it has accepted so far.
		start func(t *testing.T) (string, func() int)
	}{
		{"h1", clients.Libraries, clients.Config{}, func(t *testing.T) (string, func() int) {
			s := servertest.Start(t)
			return s.URL(), s.Opened
		}},
		{"h2", clients.HTTP2, clients.Config{H2C: &h2c.WindowDefault}, func(t *testing.T) (string, func() int) {
			var conns servertest.Conns
			s := servertest.StartH2C(t, h2c.WindowDefault, servertest.WithConns(&conns))
			return s.URL(), conns.Opened
		}},
		{"tls", tcpTLS(), clients.Config{TLS: &clients.TLS{RootCAs: cert.Pool()}}, func(t *testing.T) (string, func() int) {
			s := servertest.StartTLS(t, cert)
			return s.URL(), s.Opened
		}},
	} {
		for _, fresh := range []bool{false, true} {
			for _, f := range proto.fs {
				t.Run("proto="+proto.name+"/fresh="+map[bool]string{false: "no", true: "yes"}[fresh]+"/client="+f.Name, func(t *testing.T) {
					t.Parallel() // a server and a client of its own
					base, opened := proto.start(t)
					cfg := proto.cfg
					cfg.Fresh = fresh
					c := clienttest.New(t, f, cfg)
					for range n {
						if m, _, err := c.GetBytes(base + "/json"); err != nil || m.Status != 200 {
							t.Fatalf("GET: %+v %v", m, err)
						}
					}
					got := opened()
					switch {
					case fresh && got != n:
						t.Errorf("%d fresh requests opened %d connections, want %d", n, got, n)
					case !fresh && proto.cfg.H2C == nil && got != 1:
						t.Errorf("%d pooled requests opened %d connections, want 1", n, got)
					case !fresh && got > 2:
						// net/http hands a new h2c connection to its first
						// request a moment before the pool has it: the next
						// request can dial a second one, never more.
						t.Errorf("%d pooled h2c requests opened %d connections, want 1 or 2", n, got)
					}
				})
			}
		}
	}
}
