package markdown

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// ReplaceAll writes every file or none: with one target a directory, or
// the folder not writable, each file keeps its old content.
func TestReplaceAll(t *testing.T) {
	dir := t.TempDir()
	a, b, c := filepath.Join(dir, "a"), filepath.Join(dir, "b"), filepath.Join(dir, "c")
	for _, p := range []string{a, b, c} {
		os.WriteFile(p, []byte("old"), 0o644)
	}
	content := func(p string) string { s, _ := os.ReadFile(p); return string(s) }

	if err := ReplaceAll([]File{{a, []byte("new")}, {b, []byte("new")}, {c, nil}}); err != nil {
		t.Fatal(err)
	}
	if content(a) != "new" || content(b) != "new" {
		t.Errorf("a %q, b %q: want both new", content(a), content(b))
	}
	if _, err := os.Stat(c); !os.IsNotExist(err) {
		t.Errorf("c (nil content) still exists: %v", err)
	}

	d := filepath.Join(dir, "d")
	os.Mkdir(d, 0o755)
	err := ReplaceAll([]File{{a, []byte("newer")}, {b, []byte("newer")}, {d, []byte("x")}})
	if err == nil || !strings.Contains(err.Error(), "is a directory") {
		t.Errorf("a directory among the targets: %v", err)
	}
	if content(a) != "new" || content(b) != "new" {
		t.Errorf("after a failure: a %q, b %q; want both as they were", content(a), content(b))
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 3 {
		t.Errorf("pending files left behind: %v", entries)
	}

	if os.Getuid() != 0 { // root writes anywhere
		ro := filepath.Join(dir, "ro")
		os.Mkdir(ro, 0o755)
		e := filepath.Join(ro, "e")
		os.WriteFile(e, []byte("old"), 0o644)
		os.Chmod(ro, 0o555)
		defer os.Chmod(ro, 0o755)
		if err := ReplaceAll([]File{{a, []byte("newest")}, {e, []byte("newest")}}); err == nil {
			t.Error("an unwritable folder: no error")
		}
		if content(a) != "new" || content(e) != "old" {
			t.Errorf("after an unwritable folder: a %q, e %q; want both as they were", content(a), content(e))
		}
	}
}
