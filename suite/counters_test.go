package suite

import (
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/fixtures"
	"github.com/httpclientbench/httpclientbench/internal/benchtest"
)

// TestExactCounters: a leaf reports, per op of its timed loop, the bytes
// the client sent and received on the wire, at least its request's and
// answer's bodies; the connections the server accepted: none on a
// kept-alive row, one on a fresh one; and, over TLS, the handshakes it
// completed, one per op whether full or resumed, and no handshake counter
// where there is no TLS.
func TestExactCounters(t *testing.T) {
	setBenchtime(t, "20x")
	jsonLen := float64(len(fixtures.JSONBody))
	for _, c := range []struct {
		f                 Family
		leaf              string
		sent, recv        float64 // at least: the bodies
		conns, handshakes float64 // -1: not reported
	}{
		{Pool, "Pool/proto=h1/conn=pooled/client=nethttp", 1, jsonLen, 0, -1},
		{Pool, "Pool/proto=h1/conn=fresh/client=fasthttp", 1, jsonLen, 1, -1},
		{Pool, "Pool/proto=h2/window=default/conn=fresh/client=nethttp", 1, jsonLen, 1, -1},
		{H1Post4KiB, "H1Post4KiB/buf=fresh/client=hertz", 4 << 10, 4 << 10, 0, -1},
		{H1Download, "H1Download/size=64KiB/buf=reused/client=resty", 1, 64 << 10, 0, -1},
		{TLSHandshake, "TLSHandshake/proto=h2/resume=off/client=nethttp", 1, jsonLen, 1, 1},
		{TLSHandshake, "TLSHandshake/proto=h1/resume=on/client=fasthttp", 1, jsonLen, 1, 1},
		{TLSHandshake, "TLSHandshake/proto=h3/resume=off/client=http3", 1, jsonLen, 1, 1},
	} {
		t.Run(strings.ReplaceAll(c.leaf, "/", "_"), func(t *testing.T) {
			v, cf := leafOf(t, c.f, c.leaf)
			r := testing.Benchmark(func(b *testing.B) {
				s := defaultServers(b, c.f)
				tg := s.target(b, v)
				benchOp(b, v, tg, v.op(benchtest.NewClient(b, cf, netConfig(v, tg)), tg))
			})
			if r.N == 0 {
				t.Fatal("the leaf failed (testing.Benchmark ran no op)")
			}
			for unit, least := range map[string]float64{SentUnit: c.sent, RecvUnit: c.recv} {
				if got, ok := r.Extra[unit]; !ok || got < least {
					t.Errorf("%s: %v %s over %d ops (reported: %v), want at least %v", c.leaf, got, unit, r.N, ok, least)
				}
			}
			for unit, want := range map[string]float64{ConnsUnit: c.conns, HandshakesUnit: c.handshakes} {
				got, ok := r.Extra[unit]
				switch {
				case want < 0 && ok:
					t.Errorf("%s reported %v %s, want none (no TLS)", c.leaf, got, unit)
				case want >= 0 && !ok:
					t.Errorf("%s reported no %s, want %v", c.leaf, unit, want)
				case want >= 0 && got != want:
					t.Errorf("%s: %v %s over %d ops, want %v", c.leaf, got, unit, r.N, want)
				}
			}
		})
	}
}

// leafOf is the variant and client of f's leaf named leaf.
func leafOf(t *testing.T, f Family, leaf string) (variant, clients.Factory) {
	t.Helper()
	for _, v := range f.variants {
		for _, cf := range v.clients {
			if leafNames(f.name, []variant{{levels: v.levels, clients: []clients.Factory{cf}}})[0] == leaf {
				return v, cf
			}
		}
	}
	t.Fatalf("%s has no leaf %s", f.name, leaf)
	return variant{}, clients.Factory{}
}
