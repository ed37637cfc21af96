// Command benchreport turns a results file into the report people read: a
// Markdown page with one table per scenario family (clients side by side,
// median time ± confidence interval and the ratio to net/http with its
// interval, allocations)
// and one SVG chart per family.
//
//	go run ./cmd/benchreport -in docs/results.txt -out docs/ -readme README.md
//
// With -readme it also rewrites, in place, every block of each Markdown
// file it names (a comma-separated list) between a
// <!-- benchreport:KIND … --> marker and <!-- benchreport:end --> (tables,
// the run's description, the spread of the intervals, the buffer rule, the
// headline findings, the client and protocol matrices of internal/registry;
// see readme.go), and nothing outside them. Every file is read and
// generated before any is written, and each is replaced atomically:
//
//	go run ./cmd/benchreport -in docs/results.txt -out docs/ -readme README.md,docs/results.md
//
// With -net, the runs of the net= rows (docs/network.txt and
// docs/network-lossy.txt), it also rewrites the pages' netreport blocks
// (<!-- netreport:KIND … -->: cmd/benchreport/netreport), comparing with -in as
// the loopback run; a page then needs a block of either kind. One
// invocation regenerates every result block of the front page:
//
//	go run ./cmd/benchreport -in docs/results.txt -net docs/network.txt,docs/network-lossy.txt -out docs/ -readme README.md,docs/network.md
//
// With -shapes, runs of several CPU counts (cmd/benchrun -cpus, the
// many-core reference run in docs/shapes/), the headline says on which
// counts each verdict holds and marks with ≠ one that differs between
// them, -out writes each count's headline charts, and a page's
// benchreport:shapes block tabulates the headline's rows by count:
//
//	go run ./cmd/benchreport -in docs/results.txt -shapes docs/shapes/cpus.txt,docs/shapes/cpus-more.txt -out docs/ -readme README.md,docs/shapes.md
//
// The headline block links the chart of the headline findings that -out
// writes (charts/headline.svg). The client matrix shows each library's
// version from go.mod: -gomod, or the nearest go.mod in the Markdown
// file's directory or above it.
//
// A leaf the suite has and the results file lacks (the suite's leaves are
// -leaves, a file of one a line, by default docs/leaves.txt, which the
// root package's TestLeavesFile keeps; or those of -suite, a package whose
// test binary is built to list them), one added since the run was recorded, is shown in the tables
// as "not recorded yet" and listed, with the run's commit, in the report's
// and the README's description of the run. A client the run has no leaf
// of (one added since) is in no table: the client matrix names it.
// benchreport names those leaves and clients on standard error, and with
// -stale only lists the leaves:
//
//	go run ./cmd/benchreport -in docs/results.txt -stale
//
// Instead of -in, it renders the other recorded inputs' pages (recorded.go):
// the load runs (-load 'docs/load/*' -readme docs/load.md), a cold-start
// run (-coldstart docs/coldstart.txt -readme docs/coldstart.md) and the
// behaviour matrix (-behaviour docs/behaviour.json -readme docs/clients.md).
// It builds no client library: go generate ./... rewrites every page.
//
// It reads Go benchmark output with golang.org/x/perf/benchfmt and computes
// medians, intervals and comparisons with golang.org/x/perf/benchmath, as
// benchstat does.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/google/renameio/v2"

	"github.com/httpclientbench/httpclientbench/cmd/benchreport/netreport"
	"github.com/httpclientbench/httpclientbench/internal/cli"
	"github.com/httpclientbench/httpclientbench/internal/markdown"
	"github.com/httpclientbench/httpclientbench/internal/results"
)

// ReportFile and ChartDir are where the report goes inside -out.
const (
	ReportFile = "REPORT.md"
	ChartDir   = "charts"
)

func main() {
	cli.Exit("benchreport", run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("benchreport", flag.ContinueOnError)
	fs.SetOutput(stderr)
	in := fs.String("in", "", "Go benchmark output to read (required)")
	out := fs.String("out", "", "directory to write "+ReportFile+" and "+ChartDir+"/ into")
	readme := fs.String("readme", "", "Markdown files whose benchreport blocks (and, with -net, netreport blocks) to rewrite in place, comma-separated (README.md,docs/results.md)")
	netRuns := fs.String("net", "", "the runs of the net= rows (cmd/benchrun files, comma-separated, each leaf in one of them): -readme's netreport blocks are made of them, compared with -in as the loopback run")
	goMod := fs.String("gomod", "", "go.mod whose versions the clients block shows (default: the nearest go.mod in each -readme file's directory or above it)")
	leavesFile := fs.String("leaves", DefaultLeaves, "the suite's leaves, one a line: those -in lacks are shown as \""+results.NotRecorded+"\" (\"\" for none; the default is none where "+DefaultLeaves+" is not)")
	suite := fs.String("suite", "", "instead of -leaves, the package whose benchmarks -in is a run of, its leaves listed by its test binary (built with go test -c, asked with "+LeavesFlag+")")
	shapes := fs.String("shapes", "", "a run of several CPU counts (cmd/benchrun -cpus; comma-separated files, each leaf in one): the headline says on which shapes each verdict holds, -out writes each shape's headline charts, and -readme's benchreport:shapes blocks tabulate them")
	recorded := recordedFlags(fs)
	stale := fs.Bool("stale", false, "write nothing: list the suite's leaves (-leaves or -suite) that -in lacks, one a line, on standard output")
	if err := cli.Parse(fs, args); err != nil {
		return err
	}
	if done, err := writeRecorded(cli.Given(fs), recorded, *readme, stderr); done {
		return err
	}
	if *stale {
		if *in == "" || *out != "" || *readme != "" || *netRuns != "" || fs.NArg() > 0 {
			return cli.Usagef("-stale takes -in and the suite's -leaves or -suite, and nothing else")
		}
	} else if *in == "" || (*out == "" && *readme == "") || fs.NArg() > 0 || (*netRuns != "" && *readme == "") {
		return cli.Usagef("-in and at least one of -out and -readme are required (-readme with -net), and nothing else")
	}
	var nets *netreport.Runs
	if *netRuns != "" {
		var err error
		if nets, err = netreport.Load(strings.Split(*netRuns, ","), *in); err != nil {
			return err
		}
	}
	r, err := load(*in)
	if err != nil {
		return err
	}
	if *shapes != "" {
		if r.Shapes, err = loadShapes(strings.Split(*shapes, ","), *in); err != nil {
			return err
		}
	}
	set := cli.Given(fs)
	leaves, from, err := theLeaves(*leavesFile, *suite, set["leaves"])
	if err != nil {
		return err
	}
	switch {
	case leaves != nil:
		if done, err := withSuite(r, *in, from, leaves, *stale, stdout, stderr); done || err != nil {
			return err
		}
	case *stale && set["leaves"]:
		return cli.Usagef("-stale needs the suite's leaves: name a -leaves file or a -suite")
	case *stale:
		return cli.Usagef("-stale needs the suite's leaves: %s is not here (run from the repository's root); name a -leaves file or a -suite", DefaultLeaves)
	case !set["leaves"]:
		fmt.Fprintf(stderr, "benchreport: %s is not here (run from the repository's root, or name -leaves): the suite's leaves %s lacks are in no table\n", DefaultLeaves, *in)
	}
	if _, err := r.headline(); err != nil { // a headline row gone from the suite
		return err
	}
	// Every page before writing anything: a bad marker leaves every file
	// as it was.
	var pages, texts []string
	if *readme != "" {
		if pages, texts, err = rewritePages(r, nets, *readme, *in, *out, *goMod); err != nil {
			return err
		}
	}
	if *out != "" {
		if err := writeReport(r, *out, markdown.Link(*out, *in)); err != nil {
			return err
		}
	}
	for i, name := range pages {
		if err := renameio.WriteFile(name, []byte(texts[i]), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// maxListed is how many of the leaves a run lacks benchreport names on
// standard error.
const maxListed = 20

// withSuite marks the suite's leaves (leaves, from where from says) that
// r (read from in) lacks as pending, and says on stderr which it lacks and
// which it has that the suite no longer has; with stale it lists the lacking ones on
// stdout instead, and r is not used further (done is true).
func withSuite(r *Report, in, from string, leaves []string, stale bool, stdout, stderr io.Writer) (done bool, err error) {
	pending, gone := staleness(r, leaves)
	if stale {
		for _, l := range pending {
			fmt.Fprintln(stdout, l)
		}
		if len(gone) > 0 {
			return true, fmt.Errorf("%s has %s that %s no longer has:\n\t%s", in, leafCount(len(gone)), from, strings.Join(gone, "\n\t"))
		}
		return true, nil
	}
	if err := r.AddPending(pending); err != nil {
		return false, err
	}
	// The staleness report: printed by the command that regenerates
	// the report, where whoever adds a leaf or records a run sees it.
	if len(r.Pending) > 0 {
		list := r.Pending
		if len(list) > maxListed { // a one-family run of a whole suite
			list = append(slices.Clip(list[:maxListed]), fmt.Sprintf("… and %d more (-stale lists them all)", len(r.Pending)-maxListed))
		}
		fmt.Fprintf(stderr, "benchreport: %s (run of commit %s) lacks %s of %s, shown as %q until a run records them:\n\t%s\n",
			in, r.config("commit"), leafCount(len(r.Pending)), from, results.NotRecorded, strings.Join(list, "\n\t"))
	}
	if unrecorded := r.unrecordedIn(pending); len(unrecorded) > 0 {
		fmt.Fprintf(stderr, "benchreport: %s (run of commit %s) has no leaf of client %s, in no table until a run records them\n",
			in, r.config("commit"), strings.Join(unrecorded, ", "))
	}
	if len(gone) > 0 {
		fmt.Fprintf(stderr, "benchreport: %s has %s that %s no longer has (its test fails until a new run):\n\t%s\n",
			in, leafCount(len(gone)), from, strings.Join(gone, "\n\t"))
	}
	r.Suite = leaves
	return false, nil
}

// rewritePages is each -readme page (comma-separated names) with its
// benchreport blocks, and its netreport blocks where nets is not nil,
// rewritten from r; it writes nothing.
func rewritePages(r *Report, nets *netreport.Runs, readme, in, out, goMod string) (pages, texts []string, err error) {
	for _, name := range strings.Split(readme, ",") {
		if name == "" || slices.ContainsFunc(pages, func(p string) bool { return filepath.Clean(p) == filepath.Clean(name) }) {
			return nil, nil, fmt.Errorf("-readme %s: an empty or repeated file name", readme)
		}
		pg := pageInfo{resultsLink: markdown.Link(filepath.Dir(name), in), goMod: goMod, dir: filepath.Dir(name)}
		if out != "" {
			pg.chartLink = markdown.Link(filepath.Dir(name), filepath.Join(out, ChartDir, HeadlineChart+".svg"))
		}
		src, err := os.ReadFile(name)
		if err != nil {
			return nil, nil, err
		}
		text, blocks, err := updateReadme(src, name, r, pg)
		if err != nil {
			return nil, nil, err
		}
		n := len(blocks)
		if nets != nil {
			var netBlocks []markdown.Block
			if text, netBlocks, err = nets.Rewrite(text, name); err != nil {
				return nil, nil, err
			}
			n += len(netBlocks)
		}
		if n == 0 {
			if nets != nil {
				return nil, nil, fmt.Errorf("%s has no benchreport or netreport block", name)
			}
			return nil, nil, fmt.Errorf("%s has no benchreport block", name)
		}
		pages, texts = append(pages, name), append(texts, string(text))
	}
	return pages, texts, nil
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

// writeReport writes REPORT.md, one chart per family and the headline's
// chart (when it has a ratio to draw) into dir; resultsLink is the
// results file as REPORT.md links it.
func writeReport(r *Report, dir, resultsLink string) error {
	for _, fam := range r.Families {
		if strings.EqualFold(fam.Name, HeadlineChart) { // one file on a case-insensitive file system
			return fmt.Errorf("family %s: its chart would be the headline's", fam.Name)
		}
	}
	if err := os.MkdirAll(filepath.Join(dir, ChartDir), 0o755); err != nil {
		return err
	}
	h, err := r.headline()
	if err != nil {
		return err
	}
	for _, pl := range []placement{inProcess, ownProcess} {
		if !h.drawable(pl) {
			continue
		}
		name := HeadlineChart
		if pl == ownProcess {
			name += ProcessChart
		}
		if err := markdown.Write(filepath.Join(dir, ChartDir, name+".svg"), func(w io.Writer) error { return WriteHeadlineChart(w, h, pl) }); err != nil {
			return err
		}
	}
	if r.Shapes != nil {
		for _, sr := range r.Shapes.runs {
			for _, pl := range []placement{inProcess, ownProcess} {
				if !sr.h.drawable(pl) {
					continue
				}
				name := fmt.Sprintf("%s%d", ShapeChart, sr.cpus)
				if pl == ownProcess {
					name += ProcessChart
				}
				if err := markdown.Write(filepath.Join(dir, ChartDir, name+".svg"), func(w io.Writer) error { return WriteHeadlineChart(w, sr.h, pl) }); err != nil {
					return err
				}
			}
		}
	}
	for _, fam := range r.Families {
		fam := fam.recorded() // a chart draws numbers: none for a leaf not recorded yet
		if fam == nil {
			continue
		}
		if err := markdown.Write(filepath.Join(dir, ChartDir, fam.Name+".svg"), func(w io.Writer) error { return WriteChart(w, fam, r.Rounds > 0) }); err != nil {
			return err
		}
	}
	var head string // the README's headline, as REPORT.md links it
	if len(h.rows) > 0 {
		head = h.text(r, resultsLink, ChartDir+"/"+HeadlineChart+".svg")
	}
	return markdown.Write(filepath.Join(dir, ReportFile), func(w io.Writer) error { return WriteMarkdown(w, r, ChartDir, head) })
}
