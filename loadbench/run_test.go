package loadbench

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/perf/benchfmt"

	"github.com/httpclientbench/httpclientbench/internal/cli"
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
// time) is internal/load's to show, on its fake clock: here a sender
// descheduled past the end drops the last requests by design. One is
// answered unless the sender is held off for the whole half second, a
// liveness bound on a loop that sends every 5 ms.
func TestSteadyRun(t *testing.T) {
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
	if !slices.Equal(p.names, want) {
		t.Fatalf("results %q, want %q", p.names, want)
	}
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
	prof := t.TempDir()
	out := runLoadbench(t, "-mode", "sweep", "-inflight", "1,8", "-duration", "300ms", "-rounds", "1", "-clients", "fasthttp,resty", "-payload", "json600k", "-cpuprofile", prof)
	p := parse(t, out)
	want := []string{
		"Load/mode=sweep/inflight=1/payload=json600k/client=fasthttp",
		"Load/mode=sweep/inflight=1/payload=json600k/client=resty",
		"Load/mode=sweep/inflight=8/payload=json600k/client=fasthttp",
		"Load/mode=sweep/inflight=8/payload=json600k/client=resty",
	}
	if !slices.Equal(p.names, want) {
		t.Fatalf("results %q, want %q", p.names, want)
	}
	for i, v := range p.values {
		if p.iters[i] < 1 || v["errors"] != 0 {
			t.Errorf("%s: %d answered, %v errors", p.names[i], p.iters[i], v["errors"])
		}
	}
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
