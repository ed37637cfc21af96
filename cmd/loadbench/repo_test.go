package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/loadreport"
)

// The committed load reports and the README's load tables are what their
// committed results files give: regenerated here, byte for byte. After a
// new reference run, go run ./cmd/loadbench -report DIR,… -readme
// README.md brings them up to date.
func TestCommittedLoadReportsAreCurrent(t *testing.T) {
	root := filepath.Join("..", "..")
	results, err := filepath.Glob(filepath.Join(root, "docs", "load", "*", loadreport.ResultsFile))
	if err != nil {
		t.Fatal(err)
	}
	if len(results) == 0 {
		t.Fatal("no docs/load/*/results.txt: the README's load tables come from them")
	}
	for _, r := range results {
		dir := filepath.Dir(r)
		tmp := t.TempDir()
		// Same relative link as in place: the results file beside it.
		src, err := os.ReadFile(r)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(tmp, loadreport.ResultsFile), src, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := loadreport.WriteDir(filepath.Join(tmp, loadreport.ResultsFile), tmp); err != nil {
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
				t.Errorf("%s is not what %s gives (err %v): run go run ./cmd/loadbench -report %s", filepath.Join(dir, name), r, err, filepath.ToSlash(dir[len(root)+1:]))
			}
		}
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, changed, err := loadreport.UpdateReadme(readme, root)
	if err != nil {
		t.Fatal(err)
	}
	if len(changed) > 0 {
		t.Errorf("README's load blocks %v are out of date: go run ./cmd/loadbench -report … -readme README.md", changed)
	}
}
