package markdown

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// Write replaces a file whole, keeps its mode, and leaves it as it was
// when the write fails; a new file gets os.Create's mode.
func TestWrite(t *testing.T) {
	dir, tmp := t.TempDir(), t.TempDir()
	t.Setenv("TMPDIR", tmp) // where renameio may keep its pending file
	path := filepath.Join(dir, "REPORT.md")
	text := func(s string) func(io.Writer) error {
		return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
	}

	if err := Write(path, text("first\n")); err != nil {
		t.Fatal(err)
	}
	umask := syscall.Umask(0)
	syscall.Umask(umask)
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o666&^os.FileMode(umask) {
		t.Errorf("a new file: %v, %v; want os.Create's mode %v", fi.Mode(), err, 0o666&^os.FileMode(umask))
	}

	if err := os.Chmod(path, 0o640); err != nil {
		t.Fatal(err)
	}
	if err := Write(path, text("second\n")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "second\n" {
		t.Errorf("after a second write: %q", b)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o640 {
		t.Errorf("a replaced file: %v, %v; want its own mode 0640", fi.Mode(), err)
	}

	failed := errors.New("chart failed")
	err := Write(path, func(w io.Writer) error {
		io.WriteString(w, "half a re")
		return failed
	})
	if !errors.Is(err, failed) || !strings.Contains(err.Error(), path) {
		t.Errorf("a failed write: %v; want its error, naming %s", err, path)
	}
	if b, _ := os.ReadFile(path); string(b) != "second\n" {
		t.Errorf("after a failed write: %q; want the previous file", b)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the directory holds %v, want only %s", entries, filepath.Base(path))
	}
	if entries, _ := os.ReadDir(tmp); len(entries) != 0 {
		t.Errorf("a failed write left %v in TMPDIR", entries)
	}

	if err := Write(filepath.Join(dir, "no", "such", "dir", "x.svg"), text("x")); err == nil || !strings.Contains(err.Error(), "x.svg") {
		t.Errorf("in a missing directory: %v; want an error naming the file", err)
	}
}

func TestXMLRoot(t *testing.T) {
	if root, err := XMLRoot([]byte(`<svg xmlns="http://www.w3.org/2000/svg"><g/></svg>`)); err != nil || root != "svg" {
		t.Errorf("an SVG: %q, %v", root, err)
	}
	if _, err := XMLRoot([]byte(`<svg><g></svg>`)); err == nil {
		t.Error("a document that is not well-formed: no error")
	}
}
