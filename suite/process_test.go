package suite

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/valyala/fasthttp"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/fixtures"
	"github.com/httpclientbench/httpclientbench/internal/benchtest"
	"github.com/httpclientbench/httpclientbench/internal/procserver"
)

// TestProcessRows: every server=process leaf runs its ops, fully checked,
// against its child server, as TestScenarios does for the loopback rows;
// every family of the README's headline has them, each named as its
// loopback row with the level first.
func TestProcessRows(t *testing.T) {
	procs := &procServers{tb: t}
	for _, f := range Families {
		if !f.process {
			continue
		}
		rows := f.processRows()
		if len(rows) != len(f.variants) {
			t.Errorf("%s: %d server=process rows for %d loopback rows", f.name, len(rows), len(f.variants))
		}
		for i, v := range rows {
			if want := append([]string{ProcessLevel}, f.variants[i].levels...); !slices.Equal(v.levels, want) {
				t.Errorf("%s: levels %v, want %v", f.name, v.levels, want)
			}
		}
		t.Run(f.name, func(t *testing.T) {
			runVariants(t, rows, 0, func(t *testing.T, v variant, cf clients.Factory) {
				if err := scenarioOps(t, v, cf, procs.target(t, v)); err != nil {
					t.Fatal(err)
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
	v := Pool.processRows()[0] // proto=h1/conn=pooled
	if !strings.Contains(strings.Join(v.levels, "/"), "conn=pooled") {
		t.Fatalf("Pool's first row is %v, not a pooled one", v.levels)
	}
	tg := procs.target(t, v)
	for _, cf := range v.clients[:1] {
		o := v.op(benchtest.NewClient(t, cf, clients.Config{Fresh: true}), tg)
		var err error
		for i := 0; i < reuseOps && err == nil; i++ {
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
// on every request shows it; a server that does shows it in process, and
// apart only the client's wait for it; and raw, the minimal client, takes less than
// net/http. Each is the fewest CPU nanoseconds per op of three rounds of
// the cases in turn, so that a moment of the machine's is no case's alone;
// every bound has a margin of half the known cost or more.
func TestCPUPerOpIsTheClients(t *testing.T) {
	const extra = 300 * time.Microsecond
	procs := &procServers{tb: t}
	v := H1GetBytes.processRows()[0]
	plain := procs.target(t, v)
	burning := startChild(t, procserver.Spec{Proto: procserver.H1, Burn: extra})
	burnTarget := target{base: burning.URL, proto: 1, opened: counted(&burning.Counters.Accepted)}
	inProcess := benchtest.Start(t, fixtures.WithHandler(func(ctx *fasthttp.RequestCtx) {
		procserver.Burn(extra)
		fixtures.Handler(ctx)
	}))
	inTarget := target{base: inProcess.URL(), proto: 1, opened: inProcess.Opened}
	nethttp, raw := h1Clients[slices.IndexFunc(h1Clients, named("nethttp"))], h1Clients[slices.IndexFunc(h1Clients, named("raw"))]

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
	// The client waits as long for either burning server, and waiting
	// costs CPU (more on a busy machine, and under -race: 201µs once), so
	// the bound is on the difference: in process the burn's own CPU is on
	// top of the wait, apart it is not.
	if inProcBurns-serverBurns < extra/2 {
		t.Errorf("a server spending %v per request: %v more CPU per op in the client's process when it runs in its own process, %v more in process; want the burn in process only",
			extra, serverBurns-base, inProcBurns-base)
	}
	if inProcBurns-base < extra/2 {
		t.Errorf("a server in process spending %v per request: %v more CPU per op, want about that", extra, inProcBurns-base)
	}
	if rawCPU >= base {
		t.Errorf("raw: %v CPU per op, net/http %v: want raw's below", rawCPU, base)
	}
}
