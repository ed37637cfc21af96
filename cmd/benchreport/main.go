// Command benchreport turns a results file into the report people read: a
// Markdown page with one table per scenario family (clients side by side,
// median time ± confidence interval and the ratio to net/http, allocations)
// and one SVG chart per family.
//
//	go run ./cmd/benchreport -in docs/results.txt -out docs/ -readme README.md
//
// With -readme it also rewrites, in place, every block of that Markdown file
// between a <!-- benchreport:KIND … --> marker and <!-- benchreport:end -->
// (tables, the run's description, the spread of the intervals, the buffer
// rule; see readme.go), and nothing outside them.
//
// It reads Go benchmark output with golang.org/x/perf/benchfmt and computes
// medians, intervals and comparisons with golang.org/x/perf/benchmath, as
// benchstat does.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/httpclientbench/httpclientbench/internal/docfile"
	"github.com/httpclientbench/httpclientbench/internal/results"
)

// ReportFile and ChartDir are where the report goes inside -out.
const (
	ReportFile = "REPORT.md"
	ChartDir   = "charts"
)

func main() {
	if err := run(os.Args[1:], os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "benchreport:", err)
		}
		os.Exit(2)
	}
}

func run(args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("benchreport", flag.ContinueOnError)
	fs.SetOutput(stderr)
	in := fs.String("in", "", "Go benchmark output to read (required)")
	out := fs.String("out", "", "directory to write "+ReportFile+" and "+ChartDir+"/ into")
	readme := fs.String("readme", "", "Markdown file whose benchreport blocks to rewrite in place")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *in == "" || (*out == "" && *readme == "") || fs.NArg() > 0 {
		fs.Usage()
		return errors.New("-in and at least one of -out and -readme are required, and nothing else")
	}
	r, err := load(*in)
	if err != nil {
		return err
	}
	var readmeText []byte
	if *readme != "" { // before writing anything: a bad marker leaves every file as it was
		src, err := os.ReadFile(*readme)
		if err != nil {
			return err
		}
		if readmeText, _, err = updateReadme(src, *readme, r, docfile.Link(filepath.Dir(*readme), *in)); err != nil {
			return err
		}
	}
	if *out != "" {
		if err := writeReport(r, *out); err != nil {
			return err
		}
	}
	if *readme != "" {
		return os.WriteFile(*readme, readmeText, 0o644)
	}
	return nil
}

// load reads and summarizes a results file.
func load(path string) (*Report, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	series, config, err := results.Read(f, path)
	if err != nil {
		return nil, err
	}
	return Build(series, config)
}

// writeReport writes REPORT.md and one chart per family into dir.
func writeReport(r *Report, dir string) error {
	if err := os.MkdirAll(filepath.Join(dir, ChartDir), 0o755); err != nil {
		return err
	}
	for _, fam := range r.Families {
		if err := docfile.Write(filepath.Join(dir, ChartDir, fam.Name+".svg"), func(w io.Writer) error { return WriteChart(w, fam) }); err != nil {
			return err
		}
	}
	return docfile.Write(filepath.Join(dir, ReportFile), func(w io.Writer) error { return WriteMarkdown(w, r, ChartDir) })
}
