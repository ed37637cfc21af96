package suite

import (
	"bytes"
	"flag"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/httpclientbench/httpclientbench/clients"
)

// nethttpAs is the suite's nethttp under another name, speaking p, with
// edit (if not nil) applied to every row's configuration first: a brought
// client that ignores a setting.
func nethttpAs(name string, p Protocols, edit func(*clients.Config)) Client {
	nethttp := clients.HTTP1[slices.IndexFunc(clients.HTTP1, func(f clients.Factory) bool { return f.Name == "nethttp" })]
	return Client{Speaks: p, Factory: clients.Factory{Name: name, New: func(cfg clients.Config) (clients.Client, error) {
		if edit != nil {
			edit(&cfg)
		}
		return nethttp.New(cfg)
	}}}
}

// TestBroughtClientRuns: a brought client that keeps to its configuration
// (net/http through the adapter a tuned one uses, tuned to nothing)
// passes every row of its protocols, beside the baseline and the floor.
func TestBroughtClientRuns(t *testing.T) {
	t.Parallel()
	Test(t, Client{Factory: clients.TunedNetHTTP("brought", func(*http.Transport) {}), Speaks: H1TLS})
}

// TestBroughtRows: a brought client's rows are the suite's rows of its
// protocols, its name between the baseline's and the floor's.
func TestBroughtRows(t *testing.T) {
	g, ok := H1GetBytes.forClients([]Client{nethttpAs("brought", H1, nil)})
	if !ok || len(g.variants) != len(H1GetBytes.variants) {
		t.Fatalf("H1GetBytes for an HTTP/1.1 client: %d rows, want %d", len(g.variants), len(H1GetBytes.variants))
	}
	if got := leafNames(g.name, g.variants[:1]); !slices.Equal(got, []string{
		"H1GetBytes/buf=fresh/client=nethttp", "H1GetBytes/buf=fresh/client=brought", "H1GetBytes/buf=fresh/client=raw",
	}) {
		t.Errorf("leaves %v", got)
	}
	if _, ok := H2Get.forClients([]Client{nethttpAs("brought", H1, nil)}); ok {
		t.Error("H2Get has rows for a client that speaks only HTTP/1.1")
	}
	g, _ = TLSGet.forClients([]Client{nethttpAs("brought", H3, nil)})
	if got := leafNames(g.name, g.variants); !slices.Equal(got, []string{"TLSGet/proto=h3/client=http3", "TLSGet/proto=h3/client=brought"}) {
		t.Errorf("TLSGet for an HTTP/3 client: %v, want http3's row beside it", got)
	}
}

// TestBroughtNamesChecked: a brought client needs a name of its own, a
// constructor and protocols.
func TestBroughtNamesChecked(t *testing.T) {
	if err := checkBrought([]Client{nethttpAs("brought", H1, nil), nethttpAs("brought2", H2C|H3, nil)}); err != nil {
		t.Fatal(err)
	}
	for _, cs := range [][]Client{
		nil,
		{nethttpAs("nethttp", H1, nil)},
		{nethttpAs("a/b", H1, nil)},
		{nethttpAs("brought", H1, nil), nethttpAs("brought", H2C, nil)},
		{nethttpAs("brought", 0, nil)},
		{nethttpAs("brought", 1<<7, nil)},
		{{Factory: clients.Factory{Name: "brought"}, Speaks: H1}},
	} {
		if err := checkBrought(cs); err == nil {
			t.Errorf("%d clients %+v: accepted", len(cs), cs)
		} else {
			t.Logf("refused: %v", err)
		}
	}
}

// caching answers every GET of a URL after the first from its cache, a
// new copy each time (so that no poisoned buffer gives it away); with
// every > 0, each every-th GET still goes to the server (a partial cache).
type caching struct {
	clients.Client
	every int
	mu    sync.Mutex
	n     int
	cache map[string][]byte
}

func (c *caching) GetBytes(url string) (clients.Meta, []byte, error) {
	c.mu.Lock()
	b, ok := c.cache[url]
	c.n++
	ok = ok && (c.every == 0 || c.n%c.every != 0)
	c.mu.Unlock()
	if ok {
		return clients.Meta{Status: 200, ProtoMajor: 1, BodyLen: len(b)}, bytes.Clone(b), nil
	}
	m, b, err := c.Client.GetBytes(url)
	if err == nil {
		c.mu.Lock()
		c.cache[url] = bytes.Clone(b)
		c.mu.Unlock()
	}
	return m, b, err
}

// TestBroughtClientsThatIgnoreASetting: a brought client that ignores a
// setting of the row fails the row, with a message naming what it did.
func TestBroughtClientsThatIgnoreASetting(t *testing.T) {
	t.Parallel()
	cachedEvery := func(name string, every int, speaks ...Protocols) Client {
		c := nethttpAs(name, H1, nil)
		if len(speaks) > 0 {
			c.Speaks = speaks[0]
		}
		plain := c.New
		c.New = func(cfg clients.Config) (clients.Client, error) {
			cl, err := plain(cfg)
			return &caching{Client: cl, every: every, cache: map[string][]byte{}}, err
		}
		return c
	}
	cached := cachedEvery("cached", 0)
	for _, tc := range []struct {
		name string
		f    Family
		row  string
		c    Client
		want string
	}{
		{"dials around Config.Net", H1Concurrent, "net=lan/n=50", nethttpAs("direct", H1, func(cfg *clients.Config) {
			cfg.Net, cfg.Timeout = nil, time.Second // the path's server is nowhere else: fail fast
		}), "dials around clients.Config.Net"},
		{"keeps its connection on a fresh row", Pool, "proto=h1/conn=fresh", nethttpAs("keeper", H1, func(cfg *clients.Config) {
			cfg.Fresh = false
		}), "kept a connection alive"},
		{"answers from a cache", H1GetBytes, "buf=fresh", cached, "answers from a cache"},
		{"answers a fresh row from a cache", Pool, "proto=h1/conn=fresh", cached, "answers from a cache"},
		{"answers a handshake row from a cache", TLSHandshake, "proto=h1/resume=off", cachedEvery("cachedtls", 0, H1TLS), "answered no request, yet the op has its answer: the client answers from a cache"},
		{"keeps its connection on a handshake row", TLSHandshake, "proto=h1/resume=off", nethttpAs("keepertls", H1TLS, func(cfg *clients.Config) {
			cfg.Fresh = false
		}), "completed no TLS handshake, want one a request (resume=off): the client kept a connection alive"},
		{"answers 9 in 10 from a cache", H1Concurrent, "n=10", cachedEvery("partly", 10), "answers the rest from a cache"},
		{"answers an h2 row over HTTP/1.1", TLSGet, "proto=h2", nethttpAs("h1only", H2TLS, func(cfg *clients.Config) {
			tls := *cfg.TLS
			tls.HTTP1 = true
			cfg.TLS = &tls
		}), "answered over HTTP/1 (status 200), want HTTP/2"},
		{"answers an h2c row over HTTP/1.1", H2Get, "window=tuned", nethttpAs("h1c", H2C, func(cfg *clients.Config) {
			cfg.H2C = nil
		}), "answered over HTTP/1 (status 505), want HTTP/2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := broughtRow(t, tc.f, tc.row, tc.c)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("%s on %s/%s: %v; want an error saying %q", tc.c.Name, tc.f.name, tc.row, err, tc.want)
			}
			t.Logf("caught: %v", err)
		})
	}
}

// broughtRow runs a few ops of c's leaf of f's row (its levels, joined by
// "/"), fully checked, and returns the first error.
func broughtRow(t *testing.T, f Family, row string, c Client) error {
	t.Helper()
	g, _ := f.forClients([]Client{c})
	vs := slices.Concat(g.variants, g.net)
	i := slices.IndexFunc(vs, func(v variant) bool { return strings.Join(v.levels, "/") == row })
	if i < 0 {
		t.Fatalf("%s has no row %s for %s", f.name, row, c.Name)
	}
	v := vs[i]
	if v.net != nil {
		v.net = &testPath
	}
	return scenarioOps(t, v, c.Factory, defaultServers(t, g).target(t, v))
}

// TestBenchmarkRunsEveryRow: Benchmark runs a leaf of the brought client
// on every row of its protocols (one client built per leaf), one
// iteration each here.
func TestBenchmarkRunsEveryRow(t *testing.T) {
	setBenchtime(t, "1x")
	var built atomic.Int64
	c := nethttpAs("brought", H2TLS, nil)
	plain := c.New
	c.New = func(cfg clients.Config) (clients.Client, error) { built.Add(1); return plain(cfg) }
	want := 0
	for _, f := range Families {
		g, _ := f.forClients([]Client{c})
		want += len(g.variants)
	}
	r := testing.Benchmark(func(b *testing.B) { Benchmark(b, c) })
	if n := int(built.Load()); n != want || want == 0 {
		t.Errorf("Benchmark built %d clients of its own, want one per row of HTTP/2 over TLS: %d (%v); a registry client named %q would add its own rows", n, want, r, c.Name)
	}
}

// setBenchtime sets -test.benchtime to d for the rest of t, for tests that
// run leaves through testing.Benchmark.
func setBenchtime(t *testing.T, d string) {
	t.Helper()
	bt := flag.Lookup("test.benchtime")
	old := bt.Value.String()
	if err := bt.Value.Set(d); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { bt.Value.Set(old) })
}
