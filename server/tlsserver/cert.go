// The TLS fixture servers' certificate: ECDSA P-256,
// self-signed, generated in memory at start for 127.0.0.1, ::1,
// localhost and 127.0.2.1 (an emulated path's server, netem.ServerAddr).
// Its private key lives only in memory; only the certificate
// (which clients trust) can be written out, as PEM. The key pair can be
// handed to a child process (KeyPairPEM, ParseKeyPair), for a server there
// to present the certificate the parent's clients trust: over a pipe,
// never through a file.

package tlsserver

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/hex"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"strings"
	"time"
)

// CertValidity is how long a generated certificate is valid, from a minute
// before it is made (to tolerate a little clock skew).
const CertValidity = 24 * time.Hour

// Cert is a generated self-signed certificate and its key.
type Cert struct {
	tls  tls.Certificate
	leaf *x509.Certificate
}

// GenerateCert makes a new certificate, valid for CertValidity, for the names
// 127.0.0.1, ::1, localhost and 127.0.2.1.
func GenerateCert() (*Cert, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, fmt.Errorf("tlsserver: key: %w", err)
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 127))
	if err != nil {
		return nil, fmt.Errorf("tlsserver: serial: %w", err)
	}
	now := time.Now()
	tmpl := &x509.Certificate{
		SerialNumber:          serial,
		Subject:               pkix.Name{CommonName: "httpclientbench fixture"},
		NotBefore:             now.Add(-time.Minute),
		NotAfter:              now.Add(CertValidity),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true, // self-signed: it is its own root
		DNSNames:              []string{"localhost"},
		// 127.0.2.1: the server's end of an emulated path (netem.ServerAddr).
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1), net.IPv6loopback, net.IPv4(127, 0, 2, 1)},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, fmt.Errorf("tlsserver: certificate: %w", err)
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, fmt.Errorf("tlsserver: parse: %w", err)
	}
	return &Cert{
		tls:  tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf},
		leaf: leaf,
	}, nil
}

// Leaf is the parsed certificate.
func (c *Cert) Leaf() *x509.Certificate { return c.leaf }

// Fingerprint is the SHA-256 of the certificate's DER encoding, as
// colon-separated upper-case hex pairs (the form openssl x509 -fingerprint
// -sha256 prints).
func (c *Cert) Fingerprint() string {
	sum := sha256.Sum256(c.leaf.Raw)
	h := strings.ToUpper(hex.EncodeToString(sum[:]))
	var b strings.Builder
	for i := 0; i < len(h); i += 2 {
		if i > 0 {
			b.WriteByte(':')
		}
		b.WriteString(h[i : i+2])
	}
	return b.String()
}

// Pool is a certificate pool holding only this certificate, for clients
// that are to trust it and nothing else.
func (c *Cert) Pool() *x509.CertPool {
	p := x509.NewCertPool()
	p.AddCert(c.leaf)
	return p
}

// PEM is the certificate (not its key) PEM-encoded, for curl --cacert.
func (c *Cert) PEM() []byte {
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: c.leaf.Raw})
}

// ServerConfig is a server configuration presenting the certificate, TLS
// 1.3 only. The caller sets NextProtos (ALPN) for its protocols.
func (c *Cert) ServerConfig() *tls.Config {
	return &tls.Config{
		Certificates: []tls.Certificate{c.tls},
		MinVersion:   tls.VersionTLS13,
	}
}

// KeyPairPEM is the certificate and its private key, PEM-encoded, for
// ParseKeyPair in a child process. Write it to a pipe, not to a file.
func (c *Cert) KeyPairPEM() ([]byte, error) {
	key, err := x509.MarshalPKCS8PrivateKey(c.tls.PrivateKey)
	if err != nil {
		return nil, fmt.Errorf("tlsserver: key: %w", err)
	}
	return append(c.PEM(), pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: key})...), nil
}

// ParseKeyPair is the Cert whose KeyPairPEM b is.
func ParseKeyPair(b []byte) (*Cert, error) {
	pair, err := tls.X509KeyPair(b, b)
	if err != nil {
		return nil, fmt.Errorf("tlsserver: %w", err)
	}
	if len(pair.Certificate) != 1 || !bytes.Contains(b, []byte("PRIVATE KEY")) {
		return nil, fmt.Errorf("tlsserver: want one certificate and its key")
	}
	leaf, err := x509.ParseCertificate(pair.Certificate[0])
	if err != nil {
		return nil, fmt.Errorf("tlsserver: parse: %w", err)
	}
	pair.Leaf = leaf
	return &Cert{tls: pair, leaf: leaf}, nil
}
