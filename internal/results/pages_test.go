package results

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestPages: README.md and the pages under docs/ with a marker line
// outside fenced code, in that order; a marker inside a line or a fence
// does not count.
func TestPages(t *testing.T) {
	root := t.TempDir()
	for name, text := range map[string]string{
		"README.md":              "# x\n\n<!-- benchreport:headline -->\n<!-- benchreport:end -->\n",
		"docs/a.md":              "  <!-- benchreport:config -->\n<!-- benchreport:end -->\n",
		"docs/b.md":              "mentions <!-- benchreport:table --> in a line\n````\n<!-- benchreport:table -->\n```\n<!-- benchreport:end -->\n````\n",
		"docs/load/c.md":         "~~~\n~~~\n<!-- benchreport:protocols -->\n<!-- benchreport:end -->\n",
		"docs/load/notes.txt":    "<!-- benchreport:spread -->\n",
		"docs/load/loadbench.md": "<!-- loadbench:table -->\n",
		"other/d.md":             "<!-- benchreport:spread -->\n",
	} {
		path := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := Pages(root)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"README.md", "docs/a.md", "docs/load/c.md"}; !slices.Equal(got, want) {
		t.Errorf("Pages = %q, want %q", got, want)
	}
	if got, want := ReportCommand(got), "go run ./cmd/benchreport -in docs/results.txt -shapes docs/shapes/cpus.txt,docs/shapes/cpus-more.txt -out docs/ -readme README.md,docs/a.md,docs/load/c.md"; got != want {
		t.Errorf("ReportCommand = %q, want %q", got, want)
	}
}
