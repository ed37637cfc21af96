package suite

import (
	"flag"
	"net/http"
	"os"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/valyala/fasthttp"

	"github.com/httpclientbench/httpclientbench/clients"
	_ "github.com/httpclientbench/httpclientbench/clients/all" // every row's client
	"github.com/httpclientbench/httpclientbench/clients/clienttest"
	"github.com/httpclientbench/httpclientbench/internal/testkit"
	"github.com/httpclientbench/httpclientbench/server"
	"github.com/httpclientbench/httpclientbench/server/servertest"
)

// TestMain fails the run if a server or client goroutine outlives the
// tests. It runs up to leavesParallel parallel tests at once unless
// -test.parallel says otherwise: the parallel ones (TestNetRows' leaves,
// TestValidationCatchesBadAnswers' faults) wait on their paths and
// servers as much as they compute, and none measures time or CPU (those
// that do, TestCPUPerOpIsTheClients, are not parallel, and run before
// any parallel test does).
func TestMain(m *testing.M) {
	testkit.DefaultParallel(leavesParallel)
	testkit.VerifyTestMain(m)
}

// leavesParallel is how many parallel tests run at once: each has
// servers, or a path and a server, of its own.
const leavesParallel = 8

// TestScenarios runs a few ops of every benchmark leaf with full
// validation, enough for the row's connection rule to be checked (a pooled
// row does not open a connection on each of reuseStreak ops in a row after
// its first reuseGrace ops). Its leaves share servers, so they run one
// after the other, but beside the other tests that have servers of their
// own: none of them measures time. Under -race it runs alone, before them:
// its h2 rows with a 64 KiB window wait on a window update per 64 KiB, and
// with the race detector's cost and eight tests beside it those waits took
// 77 s of H2Download's time where alone it takes 7 s.
func TestScenarios(t *testing.T) {
	if !raceDetector {
		t.Parallel()
	}
	s := defaultServers(t, Families...)
	for _, f := range Families {
		t.Run(f.name, func(t *testing.T) {
			eachLeaf(t, f, func(t *testing.T, v variant, cf clients.Factory) {
				// The server first: cleanups run last-in first-out.
				if err := scenarioOps(t, v, cf, s.target(t, v)); err != nil {
					t.Fatal(err)
				}
			})
		})
	}
}

// TestOneAttemptPerRequest: no client retries, so a failed request costs one
// request and fails. retryablehttp retries 5xx by default and fasthttp
// retries a GET whose connection breaks; the suite turns both off.
func TestOneAttemptPerRequest(t *testing.T) {
	for _, tc := range []struct {
		name   string
		answer func(ctx *fasthttp.RequestCtx)
	}{
		{"status_503", func(ctx *fasthttp.RequestCtx) { ctx.Error("unavailable", http.StatusServiceUnavailable) }},
		{"conn_closed", func(ctx *fasthttp.RequestCtx) { ctx.Conn().Close() }},
	} {
		var hits atomic.Int64
		srv := servertest.Start(t, server.WithHandler(func(ctx *fasthttp.RequestCtx) {
			hits.Add(1)
			tc.answer(ctx)
		}))
		for _, cf := range clients.HTTP1 {
			t.Run(tc.name+"/client="+cf.Name, func(t *testing.T) {
				c := clienttest.New(t, cf, clients.Config{})
				hits.Store(0)
				m, _, err := c.GetBytes(srv.URL() + "/json")
				if err == nil && m.Status == http.StatusOK {
					t.Errorf("got status %d and no error", m.Status)
				}
				if n := hits.Load(); n != 1 {
					t.Errorf("server saw %d attempts, want 1", n)
				}
			})
		}
	}
}

// TestH2ConcurrentSharesOneConnection: once the first op has opened its
// connection, BenchmarkH2Concurrent's 10 requests are multiplexed over that
// one TCP connection, for every HTTP/2 client: no later op opens one,
// except that the second or third op may open one, once. (net/http's h2c
// transport hands a new connection to a request a moment before its pool
// has it, and on a busy machine the next op can dial in that moment, as
// reuseGrace says: it failed here once in 20 runs beside a second go test
// ./...). A client that did not multiplex fails the op itself, whose
// check wants one connection open; this test adds that no later op
// replaces the connection.
func TestH2ConcurrentSharesOneConnection(t *testing.T) {
	v := H2Concurrent.variants[0]
	for _, cf := range v.clients {
		t.Run("client="+cf.Name, func(t *testing.T) {
			var conns servertest.Conns
			srv := servertest.StartH2C(t, *v.cfg.H2C, servertest.WithConns(&conns))
			tg := target{base: srv.URL(), proto: 2, conns: conns.Open}
			o := v.op(clienttest.New(t, cf, v.cfg), tg)
			if err := o(true); err != nil { // opens the connection
				t.Fatalf("first op: %v", err)
			}
			moment := false // the one dial allowed, at op 2 or 3
			for i := range 20 {
				op := i + 2
				before := conns.Opened()
				if err := o(true); err != nil {
					t.Fatalf("op %d: %v", op, err)
				}
				switch n := conns.Opened() - before; {
				case n == 1 && op <= 3 && !moment:
					moment = true
					t.Logf("op %d opened a connection: the pool's moment", op)
				case n > 0:
					t.Errorf("op %d's 10 concurrent requests opened %d connections, want them multiplexed on the open one", op, n)
				}
			}
			if conns.Open() < 1 {
				t.Errorf("no connection open after 21 ops, want the multiplexed one kept")
			}
		})
	}
}

// TestLevelsAreContiguous: in every family, the variants that share a
// prefix of levels are next to each other, so each level's sub-benchmark
// runs once; otherwise the testing package names the second run of a
// level "chunks=1#01" and the leaf has a name no results file expects.
func TestLevelsAreContiguous(t *testing.T) {
	for _, f := range Families {
		done := map[string]bool{} // prefixes whose group has ended
		var prev []string
		for _, v := range f.all() {
			for d := 1; d <= len(v.levels); d++ {
				p := strings.Join(v.levels[:d], "/")
				if len(prev) >= d && strings.Join(prev[:d], "/") == p {
					continue
				}
				if done[p] {
					t.Errorf("%s: the variants under %s are not next to each other", f.name, p)
				}
			}
			for d := 1; d <= len(prev); d++ {
				if len(v.levels) < d || strings.Join(prev[:d], "/") != strings.Join(v.levels[:d], "/") {
					done[strings.Join(prev[:d], "/")] = true
				}
			}
			prev = v.levels
		}
	}
}

func TestParseTarget(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{"http://127.0.0.1:8080", "http://127.0.0.1:8080", true},
		{"http://127.0.0.1:8080/", "http://127.0.0.1:8080", true},
		{"http://[::1]:9000", "http://[::1]:9000", true},
		{"https://127.0.0.1:8080", "", false},
		{"127.0.0.1:8080", "", false},
		{"http://127.0.0.1", "", false},
		{"http://127.0.0.1:8080/json", "", false},
		{"http://user@127.0.0.1:8080", "", false},
		{"http://127.0.0.1:8080?x=1", "", false},
		{"http://%zz", "", false},
	} {
		got, err := parseTarget(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("parseTarget(%q) = %q, %v; want %q, ok=%v", tc.in, got, err, tc.want, tc.ok)
		}
	}
}

// TestLevelUnderFamilies: -bench=net=wan becomes -bench=/net=wan, and
// -bench=server=process -bench=/server=process; a pattern that does not
// start with an opt-in level is left as it is.
func TestLevelUnderFamilies(t *testing.T) {
	f := flag.Lookup("test.bench")
	old := f.Value.String()
	t.Cleanup(func() { f.Value.Set(old) })
	for _, tc := range []struct{ in, want string }{
		{"net=wan", "/net=wan"},
		{"net=(wan|lossy)/size=1MiB", "/net=(wan|lossy)/size=1MiB"},
		{"/net=wan", "/net=wan"},
		{"Pool/net=lan", "Pool/net=lan"},
		{"server=process", "/server=process"},
		{"server=process/buf=fresh/client=raw", "/server=process/buf=fresh/client=raw"},
		{"H1GetBytes/server=process", "H1GetBytes/server=process"},
		{".", "."},
		{"H1GetBytes", "H1GetBytes"},
	} {
		f.Value.Set(tc.in)
		p, ok := LevelUnderFamilies()
		if got := f.Value.String(); got != tc.want || ok != (tc.in != tc.want) || (ok && p != tc.want) {
			t.Errorf("-bench=%s: now %q (reported %q, %v), want %q", tc.in, got, p, ok, tc.want)
		}
	}
}

func TestLinuxPortsParses(t *testing.T) {
	ports, _, ok := linuxPorts()
	if _, err := os.Stat("/proc/sys/net/ipv4/ip_local_port_range"); err != nil {
		t.Skip("no Linux /proc here")
	}
	if !ok || ports < 1000 {
		t.Fatalf("linuxPorts() = %d ports, ok=%v", ports, ok)
	}
}

// eachLeaf runs leaf for every variant × client of f's in-process rows,
// as nested sub-tests named level/level/client=name.
func eachLeaf(t *testing.T, f Family, leaf func(*testing.T, variant, clients.Factory)) {
	runVariants(t, f.variants, 0, leaf)
}
