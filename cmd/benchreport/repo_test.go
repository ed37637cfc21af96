package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/docfile"
	"github.com/httpclientbench/httpclientbench/internal/results"
)

// The repository's committed results file, README and report: every number
// in the README's marked blocks and in docs/REPORT.md is generated from
// repoResults, and these tests fail when one is not what benchreport makes
// of it. The leaves a page shows as not recorded yet (added to the suite
// since the run) are the ones its pending sentence lists: a page is
// compared with what benchreport makes of the run and those leaves, so a
// page that does not show a new leaf yet passes as well as one that does.
// That those leaves are the suite's and not the run's is the root
// package's TestRecordedRunIsThisSuite.
const (
	repoResults = "../../docs/results.txt"
	repoReadme  = "../../README.md"
	repoDocs    = "../../docs"
	fixCommand  = "go run ./cmd/benchreport -in docs/results.txt -out docs/ -readme README.md"
)

// loadShowing is the committed run with the leaves page (its text)
// shows as not recorded yet.
func loadShowing(t *testing.T, page string, text []byte) *Report {
	t.Helper()
	r, err := load(repoResults)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.AddPending(results.PendingIn(string(text))); err != nil {
		t.Fatalf("%s: %v (run %s)", page, err, fixCommand)
	}
	return r
}

func TestReadmeUpToDate(t *testing.T) {
	src, err := os.ReadFile(repoReadme)
	if err != nil {
		t.Fatal(err)
	}
	r := loadShowing(t, "README.md", src)
	_, blocks, err := updateReadme(src, "README.md", r, docfile.Link(filepath.Dir(repoReadme), repoResults))
	if err != nil {
		t.Fatalf("%v\n(fix the marker; then %s)", err, fixCommand)
	}
	if len(blocks) == 0 {
		t.Fatal("README.md has no benchreport block")
	}
	for _, b := range blocks {
		if b.Old != b.New {
			t.Errorf("README.md:%d: the block %s is not what docs/results.txt gives (- README, + generated):\n%s",
				b.Line, b.Marker, diffLines(b.Old, b.New))
		}
	}
	if t.Failed() {
		t.Logf("to rewrite every block from docs/results.txt, run from the repository's root:\n\t%s", fixCommand)
	}
}

// TestReportUpToDate regenerates docs/ into a temporary directory and
// compares REPORT.md and the set of charts byte for byte. The SVG charts'
// bytes are deterministic here (gonum/plot, a vendored font, fixed sizes)
// and are compared on amd64; other architectures may round the charts'
// floating-point coordinates differently (fused multiply-add), so there
// only their names are compared.
func TestReportUpToDate(t *testing.T) {
	page, err := os.ReadFile(filepath.Join(repoDocs, ReportFile))
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(repoReadme)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := results.PendingIn(string(page)), results.PendingIn(string(readme)); !slices.Equal(a, b) {
		t.Errorf("docs/%s shows %q as not recorded yet, README.md %q", ReportFile, a, b)
	}
	out := t.TempDir()
	if err := writeReport(loadShowing(t, "docs/"+ReportFile, page), out); err != nil {
		t.Fatal(err)
	}
	compare := func(rel string) {
		want, err := os.ReadFile(filepath.Join(repoDocs, rel))
		if err != nil {
			t.Errorf("%v (run %s)", err, fixCommand)
			return
		}
		got, err := os.ReadFile(filepath.Join(out, rel))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			if filepath.Ext(rel) == ".svg" {
				t.Errorf("docs/%s is not what docs/results.txt gives", rel)
			} else {
				t.Errorf("docs/%s is not what docs/results.txt gives (- committed, + generated):\n%s", rel, diffLines(string(want), string(got)))
			}
		}
	}
	compare(ReportFile)
	names := func(dir string) []string {
		m, err := filepath.Glob(filepath.Join(dir, ChartDir, "*.svg"))
		if err != nil {
			t.Fatal(err)
		}
		for i := range m {
			m[i] = filepath.Base(m[i])
		}
		return m
	}
	got, want := names(out), names(repoDocs)
	if !slices.Equal(got, want) {
		t.Errorf("docs/%s holds %v, docs/results.txt gives %v", ChartDir, want, got)
	}
	if runtime.GOARCH == "amd64" {
		for _, n := range got {
			compare(filepath.Join(ChartDir, n))
		}
	}
	if t.Failed() {
		t.Logf("to regenerate docs/ from docs/results.txt, run from the repository's root:\n\t%s", fixCommand)
	}
}
