package suite

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/internal/registry"
	"github.com/httpclientbench/httpclientbench/netem"
)

// Protocols is a set of the protocols a client speaks: each is a kind of
// the suite's rows.
type Protocols uint8

// The protocols of the suite's rows.
const (
	// H1 is HTTP/1.1 over TCP: the H1*, JSON, Pool proto=h1 and feature
	// rows.
	H1 Protocols = Protocols(registry.H1)
	// H2C is HTTP/2 over cleartext TCP with prior knowledge
	// (clients.Config.H2C): the H2* and Pool proto=h2 rows.
	H2C Protocols = Protocols(registry.H2C)
	// H1TLS is HTTP/1.1 over TLS 1.3 (clients.Config.TLS with HTTP1): the
	// TLS* proto=h1 rows.
	H1TLS Protocols = Protocols(registry.H1TLS)
	// H2TLS is HTTP/2 over TLS 1.3 by ALPN: the TLS* proto=h2 rows.
	H2TLS Protocols = Protocols(registry.H2TLS)
	// H3 is HTTP/3 over QUIC: the TLS* proto=h3 rows.
	H3 Protocols = Protocols(registry.H3)
)

func (p Protocols) String() string { return registry.Proto(p).String() }

// A Client is a client brought to the suite: its factory (the name its
// leaves end with, client=NAME, and its constructor, which gets each row's
// clients.Config and must honour every field of it) and the protocols it
// speaks. The feature rows (SSE, Multipart, Upload with length=unknown,
// RangeDownload, BodyStream read=frames) run for a client that implements
// the capability interface of package clients they need (clients.Streamer,
// and so on), and are skipped, saying so, for one that does not.
type Client struct {
	clients.Factory
	Speaks Protocols
}

// protocol is the protocol of v's rows.
func (v variant) protocol() Protocols {
	switch v.tls {
	case 1:
		return H1TLS
	case 2:
		return H2TLS
	case 3:
		return H3
	}
	if v.cfg.H2C != nil {
		return H2C
	}
	return H1
}

// reference are the clients of v that a brought client runs beside: the
// baseline (nethttp) and the floor (raw) where v has them, and on a row
// without the baseline (HTTP/3) the row's first client, if the program
// links its adapter (package suite links the baseline's and the floor's,
// which need nothing but the standard library; a module that compares
// with http3 imports clients/http3).
func (v variant) reference() []clients.Factory {
	var out []clients.Factory
	for _, f := range v.clients {
		if r := registry.Of(f.Name).Role; r == registry.Baseline || r == registry.Floor {
			out = append(out, f)
		}
	}
	if len(out) == 0 && len(v.clients) > 0 {
		if _, linked := clients.AdapterOf(v.clients[0].Name); linked {
			out = v.clients[:1]
		}
	}
	return out
}

// forClients returns vs with each variant's clients replaced by its
// reference clients and those of cs that speak its protocol, the brought
// ones after the baseline and before the floor; variants none of cs speaks
// are left out.
func forClients(vs []variant, cs []Client) []variant {
	var out []variant
	for _, v := range vs {
		var mine []clients.Factory
		for _, c := range cs {
			if c.Speaks&v.protocol() != 0 {
				mine = append(mine, c.Factory)
			}
		}
		if len(mine) == 0 {
			continue
		}
		ref := v.reference()
		floor := slices.IndexFunc(ref, func(f clients.Factory) bool { return registry.Of(f.Name).Role == registry.Floor })
		if floor < 0 {
			floor = len(ref)
		}
		v.clients = slices.Concat(ref[:floor], mine, ref[floor:])
		v.brought = true
		out = append(out, v)
	}
	return out
}

// forClients is f with its rows for cs (see forClients), and whether any
// row is left, on loopback or on a path.
func (f Family) forClients(cs []Client) (Family, bool) {
	g := f
	g.variants, g.net = forClients(f.variants, cs), forClients(f.net, cs)
	return g, len(g.variants)+len(g.net) > 0
}

// checkBrought reports why cs cannot run, if it cannot: every client
// needs a name of its own (unlike every other's and any of the suite's
// clients'), a constructor and its protocols.
func checkBrought(cs []Client) error {
	if len(cs) == 0 {
		return errors.New("suite: no client to run")
	}
	seen := map[string]bool{}
	for _, c := range cs {
		switch _, ours := registry.Lookup(c.Name); {
		case c.Name == "" || strings.ContainsAny(c.Name, "/ \t"):
			return fmt.Errorf("suite: client name %q: want a name without spaces or slashes (it ends every leaf's name, client=NAME)", c.Name)
		case ours:
			return fmt.Errorf("suite: client name %q is one of the suite's own clients: give yours a name of its own", c.Name)
		case seen[c.Name]:
			return fmt.Errorf("suite: client name %q given twice", c.Name)
		case c.New == nil:
			return fmt.Errorf("suite: client %s has no constructor (Factory.New)", c.Name)
		case c.Speaks == 0 || c.Speaks&^(H1|H2C|H1TLS|H2TLS|H3) != 0:
			return fmt.Errorf("suite: client %s speaks %q and unknown bits %08b: want a non-empty set of H1, H2C, H1TLS, H2TLS and H3",
				c.Name, c.Speaks, uint8(c.Speaks&^(H1|H2C|H1TLS|H2TLS|H3)))
		}
		seen[c.Name] = true
	}
	return nil
}

// Benchmark runs every row of every family whose protocol one of cs speaks,
// as sub-benchmarks of b named FAMILY/level/…/client=NAME, with cs beside
// the row's baseline (nethttp; on the HTTP/3 rows http3) and floor (raw)
// where it has one, each leaf timed and checked as the suite's own leaves
// are (see Family.Bench). The net= and server=process rows run when -bench
// names their level, as the suite's do.
//
//	func BenchmarkMine(b *testing.B) {
//		suite.Benchmark(b, suite.Client{Factory: clients.Factory{Name: "mine", New: newMine}, Speaks: suite.H1})
//	}
func Benchmark(b *testing.B, cs ...Client) {
	if err := checkBrought(cs); err != nil {
		b.Fatal(err)
	}
	for _, f := range Families {
		// A family with no leaf to run here (its rows for cs are all on
		// a path, and -bench does not name net=) gets no sub-benchmark:
		// an empty one would be reported as a leaf of its own.
		if g, ok := f.forClients(cs); ok && len(g.variants)+len(selectedOptIns(g)) > 0 {
			b.Run(f.name, g.Bench)
		}
	}
}

// Test runs, for every row Benchmark would run, a few ops of each leaf,
// every one checked in full, as the suite's own TestScenarios does: a
// client that gets an answer wrong, or ignores a setting of the row's
// clients.Config — dials around Config.Net, keeps its connection on a
// conn=fresh row, answers from a cache, falls back to HTTP/1.1 on an
// HTTP/2 row, skips certificate verification on a TLS row — fails with a
// message that says so. The net= rows run over a
// path without delay or loss, each once (the first profile's leaf: a row
// is the same on every profile but its path); the server=process rows are
// left to Benchmark.
func Test(t *testing.T, cs ...Client) {
	if err := checkBrought(cs); err != nil {
		t.Fatal(err)
	}
	var brought []Family
	for _, f := range Families {
		if g, ok := f.forClients(cs); ok {
			brought = append(brought, g)
		}
	}
	checkVerification(t, brought)
	for _, f := range Families {
		g, ok := f.forClients(cs)
		if !ok {
			continue
		}
		t.Run(f.name, func(t *testing.T) {
			s := defaultServers(t, g)
			// A net= row is the same on every profile but its path, and
			// here every path is testPath: the first profile's stand for
			// all.
			first := "net=" + netem.Profiles[0].Name
			net := slices.DeleteFunc(slices.Clone(g.net), func(v variant) bool { return v.levels[0] != first })
			runVariants(t, slices.Concat(g.variants, net), 0, func(t *testing.T, v variant, cf clients.Factory) {
				if v.net != nil {
					v.net = &testPath
				}
				if err := scenarioOps(t, v, cf, s.target(t, v)); errors.Is(err, errLacks) {
					t.Skip(err)
				} else if err != nil {
					t.Fatal(err)
				}
			})
		})
	}
}

// errLacks is the error of an op whose client lacks the capability
// interface the row needs (see capability).
var errLacks = errors.New("the row needs a capability the client lacks")

// lacks is the error of client name lacking what, a capability interface
// ("clients.Ranger").
func lacks(name string, what reflect.Type) error {
	return fmt.Errorf("client %s does not implement %s: %w", name, what, errLacks)
}
