package clients_test

import (
	"bytes"
	"crypto/x509"
	"fmt"
	"testing"

	"golang.org/x/sync/errgroup"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/fixtures"
	"github.com/httpclientbench/httpclientbench/h2c"
	"github.com/httpclientbench/httpclientbench/internal/benchtest"
	"github.com/httpclientbench/httpclientbench/internal/tlscert"
	"github.com/httpclientbench/httpclientbench/tlsserver"
)

// TestHTTP3: the http3 client GETs and POSTs over HTTP/3 to
// tlsserver.StartH3 trusting its certificate (ProtoMajor 3), fails without
// it, and Close releases everything (TestMain's leak check).
func TestHTTP3(t *testing.T) {
	cert, err := tlscert.Generate()
	if err != nil {
		t.Fatal(err)
	}
	s, err := tlsserver.StartH3(cert, tlsserver.WithAddr("127.0.0.1:0"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Error(err)
		}
	})
	f := factory(t, clients.HTTP3, clients.HTTP3Client)
	c := benchtest.NewClient(t, f, clients.Config{TLS: &clients.TLS{RootCAs: cert.Pool()}})
	if c.Name() != clients.HTTP3Client {
		t.Errorf("name %q", c.Name())
	}
	m, body, err := c.GetBytes(s.URL() + "/json")
	if err != nil || m.Status != 200 || m.ProtoMajor != 3 || string(body) != fixtures.JSONBody {
		t.Fatalf("GET /json: %+v %q %v", m, body, err)
	}
	want := fixtures.Bytes(64 << 10)
	m, got, err := c.PostInto(s.URL()+"/echo", fixtures.ContentTypeBinary, want, nil)
	if err != nil || m.Status != 200 || m.ProtoMajor != 3 || !bytes.Equal(got, want) {
		t.Fatalf("POST /echo: %+v, %d bytes, %v", m, len(got), err)
	}
	untrusting := benchtest.NewClient(t, f, clients.Config{TLS: &clients.TLS{RootCAs: x509.NewCertPool()}})
	if m, _, err := untrusting.GetBytes(s.URL() + "/json"); err == nil {
		t.Errorf("GET /json without the certificate in the roots: %+v, no error", m)
	}
}

// TestHTTP3Refuses: http3 needs Config.TLS and has no use for the settings
// it cannot honour; each is an error from New, not ignored.
func TestHTTP3Refuses(t *testing.T) {
	f := factory(t, clients.HTTP3, clients.HTTP3Client)
	tlsCfg := &clients.TLS{RootCAs: x509.NewCertPool()}
	for name, cfg := range map[string]clients.Config{
		"no TLS":   {},
		"MaxConns": {TLS: tlsCfg, MaxConns: 4},
		"H2C":      {TLS: tlsCfg, H2C: &h2c.WindowDefault},
		"HTTP1":    {TLS: &clients.TLS{HTTP1: true}},
	} {
		if c, err := f.New(cfg); err == nil {
			c.Close()
			t.Errorf("%s accepted", name)
		}
	}
}

// TestHTTP3Fresh: with Config.Fresh the http3 client opens a new QUIC
// connection per request, each a full handshake unless TLS.Resume, and
// with it a resumed one from the second on, as tlsserver counts them; two
// requests at once each get their own connection.
func TestHTTP3Fresh(t *testing.T) {
	cert, err := tlscert.Generate()
	if err != nil {
		t.Fatal(err)
	}
	f := factory(t, clients.HTTP3, clients.HTTP3Client)
	for _, resume := range []bool{false, true} {
		t.Run(fmt.Sprintf("resume=%v", resume), func(t *testing.T) {
			s, err := tlsserver.StartH3(cert, tlsserver.WithAddr("127.0.0.1:0"))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() {
				if err := s.Close(); err != nil {
					t.Error(err)
				}
			})
			c := benchtest.NewClient(t, f, clients.Config{Fresh: true, TLS: &clients.TLS{RootCAs: cert.Pool(), Resume: resume}})
			for i := 1; i <= 3; i++ {
				m, body, err := c.GetBytes(s.URL() + "/json")
				if err != nil || m.Status != 200 || m.ProtoMajor != 3 || string(body) != fixtures.JSONBody {
					t.Fatalf("GET %d: %+v %q %v", i, m, body, err)
				}
				full, resumed := s.Handshakes()
				wantFull, wantResumed := i, 0
				if resume {
					wantFull, wantResumed = 1, i-1
				}
				if s.Opened() != i || full != wantFull || resumed != wantResumed {
					t.Fatalf("after GET %d: %d connections, %d full and %d resumed handshakes; want %d, %d, %d",
						i, s.Opened(), full, resumed, i, wantFull, wantResumed)
				}
			}
			var g errgroup.Group
			for range 2 {
				g.Go(func() error {
					_, body, err := c.GetBytes(s.URL() + "/json")
					if err == nil && string(body) != fixtures.JSONBody {
						err = fmt.Errorf("body %q", body)
					}
					return err
				})
			}
			if err := g.Wait(); err != nil {
				t.Fatal(err)
			}
			if s.Opened() != 5 {
				t.Errorf("%d connections after 5 requests, want 5", s.Opened())
			}
		})
	}
}
