package tlsserver

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/quic-go/quic-go"
	"github.com/quic-go/quic-go/http3"

	"github.com/httpclientbench/httpclientbench/server"
	"github.com/httpclientbench/httpclientbench/server/routetest"
)

func newCert(t *testing.T) *Cert {
	t.Helper()
	c, err := GenerateCert()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func startTLS(t *testing.T, cert *Cert) *Server { return start(t, cert, Start) }

func startH3(t *testing.T, cert *Cert) *H3Server { return start(t, cert, StartH3) }

// start starts a server with startFn on loopback, closed when t ends.
func start[S interface{ Close() error }](t *testing.T, cert *Cert, startFn func(*Cert, ...Option) (S, error)) S {
	t.Helper()
	s, err := startFn(cert, WithAddr("127.0.0.1:0"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return s
}

// tlsClient trusts only pool; h1Only offers only http/1.1 by ALPN.
func tlsClient(t *testing.T, pool *x509.CertPool, h1Only bool) *http.Client {
	var p http.Protocols
	p.SetHTTP1(true)
	p.SetHTTP2(!h1Only)
	cfg := &tls.Config{RootCAs: pool}
	if h1Only {
		cfg.NextProtos = []string{"http/1.1"} // net/http offers no ALPN at all otherwise
	}
	tr := &http.Transport{TLSClientConfig: cfg, Protocols: &p}
	t.Cleanup(tr.CloseIdleConnections)
	return &http.Client{Transport: tr, Timeout: 10 * time.Second}
}

func h3Client(t *testing.T, pool *x509.CertPool) *http.Client {
	tr := &http3.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}
	t.Cleanup(func() { tr.Close() })
	return &http.Client{Transport: tr, Timeout: 10 * time.Second}
}

// getJSON fetches /json, checks the body and returns the response.
func getJSON(t *testing.T, hc *http.Client, base string) *http.Response {
	t.Helper()
	resp, err := hc.Get(base + "/json")
	if err != nil {
		t.Fatalf("GET /json: %v", err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		t.Fatalf("GET /json: reading the body: %v", err)
	}
	if resp.StatusCode != http.StatusOK || string(body) != server.JSONBody {
		t.Fatalf("GET /json: %d %q, want 200 %q", resp.StatusCode, body, server.JSONBody)
	}
	return resp
}

func checkTLS(t *testing.T, resp *http.Response, wantProto string) {
	t.Helper()
	if resp.TLS == nil {
		t.Fatal("the response carries no TLS state")
	}
	if resp.TLS.Version != tls.VersionTLS13 {
		t.Errorf("TLS version %s, want TLS 1.3", tls.VersionName(resp.TLS.Version))
	}
	if resp.TLS.NegotiatedProtocol != wantProto {
		t.Errorf("ALPN %q, want %q", resp.TLS.NegotiatedProtocol, wantProto)
	}
}

func TestTLSNegotiatesH2(t *testing.T) {
	cert := newCert(t)
	s := startTLS(t, cert)
	if !strings.HasPrefix(s.URL(), "https://127.0.0.1:") {
		t.Fatalf("URL %q", s.URL())
	}
	resp := getJSON(t, tlsClient(t, cert.Pool(), false), s.URL())
	if resp.ProtoMajor != 2 {
		t.Errorf("proto %s, want HTTP/2", resp.Proto)
	}
	checkTLS(t, resp, "h2")
}

func TestTLSNegotiatesHTTP11(t *testing.T) {
	cert := newCert(t)
	s := startTLS(t, cert)
	resp := getJSON(t, tlsClient(t, cert.Pool(), true), s.URL())
	if resp.ProtoMajor != 1 || resp.ProtoMinor != 1 {
		t.Errorf("proto %s, want HTTP/1.1", resp.Proto)
	}
	checkTLS(t, resp, "http/1.1")
}

// TestTLSRoutes runs the route conformance test over TLS, in both protocols.
func TestTLSRoutes(t *testing.T) {
	cert := newCert(t)
	s := startTLS(t, cert)
	for name, h1Only := range map[string]bool{"h2": false, "h1": true} {
		t.Run(name, func(t *testing.T) { routetest.Run(t, s.URL(), tlsClient(t, cert.Pool(), h1Only)) })
	}
}

// TestTLSStats: GET /stats answers on the TLS server and counts TCP
// connections, one per client.
func TestTLSStats(t *testing.T) {
	cert := newCert(t)
	s := startTLS(t, cert)
	routetest.CheckConnsAccepted(t, s.URL(), func() *http.Client { return tlsClient(t, cert.Pool(), false) }, 0, 3)
}

// TestTLSUntrusted: a client trusting the system roots (or another
// certificate) fails verification; one offering at most TLS 1.2 fails the
// handshake.
func TestTLSUntrusted(t *testing.T) {
	cert := newCert(t)
	s := startTLS(t, cert)
	other := newCert(t)
	for name, pool := range map[string]*x509.CertPool{"system": nil, "other": other.Pool()} {
		_, err := tlsClient(t, pool, false).Get(s.URL() + "/json")
		var verr *tls.CertificateVerificationError
		if !errors.As(err, &verr) {
			t.Errorf("%s roots: GET = %v, want a certificate verification error", name, err)
		}
	}
	tr := &http.Transport{TLSClientConfig: &tls.Config{RootCAs: cert.Pool(), MaxVersion: tls.VersionTLS12}}
	defer tr.CloseIdleConnections()
	if _, err := (&http.Client{Transport: tr, Timeout: 10 * time.Second}).Get(s.URL() + "/json"); err == nil {
		t.Error("a TLS 1.2 client was served; want TLS 1.3 only")
	}
}

func TestH3(t *testing.T) {
	cert := newCert(t)
	s := startH3(t, cert)
	if !strings.HasPrefix(s.URL(), "https://127.0.0.1:") {
		t.Fatalf("URL %q", s.URL())
	}
	resp := getJSON(t, h3Client(t, cert.Pool()), s.URL())
	if resp.Proto != "HTTP/3.0" || resp.ProtoMajor != 3 {
		t.Errorf("proto %q, want HTTP/3.0", resp.Proto)
	}
	checkTLS(t, resp, http3.NextProtoH3)
}

// TestH3Stats: GET /stats answers over HTTP/3 and counts QUIC connections.
func TestH3Stats(t *testing.T) {
	cert := newCert(t)
	s := startH3(t, cert)
	routetest.CheckConnsAccepted(t, s.URL(), func() *http.Client { return h3Client(t, cert.Pool()) }, 0, 2)
}

func TestH3Untrusted(t *testing.T) {
	cert := newCert(t)
	s := startH3(t, cert)
	_, err := h3Client(t, newCert(t).Pool()).Get(s.URL() + "/json")
	var verr *tls.CertificateVerificationError
	if !errors.As(err, &verr) {
		t.Errorf("GET with another certificate's pool = %v, want a certificate verification error", err)
	}
}

func TestBadPause(t *testing.T) {
	cert := newCert(t)
	if s, err := Start(cert, WithAddr("127.0.0.1:0"), WithPause(time.Second, time.Second)); err == nil {
		s.Close()
		t.Error("Start accepted a pause as long as its period")
	}
	if s, err := StartH3(cert, WithAddr("127.0.0.1:0"), WithPause(time.Second, 0)); err == nil {
		s.Close()
		t.Error("StartH3 accepted a pause without a period")
	}
}

// TestHandshakes: Handshakes counts a full handshake per new connection,
// and a resumed one for a connection that offers the session ticket of an
// earlier one, over TCP (HTTP/1.1 and HTTP/2) and QUIC.
func TestHandshakes(t *testing.T) {
	cert := newCert(t)
	type counter interface {
		URL() string
		Handshakes() (int, int)
	}
	for _, tc := range []struct {
		name  string
		start func(*testing.T, *Cert) counter
	}{
		{"tls", func(t *testing.T, c *Cert) counter { return startTLS(t, c) }},
		{"h3", func(t *testing.T, c *Cert) counter { return startH3(t, c) }},
	} {
		for _, resume := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/resume=%v", tc.name, resume), func(t *testing.T) {
				s := tc.start(t, cert)
				cfg := &tls.Config{RootCAs: cert.Pool()}
				if resume {
					cfg.ClientSessionCache = tls.NewLRUClientSessionCache(0)
				}
				for i := 1; i <= 3; i++ {
					// A new client (and connection) per request, one session cache.
					var rt http.RoundTripper = &http.Transport{TLSClientConfig: cfg, ForceAttemptHTTP2: true}
					if tc.name == "h3" {
						// quic.DialAddr, not the transport's DialEarly: a
						// 0-RTT connection's first stream races with its
						// handshake inside quic-go (quic-go/quic-go#4303,
						// see clients/http3/race.go). What is counted here is
						// the resumption, which DialAddr offers too.
						rt = &http3.Transport{TLSClientConfig: cfg, Dial: quic.DialAddr}
					}
					resp, err := (&http.Client{Transport: rt}).Get(s.URL() + "/json")
					if err != nil {
						t.Fatal(err)
					}
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					rt.(interface{ CloseIdleConnections() }).CloseIdleConnections()
					if c, ok := rt.(io.Closer); ok {
						c.Close()
					}
					full, resumed := s.Handshakes()
					wantFull, wantResumed := i, 0
					if resume {
						wantFull, wantResumed = 1, i-1
					}
					if full != wantFull || resumed != wantResumed {
						t.Fatalf("after %d connections: %d full and %d resumed handshakes, want %d and %d", i, full, resumed, wantFull, wantResumed)
					}
				}
			})
		}
	}
}

// TestAbort: Abort closes an HTTP/3 server at once, without an error, when
// a client went away without closing its QUIC connection (its socket
// closed, as when its process exits); a graceful Shutdown waits for that
// connection (bounded here to show it).
func TestAbort(t *testing.T) {
	cert := newCert(t)
	for _, abort := range []bool{false, true} {
		s, err := StartH3(cert, WithAddr("127.0.0.1:0"))
		if err != nil {
			t.Fatal(err)
		}
		udp, err := net.ListenUDP("udp", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
		if err != nil {
			t.Fatal(err)
		}
		qt := &quic.Transport{Conn: udp}
		tr := &http3.Transport{
			TLSClientConfig: &tls.Config{RootCAs: cert.Pool()},
			Dial: func(ctx context.Context, addr string, tc *tls.Config, qc *quic.Config) (*quic.Conn, error) {
				a, err := net.ResolveUDPAddr("udp", addr)
				if err != nil {
					return nil, err
				}
				return qt.DialEarly(ctx, a, tc, qc)
			},
		}
		resp, err := (&http.Client{Transport: tr}).Get(s.URL() + "/json")
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		udp.Close() // the client is gone: nothing more reaches the server
		if abort {
			if err := s.Abort(); err != nil {
				t.Errorf("Abort: %v", err)
			}
		} else {
			ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
			if err := s.Shutdown(ctx); !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("Shutdown with a vanished client's connection open: %v, want the deadline", err)
			}
			cancel()
		}
		if err := s.Close(); (err == nil) != abort {
			t.Errorf("Close after the first stop: %v; want the first stop's result", err)
		}
		tr.Close()
		qt.Close()
	}
}
