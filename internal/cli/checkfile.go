package cli

import (
	"fmt"
	"os"
	"path/filepath"
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
