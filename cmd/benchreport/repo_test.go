package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/markdown"
	"github.com/httpclientbench/httpclientbench/internal/results"
	"github.com/httpclientbench/httpclientbench/internal/testkit"
)

// The repository's committed results file, its pages and report: every
// number in a page's marked blocks (README.md and the pages under docs/
// that have blocks: results.Pages) and in docs/REPORT.md is generated from
// repoResults, and these tests fail when one is not what benchreport makes
// of it. The leaves the pages show as not recorded yet (added to the suite
// since the run) are the ones docs/REPORT.md's pending sentence lists, and
// a page that lists any lists the same: each page is compared with what
// benchreport makes of the run and those leaves, so pages that do not show
// a new leaf yet pass as well as pages that do. That those leaves are the
// suite's and not the run's is the root package's
// TestRecordedRunIsThisSuite.
const (
	repoRoot    = "../.."
	repoResults = "../../docs/results.txt"
	repoDocs    = "../../docs"
)

// repoPages are the repository's pages with blocks, relative to its root,
// and the command that rewrites them.
func repoPages(t *testing.T) (pages []string, fix string) {
	t.Helper()
	pages, err := results.Pages(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) == 0 {
		t.Fatal("no page of the repository has a benchreport block")
	}
	return pages, results.ReportCommand(pages)
}

// repoReport is the committed run with the leaves docs/REPORT.md shows as
// not recorded yet.
func repoReport(t *testing.T) *Report {
	t.Helper()
	page, err := os.ReadFile(filepath.Join(repoDocs, ReportFile))
	if err != nil {
		t.Fatal(err)
	}
	r, err := load(repoResults)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.AddPending(results.PendingIn(string(page))); err != nil {
		t.Fatalf("docs/%s: %v", ReportFile, err)
	}
	if r.Shapes, err = loadShapes(repoShapes(), repoResults); err != nil {
		t.Fatal(err)
	}
	return r
}

// repoShapes are the recorded runs of several CPU counts, as paths from
// here.
func repoShapes() []string {
	var paths []string
	for _, f := range results.ShapeRuns {
		paths = append(paths, filepath.Join(repoRoot, filepath.FromSlash(f)))
	}
	return paths
}

// TestPagesUpToDate: every block of every page is what benchreport
// generates from the committed run; a page that lists leaves as not
// recorded yet lists those of docs/REPORT.md.
func TestPagesUpToDate(t *testing.T) {
	pages, fix := repoPages(t)
	r := repoReport(t)
	for _, name := range pages {
		path := filepath.Join(repoRoot, filepath.FromSlash(name))
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if shown := results.PendingIn(string(src)); shown != nil && !slices.Equal(shown, r.Pending) {
			t.Errorf("%s shows %q as not recorded yet, docs/%s %q", name, shown, ReportFile, r.Pending)
		}
		dir := filepath.Dir(path)
		pg := pageInfo{
			resultsLink: markdown.Link(dir, repoResults),
			chartLink:   markdown.Link(dir, filepath.Join(repoDocs, ChartDir, HeadlineChart+".svg")),
			dir:         dir, // the module's go.mod is found from the page
		}
		_, blocks, err := updateReadme(src, name, r, pg)
		if err != nil {
			t.Errorf("%v\n(fix the marker; then %s)", err, fix)
			continue
		}
		for _, b := range blocks {
			if b.Old != b.New {
				t.Errorf("%s:%d: the block %s is not what benchreport generates (- page, + generated):\n%s",
					name, b.Line, b.Marker, testkit.Diff(b.Old, b.New))
			}
		}
	}
	if t.Failed() {
		t.Logf("to rewrite every block, run from the repository's root:\n\t%s", fix)
	}
}

// TestReportUpToDate regenerates docs/ into a temporary directory and
// compares REPORT.md and the set of charts byte for byte. The SVG charts'
// bytes are deterministic here (gonum/plot, a vendored font, fixed sizes)
// and are compared on amd64; other architectures may round the charts'
// floating-point coordinates differently (fused multiply-add), so there
// only their names are compared.
func TestReportUpToDate(t *testing.T) {
	_, fix := repoPages(t)
	reportUpToDate(t, repoReport(t), repoDocs, filepath.Join(repoDocs, "results.txt"), fix)
}

// TestNetworkReportUpToDate: docs/network/ and docs/network-lossy/ (the
// reports of the net= rows' runs, with no leaf shown as pending: their
// -leaves is "") are what benchreport makes of docs/network.txt and
// docs/network-lossy.txt, as TestReportUpToDate checks docs/.
func TestNetworkReportUpToDate(t *testing.T) {
	for _, name := range []string{"network", "network-lossy"} {
		r, err := load(filepath.Join(repoDocs, name+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		reportUpToDate(t, r, filepath.Join(repoDocs, name), filepath.Join(repoDocs, name+".txt"),
			fmt.Sprintf(`go run ./cmd/benchreport -in docs/%s.txt -out docs/%s/ -leaves ""`, name, name))
	}
}

// reportUpToDate compares the report and charts in dir with what
// benchreport writes from r, read from the results file in.
func reportUpToDate(t *testing.T, r *Report, dir, in, fix string) {
	t.Helper()
	rel := func(p string) string { return filepath.ToSlash(strings.TrimPrefix(p, repoRoot+"/")) }
	out := t.TempDir()
	if err := writeReport(r, out, markdown.Link(dir, in)); err != nil {
		t.Fatal(err)
	}
	compare := func(name string) {
		want, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Errorf("%v (run %s)", err, fix)
			return
		}
		got, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			page := rel(filepath.Join(dir, name))
			if filepath.Ext(name) == ".svg" {
				t.Errorf("%s is not what its results file gives", page)
			} else {
				t.Errorf("%s is not what its results file gives (- committed, + generated):\n%s", page, testkit.Diff(string(want), string(got)))
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
	got, want := names(out), names(dir)
	if !slices.Equal(got, want) {
		t.Errorf("%s holds %v, its results file gives %v", rel(filepath.Join(dir, ChartDir)), want, got)
	}
	if runtime.GOARCH == "amd64" {
		for _, n := range got {
			compare(filepath.Join(ChartDir, n))
		}
	}
	if t.Failed() {
		t.Logf("to regenerate %s, run from the repository's root:\n\t%s", rel(dir), fix)
	}
}

// TestFrontColumnsFilled: on the front page's headline, no client's
// column is "—" on more than half of its table's rows.
func TestFrontColumnsFilled(t *testing.T) {
	h, err := repoReport(t).headline()
	if err != nil {
		t.Fatal(err)
	}
	for _, tab := range h.frontTables() {
		for _, c := range tab.clients {
			dashes := 0
			for _, row := range tab.rows {
				if h.frontCell(row, c) == "—" {
					dashes++
				}
			}
			if 2*dashes > len(tab.rows) {
				t.Errorf("table %s: %s is — on %d of %d rows", tab.title, c, dashes, len(tab.rows))
			}
		}
	}
}
