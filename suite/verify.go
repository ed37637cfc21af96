package suite

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/clients/clienttest"
	"github.com/httpclientbench/httpclientbench/server/servertest"
	"github.com/httpclientbench/httpclientbench/server/tlsserver"
)

// A client on a TLS row must verify the server's certificate against the
// row's roots (clients.TLS.RootCAs), as every client of the suite does: one
// that skips verification (InsecureSkipVerify, or a RootCAs of its own)
// does less work in each handshake than the others, and its numbers would
// stand beside theirs unmarked. So Test first sends each such client to a
// server whose certificate nothing trusts, and fails it if the request
// succeeds.

// untrustedCert is a certificate no row's roots hold: another
// tlsserver.GenerateCert's.
var untrustedCert = sync.OnceValue(func() *tlsserver.Cert {
	c, err := tlsserver.GenerateCert()
	if err != nil {
		panic(err)
	}
	return c
})

// checkVerification runs the probe for every client of a TLS row of the
// families fs, each once for each protocol it speaks there.
func checkVerification(t *testing.T, fs []Family) {
	t.Helper()
	type probe struct {
		cf    clients.Factory
		major int
	}
	var probes []probe
	seen := map[string]bool{}
	for _, f := range fs {
		for _, v := range f.variants {
			if v.tls == 0 {
				continue
			}
			for _, cf := range v.clients {
				if key := fmt.Sprint(cf.Name, v.tls); !seen[key] {
					seen[key] = true
					probes = append(probes, probe{cf, v.tls})
				}
			}
		}
	}
	if len(probes) == 0 {
		return
	}
	t.Run("verify", func(t *testing.T) {
		tcp := servertest.StartTLS(t, untrustedCert())
		h3 := servertest.StartH3(t, untrustedCert())
		for _, p := range probes {
			t.Run(fmt.Sprintf("proto=%s/client=%s", tlsProtos[p.major-1].label, p.cf.Name), func(t *testing.T) {
				base := tcp.URL()
				if p.major == 3 {
					base = h3.URL()
				}
				if err := verifies(t, p.cf, tlsProtos[p.major-1].config(), base); err != nil {
					t.Error(err)
				}
			})
		}
	})
}

// verifies sends a GET with a client of cf on cfg (a TLS row's, trusting
// the suite's certificate alone) to base, a server of another certificate,
// and returns an error if the client took its answer, or failed for
// another reason than the certificate.
func verifies(tb testing.TB, cf clients.Factory, cfg clients.Config, base string) error {
	c := clienttest.New(tb, cf, cfg)
	_, _, err := c.GetBytes(base + "/json")
	switch {
	case err == nil:
		return fmt.Errorf("client %s took an answer from a server whose certificate the row's roots (clients.TLS.RootCAs) do not trust: it skips certificate verification, and its handshakes would be timed beside clients that do not", cf.Name)
	case !strings.Contains(err.Error(), "certificate"):
		// Refused, but for a reason that says nothing of verification.
		return fmt.Errorf("client %s: a GET from a server of an untrusted certificate failed, but not on the certificate: %v", cf.Name, err)
	}
	return nil
}
