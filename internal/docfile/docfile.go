// Package docfile writes the generated documents of the report commands
// (cmd/benchreport, internal/loadreport) and the links between them.
package docfile

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/google/renameio/v2"
)

// Link is path as a slash-separated link from the directory dir, or path
// itself when no relative path can be made.
func Link(dir, path string) string {
	d, err1 := filepath.Abs(dir)
	p, err2 := filepath.Abs(path)
	rel, err3 := filepath.Rel(d, p)
	if err1 != nil || err2 != nil || err3 != nil {
		return filepath.ToSlash(path)
	}
	return filepath.ToSlash(rel)
}

// Write fills path with write, atomically (renameio): readers see the
// previous file or the whole new one, and a write that fails leaves the
// previous file as it was. A new file gets os.Create's mode, an existing
// one keeps its own. An error names the file.
func Write(path string, write func(io.Writer) error) error {
	f, err := renameio.NewPendingFile(path, renameio.WithPermissions(0o666), renameio.WithExistingPermissions())
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	defer f.Cleanup() // after CloseAtomicallyReplace, does nothing
	if err := write(f); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := f.CloseAtomicallyReplace(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
