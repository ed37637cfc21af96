package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/docfile"
)

// The repository's committed results file, README and report: every number
// in the README's marked blocks and in docs/REPORT.md is generated from
// repoResults, and these tests fail when one is not what benchreport makes
// of it.
const (
	repoResults = "../../docs/results.txt"
	repoReadme  = "../../README.md"
	repoDocs    = "../../docs"
	fixCommand  = "go run ./cmd/benchreport -in docs/results.txt -out docs/ -readme README.md"
)

func TestReadmeUpToDate(t *testing.T) {
	r, err := load(repoResults)
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(repoReadme)
	if err != nil {
		t.Fatal(err)
	}
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
	out := t.TempDir()
	if err := run([]string{"-in", repoResults, "-out", out}, io.Discard); err != nil {
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
