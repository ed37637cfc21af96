package report

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/testkit"
)

var update = flag.Bool("update", false, "rewrite the golden files")

var modes = []string{Steady, Overload, Sweep}

// recordedClients are the clients testdata/load/*/results.txt were
// recorded with, in the registry's table order; a client added to the
// registry since has no rows there.
var recordedClients = []string{"nethttp", "fasthttp", "resty", "retryablehttp", "raw"}

// checkGolden is testkit.Check with this package's -update flag.
func checkGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	testkit.Golden(t, path, got, *update)
}

// writeDir copies testdata/load/MODE/results.txt into a new directory,
// writes the report there, and returns the directory.
func writeDir(t *testing.T, mode string) string {
	t.Helper()
	dir := t.TempDir()
	testkit.CopyFile(t, filepath.Join("testdata", "load", mode, ResultsFile), filepath.Join(dir, ResultsFile))
	if err := WriteDir(filepath.Join(dir, ResultsFile), dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestGolden writes each mode's report and compares its Markdown with the
// golden file; the charts it links to are well-formed SVG naming every
// client recorded.
func TestGolden(t *testing.T) {
	wants := map[string][]string{
		Steady: {"## steady, 2,000 req/s offered, payload json", "| raw (floor) |", "median of 3 rounds per cell",
			"From [results.txt](results.txt)", "commit `0a0df36c1d2e`", "machine 2 CPUs, 24 GiB (AMD EPYC 7B13, linux/amd64)",
			"loadbench `mode=steady rate=2000", "server benchserver (own process), GOMAXPROCS 2", "p99: median (min–max over rounds)"},
		Overload: {"(25 timeout, 6 pool)", "| 11,850 (11,506–11,993) |", "1.04 s"},
		Sweep:    {"| client | 1 in flight | 10 | 100 | 1000 |", "(p99 163 ms, 1 error)", "8.8 MiB, 20.6 µs"},
	}
	for _, mode := range modes {
		t.Run(mode, func(t *testing.T) {
			dir := writeDir(t, mode)
			got, err := os.ReadFile(filepath.Join(dir, ReportFile))
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, filepath.Join("testdata", mode+".golden.md"), got)
			for _, w := range wants[mode] {
				if !bytes.Contains(got, []byte(w)) {
					t.Errorf("report lacks %q", w)
				}
			}
			svgs := svgFiles(t, dir)
			if len(svgs) == 0 {
				t.Fatal("no chart")
			}
			for _, name := range svgs {
				if !bytes.Contains(got, []byte("]("+name+")")) {
					t.Errorf("the report does not link %s", name)
				}
				checkSVG(t, filepath.Join(dir, name), recordedClients)
			}
		})
	}
}

// TestDeterministic: writing a report twice gives the same bytes, charts
// included.
func TestDeterministic(t *testing.T) {
	for _, mode := range modes {
		a, b := writeDir(t, mode), writeDir(t, mode)
		names := svgFiles(t, a)
		if !slices.Equal(names, svgFiles(t, b)) {
			t.Fatalf("%s: charts %v, then %v", mode, names, svgFiles(t, b))
		}
		for _, name := range append(names, ReportFile) {
			x, _ := os.ReadFile(filepath.Join(a, name))
			y, _ := os.ReadFile(filepath.Join(b, name))
			if len(x) == 0 || !bytes.Equal(x, y) {
				t.Errorf("%s/%s: %d bytes, then %d different bytes", mode, name, len(x), len(y))
			}
		}
	}
}

func svgFiles(t *testing.T, dir string) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(dir, "*.svg"))
	if err != nil {
		t.Fatal(err)
	}
	for i := range m {
		m[i] = filepath.Base(m[i])
	}
	return m
}

// checkSVG fails unless path is well-formed XML with an <svg> root that
// names every client (raw as "raw (floor)").
func checkSVG(t *testing.T, path string, clients []string) {
	t.Helper()
	b := testkit.ReadSVG(t, path)
	for _, c := range clients {
		if !bytes.Contains(b, []byte(">"+clientLabel(c)+"<")) {
			t.Errorf("%s does not name %s", path, clientLabel(c))
		}
	}
}

func TestRead(t *testing.T) {
	run, err := ReadFile("testdata/load/sweep/results.txt")
	if err != nil {
		t.Fatal(err)
	}
	if run.Mode != Sweep || len(run.Groups) != 1 {
		t.Fatalf("mode %s, %d groups", run.Mode, len(run.Groups))
	}
	g := run.Groups[0]
	if !slices.Equal(g.Levels, []string{"1", "10", "100", "1000"}) || !slices.Equal(g.Clients, recordedClients) {
		t.Errorf("levels %v, clients %v", g.Levels, g.Clients)
	}
	c := g.Cell("1000", "raw")
	if c.Rounds() != 3 || len(c.Values["conns"]) != 3 {
		t.Errorf("raw at 1000: %d rounds, values %v", c.Rounds(), c.Values)
	}
	if m, ok := c.Median("conns"); !ok || m != 1000 {
		t.Errorf("median conns %v %v", m, ok)
	}
	if _, ok := g.Cell("7", "raw").Median("req/s"); ok {
		t.Error("a cell that is not there has a median")
	}
}

// A run with -maxconns is its own group, named by its cap.
func TestReadMaxConns(t *testing.T) {
	in := "BenchmarkLoad/mode=overload/rate=100/payload=json/client=raw 50 50 req/s\n" +
		"BenchmarkLoad/mode=overload/rate=100/payload=json/maxconns=8/client=raw 50 50 req/s\n"
	run, err := Read(strings.NewReader(in), "in")
	if err != nil {
		t.Fatal(err)
	}
	if len(run.Groups) != 2 || run.Groups[1].MaxConns != "8" || !strings.HasSuffix(run.Groups[1].Title(), "at most 8 connections") {
		t.Errorf("groups %+v", run.Groups)
	}
	if _, err := Read(strings.NewReader(strings.Replace(in, "maxconns=8", "maxconns=0", 1)), "in"); err == nil {
		t.Error("maxconns=0 read")
	}
}

// TestReadErrors: what Read refuses, and that each error says why.
func TestReadErrors(t *testing.T) {
	const head = "commit: abc\nloadbench: mode=steady rate=100\n"
	const line = "BenchmarkLoad/mode=steady/rate=100/payload=json/client=nethttp 500 100 req/s 1000 p50-ns\n"
	for _, tc := range []struct{ name, in, want string }{
		{"malformed", head + "BenchmarkLoad/mode=steady/rate=100/payload=json/client=nethttp 500 fast req/s\n", "in:3: "},
		{"no lines", head, "in: no benchmark results"},
		{"no Load lines", "commit: abc\nBenchmarkOther 10 5 ns/op\n", "BenchmarkOther: not a Load benchmark"},
		{"mixed modes", line + "BenchmarkLoad/mode=overload/rate=100/payload=json/client=nethttp 500 100 req/s\n", "mixes mode=steady and mode=overload"},
		{"not its loadbench line", "loadbench: mode=sweep\n" + line, "its loadbench line says mode=sweep, its results are mode=steady"},
		{"no client", "BenchmarkLoad/mode=steady/rate=100/payload=json 1 1 req/s\n", "mode=steady without client="},
		{"sweep with a rate", "BenchmarkLoad/mode=sweep/rate=100/inflight=4/payload=json/client=raw 1 1 req/s\n", "mode=sweep takes inflight="},
		{"unknown level", "BenchmarkLoad/mode=steady/rate=100/payload=json/client=raw/conn=h2 1 1 req/s\n", "unknown level conn"},
		{"level twice", "BenchmarkLoad/mode=steady/rate=100/rate=200/payload=json/client=raw 1 1 req/s\n", `level "rate=200" is not key=value, or is given twice`},
		{"empty level", "BenchmarkLoad/mode=steady/rate=/payload=json/client=raw 1 1 req/s\n", `level "rate=" is not key=value`},
		{"unknown mode", "BenchmarkLoad/mode=burst/rate=100/payload=json/client=raw 1 1 req/s\n", "mode=burst: want mode=steady, overload or sweep"},
		{"bad rate", "BenchmarkLoad/mode=steady/rate=lots/payload=json/client=raw 1 1 req/s\n", `"lots" is not a positive whole number`},
		{"not a number", "BenchmarkLoad/mode=steady/rate=100/payload=json/client=raw 1 NaN req/s\n", "in:1: NaN req/s is not a measurement"},
		{"CPU count 0", "BenchmarkLoad/mode=steady/rate=100/payload=json/client=raw-0 1 1 req/s\n", `CPU count "0" is not a positive whole number`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(tc.in), "in")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// TestMissingResults: WriteDir says which file is missing, and writes
// nothing.
func TestMissingResults(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	err := WriteDir(filepath.Join(dir, "nothing.txt"), out)
	if err == nil || !strings.Contains(err.Error(), "nothing.txt") || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("error %v, want one naming nothing.txt as missing", err)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("the report directory was made")
	}
}

func TestFormat(t *testing.T) {
	for _, tc := range []struct {
		ns   float64
		want string
	}{
		{0, "0"}, {850, "850 ns"}, {999.7, "1.00 µs"}, {412000, "412 µs"}, {5.2e6, "5.20 ms"},
		{99.96e6, "100 ms"}, {999.6e6, "1.00 s"}, {1.234e9, "1.23 s"}, {42e9, "42.0 s"},
	} {
		if got := formatDuration(tc.ns); got != tc.want {
			t.Errorf("formatDuration(%v) = %q, want %q", tc.ns, got, tc.want)
		}
	}
	for _, tc := range []struct {
		x    float64
		want string
	}{{0, "0"}, {2.5, "2.5"}, {999, "999"}, {1999.6, "2,000"}, {1234567, "1,234,567"}, {-1200, "-1,200"}} {
		if got := FormatCount(tc.x); got != tc.want {
			t.Errorf("FormatCount(%v) = %q, want %q", tc.x, got, tc.want)
		}
	}
	if got := FormatMiB(23e6); got != "22 MiB" {
		t.Errorf("FormatMiB(23e6) = %q", got)
	}
}

// A run from a tree with uncommitted changes says so: the commit is shown
// as recorded, "-dirty" and all.
func TestDirtyCommitShows(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join("testdata", "load", Steady, ResultsFile))
	if err != nil {
		t.Fatal(err)
	}
	dirty := strings.Replace(string(src), "commit: 0a0df36c1d2e3f405162738495a6b7c8d9e0f112\n", "commit: 0a0df36c1d2e3f405162738495a6b7c8d9e0f112-dirty\n", 1)
	if dirty == string(src) {
		t.Fatal("testdata has no commit line to change")
	}
	if err := os.WriteFile(filepath.Join(dir, ResultsFile), []byte(dirty), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteDir(filepath.Join(dir, ResultsFile), dir); err != nil {
		t.Fatal(err)
	}
	md, err := os.ReadFile(filepath.Join(dir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(md), "commit `0a0df36c1d2e-dirty`") {
		t.Errorf("the report hides the dirty tree:\n%s", md)
	}
}
