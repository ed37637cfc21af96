package h2c_test

import (
	"context"
	"crypto/tls"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/http2"

	"github.com/httpclientbench/httpclientbench/server"
	"github.com/httpclientbench/httpclientbench/server/h2c"
	"github.com/httpclientbench/httpclientbench/server/h2c/h2wire"
	"github.com/httpclientbench/httpclientbench/server/routetest"
	"github.com/httpclientbench/httpclientbench/server/servertest"
)

// transports are the client set-ups whose windows the wire test checks.
var transports = []struct {
	name    string
	windows []h2c.Window
	new     func(t *testing.T, w h2c.Window) http.RoundTripper
}{
	{"nethttp", h2c.Windows, func(t *testing.T, w h2c.Window) http.RoundTripper {
		tr := &http.Transport{}
		h2c.ConfigureTransport(tr, w)
		return tr
	}},
	{"xnethttp2", h2c.Windows, func(t *testing.T, w h2c.Window) http.RoundTripper {
		tr := &http.Transport{}
		if err := h2c.ConfigureXNetTransport(tr, w); err != nil {
			t.Fatal(err)
		}
		return tr
	}},
	// The classic standalone x/net h2c client: AllowHTTP and a plain dialer.
	// It cannot take windows, so it only runs with the default preset, and
	// must advertise what the xnethttp2 set-up advertises there.
	{"xnethttp2_standalone", []h2c.Window{h2c.WindowDefault}, func(*testing.T, h2c.Window) http.RoundTripper {
		return &http2.Transport{AllowHTTP: true, DialTLSContext: func(ctx context.Context, network, addr string, _ *tls.Config) (net.Conn, error) {
			var d net.Dialer
			return d.DialContext(ctx, network, addr)
		}}
	}},
}

// TestWindowsOnTheWire records the frames of a real exchange between each
// client set-up and the h2c server, both configured with the same preset,
// and checks each end's SETTINGS_INITIAL_WINDOW_SIZE and connection
// WINDOW_UPDATE against the preset's name.
func TestWindowsOnTheWire(t *testing.T) {
	t.Parallel()
	for _, tr := range transports {
		for _, w := range tr.windows {
			t.Run("window="+w.Name+"/client="+tr.name, func(t *testing.T) {
				rt := tr.new(t, w)
				srv := servertest.StartH2C(t, w)
				proxy := h2wire.Start(t, srv.Addr().String())
				hc := &http.Client{Transport: rt, Timeout: 10 * time.Second}
				get(t, hc, "http://"+proxy.Addr()+"/bytes/200000")
				hc.CloseIdleConnections()
				conn := proxy.CheckOneClient(t, w)
				if got, want := conn.Server, h2wire.WantServer(w); got != want {
					t.Errorf("server sent %+v, want %+v", got, want)
				}
			})
		}
	}
}

// get fetches url, requiring HTTP/2 and a 200 with the payload.
func get(t *testing.T, hc *http.Client, url string) {
	t.Helper()
	resp, err := hc.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 200 || resp.ProtoMajor != 2 {
		t.Fatalf("status %d over HTTP/%d, want 200 over HTTP/2", resp.StatusCode, resp.ProtoMajor)
	}
	if err := server.CheckBody(body, server.Bytes(200000), true); err != nil {
		t.Fatal(err)
	}
}

// TestRoutes runs the route conformance test over h2c.
func TestRoutes(t *testing.T) {
	t.Parallel()
	srv := servertest.StartH2C(t, h2c.WindowDefault)
	tr := &http.Transport{}
	h2c.ConfigureTransport(tr, h2c.WindowDefault)
	hc := &http.Client{Transport: tr, Timeout: 10 * time.Second}
	t.Cleanup(hc.CloseIdleConnections)
	routetest.Run(t, srv.URL(), hc)
}

// TestNoFallback: the h2c server serves only HTTP/2 (an HTTP/1.1 request
// gets a 505 that says so, and is no request of its routes), and an h2c
// client speaks only HTTP/2, so neither can silently fall back to HTTP/1.1.
func TestNoFallback(t *testing.T) {
	t.Parallel()
	srv := servertest.StartH2C(t, h2c.WindowDefault)
	h1 := &http.Client{Transport: &http.Transport{}, Timeout: 5 * time.Second}
	if resp, err := h1.Get(srv.URL() + "/json"); err != nil {
		t.Errorf("an HTTP/1.1 request to the h2c server: %v, want a 505 that says why", err)
	} else {
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusHTTPVersionNotSupported || !strings.Contains(string(body), "only HTTP/2 with prior knowledge") || !resp.Close {
			t.Errorf("an HTTP/1.1 request to the h2c server got %s, %q, close %v", resp.Status, body, resp.Close)
		}
	}
	if n := srv.Requests(); n != 0 {
		t.Errorf("the refused HTTP/1.1 request counts as %d requests of the routes", n)
	}
	h1.CloseIdleConnections()

	h1srv := servertest.Start(t)
	tr := &http.Transport{}
	h2c.ConfigureTransport(tr, h2c.WindowDefault)
	defer tr.CloseIdleConnections()
	if resp, err := (&http.Client{Transport: tr, Timeout: 5 * time.Second}).Get(h1srv.URL() + "/json"); err == nil {
		resp.Body.Close()
		t.Errorf("an h2c request to an HTTP/1.1 server got %s over HTTP/%d", resp.Status, resp.ProtoMajor)
	}
}

// TestCloseRightAfterStart: closing before Serve has begun, and closing
// twice, both return promptly.
func TestCloseRightAfterStart(t *testing.T) {
	t.Parallel()
	servertest.CloseRightAfterStart(t, func() (io.Closer, error) { return h2c.Start(h2c.WindowDefault) })
}

func newH2CClient() *http.Client {
	tr := &http.Transport{}
	h2c.ConfigureTransport(tr, h2c.WindowDefault)
	return &http.Client{Transport: tr, Timeout: 10 * time.Second}
}

// TestStatsCounts: GET /stats counts the h2c server's own accepted
// connections, with a WithConnState hook or without; an HTTP/1.1 fixture
// server in the same process counts its own.
func TestStatsCounts(t *testing.T) {
	t.Parallel()
	var conns servertest.Conns
	a := servertest.StartH2C(t, h2c.WindowDefault, servertest.WithConns(&conns))
	b := servertest.StartH2C(t, h2c.WindowDefault)
	h1 := servertest.Start(t)
	routetest.CheckConnsAccepted(t, a.URL(), newH2CClient, 0, 3)
	routetest.CheckConnsAccepted(t, b.URL(), newH2CClient, 0, 1)
	routetest.CheckConnsAccepted(t, h1.URL(), func() *http.Client {
		return &http.Client{Transport: &http.Transport{}, Timeout: 10 * time.Second}
	}, 0, 2)
	routetest.CheckConnsAccepted(t, a.URL(), newH2CClient, 3, 1)
	if n := conns.Opened(); n != 4 {
		t.Errorf("the WithConnState hook saw %d connections, want 4", n)
	}
}

// TestPause: over h2c too, a request sent during a pause is answered when it
// ends, and GET /stats is not held.
func TestPause(t *testing.T) {
	t.Parallel() // it waits 3.5 s for a pause to come and end: beside the others
	routetest.CheckPause(t, func(d, period time.Duration) string {
		return servertest.StartH2C(t, h2c.WindowDefault, h2c.WithPause(d, period)).URL()
	}, newH2CClient)
}

// TestBadPause: Start refuses a pause Pause.Check refuses, before listening.
func TestBadPause(t *testing.T) {
	if srv, err := h2c.Start(h2c.WindowDefault, h2c.WithPause(time.Second, time.Second)); !errors.Is(err, server.ErrPauseRange) {
		if err == nil {
			srv.Close()
		}
		t.Errorf("Start with a 1 s pause every 1 s: %v, want %v", err, server.ErrPauseRange)
	}
}
