package main

import (
	"bytes"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"encoding/pem"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/quic-go/quic-go/http3"

	"github.com/httpclientbench/httpclientbench/server"
)

// readCert reads the certificate benchserver wrote with -cert-out, checks
// the banner names its SHA-256 fingerprint, and returns a pool trusting it.
func readCert(t *testing.T, file, banner string) *x509.CertPool {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("-cert-out: %v", err)
	}
	block, rest := pem.Decode(b)
	if block == nil || block.Type != "CERTIFICATE" || len(bytes.TrimSpace(rest)) != 0 {
		t.Fatalf("-cert-out wrote %q, want one PEM certificate and nothing else (no key)", b)
	}
	sum := sha256.Sum256(block.Bytes)
	var fp []string
	for _, c := range sum {
		fp = append(fp, fmt.Sprintf("%02X", c))
	}
	if want := "certificate SHA-256 " + strings.Join(fp, ":"); !strings.Contains(banner, want) {
		t.Errorf("banner %q does not contain %q", banner, want)
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(b) {
		t.Fatal("the -cert-out file holds no certificate")
	}
	return pool
}

func checkJSON(t *testing.T, hc *http.Client, url string) *http.Response {
	t.Helper()
	resp, err := hc.Get(url + "/json")
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || resp.StatusCode != 200 || string(body) != server.JSONBody {
		t.Fatalf("GET /json: %s, body %q, %v", resp.Status, body, err)
	}
	return resp
}

// TestProcessTLS: benchserver -tls serves /json over HTTP/2 and TLS 1.3 to
// a client trusting only the certificate it wrote, and curl --http2
// --cacert fetches it too.
func TestProcessTLS(t *testing.T) {
	t.Parallel()
	certFile := filepath.Join(t.TempDir(), "cert.pem")
	s := start(t, "-addr", "127.0.0.1:0", "-tls", "-cert-out", certFile)
	if !strings.HasPrefix(s.url, "https://127.0.0.1:") {
		t.Fatalf("URL %q, want https://127.0.0.1:PORT", s.url)
	}
	pool := readCert(t, certFile, s.banner)
	tr := &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}, ForceAttemptHTTP2: true}
	hc := &http.Client{Timeout: 10 * time.Second, Transport: tr}
	resp := checkJSON(t, hc, s.url)
	if resp.ProtoMajor != 2 || resp.TLS.NegotiatedProtocol != "h2" || resp.TLS.Version != tls.VersionTLS13 {
		t.Errorf("negotiated %s, ALPN %q, %s; want HTTP/2, h2, TLS 1.3", resp.Proto, resp.TLS.NegotiatedProtocol, tls.VersionName(resp.TLS.Version))
	}
	tr.CloseIdleConnections()

	t.Run("curl", func(t *testing.T) {
		curl, err := exec.LookPath("curl")
		if err != nil {
			t.Skip("curl is not installed; the Go client above is the check")
		}
		if v, err := exec.Command(curl, "-V").Output(); err != nil || !strings.Contains(string(v), "HTTP2") {
			t.Skipf("this curl lacks HTTP/2 (curl -V: %q, %v)", v, err)
		}
		out, err := exec.Command(curl, "-sS", "--http2", "--cacert", certFile, "-w", "\n%{http_version}", s.url+"/json").CombinedOutput()
		if err != nil {
			t.Fatalf("curl: %v\n%s", err, out)
		}
		if want := server.JSONBody + "\n2"; string(out) != want {
			t.Errorf("curl printed %q, want %q (the body, then HTTP version 2)", out, want)
		}
		// Without the certificate, curl refuses the server.
		if out, err := exec.Command(curl, "-sS", "--http2", s.url+"/json").CombinedOutput(); err == nil {
			t.Errorf("curl without --cacert succeeded: %q", out)
		}
	})
	s.stop(t, syscall.SIGTERM)
}

// TestProcessH3: benchserver -proto h3 serves /json over HTTP/3 to quic-go's
// client trusting only the certificate it wrote. (curl here has no HTTP/3.)
func TestProcessH3(t *testing.T) {
	t.Parallel()
	certFile := filepath.Join(t.TempDir(), "cert.pem")
	s := start(t, "-addr", "127.0.0.1:0", "-proto", "h3", "-cert-out", certFile)
	pool := readCert(t, certFile, s.banner)
	tr := &http3.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}
	resp := checkJSON(t, &http.Client{Timeout: 10 * time.Second, Transport: tr}, s.url)
	tr.Close()
	if resp.Proto != "HTTP/3.0" || resp.TLS.Version != tls.VersionTLS13 {
		t.Errorf("negotiated %s, %s; want HTTP/3.0 and TLS 1.3", resp.Proto, tls.VersionName(resp.TLS.Version))
	}
	s.stop(t, syscall.SIGINT)
}
