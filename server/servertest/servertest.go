// Package servertest is the one home of the helpers every test package of
// the suite uses: in-process fixture servers that close when the test ends
// (reporting a failed close as a test error), the TLS and HTTP/3 fixture
// servers and a test's own HTTP/3 server on loopback, the connection
// counter of the h2c servers, and the checks every fixture server must
// pass. It imports no client adapter (clients/clienttest builds clients),
// so the servers' tests build only the libraries the servers use
// (fasthttp, quic-go).
package servertest

import (
	"io"
	"net"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/quic-go/quic-go/http3"

	"github.com/httpclientbench/httpclientbench/server"
	"github.com/httpclientbench/httpclientbench/server/h2c"
	"github.com/httpclientbench/httpclientbench/server/tlsserver"
)

// Start starts an in-process HTTP/1.1 fixture server for the life of tb.
func Start(tb testing.TB, opts ...server.Option) *server.Server {
	tb.Helper()
	return started(tb, "fixture server", func() (*server.Server, error) { return server.Start(opts...) })
}

// StartH2C starts an in-process h2c fixture server with receive windows w
// for the life of tb.
func StartH2C(tb testing.TB, w h2c.Window, opts ...h2c.Option) *h2c.Server {
	tb.Helper()
	return started(tb, "h2c server", func() (*h2c.Server, error) { return h2c.Start(w, opts...) })
}

// StartTLS starts the TLS fixture server (HTTP/1.1 and HTTP/2 by ALPN)
// presenting cert on loopback, or where opts say, for the life of tb.
func StartTLS(tb testing.TB, cert *tlsserver.Cert, opts ...tlsserver.Option) *tlsserver.Server {
	tb.Helper()
	return started(tb, "TLS server", func() (*tlsserver.Server, error) {
		return tlsserver.Start(cert, append([]tlsserver.Option{tlsserver.WithAddr("127.0.0.1:0")}, opts...)...)
	})
}

// StartH3 starts the HTTP/3 fixture server presenting cert on loopback, or
// where opts say, for the life of tb.
func StartH3(tb testing.TB, cert *tlsserver.Cert, opts ...tlsserver.Option) *tlsserver.H3Server {
	tb.Helper()
	return started(tb, "HTTP/3 server", func() (*tlsserver.H3Server, error) {
		return tlsserver.StartH3(cert, append([]tlsserver.Option{tlsserver.WithAddr("127.0.0.1:0")}, opts...)...)
	})
}

// started is the server start gives, closed when tb ends (a failed close
// is a test error); a failed start fails tb.
func started[S io.Closer](tb testing.TB, what string, start func() (S, error)) S {
	tb.Helper()
	srv, err := start()
	if err != nil {
		tb.Fatal(err)
	}
	closeAtEnd(tb, what, srv)
	return srv
}

// NewCert generates a certificate for the TLS fixture servers.
func NewCert(tb testing.TB) *tlsserver.Cert {
	tb.Helper()
	cert, err := tlsserver.GenerateCert()
	if err != nil {
		tb.Fatal(err)
	}
	return cert
}

// closeAtEnd closes c when tb ends; a failed close fails the test.
func closeAtEnd(tb testing.TB, what string, c io.Closer) {
	tb.Cleanup(func() {
		if err := c.Close(); err != nil {
			tb.Errorf("closing the %s: %v", what, err)
		}
	})
}

// Conns counts the connections a net/http server accepts, through its
// ConnState hook: pass WithConns(c) to StartH2C.
type Conns struct {
	opened, open atomic.Int64
}

// Track is an http.Server ConnState hook.
func (c *Conns) Track(_ net.Conn, s http.ConnState) {
	switch s {
	case http.StateNew:
		c.opened.Add(1)
		c.open.Add(1)
	case http.StateClosed, http.StateHijacked:
		c.open.Add(-1)
	}
}

// Opened is the number of connections accepted so far.
func (c *Conns) Opened() int { return int(c.opened.Load()) }

// Open is the number of connections the server holds now.
func (c *Conns) Open() int { return int(c.open.Load()) }

// WithConns is the h2c server option that counts its connections in c.
func WithConns(c *Conns) h2c.Option { return h2c.WithConnState(c.Track) }

// CloseRightAfterStart starts a server 20 times and closes it twice at once,
// before its Serve goroutine may have begun: both Close calls must return
// promptly and without error.
func CloseRightAfterStart(t *testing.T, start func() (io.Closer, error)) {
	t.Helper()
	for range 20 {
		srv, err := start()
		if err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 2)
		go func() { done <- srv.Close(); done <- srv.Close() }()
		for range 2 {
			select {
			case err := <-done:
				if err != nil {
					t.Fatalf("Close: %v", err)
				}
			case <-time.After(15 * time.Second):
				t.Fatal("Close right after Start did not return")
			}
		}
	}
}

// ServeH3 serves srv (an http3.Server with its TLSConfig and Handler set) on
// a new loopback UDP socket for the life of tb and returns its base URL,
// "https://127.0.0.1:port".
func ServeH3(tb testing.TB, srv *http3.Server) string {
	tb.Helper()
	pc, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(pc) }()
	tb.Cleanup(func() {
		srv.Close()
		<-done
		pc.Close()
	})
	return "https://" + pc.LocalAddr().String()
}
