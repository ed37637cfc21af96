package suite

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/valyala/fasthttp"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/clients/clienttest"
	"github.com/httpclientbench/httpclientbench/server"
	"github.com/httpclientbench/httpclientbench/server/proc"
	"github.com/httpclientbench/httpclientbench/server/servertest"
)

// TestProcessRows: every server=process leaf runs its ops, fully checked,
// against a child server, as TestScenarios does for the loopback rows;
// every family of the README's headline has them, each named as its
// loopback row with the level first. The h2c leaves of a window share a
// child (procServers.shareH2C), as the other leaves of a protocol do.
func TestProcessRows(t *testing.T) {
	t.Parallel()
	procs := &procServers{tb: t, shareH2C: true}
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
			runVariants(t, underRace(rows), 0, func(t *testing.T, v variant, cf clients.Factory) {
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
		o := v.op(clienttest.New(t, cf, clients.Config{Fresh: true}), tg)
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
	burning := startChild(t, proc.Spec{Proto: proc.H1, Burn: extra})
	burnTarget := target{base: burning.URL, proto: 1, opened: counted(&burning.Counters.Accepted)}
	inProcess := servertest.Start(t, server.WithHandler(func(ctx *fasthttp.RequestCtx) {
		proc.Burn(extra)
		server.Handler(ctx)
	}))
	inTarget := target{base: inProcess.URL(), proto: 1, opened: inProcess.Opened}
	nethttp, raw := h1Clients[slices.IndexFunc(h1Clients, named("nethttp"))], h1Clients[slices.IndexFunc(h1Clients, named("raw"))]

	opOf := func(cf clients.Factory, tg target) op { return v.op(clienttest.New(t, cf, v.cfg), tg) }
	cases := []struct {
		name string
		o    op
	}{
		{"nethttp", opOf(nethttp, plain)},
		{"nethttp spending 300µs more", func() op {
			o := opOf(nethttp, plain)
			return func(full bool) error { proc.Burn(extra); return o(full) }
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

// seq is the CPUs from through to, in order.
func seq(from, to int) []int {
	var cpus []int
	for c := from; c <= to; c++ {
		cpus = append(cpus, c)
	}
	return cpus
}

// TestSplitCPUs: the split of each machine shape, on any machine: none by
// default under 4 CPUs, halves from 4 on (the server the larger with an
// odd count), by position in the list, not by CPU number (an affinity mask
// need not start at 0 or be contiguous); pin=on splits 2 and 3 CPUs, never
// 1; pin=off never splits; any other value is an error, whatever the
// CPUs. A split gives client and server each a CPU, none in both, and
// together every CPU of the list in its order, which pinClient's plan
// (clientPin) pins and restores.
func TestSplitCPUs(t *testing.T) {
	for _, c := range []struct {
		name           string
		all            []int
		pin            string
		client, server []int
		bad            bool
	}{
		{name: "2 CPUs", all: seq(0, 1)},
		{name: "3 CPUs", all: seq(0, 2)},
		{name: "4 CPUs", all: seq(0, 3), client: []int{0, 1}, server: []int{2, 3}},
		{name: "5 CPUs", all: seq(0, 4), client: []int{0, 1}, server: []int{2, 3, 4}},
		{name: "8 CPUs", all: seq(0, 7), client: []int{0, 1, 2, 3}, server: []int{4, 5, 6, 7}},
		{name: "16 CPUs", all: seq(0, 15), client: seq(0, 7), server: seq(8, 15)},
		{name: "even CPUs", all: []int{0, 2, 4, 6}, client: []int{0, 2}, server: []int{4, 6}},
		{name: "CPUs 8 to 23", all: seq(8, 23), client: seq(8, 15), server: seq(16, 23)},
		{name: "gaps, odd count", all: []int{1, 3, 4, 9, 12}, client: []int{1, 3}, server: []int{4, 9, 12}},
		{name: "1 CPU", all: []int{0}},
		{name: "unreadable"},
		{name: "on, 2 CPUs", all: seq(0, 1), pin: "on", client: []int{0}, server: []int{1}},
		{name: "on, 3 CPUs", all: seq(0, 2), pin: "on", client: []int{0}, server: []int{1, 2}},
		{name: "on, CPUs 5 and 7", all: []int{5, 7}, pin: "on", client: []int{5}, server: []int{7}},
		{name: "on, 16 CPUs", all: seq(0, 15), pin: "on", client: seq(0, 7), server: seq(8, 15)},
		{name: "on, 1 CPU", all: []int{0}, pin: "on"},
		{name: "on, unreadable", pin: "on"},
		{name: "off, 2 CPUs", all: seq(0, 1), pin: "off"},
		{name: "off, 16 CPUs", all: seq(0, 15), pin: "off"},
		{name: "yes, 16 CPUs", all: seq(0, 15), pin: "yes", bad: true},
		{name: "ON, 16 CPUs", all: seq(0, 15), pin: "ON", bad: true},
		{name: "1, 2 CPUs", all: seq(0, 1), pin: "1", bad: true},
		{name: "space, 1 CPU", all: []int{0}, pin: " ", bad: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			all := slices.Clone(c.all)
			client, server, err := splitCPUs(all, c.pin)
			if !slices.Equal(all, c.all) {
				t.Errorf("the list changed to %v", all)
			}
			if c.bad {
				if err == nil || !strings.Contains(err.Error(), pinEnv) || !strings.Contains(err.Error(), strconv.Quote(c.pin)) {
					t.Errorf("%s=%q: error %v; want one naming the variable and its value", pinEnv, c.pin, err)
				}
				if client != nil || server != nil {
					t.Errorf("%s=%q: client %v, server %v with the error; want neither", pinEnv, c.pin, client, server)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(client, c.client) || !slices.Equal(server, c.server) || (client == nil) != (c.client == nil) || (server == nil) != (c.server == nil) {
				t.Fatalf("client %v, server %v; want %v, %v", client, server, c.client, c.server)
			}
			pin, restore := clientPin(cpus{client, server})
			if client == nil {
				if pin != nil || restore != nil {
					t.Errorf("unsplit: clientPin pins %v and restores %v; want neither", pin, restore)
				}
				return
			}
			if len(client) == 0 || len(server) == 0 {
				t.Errorf("client %v, server %v: want a CPU each", client, server)
			}
			for _, cpu := range client {
				if slices.Contains(server, cpu) {
					t.Errorf("CPU %d is both the client's and the server's", cpu)
				}
			}
			if whole := slices.Concat(client, server); !slices.Equal(whole, all) {
				t.Errorf("client %v and server %v together are %v; want the list, %v", client, server, whole, all)
			}
			if !slices.Equal(pin, client) || !slices.Equal(restore, all) {
				t.Errorf("clientPin pins %v and restores %v; want %v, then %v", pin, restore, client, all)
			}
			first := server[0]
			_ = append(client, -1)
			if server[0] != first {
				t.Errorf("an append to client wrote server: %v", server)
			}
		})
	}
}

// TestCPUSplitReadsThisProcess: cpuSplit is splitCPUs of this process's CPUs
// and pinEnv, and serverCPUs its server set.
func TestCPUSplitReadsThisProcess(t *testing.T) {
	all, err := proc.CPUs()
	if err != nil {
		all = nil
	}
	client, server, wantErr := splitCPUs(all, os.Getenv(pinEnv))
	got, err := cpuSplit()
	if (err == nil) != (wantErr == nil) || !slices.Equal(got.client, client) || !slices.Equal(got.server, server) {
		t.Fatalf("cpuSplit: %v, %v, %v; want %v, %v, %v", got.client, got.server, err, client, server, wantErr)
	}
	if err == nil && !slices.Equal(serverCPUs(t), server) {
		t.Errorf("serverCPUs %v; want %v", serverCPUs(t), server)
	}
	t.Logf("CPUs %v, %s=%q: client %v, server %v", all, pinEnv, os.Getenv(pinEnv), client, server)
}

// underRace is the rows a test runs when the race detector is on, as
// .ci/run's second pass does: the family's first row alone, where the
// test's rows are every row of the family again (the server=process and
// net= rows, the faults). The race detector finds a race only between
// goroutines of this process, on code they run, and the rows of a family
// run the same code: they differ by sizes, windows and settings. What
// these tests run beyond TestScenarios, which runs every loopback row under
// -race too, is code that is the same for every row of a family: the
// child server's start and its connection count, the emulated path and
// its dialers, a faulty server and the clients' error paths. The run
// without -race runs every row of each (.ci/run runs both).
func underRace(rows []variant) []variant {
	if raceDetector && len(rows) > 1 {
		return rows[:1]
	}
	return rows
}
