package report

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestDirs: a pattern stands for the directories it matches
// that hold a results file, in order; one that matches none is an error.
func TestDirs(t *testing.T) {
	root := t.TempDir()
	for _, d := range []string{"b", "a", "empty"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"a/results.txt", "b/results.txt", "notes.txt"} {
		if err := os.WriteFile(filepath.Join(root, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := Dirs([]string{"plain", filepath.Join(root, "*")})
	if want := []string{"plain", filepath.Join(root, "a"), filepath.Join(root, "b")}; err != nil || !slices.Equal(got, want) {
		t.Errorf("Dirs: %q, %v; want %q", got, err, want)
	}
	if got, err := Dirs([]string{filepath.Join(root, "empty*")}); err == nil {
		t.Errorf("a pattern matching no results: %q, want an error", got)
	}
}
