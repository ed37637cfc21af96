package main

import (
	"flag"
	"os"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/mdblock"
)

var update = flag.Bool("update", false, "rewrite the README's coldstart table from docs/coldstart.txt")

const (
	readmePath   = "../../README.md"
	recordedPath = "../../docs/coldstart.txt"
)

var readmeMarkers = mdblock.Syntax{Tool: "coldstart", Kinds: map[string][]string{"table": nil}}

// The README's cold start table is docs/coldstart.txt's: -update rewrites
// it, otherwise a difference fails.
func TestReadmeTable(t *testing.T) {
	src, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	table, err := renderTable(recordedPath)
	if err != nil {
		t.Fatal(err)
	}
	out, blocks, err := readmeMarkers.Rewrite(src, "README.md", func(string, []mdblock.Option) (string, error) {
		return table, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(blocks) != 1 {
		t.Fatalf("README.md has %d coldstart blocks, want 1", len(blocks))
	}
	if string(out) == string(src) {
		return
	}
	if *update {
		if err := os.WriteFile(readmePath, out, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("README.md line %d: the coldstart table is not docs/coldstart.txt's; run go test ./cmd/coldstart -run Readme -update\nhave:\n%s\nwant:\n%s", blocks[0].Line, blocks[0].Old, blocks[0].New)
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
