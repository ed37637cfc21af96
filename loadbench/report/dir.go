package report

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/httpclientbench/httpclientbench/internal/markdown"
)

// ReportFile is the report's name inside WriteDir's directory, and
// ResultsFile the results file's name in each directory a page's block
// names (and, by custom, beside the report).
const (
	ReportFile  = "README.md"
	ResultsFile = "results.txt"
)

// WriteDir reads the results file at resultsPath and writes its report
// into outDir: ReportFile and the SVG charts it links to, beside it, all
// replaced together (markdown.ReplaceAll). The same results file gives the
// same bytes. Nothing is written when the results file cannot be read.
func WriteDir(resultsPath, outDir string) error {
	b, err := os.ReadFile(resultsPath)
	if err != nil {
		return err
	}
	files, err := DirFiles(b, resultsPath, outDir)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return err
	}
	return markdown.ReplaceAll(files)
}

// DirFiles renders WriteDir's files for the results results, which the
// report links at resultsPath, without writing them.
func DirFiles(results []byte, resultsPath, outDir string) ([]markdown.File, error) {
	run, err := Read(bytes.NewReader(results), resultsPath)
	if err != nil {
		return nil, err
	}
	var files []markdown.File
	render := func(name string, write func(io.Writer) error) error {
		var b bytes.Buffer
		if err := write(&b); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		files = append(files, markdown.File{Path: filepath.Join(outDir, name), Data: b.Bytes()})
		return nil
	}
	for _, g := range run.Groups {
		for _, c := range chartsOf(g) {
			if err := render(c.file, func(w io.Writer) error { return writeChart(w, c, g) }); err != nil {
				return nil, err
			}
		}
	}
	link := markdown.Link(outDir, resultsPath)
	if err := render(ReportFile, func(w io.Writer) error { return WriteMarkdown(w, run, link) }); err != nil {
		return nil, err
	}
	return files, nil
}
