package clients_test

import (
	"bytes"
	"crypto/x509"
	"testing"

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
		"Fresh":    {TLS: tlsCfg, Fresh: true},
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
