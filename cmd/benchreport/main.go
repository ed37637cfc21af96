// Command benchreport turns a results file into the report people read: a
// Markdown page with one table per scenario family (clients side by side,
// median time ± confidence interval and the ratio to net/http, allocations)
// and one SVG chart per family.
//
//	go run ./cmd/benchreport -in docs/results.txt -out docs/
//
// It reads Go benchmark output with golang.org/x/perf/benchfmt and computes
// medians and intervals with golang.org/x/perf/benchmath, as benchstat does.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

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
	out := fs.String("out", "", "directory to write "+ReportFile+" and "+ChartDir+"/ into (required)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *in == "" || *out == "" || fs.NArg() > 0 {
		fs.Usage()
		return errors.New("-in and -out are required, and nothing else")
	}
	f, err := os.Open(*in)
	if err != nil {
		return err
	}
	defer f.Close()
	series, config, err := results.Read(f, *in)
	if err != nil {
		return err
	}
	r, err := Build(series, config)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(*out, ChartDir), 0o755); err != nil {
		return err
	}
	for _, fam := range r.Families {
		if err := writeFile(filepath.Join(*out, ChartDir, fam.Name+".svg"), func(w io.Writer) error { return WriteChart(w, fam) }); err != nil {
			return err
		}
	}
	return writeFile(filepath.Join(*out, ReportFile), func(w io.Writer) error { return WriteMarkdown(w, r, ChartDir) })
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
