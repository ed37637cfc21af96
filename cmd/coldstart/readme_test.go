package main

import (
	"flag"
	"os"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/markdown"
)

var update = flag.Bool("update", false, "rewrite docs/coldstart.md's coldstart table from docs/coldstart.txt")

// pagePath holds the table generated from recordedPath; fixCommand
// regenerates it (go generate runs this test with -update).
const (
	pagePath     = "../../docs/coldstart.md"
	pageName     = "docs/coldstart.md"
	recordedPath = "../../docs/coldstart.txt"
	fixCommand   = "go generate ./..."
)

var pageMarkers = markdown.Syntax{Tool: "coldstart", Kinds: map[string][]string{"table": nil}}

// docs/coldstart.md's cold start table is docs/coldstart.txt's: -update
// rewrites it, otherwise a difference fails.
func TestReadmeTable(t *testing.T) {
	src, err := os.ReadFile(pagePath)
	if err != nil {
		t.Fatal(err)
	}
	table, err := renderTable(recordedPath)
	if err != nil {
		t.Fatal(err)
	}
	out, blocks, err := pageMarkers.Rewrite(src, pageName, func(string, []markdown.Option) (string, error) {
		return table, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(blocks) != 1 {
		t.Fatalf("%s has %d coldstart blocks, want 1", pageName, len(blocks))
	}
	if string(out) == string(src) {
		return
	}
	if *update {
		if err := os.WriteFile(pagePath, out, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s:%d: the coldstart table is not docs/coldstart.txt's; run %s\nhave:\n%s\nwant:\n%s", pageName, blocks[0].Line, fixCommand, blocks[0].Old, blocks[0].New)
}

// renderTable is readmeTable of the results file at path.
func renderTable(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	return readmeTable(f, path)
}
