package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/google/renameio/v2"

	"github.com/httpclientbench/httpclientbench/internal/loadreport"
)

// writeReports rewrites each directory's summary and charts from its
// results.txt and, with readme, the README's generated blocks.
func writeReports(dirs []string, readme string, stderr io.Writer) error {
	for _, d := range dirs {
		if err := loadreport.WriteDir(filepath.Join(d, loadreport.ResultsFile), d); err != nil {
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
	out, changed, err := loadreport.UpdateReadme(src, filepath.Dir(readme))
	if err != nil {
		return fmt.Errorf("%s: %v", readme, err)
	}
	if len(changed) == 0 {
		return nil
	}
	fmt.Fprintf(stderr, "loadbench: rewrote %d block(s) of %s: %v\n", len(changed), readme, changed)
	return renameio.WriteFile(readme, out, 0o644)
}
