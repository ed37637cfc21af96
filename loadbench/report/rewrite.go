package report

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/google/renameio/v2"
)

// Rewrite rewrites each directory's summary and charts from its
// results.txt (WriteDir) and, with readme, that page's load blocks
// (UpdateReadme), naming on stderr the blocks it changed. A directory
// with a filepath.Match metacharacter, such as docs/load/*, stands for
// every directory it matches that holds a results file (Dirs).
func Rewrite(dirs []string, readme string, stderr io.Writer) error {
	dirs, err := Dirs(dirs)
	if err != nil {
		return err
	}
	for _, d := range dirs {
		if err := WriteDir(filepath.Join(d, ResultsFile), d); err != nil {
			return err
		}
	}
	if readme == "" {
		return nil
	}
	src, err := os.ReadFile(readme)
	if err != nil {
		return err
	}
	out, changed, err := UpdateReadme(src, filepath.Dir(readme))
	if err != nil {
		return fmt.Errorf("%s: %v", readme, err)
	}
	if len(changed) == 0 {
		return nil
	}
	fmt.Fprintf(stderr, "rewrote %d block(s) of %s: %v\n", len(changed), readme, changed)
	return renameio.WriteFile(readme, out, 0o644)
}

// Dirs is dirs with each pattern (a dir with a filepath.Match
// metacharacter, such as docs/load/*) replaced by the directories it
// matches that hold a results file, in lexical order. A pattern that
// matches none is an error.
func Dirs(dirs []string) ([]string, error) {
	var out []string
	for _, d := range dirs {
		if !strings.ContainsAny(d, "*?[") {
			out = append(out, d)
			continue
		}
		m, err := filepath.Glob(filepath.Join(d, ResultsFile))
		if err != nil {
			return nil, fmt.Errorf("%s: %v", d, err)
		}
		if len(m) == 0 {
			return nil, fmt.Errorf("%s: no directory with a %s matches", d, ResultsFile)
		}
		for _, r := range m {
			out = append(out, filepath.Dir(r))
		}
	}
	return out, nil
}
