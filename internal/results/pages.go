package results

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// MarkerPrefix starts every marker line of cmd/benchreport's generated
// blocks in a Markdown page.
const MarkerPrefix = "<!-- benchreport:"

// Pages returns the Markdown pages of the repository at root that hold
// cmd/benchreport's generated blocks (a marker line outside a fenced code
// block): README.md, then the pages under docs/ in lexical order, as
// slash-separated paths relative to root. These are the pages the
// repository's checks compare with the recorded run.
func Pages(root string) ([]string, error) {
	candidates := []string{"README.md"}
	err := filepath.WalkDir(filepath.Join(root, "docs"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ".md" {
			return err
		}
		rel, err := filepath.Rel(root, path)
		candidates = append(candidates, filepath.ToSlash(rel))
		return err
	})
	if err != nil {
		return nil, err
	}
	var pages []string
	for _, p := range candidates {
		b, err := os.ReadFile(filepath.Join(root, p))
		if err != nil {
			return nil, err
		}
		if hasMarker(string(b)) {
			pages = append(pages, p)
		}
	}
	return pages, nil
}

// hasMarker reports whether text has a marker line outside fenced code
// blocks (``` or ~~~, closed by a fence of the same character at least as
// long), as cmd/benchreport reads them.
func hasMarker(text string) bool {
	fence := ""
	for line := range strings.SplitSeq(text, "\n") {
		t := strings.TrimSpace(line)
		if f := fenceOf(t); f != "" {
			switch {
			case fence == "":
				fence = f
			case strings.HasPrefix(f, fence) && strings.Trim(t, f[:1]) == "":
				fence = ""
			}
			continue
		}
		if fence == "" && strings.HasPrefix(t, MarkerPrefix) {
			return true
		}
	}
	return false
}

// fenceOf returns the fence a trimmed line opens or closes, or "".
func fenceOf(t string) string {
	for _, c := range []string{"`", "~"} {
		if n := len(t) - len(strings.TrimLeft(t, c)); n >= 3 {
			return t[:n]
		}
	}
	return ""
}

// ShapeRuns are the recorded runs of several CPU counts (cmd/benchrun
// -cpus on a many-core machine, scripts/record-shapes.sh), relative to the
// repository's root: the headline says on which of their shapes each
// verdict holds.
var ShapeRuns = []string{"docs/shapes/cpus.txt", "docs/shapes/cpus-more.txt"}

// ReportCommand is the command, run from the repository's root, that
// rewrites docs/ and the blocks of pages from the recorded runs.
func ReportCommand(pages []string) string {
	return "go run ./cmd/benchreport -in docs/results.txt -shapes " + strings.Join(ShapeRuns, ",") + " -out docs/ -readme " + strings.Join(pages, ",")
}
