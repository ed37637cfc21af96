package tlsserver

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/sha256"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"strings"
	"testing"
	"time"
)

func TestGenerate(t *testing.T) {
	c, err := GenerateCert()
	if err != nil {
		t.Fatal(err)
	}
	leaf := c.Leaf()
	pub, ok := leaf.PublicKey.(*ecdsa.PublicKey)
	if !ok || pub.Curve != elliptic.P256() {
		t.Errorf("public key %T, want ECDSA P-256", leaf.PublicKey)
	}
	if life := leaf.NotAfter.Sub(time.Now()); life <= 0 || life > CertValidity {
		t.Errorf("valid for another %v, want (0, %v]", life, CertValidity)
	}
	for _, name := range []string{"127.0.0.1", "::1", "localhost"} {
		if _, err := leaf.Verify(x509.VerifyOptions{DNSName: name, Roots: c.Pool()}); err != nil {
			t.Errorf("verifying for %s with Pool: %v", name, err)
		}
	}
	if _, err := leaf.Verify(x509.VerifyOptions{DNSName: "example.com", Roots: c.Pool()}); err == nil {
		t.Error("the certificate verifies for example.com")
	}
	other, err := GenerateCert()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := leaf.Verify(x509.VerifyOptions{DNSName: "localhost", Roots: other.Pool()}); err == nil {
		t.Error("the certificate verifies against another certificate's pool")
	}
	if c.Fingerprint() == other.Fingerprint() {
		t.Error("two generated certificates have the same fingerprint")
	}
}

func TestFingerprintAndPEM(t *testing.T) {
	c, err := GenerateCert()
	if err != nil {
		t.Fatal(err)
	}
	block, rest := pem.Decode(c.PEM())
	if block == nil || block.Type != "CERTIFICATE" || len(rest) != 0 {
		t.Fatalf("PEM %q: want exactly one CERTIFICATE block (and no key)", c.PEM())
	}
	sum := sha256.Sum256(block.Bytes)
	fp := c.Fingerprint()
	if got := strings.ReplaceAll(fp, ":", ""); !strings.EqualFold(got, hex.EncodeToString(sum[:])) {
		t.Errorf("Fingerprint %s, want the SHA-256 of the PEM's DER %x", fp, sum)
	}
	if len(fp) != 32*3-1 || strings.ToUpper(fp) != fp {
		t.Errorf("Fingerprint %q: want 32 upper-case hex pairs separated by colons", fp)
	}
	if cfg := c.ServerConfig(); cfg.MinVersion != 0x0304 || len(cfg.Certificates) != 1 {
		t.Errorf("ServerConfig: MinVersion %#x, %d certificates; want TLS 1.3 and 1", cfg.MinVersion, len(cfg.Certificates))
	}
}

// TestKeyPairRoundTrip: ParseKeyPair gives back the same certificate and a
// key that signs for it; a certificate without its key, or garbage, is
// refused.
func TestKeyPairRoundTrip(t *testing.T) {
	c, err := GenerateCert()
	if err != nil {
		t.Fatal(err)
	}
	b, err := c.KeyPairPEM()
	if err != nil {
		t.Fatal(err)
	}
	got, err := ParseKeyPair(b)
	if err != nil {
		t.Fatal(err)
	}
	if got.Fingerprint() != c.Fingerprint() {
		t.Errorf("fingerprint %s, want %s", got.Fingerprint(), c.Fingerprint())
	}
	if !got.tls.PrivateKey.(*ecdsa.PrivateKey).Equal(c.tls.PrivateKey) {
		t.Error("the key differs")
	}
	for _, bad := range [][]byte{c.PEM(), []byte("garbage"), nil} {
		if _, err := ParseKeyPair(bad); err == nil {
			t.Errorf("ParseKeyPair(%.20q) accepted it", bad)
		}
	}
}
