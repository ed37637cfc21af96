package clients

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
)

// TLS is the TLS setting every client gets for https URLs (Config.TLS).
type TLS struct {
	// RootCAs are the trust roots: the fixture servers' self-signed
	// certificate (tlsserver.Cert.Pool). Nil means the system's roots.
	RootCAs *x509.CertPool
	// Resume turns session resumption on: the client keeps a session
	// cache (tls.NewLRUClientSessionCache with its default size) and
	// offers a stored session on its next connection. Off, no client
	// keeps sessions, and every new connection is a full handshake.
	Resume bool
	// HTTP1 keeps the client to HTTP/1.1 over TLS: the net/http-based
	// clients' transports get Protocols with HTTP/1.1 only, so they offer
	// only http/1.1 by ALPN; fasthttp speaks nothing else anyway; http3
	// refuses it.
	HTTP1 bool
	// EarlyData sends each GET as 0-RTT early data on a resumed
	// connection, before the handshake completes: http3 only, with
	// quic-go's http3.MethodGet0RTT (a plain GET waits for the
	// handshake). It needs Resume; the other clients refuse it (crypto/tls
	// has no early data).
	EarlyData bool
}

// ClientConfig is the tls.Config every adapter starts from: TLS 1.3 at
// least, the roots, a session cache only with Resume, crypto/tls's
// defaults otherwise. Each call returns a new one.
func (t *TLS) ClientConfig() *tls.Config {
	c := &tls.Config{RootCAs: t.RootCAs, MinVersion: tls.VersionTLS13}
	if t.Resume {
		c.ClientSessionCache = tls.NewLRUClientSessionCache(0)
	}
	return c
}

// errEarlyData: TLS.EarlyData on a client that cannot send early data.
func errEarlyData(name string) error {
	return fmt.Errorf("clients: %s cannot send 0-RTT early data (Config.TLS.EarlyData)", name)
}

// errTLSWithH2C: Config.H2C is cleartext HTTP/2 with prior knowledge; it
// and Config.TLS are different rows, never one.
var errTLSWithH2C = errors.New("clients: Config.TLS and Config.H2C both set")
