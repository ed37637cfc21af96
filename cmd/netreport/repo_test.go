package main

import (
	"os"
	"testing"
)

// TestPagesUpToDate: the repository's pages with netreport blocks
// (README.md, docs/network.md) are what netreport makes of the committed
// runs, byte for byte: no number on them is typed by hand or left from an
// earlier run. The command below (go generate's line in doc.go) rewrites
// them.
func TestPagesUpToDate(t *testing.T) {
	const fix = "go run ./cmd/netreport -in docs/network.txt,docs/network-lossy.txt -loopback docs/results.txt -readme README.md,docs/network.md"
	pages := []string{"../../README.md", "../../docs/network.md"}
	texts, err := generate("../../docs/network.txt,../../docs/network-lossy.txt", "../../docs/results.txt", pages)
	if err != nil {
		t.Fatalf("%v (run from the repository's root: %s)", err, fix)
	}
	for i, page := range pages {
		b, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != texts[i] {
			t.Errorf("%s is not what docs/network.txt and docs/network-lossy.txt give; run from the repository's root:\n\t%s", page[len("../../"):], fix)
		}
	}
}
