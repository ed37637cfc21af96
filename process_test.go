package httpclientbench_test

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/valyala/fasthttp"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/fixtures"
	"github.com/httpclientbench/httpclientbench/internal/benchtest"
	"github.com/httpclientbench/httpclientbench/internal/procserver"
)

// The server=process rows: a family's loopback rows again, with the
// fixture server in a process of its own (package internal/procserver: the
// test binary started again as the server) instead of in the benchmark's,
// so that the client has the process's Go runtime to itself. In process, a
// client's time and CPU per op include the server's share of two cores and
// of one scheduler; here cpu-ns/op is the client's alone, and the time per
// op pays the cross-process wake-ups that a real server costs too. The
// report shows both placements side by side.
//
// Every op is checked as in process: status, protocol and body, and the
// row's connection and handshake rules against the server's counters,
// which the child keeps in memory shared with the benchmark
// (fixtures.Counters), exact at every op.
//
// server=process is the first level under the family
// (BenchmarkH1GetBytes/server=process/buf=fresh/client=nethttp), and the
// rows run only when -bench names it: -bench=server=process (taken as
// -bench=/server=process) runs every one of them.

// processFamilies are the families with server=process rows: those of the
// README's headline.
var processFamilies = []family{
	h1GetBytes, jsonFamily, h1Post4KiB, h1Download, h1Concurrent, pool,
	h2Get, h2Download, uploadFamily, multipartFamily, tlsGet, tlsHandshake,
}

// processLevel is the level of the server=process rows.
const processLevel = "server=process"

// processRows maps a family's name to its server=process rows.
var processRows = func() map[string][]variant {
	m := map[string][]variant{}
	for _, f := range processFamilies {
		vs := prefixed(processLevel, slices.Clone(f.variants))
		for i := range vs {
			vs[i].process = true
		}
		m[f.name] = vs
	}
	return m
}()

// procServers are the child servers of one family's run (or one test),
// as in process: the HTTP/1.1 and TLS ones started as its rows need them
// and stopped when it ends, an h2c one for each leaf (see
// docs/scenarios.md: a fresh HTTP/2 row's TIME_WAIT sockets stay the
// leaf's).
type procServers struct {
	tb testing.TB
	mu sync.Mutex
	m  map[string]*procserver.Server
}

// target returns the child serving v's protocol to leaf tb, starting it if
// need be.
func (p *procServers) target(tb testing.TB, v variant) target {
	tb.Helper()
	spec := procserver.Spec{Proto: procserver.H1, CPUs: serverCPUs()}
	switch {
	case v.tls == 3:
		spec.Proto = procserver.H3
	case v.tls != 0:
		spec.Proto = procserver.TLS
	case v.cfg.H2C != nil:
		spec.Proto, spec.Window = procserver.H2C, v.cfg.H2C.Name
	}
	var s *procserver.Server
	if spec.Proto == procserver.H2C {
		s = startChild(tb, spec)
	} else {
		s = p.start(spec)
	}
	c := s.Counters
	t := target{base: s.URL, proto: 1, opened: counted(&c.Accepted)}
	switch spec.Proto {
	case procserver.H2C:
		t.proto, t.conns = 2, counted(&c.Open)
	case procserver.TLS, procserver.H3:
		t.proto = v.tls
		t.handshakes = func() (int, int) { return int(c.FullHandshakes.Load()), int(c.ResumedHandshakes.Load()) }
		t.early = func() (int, int) { return int(c.ZeroRTT.Load()), int(c.Early.Load()) }
	}
	return t
}

// counted reads one of a child's counters.
func counted(n interface{ Load() int64 }) func() int { return func() int { return int(n.Load()) } }

// start returns the child serving spec, starting it if it is not running.
func (p *procServers) start(spec procserver.Spec) *procserver.Server {
	p.tb.Helper()
	p.mu.Lock()
	defer p.mu.Unlock()
	key := spec.Proto + "/" + spec.Window
	if s := p.m[key]; s != nil {
		return s
	}
	s, err := procserver.Start(spec, benchCert)
	if err != nil {
		p.tb.Fatal(err)
	}
	if p.m == nil {
		p.m = map[string]*procserver.Server{}
		// After the leaves' own cleanups (their clients'), as an
		// in-process server's: registered on the family's tb.
		p.tb.Cleanup(p.closeAll)
	}
	p.m[key] = s
	return s
}

// startChild starts a child serving spec for the life of tb.
func startChild(tb testing.TB, spec procserver.Spec) *procserver.Server {
	tb.Helper()
	s, err := procserver.Start(spec, benchCert)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		if err := s.Close(); err != nil {
			tb.Errorf("the %s server: %v", spec.Proto, err)
		}
	})
	return s
}

func (p *procServers) closeAll() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for key, s := range p.m {
		if err := s.Close(); err != nil {
			p.tb.Errorf("the %s server: %v", key, err)
		}
	}
	p.m = nil
}

// pinEnv chooses whether the benchmark and its server child run on disjoint
// CPU sets: "on", "off", or unset for the default, on with 4 or more CPUs
// (see pinByDefault).
const pinEnv = "HTTPBENCH_PIN"

// pinByDefault: with 4 CPUs or more, the client gets the first half and
// the server the second, each its GOMAXPROCS to match (so the two never
// take each other's CPU, as on two machines). With 2, one CPU each would
// halve the client's GOMAXPROCS and make it wait for the server's CPU at
// every request; the default leaves both on both (docs/methodology.md
// has the measurement).
func pinByDefault(cpus int) bool { return cpus >= 4 }

var cpuSplit = sync.OnceValues(func() (client, server []int) {
	all, err := procserver.CPUs()
	if err != nil || len(all) < 2 {
		return nil, nil
	}
	switch os.Getenv(pinEnv) {
	case "on":
	case "off":
		return nil, nil
	case "":
		if !pinByDefault(len(all)) {
			return nil, nil
		}
	default:
		panic(fmt.Sprintf("%s=%q: want on or off", pinEnv, os.Getenv(pinEnv)))
	}
	half := len(all) / 2
	return all[:half], all[half:]
})

// serverCPUs are the CPUs of the server child, or nil for any.
func serverCPUs() []int { _, s := cpuSplit(); return s }

// pinClient runs the rest of the leaf b on the client's CPUs, if they are
// split, and gives the process back all of them when b ends.
func pinClient(b *testing.B) {
	b.Helper()
	client, server := cpuSplit()
	if client == nil {
		return
	}
	if err := procserver.Pin(client); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		if err := procserver.Pin(slices.Concat(client, server)); err != nil {
			b.Error(err)
		}
	})
}

// TestProcessRows: every server=process leaf runs its ops, fully checked,
// against its child server, as TestScenarios does for the loopback rows;
// every family listed has them, each named as its loopback row with the
// level first.
func TestProcessRows(t *testing.T) {
	procs := &procServers{tb: t}
	for _, f := range processFamilies {
		rows := processRows[f.name]
		if len(rows) != len(f.variants) {
			t.Errorf("%s: %d server=process rows for %d loopback rows", f.name, len(rows), len(f.variants))
		}
		for i, v := range rows {
			if want := append([]string{processLevel}, f.variants[i].levels...); !slices.Equal(v.levels, want) {
				t.Errorf("%s: levels %v, want %v", f.name, v.levels, want)
			}
		}
		t.Run(f.name, func(t *testing.T) {
			runVariants(t, rows, 0, func(t *testing.T, v variant, cf clients.Factory) {
				tg := procs.target(t, v)
				o := v.op(benchtest.NewClient(t, cf, v.cfg), tg)
				for i := range reuseGrace + 1 {
					if err := o(true); err != nil {
						t.Fatalf("op %d: %v", i, err)
					}
				}
			})
		})
	}
}

// TestProcessRowsCheckConnections: the connection rule holds across the
// process boundary: a pooled row against a child that closes every
// connection after its answer fails (each op opens one), as it does in
// process.
func TestProcessRowsCheckConnections(t *testing.T) {
	procs := &procServers{tb: t}
	v := processRows["Pool"][0] // proto=h1/conn=pooled
	if !strings.Contains(strings.Join(v.levels, "/"), "conn=pooled") {
		t.Fatalf("Pool's first row is %v, not a pooled one", v.levels)
	}
	tg := procs.target(t, v)
	for _, cf := range v.clients[:1] {
		o := v.op(benchtest.NewClient(t, cf, clients.Config{Fresh: true}), tg)
		var err error
		for i := 0; i <= reuseGrace && err == nil; i++ {
			err = o(true)
		}
		if err == nil || !strings.Contains(err.Error(), "not kept alive") {
			t.Fatalf("%s opening a connection per op on a pooled row: %v; want the connection error", cf.Name, err)
		}
		t.Logf("caught: %v", err)
	}
}

func named(name string) func(clients.Factory) bool {
	return func(f clients.Factory) bool { return f.Name == name }
}

// TestCPUPerOpIsTheClients: with the server in its own process, cpu-ns/op
// is the client's CPU alone. A client that spends a known extra CPU time
// on every request shows it; a server that does shows nothing of it (in
// process it would show); and raw, the minimal client, takes less than
// net/http. Each is the fewest CPU nanoseconds per op of three rounds of
// the cases in turn, so that a moment of the machine's is no case's alone;
// every bound has a margin of half the known cost or more.
func TestCPUPerOpIsTheClients(t *testing.T) {
	const extra = 300 * time.Microsecond
	procs := &procServers{tb: t}
	v := processRows["H1GetBytes"][0]
	plain := procs.target(t, v)
	burning := startChild(t, procserver.Spec{Proto: procserver.H1, Burn: extra})
	burnTarget := target{base: burning.URL, proto: 1, opened: counted(&burning.Counters.Accepted)}
	inProcess := benchtest.Start(t, fixtures.WithHandler(func(ctx *fasthttp.RequestCtx) {
		procserver.Burn(extra)
		fixtures.Handler(ctx)
	}))
	inTarget := target{base: inProcess.URL(), proto: 1, opened: inProcess.Opened}
	nethttp, raw := h1Clients[slices.IndexFunc(h1Clients, named(clients.NetHTTP))], h1Clients[slices.IndexFunc(h1Clients, named(clients.Raw))]

	opOf := func(cf clients.Factory, tg target) op { return v.op(benchtest.NewClient(t, cf, v.cfg), tg) }
	cases := []struct {
		name string
		o    op
	}{
		{"nethttp", opOf(nethttp, plain)},
		{"nethttp spending 300µs more", func() op {
			o := opOf(nethttp, plain)
			return func(full bool) error { procserver.Burn(extra); return o(full) }
		}()},
		{"nethttp, the server spending 300µs", opOf(nethttp, burnTarget)},
		{"nethttp, the server spending 300µs in process", opOf(nethttp, inTarget)},
		{"raw", opOf(raw, plain)},
	}
	const n = 200
	cpu := make([]time.Duration, len(cases))
	for round := range 3 {
		for i, c := range cases {
			for range 2 {
				if err := c.o(true); err != nil {
					t.Fatalf("%s: warm-up: %v", c.name, err)
				}
			}
			start := processCPU(t)
			for range n {
				if err := c.o(false); err != nil {
					t.Fatalf("%s: %v", c.name, err)
				}
			}
			if d := (processCPU(t) - start) / n; round == 0 || d < cpu[i] {
				cpu[i] = d
			}
		}
	}
	for i, c := range cases {
		t.Logf("%s: %v CPU per op", c.name, cpu[i])
	}
	base, clientBurns, serverBurns, inProcBurns, rawCPU := cpu[0], cpu[1], cpu[2], cpu[3], cpu[4]
	if clientBurns-base < extra*8/10 {
		t.Errorf("a client spending %v more per request: %v more CPU per op, want about that", extra, clientBurns-base)
	}
	if serverBurns-base > extra/2 {
		t.Errorf("a server in its own process spending %v per request: %v more CPU per op in the client's process, want much less", extra, serverBurns-base)
	}
	if inProcBurns-base < extra/2 {
		t.Errorf("a server in process spending %v per request: %v more CPU per op, want about that", extra, inProcBurns-base)
	}
	if rawCPU >= base {
		t.Errorf("raw: %v CPU per op, net/http %v: want raw's below", rawCPU, base)
	}
}
