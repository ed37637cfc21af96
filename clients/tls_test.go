package clients_test

import (
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/http"
	"slices"
	"testing"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/clients/clienttest"
	"github.com/httpclientbench/httpclientbench/server"
	"github.com/httpclientbench/httpclientbench/server/h2c"
	"github.com/httpclientbench/httpclientbench/server/servertest"
)

// tcpTLS returns the clients of the TLS rows over TCP (clients.TLS1, then
// those of clients.TLS2 not in it), each once.
func tcpTLS() []clients.Factory {
	fs := slices.Clone(clients.TLS1)
	for _, f := range clients.TLS2 {
		if !slices.ContainsFunc(fs, func(g clients.Factory) bool { return g.Name == f.Name }) {
			fs = append(fs, f)
		}
	}
	return fs
}

// TestTLSGet: every client that speaks TLS over TCP GETs /json from
// tlsserver.Start trusting its certificate, negotiating h2 (the
// net/http-based clients, by ALPN as their defaults do, and xnethttp2) or
// HTTP/1.1 (fasthttp, hertz), and HTTP/1.1 with TLS.HTTP1 (which xnethttp2
// refuses); with an empty pool of roots the same GET fails verification.
func TestTLSGet(t *testing.T) {
	cert := servertest.NewCert(t)
	base := servertest.StartTLS(t, cert).URL()
	for _, f := range tcpTLS() {
		want := adapter(t, f).TLSMajor
		if want == 0 {
			t.Fatalf("client %s: no expected protocol", f.Name)
		}
		t.Run("client="+f.Name, func(t *testing.T) {
			c := clienttest.New(t, f, clients.Config{TLS: &clients.TLS{RootCAs: cert.Pool()}})
			m, body, err := c.GetBytes(base + "/json")
			if err != nil || m.Status != 200 || string(body) != server.JSONBody {
				t.Fatalf("GET /json: %+v %q %v", m, body, err)
			}
			if m.ProtoMajor != want {
				t.Errorf("ProtoMajor %d, want %d", m.ProtoMajor, want)
			}
			h1Cfg := clients.Config{TLS: &clients.TLS{RootCAs: cert.Pool(), HTTP1: true}}
			if !slices.ContainsFunc(clients.TLS1, func(g clients.Factory) bool { return g.Name == f.Name }) {
				if c, err := f.New(h1Cfg); err == nil {
					c.Close()
					t.Errorf("%s has no HTTP/1.1 over TLS rows but accepted TLS.HTTP1", f.Name)
				}
			} else {
				h1 := clienttest.New(t, f, h1Cfg)
				m, body, err = h1.GetBytes(base + "/json")
				if err != nil || m.Status != 200 || m.ProtoMajor != 1 || string(body) != server.JSONBody {
					t.Fatalf("GET /json with TLS.HTTP1: %+v %q %v", m, body, err)
				}
			}
			untrusting := clienttest.New(t, f, clients.Config{TLS: &clients.TLS{RootCAs: x509.NewCertPool()}})
			m, _, err = untrusting.GetBytes(base + "/json")
			var unknown x509.UnknownAuthorityError
			if !errors.As(err, &unknown) {
				t.Errorf("GET /json without the certificate in the roots: %+v, %v; want x509.UnknownAuthorityError", m, err)
			}
		})
	}
}

// TestTLSRefusedCombinations: raw does not speak TLS, TLS with H2C is a
// contradiction, and xnethttp2 over TLS cannot cap its connections
// (MaxConns); each is an error from New.
func TestTLSRefusedCombinations(t *testing.T) {
	tlsCfg := &clients.TLS{RootCAs: x509.NewCertPool()}
	f := factory(t, clients.HTTP1, "raw")
	if c, err := f.New(clients.Config{TLS: tlsCfg}); err == nil {
		c.Close()
		t.Error("raw accepted Config.TLS")
	}
	for _, f := range clients.HTTP2 {
		if c, err := f.New(clients.Config{TLS: tlsCfg, H2C: &h2c.WindowDefault}); err == nil {
			c.Close()
			t.Errorf("%s accepted Config.TLS with Config.H2C", f.Name)
		}
	}
	f = factory(t, clients.TLS2, "xnethttp2")
	if c, err := f.New(clients.Config{TLS: tlsCfg, MaxConns: 4}); err == nil {
		c.Close()
		t.Error("xnethttp2 accepted Config.MaxConns with Config.TLS")
	}
}

// TestTLSResume: with Config.Fresh (a new connection per request) the
// second connection is a full handshake unless TLS.Resume, and a resumed
// one with it, as the server sees it (its answer is DidResume).
func TestTLSResume(t *testing.T) {
	cert := servertest.NewCert(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{
		TLSConfig: cert.ServerConfig(),
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprint(w, r.TLS.DidResume)
		}),
	}
	done := make(chan error, 1)
	go func() { done <- srv.ServeTLS(ln, "", "") }()
	t.Cleanup(func() {
		srv.Close()
		if err := <-done; err != http.ErrServerClosed {
			t.Error(err)
		}
	})
	url := "https://" + ln.Addr().String() + "/"
	for _, f := range tcpTLS() {
		for _, resume := range []bool{false, true} {
			t.Run(fmt.Sprintf("client=%s/resume=%v", f.Name, resume), func(t *testing.T) {
				c := clienttest.New(t, f, clients.Config{Fresh: true, TLS: &clients.TLS{RootCAs: cert.Pool(), Resume: resume}})
				for i, want := range []string{"false", fmt.Sprint(resume)} {
					m, body, err := c.GetBytes(url)
					if err != nil || m.Status != 200 {
						t.Fatalf("GET %d: %+v %v", i, m, err)
					}
					if string(body) != want {
						t.Errorf("GET %d: DidResume %s, want %s", i, body, want)
					}
				}
			})
		}
	}
}
