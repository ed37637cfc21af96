package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/cli"
	"github.com/httpclientbench/httpclientbench/internal/markdown"
	"github.com/httpclientbench/httpclientbench/internal/results"
	"github.com/httpclientbench/httpclientbench/internal/testkit"
)

// fakeSuite's test binary lists the leaves of testdata/runner.txt but one,
// one of hertz, which that file has none of, and six more that it lacks.
const fakeSuite = "./testdata/suite"

var fakePending = []string{
	"H1Download/size=1MiB/buf=fresh/client=resty",
	"H1Download/size=4MiB/buf=fresh/client=nethttp",
	"H1Download/size=4MiB/buf=fresh/client=raw",
	"Copy/client=nethttp",
	"Copy/client=raw",
	"LoopbackUDP",
}

// TestNotRecordedYet: the leaves the suite has and the run lacks are cells
// that say "not recorded yet" with the run's commit, in a column, a row or
// a family of their own, listed in one sentence of the README's config
// block and of REPORT.md, and on standard error; the charts draw the run's
// numbers only. A client the run has no leaf of is in no table: standard
// error names it (and the clients block, TestClientMatrixNamesUnrecorded).
// A page read back with the leaves it lists regenerates byte for byte, and
// a number edited by hand in it does not.
func TestNotRecordedYet(t *testing.T) {
	withHeadline(t, []results.HeadlineRow{
		{Title: "small GET", Row: "H1GetBytes/buf=fresh"},                // hertz, new to the suite: no column
		{Title: "4 MiB download", Row: "H1Download/size=4MiB/buf=fresh"}, // no leaf recorded yet
		{Title: "small GET, h2c", Row: "H2Get/window=tuned"},
	})
	dir := t.TempDir()
	readme, in := filepath.Join(dir, "README.md"), filepath.Join(dir, "docs", "runner.txt")
	testkit.CopyFile(t, "testdata/readme.md", readme)
	testkit.CopyFile(t, "testdata/runner.txt", in)
	var stderr bytes.Buffer
	if err := run([]string{"-suite", fakeSuite, "-in", in, "-out", filepath.Join(dir, "docs"), "-readme", readme}, io.Discard, &stderr); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{
		"lacks 6 leaves of -suite " + fakeSuite + `, shown as "not recorded yet" until a run records them:` + "\n\t" + strings.Join(fakePending, "\n\t") + "\n",
		"has no leaf of client hertz, in no table until a run records them\n",
		"has 1 leaf that -suite " + fakeSuite + " no longer has (its test fails until a new run):\n\tPool/proto=h1/conn=pooled/client=fasthttp\n",
	} {
		if !strings.Contains(stderr.String(), w) {
			t.Errorf("standard error lacks %q:\n%s", w, stderr.String())
		}
	}

	report, err := os.ReadFile(filepath.Join(dir, "docs", ReportFile))
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "testdata/pending.golden.md", report)
	page, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	const cell = "not recorded yet<br>(run of 89abcdef0123)"
	for _, w := range []string{
		". " + results.PendingSentence("89abcdef0123", fakePending) + "\n\n<!-- benchreport:end -->", // on the config line
		"| | nethttp | fasthttp | resty | raw (floor) |\n",
		"| `H1GetBytes/buf=fresh` | 33.2 µs ±6%<br>1.00× | 17.3 µs ±5%<br>0.52× (0.48–0.56) | 43.3 µs ±2%<br>1.31× (1.24–1.35) | 17.1 µs ±5%<br>0.52× (0.46–0.54) |\n",
		"| `H1Download/size=1MiB/buf=fresh` | ",
	} {
		if !strings.Contains(string(page), w) {
			t.Errorf("README lacks %q", w)
		}
	}
	for _, p := range [][]byte{report, page} {
		if got := results.PendingIn(string(p)); !slices.Equal(got, fakePending) {
			t.Errorf("read back %q, want %q", got, fakePending)
		}
	}

	// The charts are those of the run alone, byte for byte.
	alone := t.TempDir()
	if err := run([]string{"-suite", "", "-in", in, "-out", alone}, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	charts := func(d string) []string {
		m, _ := filepath.Glob(filepath.Join(d, ChartDir, "*.svg"))
		for i := range m {
			m[i] = filepath.Base(m[i])
		}
		return m
	}
	if got, want := charts(filepath.Join(dir, "docs")), charts(alone); !slices.Equal(got, want) {
		t.Errorf("charts %q, want the run's alone %q", got, want)
	}
	for _, c := range charts(alone) {
		a, _ := os.ReadFile(filepath.Join(alone, ChartDir, c))
		b, _ := os.ReadFile(filepath.Join(dir, "docs", ChartDir, c))
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs from the run's alone", c)
		}
	}

	// What the repository's tests do: each page against the run and the
	// leaves it lists.
	loadWith := func(text []byte) *Report {
		r, err := load(in)
		if err != nil {
			t.Fatal(err)
		}
		if err := r.AddPending(results.PendingIn(string(text))); err != nil {
			t.Fatal(err)
		}
		return r
	}
	out := t.TempDir()
	if err := writeReport(loadWith(report), out, markdown.Link(filepath.Join(dir, "docs"), in)); err != nil {
		t.Fatal(err)
	}
	again, err := os.ReadFile(filepath.Join(out, ReportFile))
	if err != nil {
		t.Fatal(err)
	}
	if string(again) != string(report) {
		t.Errorf("REPORT.md read back regenerates otherwise:\n%s", testkit.Diff(string(report), string(again)))
	}
	stale := func(src []byte) int {
		return changedBlocks(t, src, "README.md", loadWith(src), pageInfo{resultsLink: "docs/runner.txt"})
	}
	if n := stale(page); n != 0 {
		t.Errorf("README read back: %d blocks regenerate otherwise", n)
	}
	edited := strings.Replace(string(page), "| 33.2 µs ±6%<br>1.00× |", "| 30.2 µs ±6%<br>1.00× |", 1)
	if edited == string(page) {
		t.Fatal("no number to edit")
	}
	if n := stale([]byte(edited)); n != 1 {
		t.Errorf("a number edited by hand: %d blocks differ, want 1", n)
	}
}

// TestStale: -stale lists the leaves the run lacks, a new client's too,
// and writes nothing; a leaf of the run that the suite lacks is an error.
func TestStale(t *testing.T) {
	var stdout bytes.Buffer
	err := run([]string{"-suite", fakeSuite, "-in", "testdata/runner.txt", "-stale"}, &stdout, io.Discard)
	if got, want := strings.Fields(stdout.String()), append([]string{"H1GetBytes/buf=fresh/client=hertz"}, fakePending...); !slices.Equal(got, want) {
		t.Errorf("-stale printed %q, want %q", got, want)
	}
	if err == nil || !strings.Contains(err.Error(), "has 1 leaf that -suite "+fakeSuite+" no longer has:\n\tPool/proto=h1/conn=pooled/client=fasthttp") {
		t.Errorf("error %v, want the leaf the suite lacks", err)
	}
	for _, args := range [][]string{
		{"-in", "testdata/runner.txt", "-stale", "-suite", ""},
		{"-in", "testdata/runner.txt", "-stale", "-out", t.TempDir()},
	} {
		if err := run(args, io.Discard, io.Discard); err == nil {
			t.Errorf("%q: no error", args)
		}
	}
}

// TestAddPendingRefusesRecorded: a leaf the run has cannot be not recorded
// yet, nor one listed twice.
func TestAddPendingRefusesRecorded(t *testing.T) {
	for _, leaves := range [][]string{
		{"H1GetBytes/buf=fresh/client=nethttp"},
		{"Copy/client=raw", "Copy/client=raw"},
	} {
		if err := mustBuildFile(t, "testdata/runner.txt").AddPending(leaves); err == nil {
			t.Errorf("%q: no error", leaves)
		}
	}
}

// TestOneFamilyRun: a run of one family (as a user makes of their own:
// go test -bench='^BenchmarkH1GetBytes$' into a file) gets its report from
// benchreport -in FILE -out DIR, every other leaf of the suite (-leaves)
// not recorded yet, though the run has no leaf of the clients of some
// headline rows (xnethttp2's, http3's), which standard error names.
func TestOneFamilyRun(t *testing.T) {
	full := repoReport(t)
	var leaves []string
	for _, row := range full.Rows {
		leaves = append(leaves, row.Name)
	}
	leaves = append(leaves, full.Pending...)
	recorded, err := os.ReadFile(repoResults)
	if err != nil {
		t.Fatal(err)
	}
	var one bytes.Buffer
	for line := range strings.Lines(string(recorded)) {
		if !strings.HasPrefix(line, "Benchmark") || strings.HasPrefix(line, "BenchmarkH1GetBytes/") {
			one.WriteString(line)
		}
	}
	dir := t.TempDir()
	in, leavesFile, out := filepath.Join(dir, "one.txt"), filepath.Join(dir, "leaves.txt"), filepath.Join(dir, "docs")
	if err := os.WriteFile(in, one.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(leavesFile, []byte(strings.Join(leaves, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	if err := run([]string{"-in", in, "-leaves", leavesFile, "-out", out}, io.Discard, &stderr); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stderr.String(), "has no leaf of client xnethttp2, http3, in no table") {
		t.Errorf("standard error does not name the clients the run has no leaf of:\n%s", stderr.String())
	}
	page, err := os.ReadFile(filepath.Join(out, ReportFile))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## H1GetBytes", results.NotRecorded, "`H1GetBytes/buf=fresh`"} {
		if !strings.Contains(string(page), want) {
			t.Errorf("%s lacks %q", ReportFile, want)
		}
	}
}

// TestLeavesFlag: -leaves, a file of the suite's leaves, gives what
// -suite gives from the suite's test binary, without building it; a
// -leaves named and missing is an error, the default missing is no leaves,
// and the two flags together are a usage error.
func TestLeavesFlag(t *testing.T) {
	leaves, err := suiteLeaves(fakeSuite)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "leaves.txt")
	if err := os.WriteFile(file, []byte(strings.Join(leaves, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var fromSuite, fromFile bytes.Buffer
	errSuite := run([]string{"-suite", fakeSuite, "-in", "testdata/runner.txt", "-stale"}, &fromSuite, io.Discard)
	errFile := run([]string{"-leaves", file, "-in", "testdata/runner.txt", "-stale"}, &fromFile, io.Discard)
	if fromFile.String() != fromSuite.String() || fromFile.Len() == 0 || errFile == nil || errSuite == nil ||
		strings.Replace(errFile.Error(), "-leaves "+file, "-suite "+fakeSuite, 1) != errSuite.Error() {
		t.Errorf("-leaves listed %q (%v), -suite %q (%v)", fromFile.String(), errFile, fromSuite.String(), errSuite)
	}
	if err := run([]string{"-leaves", filepath.Join(dir, "none.txt"), "-in", "testdata/runner.txt", "-stale"}, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "none.txt") {
		t.Errorf("-leaves of a missing file: %v, want an error naming it", err)
	}
	if err := run([]string{"-in", "testdata/runner.txt", "-stale"}, io.Discard, io.Discard); !errors.As(err, new(cli.UsageError)) {
		t.Errorf("-stale without leaves (%s is not here): %v, want a usage error", DefaultLeaves, err)
	}
	if err := run([]string{"-leaves", file, "-suite", fakeSuite, "-in", "testdata/runner.txt", "-stale"}, io.Discard, io.Discard); !errors.As(err, new(cli.UsageError)) {
		t.Errorf("-leaves and -suite: %v, want a usage error", err)
	}
}
