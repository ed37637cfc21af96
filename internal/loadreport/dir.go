package loadreport

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// ReportFile is the report's name inside WriteDir's directory, and
// ResultsFile the results file's name in each directory a README block
// names (and, by custom, beside the report).
const (
	ReportFile  = "README.md"
	ResultsFile = "results.txt"
)

// WriteDir reads the results file at resultsPath and writes its report
// into outDir: ReportFile and the SVG charts it links to, beside it. The
// same results file gives the same bytes. Nothing is written when the
// results file cannot be read.
func WriteDir(resultsPath, outDir string) error {
	run, err := ReadFile(resultsPath)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return err
	}
	for _, g := range run.Groups {
		for _, c := range chartsOf(g) {
			if err := writeFile(filepath.Join(outDir, c.file), func(w io.Writer) error { return writeChart(w, c, g) }); err != nil {
				return err
			}
		}
	}
	link := relLink(outDir, resultsPath)
	return writeFile(filepath.Join(outDir, ReportFile), func(w io.Writer) error { return WriteMarkdown(w, run, link) })
}

// relLink is path as a link from the directory dir.
func relLink(dir, path string) string {
	d, err1 := filepath.Abs(dir)
	p, err2 := filepath.Abs(path)
	rel, err3 := filepath.Rel(d, p)
	if err1 != nil || err2 != nil || err3 != nil {
		return filepath.ToSlash(path)
	}
	return filepath.ToSlash(rel)
}

func writeFile(path string, write func(io.Writer) error) error {
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
