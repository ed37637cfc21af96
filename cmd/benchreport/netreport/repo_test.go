package netreport

import (
	"os"
	"testing"
)

// TestPagesUpToDate: the repository's pages with netreport blocks
// (README.md, docs/network.md) are what these tables make of the committed
// runs, byte for byte: no number on them is typed by hand or left from an
// earlier run. go generate ./... (cmd/benchreport -net, doc.go's line)
// rewrites them.
func TestPagesUpToDate(t *testing.T) {
	r, err := Load([]string{"../../../docs/network.txt", "../../../docs/network-lossy.txt"}, "../../../docs/results.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, page := range []string{"../../../README.md", "../../../docs/network.md"} {
		b, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		text, blocks, err := r.Rewrite(b, page)
		if err != nil || len(blocks) == 0 {
			t.Fatalf("%s: %v, %d blocks", page, err, len(blocks))
		}
		if string(text) != string(b) {
			t.Errorf("%s is not what docs/network.txt and docs/network-lossy.txt give: run go generate ./...", page[len("../../../"):])
		}
	}
}
