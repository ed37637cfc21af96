package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"testing"

	"golang.org/x/sys/unix"
)

// IsTerminal: a pseudo-terminal is one; a pipe, a file and a buffer are
// not.
func TestIsTerminal(t *testing.T) {
	ptmx, err := os.OpenFile("/dev/ptmx", os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer ptmx.Close()
	if err := unix.IoctlSetPointerInt(int(ptmx.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		t.Fatal(err)
	}
	n, err := unix.IoctlGetInt(int(ptmx.Fd()), unix.TIOCGPTN)
	if err != nil {
		t.Fatal(err)
	}
	pts, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer pts.Close()
	if !IsTerminal(pts) {
		t.Error("a pseudo-terminal: not a terminal")
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	f, err := os.Create(t.TempDir() + "/f")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for name, w := range map[string]io.Writer{"a pipe": w, "a file": f, "a buffer": new(bytes.Buffer)} {
		if IsTerminal(w) {
			t.Errorf("%s: a terminal", name)
		}
	}
}
