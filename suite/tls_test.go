package suite

import (
	"crypto/tls"
	"io"
	"log"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/clients/clienttest"
	"github.com/httpclientbench/httpclientbench/internal/registry"
	"github.com/httpclientbench/httpclientbench/server"
)

// TestTLSHandshakeRowsCheckResumption: a TLSHandshake row fails when the
// handshake is not its own: every resume=on leaf against servers that
// issue no session tickets (so every handshake is a full one), and every
// resume=off leaf whose client keeps a session cache (so the second
// handshake resumes).
func TestTLSHandshakeRowsCheckResumption(t *testing.T) {
	noTickets, noTicketsH3 := faultyTLSServers(t, server.NewHTTPHandler(), func(c *tls.Config) { c.SessionTicketsDisabled = true })
	tcp, h3 := startTLSServers(t)
	eachLeaf(t, TLSHandshake, func(t *testing.T, v variant, cf clients.Factory) {
		cfg, tg := v.cfg, tcp
		tg.proto = v.tls
		if v.tls == 3 {
			tg = h3
		}
		if v.cfg.TLS.Resume {
			tg.base, tg.opened, tg.handshakes, tg.requests = noTickets.base, noTickets.opened, noTickets.handshakes, noTickets.requests
			if v.tls == 3 {
				tg.base, tg.opened = noTicketsH3.base, noTicketsH3.opened
			}
		} else {
			tlsCfg := *cfg.TLS
			tlsCfg.Resume = true
			cfg.TLS = &tlsCfg
		}
		o := v.op(clienttest.New(t, cf, cfg), tg)
		if err := o(true); err != nil {
			t.Fatalf("first op (a full handshake either way): %v", err)
		}
		err := o(true)
		if err == nil || !strings.Contains(err.Error(), "TLS handshakes") {
			t.Fatalf("second op: %v; want a handshake error", err)
		}
		t.Logf("caught: %v", err)
	})
}

// TestTLSRowsCheckTheProtocol: a TLS row fails when the protocol
// negotiated is not its own. Every proto=h2 leaf against a server offering
// only http/1.1 by ALPN (a silent fallback to HTTP/1.1), and every
// proto=h1 leaf whose client is left free to negotiate h2, report an error.
// A proto=h2 client without HTTP/1.1 over TLS (xnethttp2, which offers
// only h2) cannot fall back: its handshake with that server fails.
func TestTLSRowsCheckTheProtocol(t *testing.T) {
	t.Parallel()
	h1Only := httptest.NewUnstartedServer(server.NewHTTPHandler())
	h1Only.TLS = benchCert.ServerConfig()
	h1Only.TLS.NextProtos = []string{"http/1.1"}
	// Quiet: it logs every handshake an h2-only client fails.
	h1Only.Config.ErrorLog = log.New(io.Discard, "", 0)
	h1Only.StartTLS()
	t.Cleanup(h1Only.Close)
	both, _ := startTLSServers(t)
	for _, fam := range []Family{TLSGet, TLSDownload, TLSConcurrent, TLSHandshake} {
		t.Run(fam.name, func(t *testing.T) {
			eachLeaf(t, fam, func(t *testing.T, v variant, cf clients.Factory) {
				var tg target
				cfg := v.cfg
				want := "want HTTP/"
				switch v.tls {
				case 2:
					tg = target{base: h1Only.URL, proto: 2}
					if !slices.ContainsFunc(clients.TLS1, func(f clients.Factory) bool { return f.Name == cf.Name }) {
						want = "tls: no application protocol"
					}
				case 1:
					if !registry.Of(cf.Name).Speaks(registry.H2TLS) {
						t.Skip(cf.Name + " speaks only HTTP/1.1")
					}
					tg = target{base: both.base, proto: 1}
					tlsCfg := *cfg.TLS
					tlsCfg.HTTP1 = false
					cfg.TLS = &tlsCfg
				default:
					t.Skip("HTTP/3 has no fallback over QUIC")
				}
				err := v.op(clienttest.New(t, cf, cfg), tg)(true)
				if err == nil || !strings.Contains(err.Error(), want) {
					t.Fatalf("op: %v; want a protocol error", err)
				}
				t.Logf("caught: %v", err)
			})
		})
	}
}
