package report

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// cpusResults is a run of loadbench -cpus 1,2 (one round) and, in a sweep,
// the same levels on two counts.
const cpusResults = "commit: abc\nloadbench: mode=steady rate=100 cpus=1,2\ncpus: -1 (client and server share CPU 0), -2 (client and server share CPUs 0-1)\n" +
	"BenchmarkLoad/mode=steady/rate=100/payload=json/client=raw-1 30 100 req/s 900000 p99-ns\n" +
	"BenchmarkLoad/mode=steady/rate=100/payload=json/client=nethttp-1 30 100 req/s 800000 p99-ns\n" +
	"BenchmarkLoad/mode=steady/rate=100/payload=json/client=raw-2 30 100 req/s 400000 p99-ns\n" +
	"BenchmarkLoad/mode=steady/rate=100/payload=json/client=nethttp-2 30 100 req/s 300000 p99-ns\n"

// Results of different CPU counts (loadbench -cpus, the names' -N) are
// never one row: each count is a group of its own, its tables and charts
// titled with it, in the report, the terminal's summary and a page's
// block alike.
func TestCPUCounts(t *testing.T) {
	run, err := Read(strings.NewReader(cpusResults), "in")
	if err != nil {
		t.Fatal(err)
	}
	if len(run.Groups) != 2 {
		t.Fatalf("%d groups, want one per count", len(run.Groups))
	}
	for i, want := range []struct{ cpus, title string }{
		{"1", "steady, 100 req/s offered, payload json, on 1 CPU"},
		{"2", "steady, 100 req/s offered, payload json, on 2 CPUs"},
	} {
		g := run.Groups[i]
		if g.CPUs != want.cpus || g.Title() != want.title || !slices.Equal(g.Clients, []string{"nethttp", "raw"}) {
			t.Errorf("group %d: CPUs %q, title %q, clients %v; want %q, %q", i, g.CPUs, g.Title(), g.Clients, want.cpus, want.title)
		}
		if c := g.Cell("", "raw"); c.Rounds() != 1 {
			t.Errorf("group %d: raw has %d rounds, want 1 (its own count's)", i, c.Rounds())
		}
	}
	if m, _ := run.Groups[1].Cell("", "raw").Median("p99-ns"); m != 400000 {
		t.Errorf("raw on 2 CPUs: p99 %v, want 400000 (not 1 CPU's)", m)
	}

	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, ResultsFile), []byte(cpusResults), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteDir(filepath.Join(dir, ResultsFile), dir); err != nil {
		t.Fatal(err)
	}
	md, err := os.ReadFile(filepath.Join(dir, ReportFile))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{
		"| client | req/s | p50 |",
		"\n\n## steady, 100 req/s offered, payload json, on 1 CPU\n\n![steady, 100 req/s offered, payload json, on 1 CPU: latency by percentile](steady-rate100-json-cpus1.svg)\n",
		"\n\n## steady, 100 req/s offered, payload json, on 2 CPUs\n\n![steady, 100 req/s offered, payload json, on 2 CPUs: latency by percentile](steady-rate100-json-cpus2.svg)\n",
		"| raw (floor) | 100 | — | — | 900 µs |",
		"| raw (floor) | 100 | — | — | 400 µs |",
		"cpus -1 (client and server share CPU 0), -2 (client and server share CPUs 0-1)",
		"N names the machine's shape, not the client's GOMAXPROCS.",
	} {
		if !strings.Contains(string(md), w) {
			t.Errorf("the report lacks %q:\n%s", w, md)
		}
	}
	for _, f := range []string{"steady-rate100-json-cpus1.svg", "steady-rate100-json-cpus2.svg"} {
		checkSVG(t, filepath.Join(dir, f), []string{"nethttp", "raw"})
	}
	if s := Summary(run); strings.Count(s, "**steady, 100 req/s offered, payload json, on ") != 2 {
		t.Errorf("the summary does not title each count's table:\n%s", s)
	}

	// A page's block titles even a single count's table: the count is in
	// the title only.
	one := strings.Join(slices.DeleteFunc(strings.SplitAfter(cpusResults, "\n"), func(l string) bool { return strings.Contains(l, "-2 ") }), "")
	if err := os.WriteFile(filepath.Join(dir, ResultsFile), []byte(one), 0o644); err != nil {
		t.Fatal(err)
	}
	page, _, err := UpdateReadme([]byte("<!-- loadreport:table dir=. -->\n<!-- loadreport:end -->\n"), dir)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), "**steady, 100 req/s offered, payload json, on 1 CPU**\n\n| client |") {
		t.Errorf("the block does not name its count:\n%s", page)
	}
}

// A sweep on two counts: a table per count, each with every level.
func TestCPUCountsSweep(t *testing.T) {
	var in strings.Builder
	for _, n := range []string{"4", "8"} {
		for _, l := range []string{"10", "100"} {
			in.WriteString("BenchmarkLoad/mode=sweep/inflight=" + l + "/payload=json/client=raw-" + n + " 10 1000 req/s 5 p99-ns\n")
		}
	}
	run, err := Read(strings.NewReader(in.String()), "in")
	if err != nil {
		t.Fatal(err)
	}
	if len(run.Groups) != 2 || run.Groups[0].Title() != "sweep, payload json, on 4 CPUs" || !slices.Equal(run.Groups[1].Levels, []string{"10", "100"}) {
		t.Fatalf("groups %+v", run.Groups)
	}
	var names []string
	for _, g := range run.Groups {
		for _, c := range chartsOf(g) {
			names = append(names, c.file)
		}
	}
	if want := []string{"sweep-json-cpus4-reqs.svg", "sweep-json-cpus4-p99.svg", "sweep-json-cpus8-reqs.svg", "sweep-json-cpus8-p99.svg"}; !slices.Equal(names, want) {
		t.Errorf("charts %q, want %q", names, want)
	}
}
