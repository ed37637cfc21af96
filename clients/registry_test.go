package clients

import (
	"slices"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/registry"
	"github.com/httpclientbench/httpclientbench/server/h2c"
)

// TestRecordsAreTheRegistry: the records are the registry's clients; each
// builds a client of its own name; and the protocols the registry gives a
// client are those its adapter accepts: a client the registry lists for a
// protocol is built for it, one it does not list is refused (so that a row
// is never silently missing, nor a client listed for rows it cannot run).
func TestRecordsAreTheRegistry(t *testing.T) {
	want := registry.Names(0)
	for n := range records {
		if !slices.Contains(want, n) {
			t.Errorf("client %s has a record (a register call in clients/) but no registry entry (internal/registry)", n)
		}
	}
	for _, n := range want {
		if _, ok := records[n]; !ok {
			t.Errorf("client %s has a registry entry but no record (register it in its adapter file, clients/)", n)
		}
	}
	if t.Failed() {
		t.FailNow()
	}
	w := h2c.WindowDefault
	for _, rc := range registry.All() {
		for _, tc := range []struct {
			proto registry.Proto
			cfg   Config
		}{
			{registry.H1, Config{}},
			{registry.H2C, Config{H2C: &w}},
			{registry.H1TLS, Config{TLS: &TLS{HTTP1: true}}},
			{registry.H2TLS, Config{TLS: &TLS{}}},
			{registry.H3, Config{TLS: &TLS{}}},
		} {
			c, err := recordOf(rc.Name).new(rc.Name, tc.cfg)
			if err == nil {
				if c.Name() != rc.Name {
					t.Errorf("the %s adapter built a client named %q", rc.Name, c.Name())
				}
				c.Close()
			}
			// The H2TLS and H3 rows share one Config (TLS without HTTP1),
			// which builds every TLS client: those of the other, and
			// fasthttp's over HTTP/1.1.
			shared := (tc.proto == registry.H2TLS || tc.proto == registry.H3) &&
				rc.Protos&(registry.H1TLS|registry.H2TLS|registry.H3) != 0
			switch {
			case rc.Speaks(tc.proto) && err != nil:
				t.Errorf("%s has %v rows in the registry, but its adapter refuses them: %v", rc.Name, tc.proto, err)
			case !rc.Speaks(tc.proto) && err == nil && !shared:
				t.Errorf("%s builds a client for %v, which the registry does not list it for", rc.Name, tc.proto)
			}
		}
	}
}
