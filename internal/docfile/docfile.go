// Package docfile writes the generated documents of the report commands
// (cmd/benchreport, internal/loadreport) and the links between them.
package docfile

import (
	"bytes"
	"encoding/xml"
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

// XMLRoot is the name of the root element of the XML document b (an SVG
// chart's "svg"), and an error when b is not well-formed XML: the check
// every test of a generated chart makes.
func XMLRoot(b []byte) (string, error) {
	d := xml.NewDecoder(bytes.NewReader(b))
	root := ""
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return root, nil
		}
		if err != nil {
			return "", err
		}
		if se, ok := tok.(xml.StartElement); ok && root == "" {
			root = se.Name.Local
		}
	}
}
