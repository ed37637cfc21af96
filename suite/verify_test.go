package suite

import (
	"crypto/tls"
	"net/http"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/server/servertest"
)

// Every client of the suite's TLS rows refuses a server whose certificate
// the row's roots do not trust.
func TestTLSVerification(t *testing.T) {
	t.Parallel()
	checkVerification(t, Families)
}

// A client that skips verification fails the probe, with a message that
// says so; the same client verifying passes it.
func TestSkippedVerificationFails(t *testing.T) {
	t.Parallel()
	srv := servertest.StartTLS(t, untrustedCert())
	cfg := tlsProtos[0].config()
	insecure := clients.TunedNetHTTP("insecure", func(tr *http.Transport) {
		tr.TLSClientConfig = &tls.Config{InsecureSkipVerify: true}
	})
	err := verifies(t, insecure, cfg, srv.URL())
	if err == nil || !strings.Contains(err.Error(), "client insecure took an answer") || !strings.Contains(err.Error(), "skips certificate verification") {
		t.Errorf("a client with InsecureSkipVerify: %v, want the probe to fail it", err)
	}
	verifying := clients.TunedNetHTTP("verifying", func(*http.Transport) {})
	if err := verifies(t, verifying, cfg, srv.URL()); err != nil {
		t.Errorf("a client that verifies: %v", err)
	}
}
