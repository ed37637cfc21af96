// Generated files: Write and ReplaceAll write the generated documents of the report commands
// (cmd/benchreport, loadbench/report, cmd/benchjson's stores) and the
// links between them.

package markdown

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
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

// File is one file of ReplaceAll: its path and its new content (nil:
// remove it).
type File struct {
	Path string
	Data []byte
}

// ReplaceAll replaces several files together: each new content is
// written in full to a pending file beside its target first, and only
// when every one is written (and no target is a directory) are they moved
// into place, each by a rename. So a folder that is not writable, a target
// that is a directory or a full disk leaves every file as it was; only a
// rename failing between two others, which a writable folder does not,
// could leave some new and some old.
func ReplaceAll(files []File) (err error) {
	pending := make([]*renameio.PendingFile, len(files))
	defer func() {
		for _, p := range pending {
			if p != nil {
				p.Cleanup() // after CloseAtomicallyReplace: nothing
			}
		}
	}()
	for i, f := range files {
		if fi, err := os.Stat(f.Path); err == nil && fi.IsDir() {
			return fmt.Errorf("%s is a directory: no file of the %d is replaced", f.Path, len(files))
		}
		if f.Data == nil {
			continue
		}
		p, err := renameio.NewPendingFile(f.Path, renameio.WithPermissions(0o644))
		if err != nil {
			return fmt.Errorf("%w: no file of the %d is replaced", err, len(files))
		}
		pending[i] = p
		if _, err := p.Write(f.Data); err != nil {
			return fmt.Errorf("%s: %w: no file of the %d is replaced", f.Path, err, len(files))
		}
	}
	for i, f := range files {
		if pending[i] == nil {
			if err := os.Remove(f.Path); err != nil && !errors.Is(err, os.ErrNotExist) {
				return err
			}
			continue
		}
		if err := pending[i].CloseAtomicallyReplace(); err != nil {
			return err
		}
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
