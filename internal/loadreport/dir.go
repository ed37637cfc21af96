package loadreport

import (
	"io"
	"os"
	"path/filepath"

	"github.com/httpclientbench/httpclientbench/internal/docfile"
)

// ReportFile is the report's name inside WriteDir's directory, and
// ResultsFile the results file's name in each directory a page's block
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
			if err := docfile.Write(filepath.Join(outDir, c.file), func(w io.Writer) error { return writeChart(w, c, g) }); err != nil {
				return err
			}
		}
	}
	link := docfile.Link(outDir, resultsPath)
	return docfile.Write(filepath.Join(outDir, ReportFile), func(w io.Writer) error { return WriteMarkdown(w, run, link) })
}
