package testkit

import (
	"os"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/markdown"
)

// ReadSVG reads the chart at path and fails tb unless it is well-formed
// XML with an <svg> root.
func ReadSVG(tb testing.TB, path string) []byte {
	tb.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	root, err := markdown.XMLRoot(b)
	if err != nil {
		tb.Fatalf("%s: not well-formed XML: %v", path, err)
	}
	if root != "svg" {
		tb.Fatalf("%s: root <%s>, not <svg>", path, root)
	}
	return b
}
