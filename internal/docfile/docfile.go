// Package docfile writes the generated documents of the report commands
// (cmd/benchreport, internal/loadreport) and the links between them.
package docfile

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
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

// Write creates path and fills it with write; an error names the file.
func Write(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", path, err)
	}
	return f.Close()
}
