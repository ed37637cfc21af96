package report

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// loadPages are the pages with load tables, each with the directory
// whose reports they show, relative to the repository's root; fixCommand
// regenerates them and every load report (go generate runs
// go run ./cmd/benchreport -load 'DIR/*' -readme PAGE for each).
var loadPages = []struct{ page, dir string }{
	{"docs/load.md", "docs/load"},
	{"docs/shapes.md", "docs/shapes/load"}, // the many-core machine's
}

const fixCommand = "go generate ./..."

// The committed load reports and the pages' load tables are what their
// committed results files give: regenerated here, byte for byte.
func TestCommittedLoadReportsAreCurrent(t *testing.T) {
	for _, lp := range loadPages {
		t.Run(filepath.Base(lp.page), func(t *testing.T) { loadReportsAreCurrent(t, lp.page, lp.dir) })
	}
}

func loadReportsAreCurrent(t *testing.T, loadPage, loadDir string) {
	root := "../.."
	results, err := filepath.Glob(filepath.Join(root, filepath.FromSlash(loadDir), "*", ResultsFile))
	if err != nil {
		t.Fatal(err)
	}
	if len(results) == 0 {
		t.Fatalf("no %s/*/results.txt: %s's load tables come from them", loadDir, loadPage)
	}
	for _, r := range results {
		dir := filepath.Dir(r)
		tmp := t.TempDir()
		// Same relative link as in place: the results file beside it.
		src, err := os.ReadFile(r)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(tmp, ResultsFile), src, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := WriteDir(filepath.Join(tmp, ResultsFile), tmp); err != nil {
			t.Fatalf("%s: %v", r, err)
		}
		generated, err := filepath.Glob(filepath.Join(tmp, "*"))
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range generated {
			name := filepath.Base(g)
			want, _ := os.ReadFile(g)
			got, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("%s is not what %s gives (err %v): run %s", filepath.Join(dir, name), r, err, fixCommand)
			}
		}
	}
	page := filepath.Join(root, filepath.FromSlash(loadPage))
	src, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	_, changed, err := UpdateReadme(src, filepath.Dir(page))
	if err != nil {
		t.Fatalf("%s: %v", loadPage, err)
	}
	if len(changed) > 0 {
		t.Errorf("%s's load blocks %v are out of date: run %s", loadPage, changed, fixCommand)
	}
}
