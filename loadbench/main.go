// Package loadbench is the load mode: cmd/loadbench, and Main for a
// program of your own that runs it with your client among the defaults.
// It puts each HTTP client under load in a process of its
// own and reports what a service owner asks of a client: at a steady rate,
// what are p50, p99 and the slowest request, how much memory and CPU does
// the client use and how late does the rest of the program run; above what
// the machine can serve, does it queue, fail or open connections without
// bound; and how do throughput and p99 move with the requests in flight.
//
//	go run ./cmd/loadbench                                   # steady 2000 req/s, 5 s, 5 rounds
//	go run ./cmd/loadbench -mode sweep -inflight 50,100,200,500
//	go run ./cmd/loadbench -mode overload -rate 200000
//	go run ./cmd/loadbench -payload json600k -out docs/load/json600k
//
// Modes:
//
//   - steady (-rate R -duration D): open loop. Request i is due at
//     t0 + i/R whether or not earlier ones have finished, and its latency
//     runs from its due time (as wrk2 measures; see package
//     loadbench/load). At most -max-inflight requests run at once: a due
//     request waits for a slot, the wait counting in its latency, and one
//     still waiting at the end is dropped. Each client's idle pool is at
//     least -max-inflight (the suite's fairness rule).
//   - sweep (-inflight 50,100,200,500 -duration D): closed loop, that many
//     requests in flight for D per level; the pool is at least the level.
//   - overload (-rate R): the steady loop with each library's own default
//     connection limits (see clients.Config.LibraryPool), to show which
//     clients queue, which fail fast and which open connections without
//     bound. -maxconns N caps every client's connections, its library's
//     way.
//
// Each client runs in a fresh process (this program, started again), so
// its peak RSS and CPU time (from the process's rusage) are its own; the
// server runs in another process: the benchserver code started by
// loadbench, or -target, a running cmd/benchserver (loopback only unless
// -allow-remote). Rounds (-rounds) run every client once, in an order
// that rotates from round to round; each round is one sample per client.
//
// Output: Go benchmark format, written by golang.org/x/perf/benchfmt.Writer,
// on stdout (or in -o FILE instead), for go tool benchstat: unit metadata (Unit req/s
// better=higher…), configuration lines (commit, date, go, machine,
// loadbench's settings, pool, server…) and one line per client per round,
//
//	BenchmarkLoad/mode=steady/rate=2000/payload=json/client=nethttp 10000 2000 req/s 412000 p50-ns …
//
// with the iteration count the requests answered correctly and the units
// req/s (delivered), p50-ns, p90-ns, p95-ns, p99-ns, p99.9-ns, max-ns
// (latency of the correct answers), errors (failed requests) and
// errors-CLASS per class, dropped, peak-RSS-B, cpu-ns/req (the process's
// CPU time over its correct answers; left out when there were none), sched-p99-ns (Go's scheduling
// latency, /sched/latencies:seconds), tick-late-p99-ns (how late a 10 ms
// ticker goroutine ran), conns (connections the server accepted during
// the run) and gc-cycles. Where stdout is a terminal it gets the load
// report's tables instead (report.Summary), and the lines go to -o
// FILE, to -out's results.txt or to a new file in the temporary directory,
// named on stderr (cli.Output). -out DIR also writes DIR/results.txt (the
// same lines), DIR/README.md (tables) and SVG charts. The report
// generator writes them again from each DIR/results.txt and rewrites a
// page's load blocks (<!-- loadreport:table dir=… -->):
//
//	go run ./cmd/benchreport -load 'docs/load/*' -readme docs/load.md
//
// -cpuprofile DIR writes a CPU profile of every client process's run
// (go tool pprof -top DIR/fasthttp-50-r1.pprof): where a client's CPU goes
// under load, loadbench's own share included.
//
// -cpus 2,4,8 (Linux) does the whole run once per count N as on an N-CPU
// machine: on the first N CPUs, from 4 on the started benchserver on the
// second half and each client process on the first, below 4 both on all
// N, each process's GOMAXPROCS the number of its CPUs (with -target only
// the clients are restricted). Each result's name ends in -N, go test's
// GOMAXPROCS suffix (go tool benchstat -col /gomaxprocs), naming the
// machine's shape rather than the client's GOMAXPROCS.
//
// Every run is bounded: -duration (at most 10 minutes) per client, -rate
// (at most load.MaxRate, one request per nanosecond), each request's
// -timeout, -max-inflight, -max-requests; a client process that
// overstays its run (-duration, twice -timeout and a minute to start and
// report) is killed. Mistakes in the command line exit with status 2 and
// run nothing.
package loadbench

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"

	"github.com/httpclientbench/httpclientbench/clients"
	_ "github.com/httpclientbench/httpclientbench/clients/all" // the adapters of the clients it can load with
	"github.com/httpclientbench/httpclientbench/internal/cli"
	"github.com/httpclientbench/httpclientbench/server/benchserver"
)

// Main is the loadbench command with the suite's HTTP/1.1 clients and
// brought, clients of your own (HTTP/1.1, cleartext: the load mode's
// protocol), which run by default beside them and can be named with
// -clients. A main package that calls it is a loadbench with your client:
//
//	func main() { loadbench.Main(clients.TunedNetHTTP("mine", tune)) }
//
// It never returns: it exits with loadbench's status. It must be the
// first thing main does, for loadbench starts the program again as the
// processes of a run (a client's, the server's) and Main is where they
// begin. A brought name that is empty or already taken exits with status
// 2 before anything runs.
func Main(brought ...clients.Factory) {
	if err := bring(brought); err != nil {
		fmt.Fprintln(os.Stderr, "loadbench:", err)
		os.Exit(2)
	}
	if code, ok := runRole(); ok {
		os.Exit(code)
	}
	cli.Main("loadbench", run)
}

// bring adds brought to factories and DefaultClients.
func bring(brought []clients.Factory) error {
	for _, f := range brought {
		if f.Name == "" || f.New == nil {
			return fmt.Errorf("a brought client needs a Name and a New (got %q)", f.Name)
		}
		if _, err := lookupClient(f.Name); err == nil {
			return fmt.Errorf("a brought client is named %s, as one loadbench already runs", f.Name)
		}
		if strings.ContainsAny(f.Name, ", /=") {
			return fmt.Errorf("a brought client's name %q has a comma, space, slash or '=' (it is a -clients item and a benchmark name's value)", f.Name)
		}
		factories = append(slices.Clip(factories), f)
		DefaultClients = append(slices.Clip(DefaultClients), f.Name)
	}
	return nil
}

// runRole runs this process as the client or server process loadbench
// started, if it is one (roleEnv), and returns its exit code.
func runRole() (code int, ok bool) {
	var err error
	switch os.Getenv(roleEnv) {
	case roleClient:
		err = runClient(os.Stdin, os.Stdout)
	case roleServer:
		ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
		err = benchserver.Run(ctx, os.Args[1:], os.Stdout, os.Stderr)
		stop()
	default:
		return 0, false
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "loadbench %s: %v\n", os.Getenv(roleEnv), err)
		return 1, true
	}
	return 0, true
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	opt, err := parseFlags(args, stderr)
	if err != nil {
		return err
	}
	opt.terminal = cli.IsTerminal(stdout)
	return newRunner(opt, stdout, stderr).run(ctx)
}
