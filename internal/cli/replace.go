package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/google/renameio/v2"
)

// CheckFile reports, before any work, why path cannot become a file that
// a run writes at its end: it is a directory, or its folder does not
// exist. (Whether the folder is writable its pending file shows: renameio
// creates it there at once.)
func CheckFile(path string) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("%s is a directory: name a file", path)
	}
	dir := filepath.Dir(path)
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return fmt.Errorf("%s: the folder %s does not exist", path, dir)
	}
	return nil
}

// File is one file of ReplaceFiles: its path and its new content (nil:
// remove it).
type File struct {
	Path string
	Data []byte
}

// ReplaceFiles replaces several files together: each new content is
// written in full to a pending file beside its target first, and only
// when every one is written (and no target is a directory) are they moved
// into place, each by a rename. So a folder that is not writable, a target
// that is a directory or a full disk leaves every file as it was; only a
// rename failing between two others, which a writable folder does not,
// could leave some new and some old.
func ReplaceFiles(files []File) (err error) {
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
