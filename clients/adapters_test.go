package clients_test

import (
	"errors"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/server/h2c"
	"github.com/httpclientbench/httpclientbench/server/servertest"
)

// TestTransportHasTheSettings: Transport applies the fairness settings
// and the row's Config, as nethttp's transport has them.
func TestTransportHasTheSettings(t *testing.T) {
	tr, err := clients.Transport(clients.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if tr.Proxy != nil || tr.MaxIdleConnsPerHost != clients.DefaultMaxConnsPerHost || tr.DisableKeepAlives {
		t.Errorf("default: proxy set %v, %d idle per host, keep-alive off %v; want no proxy, %d, on",
			tr.Proxy != nil, tr.MaxIdleConnsPerHost, tr.DisableKeepAlives, clients.DefaultMaxConnsPerHost)
	}
	cert := servertest.NewCert(t)
	tr, err = clients.Transport(clients.Config{Fresh: true, TLS: &clients.TLS{RootCAs: cert.Pool(), HTTP1: true}})
	if err != nil {
		t.Fatal(err)
	}
	if !tr.DisableKeepAlives || tr.TLSClientConfig == nil || tr.TLSClientConfig.RootCAs == nil || tr.Protocols == nil || tr.Protocols.HTTP2() {
		t.Errorf("Fresh and TLS with HTTP1: keep-alive off %v, tls.Config %v, HTTP/2 offered %v", tr.DisableKeepAlives, tr.TLSClientConfig != nil, tr.Protocols == nil || tr.Protocols.HTTP2())
	}
	tr, err = clients.Transport(clients.Config{H2C: &h2c.WindowDefault})
	if err != nil {
		t.Fatal(err)
	}
	if tr.Protocols == nil || !tr.Protocols.UnencryptedHTTP2() || tr.Protocols.HTTP1() {
		t.Errorf("H2C: protocols %v, want unencrypted HTTP/2 only", tr.Protocols)
	}
	if _, err := clients.Transport(clients.Config{LibraryPool: true, MaxConnsPerHost: 3}); err == nil {
		t.Error("a contradictory Config: no error")
	}
}

// closeCounter is a middleware that does not pass CloseIdleConnections on.
type closeCounter struct {
	rt   http.RoundTripper
	used *atomic.Int64
}

func (c closeCounter) RoundTrip(r *http.Request) (*http.Response, error) {
	c.used.Add(1)
	return c.rt.RoundTrip(r)
}

// TestAdapters: each adapter's client gets its answers through what it
// was given, and refuses a constructor that gives nothing; Middleware's
// Close closes the connections under a chain that keeps
// CloseIdleConnections to itself.
func TestAdapters(t *testing.T) {
	srv := servertest.Start(t)
	var used, tuned atomic.Int64
	for _, f := range []clients.Factory{
		clients.HTTPClient("hc", func(cfg clients.Config) (*http.Client, error) {
			tr, err := clients.Transport(cfg)
			return &http.Client{Transport: closeCounter{tr, &used}, Timeout: cfg.Timeout}, err
		}),
		clients.RoundTripper("rt", func(cfg clients.Config) (http.RoundTripper, error) {
			tr, err := clients.Transport(cfg)
			return closeCounter{tr, &used}, err
		}),
		clients.TunedNetHTTP("tuned", func(*http.Transport) { tuned.Add(1) }),
		clients.Middleware("mw", func(rt http.RoundTripper) http.RoundTripper { return closeCounter{rt, &used} }),
	} {
		t.Run(f.Name, func(t *testing.T) {
			before, tunedBefore := used.Load(), tuned.Load()
			c, err := f.New(clients.Config{})
			if err != nil {
				t.Fatal(err)
			}
			m, b, err := c.GetBytes(srv.URL() + "/json")
			if err != nil || m.Status != 200 || len(b) == 0 {
				t.Fatalf("GET: %+v %q %v", m, b, err)
			}
			if used.Load() == before && tuned.Load() == tunedBefore {
				t.Error("the request did not go through what the constructor gave")
			}
			if f.Name == "mw" {
				open := srv.Opened()
				c.Close()
				// The server sees the close at its next read; a second
				// client's GET opens a connection of its own either way,
				// so compare what is kept: a request after Close dials.
				if _, _, err := c.GetBytes(srv.URL() + "/json"); err != nil {
					t.Fatal(err)
				}
				if srv.Opened() == open {
					t.Error("after Close the next request reused a connection: Close left it open")
				}
			}
			c.Close()
		})
	}
	errNone := errors.New("none")
	for _, f := range []clients.Factory{
		clients.HTTPClient("nil", func(clients.Config) (*http.Client, error) { return nil, nil }),
		clients.HTTPClient("err", func(clients.Config) (*http.Client, error) { return nil, errNone }),
		clients.RoundTripper("nil", func(clients.Config) (http.RoundTripper, error) { return nil, nil }),
		clients.Middleware("nil", func(http.RoundTripper) http.RoundTripper { return nil }),
		clients.TunedNetHTTP("nil", nil),
	} {
		if _, err := f.New(clients.Config{}); err == nil || !strings.Contains(err.Error(), f.Name) && !errors.Is(err, errNone) {
			t.Errorf("%s: %v, want an error", f.Name, err)
		}
	}
}
