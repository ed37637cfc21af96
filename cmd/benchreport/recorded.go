package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/google/renameio/v2"

	"github.com/httpclientbench/httpclientbench/behaviour/matrix"
	"github.com/httpclientbench/httpclientbench/clients/coldstart"
	"github.com/httpclientbench/httpclientbench/internal/cli"
	"github.com/httpclientbench/httpclientbench/internal/markdown"
	"github.com/httpclientbench/httpclientbench/loadbench/report"
)

// The pages made of recorded inputs other than a benchmark run, each
// named by its flag instead of -in, with -readme the one page whose
// blocks it rewrites:
//
//	go run ./cmd/benchreport -load 'docs/load/*' -readme docs/load.md
//	go run ./cmd/benchreport -coldstart docs/coldstart.txt -readme docs/coldstart.md
//	go run ./cmd/benchreport -behaviour docs/behaviour.json -readme docs/clients.md
var recordedInputs = []struct {
	flag, usage string
	write       func(input, page string, stderr io.Writer) error
}{
	{"load", "instead of -in: load runs' directories (cmd/loadbench -out; comma-separated, a pattern such as 'docs/load/*' standing for every directory it matches that holds a results.txt): rewrite each one's summary and charts and, with -readme, that page's loadreport blocks", writeLoad},
	{"coldstart", "instead of -in: a cmd/coldstart run (docs/coldstart.txt): rewrite -readme's coldstart table", writeColdStart},
	{"behaviour", "instead of -in: the behaviour matrix that package behaviour's test records (docs/behaviour.json): write the page beside it (docs/behaviour.md) and, with -readme, that page's behaviour:summary block", writeBehaviour},
}

// recordedFlags defines recordedInputs' flags on fs.
func recordedFlags(fs *flag.FlagSet) map[string]*string {
	vals := map[string]*string{}
	for _, r := range recordedInputs {
		vals[r.flag] = fs.String(r.flag, "", r.usage)
	}
	return vals
}

// writeRecorded writes the page of the recorded input that set names, if
// one does (done); that flag goes with -readme alone, which only
// -coldstart needs.
func writeRecorded(set map[string]bool, vals map[string]*string, readme string, stderr io.Writer) (done bool, err error) {
	for _, r := range recordedInputs {
		if !set[r.flag] {
			continue
		}
		for name := range set {
			if name != r.flag && name != "readme" {
				return true, cli.Usagef("-%s does not go with -%s, whose page is -readme's", name, r.flag)
			}
		}
		if readme == "" && r.flag == "coldstart" {
			return true, cli.Usagef("-%s needs -readme, the page to rewrite", r.flag)
		}
		if *vals[r.flag] == "" {
			return true, cli.Usagef("-%s is empty", r.flag)
		}
		return true, r.write(*vals[r.flag], readme, stderr)
	}
	return false, nil
}

// writeLoad rewrites the load runs' directories and page (report.Rewrite).
func writeLoad(dirs, page string, stderr io.Writer) error {
	var ds []string
	for d := range strings.SplitSeq(dirs, ",") {
		if d = strings.TrimSpace(d); d != "" {
			ds = append(ds, d)
		}
	}
	return report.Rewrite(ds, page, stderr)
}

// coldMarkers are the cold-start page's block: <!-- coldstart:table -->.
var coldMarkers = markdown.Syntax{Tool: "coldstart", Kinds: map[string][]string{"table": nil}}

// writeColdStart rewrites page's one coldstart table with the run's.
func writeColdStart(run, page string, stderr io.Writer) error {
	out, changed, err := coldStartPage(run, page)
	if err != nil || !changed {
		return err
	}
	fmt.Fprintf(stderr, "benchreport: rewrote the coldstart table of %s\n", page)
	return renameio.WriteFile(page, out, 0o644)
}

// coldStartPage is page with its one coldstart table made of run, and
// whether that changed it.
func coldStartPage(run, page string) (out []byte, changed bool, err error) {
	f, err := os.Open(run)
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	table, err := coldstart.Table(f, run)
	if err != nil {
		return nil, false, err
	}
	src, err := os.ReadFile(page)
	if err != nil {
		return nil, false, err
	}
	out, blocks, err := coldMarkers.Rewrite(src, page, func(string, []markdown.Option) (string, error) {
		return table, nil
	})
	if err != nil {
		return nil, false, err
	}
	if len(blocks) != 1 {
		return nil, false, fmt.Errorf("%s has %d coldstart blocks, want 1", page, len(blocks))
	}
	return out, string(out) != string(src), nil
}

// behaviourMarkers are a page's behaviour summary: <!-- behaviour:summary -->.
var behaviourMarkers = markdown.Syntax{Tool: "behaviour", Kinds: map[string][]string{"summary": nil}}

// routesPage is the fixture server's route table, which the behaviour
// page links to, beside it.
const routesPage = "fixture-server.md"

// writeBehaviour writes the behaviour page beside the recorded matrix
// (FILE.json: FILE.md) and, with summaryPage, its summary block.
func writeBehaviour(recorded, summaryPage string, stderr io.Writer) error {
	pages, err := behaviourPages(recorded, summaryPage)
	if err != nil {
		return err
	}
	for _, p := range pages {
		if p.changed {
			fmt.Fprintf(stderr, "benchreport: rewrote %s\n", p.name)
			if err := renameio.WriteFile(p.name, p.text, 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

// page is a page as generated, and whether that changes it.
type page struct {
	name    string
	text    []byte
	changed bool
}

// behaviourPages are the behaviour page made of the recorded matrix and,
// with summaryPage, that page with its one summary block made of it;
// versions are those of the go.mod nearest the recorded file.
func behaviourPages(recorded, summaryPage string) ([]page, error) {
	m, err := matrix.Read(recorded)
	if err != nil {
		return nil, err
	}
	dir := filepath.Dir(recorded)
	goMod, err := findGoMod(dir)
	if err != nil {
		return nil, err
	}
	mod, err := os.ReadFile(goMod)
	if err != nil {
		return nil, err
	}
	versions, err := m.Versions(mod)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", goMod, err)
	}
	name := strings.TrimSuffix(recorded, filepath.Ext(recorded)) + ".md"
	pages := []page{{name: name, text: m.Page(versions, routesPage)}}
	if summaryPage != "" {
		src, err := os.ReadFile(summaryPage)
		if err != nil {
			return nil, err
		}
		link := markdown.Link(filepath.Dir(summaryPage), name)
		out, blocks, err := behaviourMarkers.Rewrite(src, summaryPage, func(string, []markdown.Option) (string, error) {
			return m.Summary(link), nil
		})
		if err != nil {
			return nil, err
		}
		if len(blocks) != 1 {
			return nil, fmt.Errorf("%s has %d behaviour:summary blocks, want 1", summaryPage, len(blocks))
		}
		pages = append(pages, page{name: summaryPage, text: out})
	}
	for i, p := range pages {
		old, err := os.ReadFile(p.name)
		pages[i].changed = err != nil || string(old) != string(p.text)
	}
	return pages, nil
}
