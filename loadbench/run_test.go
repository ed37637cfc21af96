package loadbench

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchproc"

	"github.com/httpclientbench/httpclientbench/internal/cli"
	"github.com/httpclientbench/httpclientbench/internal/cpuset"
	"github.com/httpclientbench/httpclientbench/server"
)

// runLoadbench runs loadbench with args and returns its stdout.
func runLoadbench(t *testing.T, args ...string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if err := run(context.Background(), args, &stdout, &stderr); err != nil {
		t.Fatalf("loadbench %q: %v\n%s", args, err, stderr.String())
	}
	return stdout.String()
}

// parsed is a results file as benchstat's reader sees it.
type parsed struct {
	names  []string
	iters  []int
	values []map[string]float64 // by unit as written
	config map[string]string
	units  map[string]string // unit -> its better= value
}

// wantNames fails t unless the results are named want, in order.
func (p parsed) wantNames(t *testing.T, want ...string) {
	t.Helper()
	if !slices.Equal(p.names, want) {
		t.Fatalf("results %q, want %q", p.names, want)
	}
}

// allAnswered fails t unless every result answered at least once and
// had no error.
func (p parsed) allAnswered(t *testing.T) {
	t.Helper()
	for i, v := range p.values {
		if p.iters[i] < 1 || v["errors"] != 0 {
			t.Errorf("%s: %d answered, %v errors", p.names[i], p.iters[i], v["errors"])
		}
	}
}

func parse(t *testing.T, out string) parsed {
	t.Helper()
	p := parsed{config: map[string]string{}, units: map[string]string{}}
	r := benchfmt.NewReader(strings.NewReader(out), "out")
	for r.Scan() {
		switch rec := r.Result().(type) {
		case *benchfmt.SyntaxError:
			t.Fatalf("benchfmt: %v", rec)
		case *benchfmt.UnitMetadata:
			if rec.Key == "better" {
				u := rec.OrigUnit
				if u == "" {
					u = rec.Unit
				}
				p.units[u] = rec.Value
			}
		case *benchfmt.Result:
			for _, c := range rec.Config {
				p.config[c.Key] = string(c.Value)
			}
			p.names = append(p.names, string(rec.Name.Full())) // without "Benchmark"
			p.iters = append(p.iters, rec.Iters)
			v := map[string]float64{}
			for _, x := range rec.Values {
				if x.OrigUnit != "" { // benchfmt tidied it (ns → sec)
					v[x.OrigUnit] = x.OrigValue
				} else {
					v[x.Unit] = x.Value
				}
			}
			p.values = append(p.values, v)
		}
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	return p
}

// A steady run: one line per client per round in rotating order, every
// unit present with its direction, the numbers consistent with the
// schedule, and -out's results.txt the same lines.
//
// What is asserted holds however busy the machine: every due request is
// answered, failed or dropped, none fails, and no more than the offered
// rate is delivered. That the sender keeps to its schedule (drops none on
// time) is loadbench/load's to show, on its fake clock: here a sender
// descheduled past the end drops the last requests by design. One is
// answered unless the sender is held off for the whole half second, a
// liveness bound on a loop that sends every 5 ms.
func TestSteadyRun(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	// 200 req/s for 0.5 s: 100 requests due.
	out := runLoadbench(t, "-rate", "200", "-duration", "500ms", "-rounds", "2", "-clients", "nethttp,raw", "-out", dir)
	p := parse(t, out)
	for i, v := range p.values {
		if p.iters[i] < 1 || v["errors"] != 0 || float64(p.iters[i])+v["dropped"] != 100 {
			t.Errorf("%s: %d answered, %v errors, %v dropped; want 100 due, answered or dropped, none failed", p.names[i], p.iters[i], v["errors"], v["dropped"])
		}
		if v["req/s"] <= 0 || v["req/s"] > 200 {
			t.Errorf("%s: delivered %v req/s of 200 offered", p.names[i], v["req/s"])
		}
		if v["dropped"] > 0 {
			t.Logf("%s: the sender dropped %v of 100 (it was descheduled past the end)", p.names[i], v["dropped"])
		}
	}
	want := []string{
		"Load/mode=steady/rate=200/payload=json/client=nethttp",
		"Load/mode=steady/rate=200/payload=json/client=raw",
		"Load/mode=steady/rate=200/payload=json/client=raw",
		"Load/mode=steady/rate=200/payload=json/client=nethttp",
	}
	p.wantNames(t, want...)
	for _, u := range units {
		if p.units[u.name] == "" {
			t.Errorf("no Unit line for %s", u.name)
		}
	}
	for _, k := range []string{"commit", "date", "go", "machine", "loadbench", "server", "client-gomaxprocs", "pool"} {
		if p.config[k] == "" {
			t.Errorf("no %s: configuration line", k)
		}
	}
	if !strings.Contains(p.config["server"], "GOMAXPROCS") {
		t.Errorf("server: %q does not give the server's GOMAXPROCS", p.config["server"])
	}
	for i, v := range p.values {
		if len(v) != len(units) {
			t.Errorf("%s: %d units, want %d", p.names[i], len(v), len(units))
		}
		if !(v["p50-ns"] > 0 && v["p50-ns"] <= v["p99-ns"] && v["p99-ns"] <= v["max-ns"]) {
			t.Errorf("%s: percentiles out of order: %v", p.names[i], v)
		}
		if v["conns"] < 1 || v["peak-RSS-B"] < 1<<20 || v["cpu-ns/req"] <= 0 {
			t.Errorf("%s: conns %v, peak RSS %v B, CPU %v ns/req", p.names[i], v["conns"], v["peak-RSS-B"], v["cpu-ns/req"])
		}
	}
	file, err := os.ReadFile(filepath.Join(dir, "results.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if string(file) != out {
		t.Errorf("results.txt differs from stdout")
	}
	if _, err := os.Stat(filepath.Join(dir, "README.md")); err != nil {
		t.Errorf("no summary: %v", err)
	}
}

// A sweep: one line per level and client, each level's own name.
func TestSweepRun(t *testing.T) {
	t.Parallel()
	prof := t.TempDir()
	out := runLoadbench(t, "-mode", "sweep", "-inflight", "1,8", "-duration", "300ms", "-rounds", "1", "-clients", "fasthttp,resty", "-payload", "json600k", "-cpuprofile", prof)
	p := parse(t, out)
	want := []string{
		"Load/mode=sweep/inflight=1/payload=json600k/client=fasthttp",
		"Load/mode=sweep/inflight=1/payload=json600k/client=resty",
		"Load/mode=sweep/inflight=8/payload=json600k/client=fasthttp",
		"Load/mode=sweep/inflight=8/payload=json600k/client=resty",
	}
	p.wantNames(t, want...)
	p.allAnswered(t)
	for _, f := range []string{"fasthttp-1-r1.pprof", "resty-1-r1.pprof", "fasthttp-8-r1.pprof", "resty-8-r1.pprof"} {
		if st, err := os.Stat(filepath.Join(prof, f)); err != nil || st.Size() == 0 {
			t.Errorf("-cpuprofile: %s: %v", f, err)
		}
	}
}

// A target whose /stats answers 200 with JSON that is not a benchserver's
// is refused, not read as 0 connections and GOMAXPROCS 0.
func TestStatsRefusesANonBenchserver(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		io.WriteString(w, "{}")
	}))
	defer srv.Close()
	if st, err := stats(t.Context(), srv.URL); err == nil {
		t.Errorf("stats of a server answering {}: %+v, no error", st)
	}
}

// runAs runs loadbench with args, its standard output a terminal or not,
// and returns its standard output and error.
func runAs(t *testing.T, terminal bool, args ...string) (stdout, stderr string) {
	t.Helper()
	opt, err := parseFlags(args, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	opt.terminal = terminal
	var out, errs bytes.Buffer
	if err := newRunner(opt, &out, &errs).run(t.Context()); err != nil {
		t.Fatalf("loadbench %q: %v\n%s", args, err, errs.String())
	}
	return out.String(), errs.String()
}

// Where the results go (cli.Output's rule; its tests have the rest): on
// a terminal, standard output gets the load report's tables of the
// results and the results go to -o FILE, or without -o to -out's
// results.txt; piped with -o FILE, standard output gets nothing.
func TestTerminalOrPiped(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp) // where a terminal's results would go without -o or -out
	short := []string{"-rate", "100", "-duration", "300ms", "-rounds", "1"}
	// checkTable fails t unless stdout is the report's tables of the
	// results in file, which has a line for each of clients.
	checkTable := func(what, stdout, file string, clients ...string) {
		t.Helper()
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if p := parse(t, string(b)); len(p.names) != len(clients) {
			t.Errorf("%s: %d results in %s, want %d", what, len(p.names), file, len(clients))
		}
		md, err := summary(b)
		if err != nil {
			t.Fatal(err)
		}
		if want := cli.Text(md); stdout != want {
			t.Errorf("%s: standard output\n%s\nwant the report's tables of %s\n%s", what, stdout, file, want)
		}
		for _, c := range clients {
			if !strings.Contains(stdout, "\n"+c+" ") {
				t.Errorf("%s: no row for %s in\n%s", what, c, stdout)
			}
		}
	}

	file := filepath.Join(t.TempDir(), "out.txt")
	stdout, stderr := runAs(t, true, append(short, "-clients", "nethttp,raw", "-o", file)...)
	checkTable("terminal, -o", stdout, file, "nethttp", "raw")
	if !strings.HasSuffix(stderr, " are in "+file+"\n") {
		t.Errorf("terminal, -o: standard error does not name FILE:\n%s", stderr)
	}

	dir := t.TempDir()
	stdout, stderr = runAs(t, true, append(short, "-clients", "raw", "-out", dir)...)
	results := filepath.Join(dir, "results.txt")
	checkTable("terminal, -out", stdout, results, "raw")
	if !strings.HasSuffix(stderr, " are in "+results+"\n") {
		t.Errorf("terminal, -out: standard error does not name %s:\n%s", results, stderr)
	}
	if made, _ := os.ReadDir(tmp); len(made) > 0 {
		t.Errorf("terminal, -out: %d files in the temporary directory, want none", len(made))
	}

	stdout, _ = runAs(t, false, append(short, "-clients", "raw", "-o", file)...)
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if p := parse(t, string(b)); stdout != "" || len(p.names) != 1 {
		t.Errorf("piped, -o: standard output %q, %d results in FILE; want nothing and 1", stdout, len(p.names))
	}
}

// An unwritable -o fails before any client runs, as a mistake in the
// command line.
func TestUnwritableOutput(t *testing.T) {
	var stderr bytes.Buffer
	err := run(t.Context(), []string{"-clients", "raw", "-o", filepath.Join(t.TempDir(), "no-such-dir", "out.txt")}, io.Discard, &stderr)
	var usage cli.UsageError
	if !errors.As(err, &usage) || !strings.HasPrefix(err.Error(), "-o: ") {
		t.Errorf("loadbench -o in a missing directory: %v; want a usage error about -o", err)
	}
	if strings.Contains(stderr.String(), "round") {
		t.Errorf("a client ran:\n%s", stderr.String())
	}
}

// observed is what a run's observe hook saw of one client process.
type observed struct {
	name                   string
	n, gomaxprocs          int
	clientCPUs, serverCPUs []int
}

// runObserved runs loadbench with args as runAs does, and returns its
// standard output and what each client process reported of itself.
func runObserved(t *testing.T, args ...string) (string, []observed) {
	t.Helper()
	opt, err := parseFlags(args, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	var out, errs bytes.Buffer
	r := newRunner(opt, &out, &errs)
	var seen []observed
	r.observe = func(sh shape, s *sample) {
		seen = append(seen, observed{s.name, sh.n, s.rep.GOMAXPROCS, s.rep.CPUs, slices.Clone(r.serverCPUs)})
	}
	if err := r.run(t.Context()); err != nil {
		t.Fatalf("loadbench %q: %v\n%s", args, err, errs.String())
	}
	return out.String(), seen
}

// -cpus 1,2: the whole run once per count, in order, each result named
// with its -N (-1 too), which benchstat reads as /gomaxprocs; each client
// process ran on the first N CPUs with GOMAXPROCS N (as it reported
// them), and so did the server, restarted for each count; -out's
// summary has a table and a chart per count.
func TestCPUsRun(t *testing.T) {
	t.Parallel()
	all, err := cpuset.Allowed()
	if !cpuset.Supported || err != nil || len(all) < 2 {
		t.Skipf("-cpus 1,2 needs Linux and 2 CPUs (%v allowed, %v)", all, err)
	}
	dir := t.TempDir()
	out, seen := runObserved(t, "-cpus", "1,2", "-rate", "100", "-duration", "300ms", "-rounds", "1", "-clients", "raw,nethttp", "-out", dir)
	p := parse(t, out)
	want := []string{
		"Load/mode=steady/rate=100/payload=json/client=raw-1",
		"Load/mode=steady/rate=100/payload=json/client=nethttp-1",
		"Load/mode=steady/rate=100/payload=json/client=raw-2",
		"Load/mode=steady/rate=100/payload=json/client=nethttp-2",
	}
	p.wantNames(t, want...)
	p.allAnswered(t)
	if len(seen) != len(want) {
		t.Fatalf("%d client processes seen, want %d", len(seen), len(want))
	}
	for _, s := range seen {
		first := all[:s.n]
		if !strings.HasSuffix(s.name, fmt.Sprintf("-%d", s.n)) || s.gomaxprocs != s.n || !slices.Equal(s.clientCPUs, first) || !slices.Equal(s.serverCPUs, first) {
			t.Errorf("%s: the client ran on CPUs %v with GOMAXPROCS %d, the server on %v; want both on %v, GOMAXPROCS %d", s.name, s.clientCPUs, s.gomaxprocs, s.serverCPUs, first, s.n)
		}
	}
	// benchstat's /gomaxprocs, which -col /gomaxprocs puts side by side.
	var pp benchproc.ProjectionParser
	procs, err := pp.Parse("/gomaxprocs", nil)
	if err != nil {
		t.Fatal(err)
	}
	var cols []string
	for _, n := range p.names {
		cols = append(cols, procs.Project(&benchfmt.Result{Name: benchfmt.Name(n)}).StringValues())
	}
	if want := []string{"1", "1", "2", "2"}; !slices.Equal(cols, want) {
		t.Errorf("benchstat's /gomaxprocs of the results: %q, want %q", cols, want)
	}
	// One configuration for every count: benchstat would put a count
	// whose lines differ in a table of its own.
	if !strings.Contains(p.config["loadbench"], " cpus=1,2") || p.config["cpus"] != "-1 (client and server share CPU "+strconv.Itoa(all[0])+"), -2 (client and server share CPUs "+cpuList(all[:2])+")" {
		t.Errorf("configuration: loadbench %q, cpus %q", p.config["loadbench"], p.config["cpus"])
	}
	if n := strings.Count(out, "\ncpus: "); n != 1 {
		t.Errorf("%d cpus: lines, want 1 (the configuration does not change between counts)", n)
	}
	md, err := os.ReadFile(filepath.Join(dir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{
		"## steady, 100 req/s offered, payload json, on 1 CPU\n\n![steady, 100 req/s offered, payload json, on 1 CPU: latency by percentile](steady-rate100-json-cpus1.svg)",
		"## steady, 100 req/s offered, payload json, on 2 CPUs\n\n![steady, 100 req/s offered, payload json, on 2 CPUs: latency by percentile](steady-rate100-json-cpus2.svg)",
	} {
		if !strings.Contains(string(md), w) {
			t.Errorf("the summary lacks %q:\n%s", w, md)
		}
	}
	if n := strings.Count(string(md), "\n| raw (floor) |"); n != 2 {
		t.Errorf("the summary has %d raw rows, want one per count", n)
	}
	for _, f := range []string{"steady-rate100-json-cpus1.svg", "steady-rate100-json-cpus2.svg"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("chart: %v", err)
		}
	}
}

// -cpus with -target: the clients run on the first N CPUs whole, and the
// server, not loadbench's, is left where it is.
func TestCPUsTarget(t *testing.T) {
	t.Parallel()
	all, err := cpuset.Allowed()
	if !cpuset.Supported || err != nil || len(all) < 2 {
		t.Skipf("-cpus 2 needs Linux and 2 CPUs (%v allowed, %v)", all, err)
	}
	srv, err := server.Start()
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	out, seen := runObserved(t, "-target", srv.URL(), "-cpus", "2", "-rate", "100", "-duration", "300ms", "-rounds", "1", "-clients", "raw")
	p := parse(t, out)
	p.wantNames(t, "Load/mode=steady/rate=100/payload=json/client=raw-2")
	if s := seen[0]; s.gomaxprocs != 2 || !slices.Equal(s.clientCPUs, all[:2]) || s.serverCPUs != nil {
		t.Errorf("the client ran on CPUs %v with GOMAXPROCS %d (want %v and 2); server CPUs %v, want none read", s.clientCPUs, s.gomaxprocs, all[:2], s.serverCPUs)
	}
	if !strings.Contains(p.config["server"], "-cpus restricts only the client processes") || !strings.Contains(p.config["cpus"], "server not restricted (-target)") {
		t.Errorf("configuration: server %q, cpus %q", p.config["server"], p.config["cpus"])
	}
}

// -out's results, summary and charts are replaced all or none: with the
// summary's place taken by a directory, an earlier run's results.txt
// stays as it was, and the finished runs are kept beside it.
func TestOutAllOrNone(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	results := filepath.Join(dir, "results.txt")
	os.WriteFile(results, []byte("earlier\n"), 0o644)
	os.Mkdir(filepath.Join(dir, "README.md"), 0o755)
	var stdout, stderr bytes.Buffer
	args := []string{"-rate", "100", "-duration", "200ms", "-rounds", "1", "-clients", "raw", "-out", dir}
	err := run(context.Background(), args, &stdout, &stderr)
	if err == nil || !strings.Contains(err.Error(), "is a directory") {
		t.Fatalf("loadbench -out with README.md a directory: %v\n%s", err, stderr.String())
	}
	if b, _ := os.ReadFile(results); string(b) != "earlier\n" {
		t.Errorf("results.txt %q, want the earlier run's", b)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "results.partial.txt")); err != nil || !strings.Contains(string(b), "client=raw") {
		t.Errorf("results.partial.txt: %v %q, want the finished run", err, b)
	}
}
