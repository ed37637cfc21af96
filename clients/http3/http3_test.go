package http3_test

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"net/http"
	"reflect"
	"testing"
	"time"

	"github.com/quic-go/quic-go"
	"github.com/quic-go/quic-go/http3"
	"golang.org/x/sync/errgroup"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/clients/clienttest"
	adapter "github.com/httpclientbench/httpclientbench/clients/http3"
	"github.com/httpclientbench/httpclientbench/server"
	"github.com/httpclientbench/httpclientbench/server/h2c"
	"github.com/httpclientbench/httpclientbench/server/servertest"
)

// TestHTTP3: the http3 client GETs and POSTs over HTTP/3 to
// tlsserver.StartH3 trusting its certificate (ProtoMajor 3), fails without
// it, and Close releases everything (TestMain's leak check).
func TestHTTP3(t *testing.T) {
	cert := servertest.NewCert(t)
	s := servertest.StartH3(t, cert)
	f := clients.Named("http3")
	c := clienttest.New(t, f, clients.Config{TLS: &clients.TLS{RootCAs: cert.Pool()}})
	if c.Name() != "http3" {
		t.Errorf("name %q", c.Name())
	}
	m, body, err := c.GetBytes(s.URL() + "/json")
	if err != nil || m.Status != 200 || m.ProtoMajor != 3 || string(body) != server.JSONBody {
		t.Fatalf("GET /json: %+v %q %v", m, body, err)
	}
	want := server.Bytes(64 << 10)
	m, got, err := c.PostInto(s.URL()+"/echo", server.ContentTypeBinary, want, nil)
	if err != nil || m.Status != 200 || m.ProtoMajor != 3 || !bytes.Equal(got, want) {
		t.Fatalf("POST /echo: %+v, %d bytes, %v", m, len(got), err)
	}
	untrusting := clienttest.New(t, f, clients.Config{TLS: &clients.TLS{RootCAs: x509.NewCertPool()}})
	if m, _, err := untrusting.GetBytes(s.URL() + "/json"); err == nil {
		t.Errorf("GET /json without the certificate in the roots: %+v, no error", m)
	}
}

// TestHTTP3Refuses: http3 needs Config.TLS and has no use for the settings
// it cannot honour; each is an error from New, not ignored.
func TestHTTP3Refuses(t *testing.T) {
	f := clients.Named("http3")
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
// requests at once each get their own connection. The concurrent part runs
// without TLS.Resume only: two QUIC dials resuming from one cached ticket
// share its *tls.SessionState, and quic-go v0.65.0 writes its EarlyData
// field on each (internal/handshake/crypto_setup.go, QUICResumeSession), a
// data race the race detector reports. No TLSHandshake row dials two
// connections at once. (Sequential resumed dials race inside quic-go too,
// between a 0-RTT connection's first stream and its handshake,
// quic-go/quic-go#4303: race builds of the client wait for the handshake,
// see clients/http3/race.go and TestQUICStreamsAfterHandshake.)
func TestHTTP3Fresh(t *testing.T) {
	cert := servertest.NewCert(t)
	f := clients.Named("http3")
	for _, resume := range []bool{false, true} {
		t.Run(fmt.Sprintf("resume=%v", resume), func(t *testing.T) {
			s := servertest.StartH3(t, cert)
			c := clienttest.New(t, f, clients.Config{Fresh: true, TLS: &clients.TLS{RootCAs: cert.Pool(), Resume: resume}})
			for i := 1; i <= 3; i++ {
				m, body, err := c.GetBytes(s.URL() + "/json")
				if err != nil || m.Status != 200 || m.ProtoMajor != 3 || string(body) != server.JSONBody {
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
			if resume {
				return
			}
			var g errgroup.Group
			for range 2 {
				g.Go(func() error {
					_, body, err := c.GetBytes(s.URL() + "/json")
					if err == nil && string(body) != server.JSONBody {
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

// TestHTTP3FreshDialsAsTheTransport: the QUIC settings of the http3
// client's fresh connections are those http3.Transport sets itself when
// its QUICConfig is nil (after its first request).
func TestHTTP3FreshDialsAsTheTransport(t *testing.T) {
	cert := servertest.NewCert(t)
	s := servertest.StartH3(t, cert)
	tr := &http3.Transport{TLSClientConfig: &tls.Config{RootCAs: cert.Pool()}}
	defer tr.Close()
	resp, err := (&http.Client{Transport: tr}).Get(s.URL() + "/json")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if !reflect.DeepEqual(tr.QUICConfig, adapter.H3QUICConfig) {
		t.Errorf("http3.Transport dials with %+v, the fresh http3 client with %+v", tr.QUICConfig, adapter.H3QUICConfig)
	}
}

// TestHTTP3FreshClosesEachConnection: with Config.Fresh the http3 client
// closes each QUIC connection when the response body is closed, not later
// (the server sees every connection end well before QUIC's 30 s idle
// timeout would end it: within 10 s, a bound that only a close on idle
// can miss, however slow the machine).
func TestHTTP3FreshClosesEachConnection(t *testing.T) {
	cert := servertest.NewCert(t)
	conns := make(chan *quic.Conn, 10)
	base := servertest.ServeH3(t, &http3.Server{
		Handler:   server.NewHTTPHandler(),
		TLSConfig: http3.ConfigureTLSConfig(cert.ServerConfig()),
		ConnContext: func(ctx context.Context, c *quic.Conn) context.Context {
			conns <- c
			return ctx
		},
	})
	f := clients.Named("http3")
	c := clienttest.New(t, f, clients.Config{Fresh: true, TLS: &clients.TLS{RootCAs: cert.Pool()}})
	for i := 1; i <= 3; i++ {
		if m, body, err := c.GetBytes(base + "/json"); err != nil || m.Status != 200 || string(body) != server.JSONBody {
			t.Fatalf("GET %d: %+v %q %v", i, m, body, err)
		}
		var conn *quic.Conn
		select {
		case conn = <-conns:
		default:
			t.Fatalf("GET %d: answered on no new connection", i)
		}
		select {
		case <-conn.Context().Done():
		case <-time.After(10 * time.Second):
			t.Fatalf("GET %d: its connection still open 10 s after the body was read", i)
		}
	}
}
