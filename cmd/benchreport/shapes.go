package main

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/httpclientbench/httpclientbench/internal/markdown"
	"github.com/httpclientbench/httpclientbench/internal/results"
)

// The machine shapes: a run of cmd/benchrun -cpus (-shapes), the same
// leaves on one machine restricted to N of its CPUs for each N, read as
// one report per N. The headline then says, per cell, on which of those
// shapes its verdict holds, and marks a verdict that differs between them
// (or from -in's) with ≠, as it marks one that differs between the
// placements; the shapes block of a page tabulates the headline's rows by
// shape and links their charts.

// ShapeChart is the name of a shape's headline chart in ChartDir, before
// the CPU count: shapes-cpus16.svg (the server=process placement's with
// ProcessChart added).
const ShapeChart = "shapes-cpus"

// A shapeSet is the reports of a run of several CPU counts, in increasing
// order of the count.
type shapeSet struct {
	// files are the runs' files relative to the directory of the report's
	// own results file (-in), slash-separated: a page links them beside
	// the link to that file.
	files  []string
	config map[string]string // the first file's configuration
	runs   []shapeRun
}

// shapeRun is one CPU count's report and headline.
type shapeRun struct {
	cpus int
	r    *Report
	h    *headline
}

// loadShapes reads the runs of cmd/benchrun -cpus in paths (their leaves
// may be split between files, each leaf in one of them) and builds a
// report for each CPU count; in is the report's own results file. A
// result without a -N suffix, or a leaf in two files, is an error.
func loadShapes(paths []string, in string) (*shapeSet, error) {
	set := &shapeSet{}
	inDir, err := filepath.Abs(filepath.Dir(in))
	if err != nil {
		return nil, err
	}
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			return nil, err
		}
		rel, err := filepath.Rel(inDir, abs)
		if err != nil {
			return nil, fmt.Errorf("-shapes %s: %w", p, err)
		}
		set.files = append(set.files, filepath.ToSlash(rel))
	}
	series := map[int][]*results.Series{}
	seen := map[string]string{} // shape, leaf and unit → the file it is in
	for _, path := range paths {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		groups, err := results.ReadGroups(f, path, results.ProcsKey)
		f.Close()
		if err != nil {
			return nil, err
		}
		for _, g := range groups {
			n, err := strconv.Atoi(g.Value)
			if err != nil || n < 1 {
				return nil, fmt.Errorf("-shapes %s: results without a CPU count (a name ending in -N, as cmd/benchrun -cpus writes it): not a run of several shapes", path)
			}
			if set.config == nil {
				set.config = g.Config
			}
			// One machine and one build: the caption names them once.
			for _, key := range []string{"commit", "machine", "go"} {
				if g.Config[key] != set.config[key] {
					return nil, fmt.Errorf("-shapes %s: %s %q, but %s %q: the shapes of one run, on one machine, from one commit", path, key, g.Config[key], paths[0], set.config[key])
				}
			}
			for _, s := range g.Series {
				key := fmt.Sprintf("%d %s %s", n, s.Name, s.Unit)
				if other, ok := seen[key]; ok {
					return nil, fmt.Errorf("-shapes: %s-%d is in %s and in %s", s.Name, n, other, path)
				}
				seen[key] = path
				series[n] = append(series[n], s)
			}
		}
	}
	for n, ss := range series {
		r, err := Build(ss, set.config)
		if err != nil {
			return nil, fmt.Errorf("-shapes, %d CPUs: %w", n, err)
		}
		h, err := r.headline()
		if err != nil {
			return nil, err
		}
		h.title = fmt.Sprintf("%d of the %s", n, machineShort(set.config["machine"]))
		set.runs = append(set.runs, shapeRun{cpus: n, r: r, h: h})
	}
	slices.SortFunc(set.runs, func(a, b shapeRun) int { return a.cpus - b.cpus })
	return set, nil
}

// row returns the headline row named row of a shape's run, if it has it.
func (sr shapeRun) row(row string) (headRow, bool) {
	i := slices.IndexFunc(sr.h.rows, func(r headRow) bool { return r.Row == row })
	if i < 0 {
		return headRow{}, false
	}
	return sr.h.rows[i], true
}

// shapeVerdict is one shape's verdict on a client against the baseline.
type shapeVerdict struct {
	cpus    int
	verdict int // as verdict: -1 faster, +1 slower, 0 ~
	ratio   results.Ratio
}

// verdicts are client c's ratios on row in placement p, one for each
// shape whose run has them.
func (s *shapeSet) verdicts(row, c string, p placement) []shapeVerdict {
	var vs []shapeVerdict
	for _, sr := range s.runs {
		hr, ok := sr.row(row)
		if !ok {
			continue
		}
		if cell := sr.h.cell(hr, c, p); cell.hasRatio {
			vs = append(vs, shapeVerdict{sr.cpus, verdict(cell.ratio), cell.ratio})
		}
	}
	return vs
}

// verdictWords are the verdicts as the pages say them.
var verdictWords = map[int]string{-1: "faster", 0: "~", 1: "slower"}

// holds says on which shapes each verdict holds: "faster on 2–16" where
// all agree, else each verdict with its counts, "slower on 2, faster on
// 4–16"; in the order of the counts.
func holds(vs []shapeVerdict) string {
	var parts []string
	for i := 0; i < len(vs); {
		j := i
		for j+1 < len(vs) && vs[j+1].verdict == vs[i].verdict {
			j++
		}
		counts := strconv.Itoa(vs[i].cpus)
		if j > i {
			counts += "–" + strconv.Itoa(vs[j].cpus)
		}
		// A verdict that comes back after another is named again.
		parts = append(parts, verdictWords[vs[i].verdict]+" on "+counts)
		i = j + 1
	}
	return strings.Join(parts, ", ")
}

// disagreeWith reports whether the shapes' verdicts differ among
// themselves or from ref's (when hasRef).
func disagreeWith(vs []shapeVerdict, ref results.Ratio, hasRef bool) bool {
	for _, v := range vs {
		if v.verdict != vs[0].verdict || hasRef && v.verdict != verdict(ref) {
			return true
		}
	}
	return false
}

// cellLine is the line the headline adds to client c's cell on row in
// placement p: on which shapes its verdict holds, marked ≠ where they
// differ from one another or from ref (the cell's own, -in's); "" where
// the shapes have no ratio of it.
func (s *shapeSet) cellLine(row, c string, p placement, ref headCell) string {
	if c == Baseline {
		return s.baseLine(row, p)
	}
	vs := s.verdicts(row, c, p)
	if len(vs) == 0 {
		return ""
	}
	line := "CPUs " + holds(vs)
	if disagreeWith(vs, ref.ratio, ref.hasRatio) {
		line = "≠ " + line
	}
	return line
}

// baseLine is the baseline's time on each shape: "CPUs 2, 4, 8, 16: 29.3,
// 56.9, 55.8, 54.4 µs".
func (s *shapeSet) baseLine(row string, p placement) string {
	var counts, times []string
	for _, sr := range s.runs {
		hr, ok := sr.row(row)
		if !ok {
			continue
		}
		if base := hr.base(p); base != nil && base.Time != nil { // the row's, or its Base's
			counts = append(counts, strconv.Itoa(sr.cpus))
			times = append(times, results.FormatNanos(base.Time.Center))
		}
	}
	if len(times) == 0 {
		return ""
	}
	return "CPUs " + strings.Join(counts, ", ") + ": " + strings.Join(times, ", ")
}

// disagrees reports whether some client's verdict on row, in either
// placement, differs between the shapes or from -in's (h's own cells).
func (s *shapeSet) disagrees(h *headline, row headRow) bool {
	for _, c := range h.clients {
		for _, p := range []placement{inProcess, ownProcess} {
			if c == Baseline {
				continue
			}
			ref := h.cell(row, c, p)
			if vs := s.verdicts(row.Row, c, p); len(vs) > 0 && disagreeWith(vs, ref.ratio, ref.hasRatio) {
				return true
			}
		}
	}
	return false
}

// machine names the shapes' machine and run for a caption: "Linux x86_64,
// 16 CPUs, Intel(R) Xeon(R) Processor, commit 7100eb7eea90".
func (s *shapeSet) machine() string {
	return fmt.Sprintf("%s, commit %s, Go %s", s.config["machine"], s.config["commit"], s.config["go"])
}

// caption is the headline caption's sentences on the shapes, for a page
// that links the report's results file as resultsLink.
func (s *shapeSet) caption(resultsLink string) string {
	var files []string
	for _, f := range s.files {
		link := path.Join(path.Dir(resultsLink), f)
		files = append(files, fmt.Sprintf("[%s](%s)", link, link))
	}
	return fmt.Sprintf("*CPUs* says on which machine shapes the verdict holds: the same rows recorded on one machine (%s) restricted to %s CPUs (cmd/benchrun -cpus; %s); ≠ marks a verdict that differs between those shapes or from this run's, and the rows that have one.",
		s.machine(), s.list(), strings.Join(files, ", "))
}

// total is the shapes' machine's CPUs, "16 CPUs", from its machine line.
func (s *shapeSet) total() string {
	for _, f := range strings.Split(s.config["machine"], ", ") {
		if strings.HasSuffix(f, " CPUs") {
			return f
		}
	}
	return "its CPUs"
}

// list is "2, 4, 8 and 16".
func (s *shapeSet) list() string {
	var ns []string
	for _, sr := range s.runs {
		ns = append(ns, strconv.Itoa(sr.cpus))
	}
	if len(ns) == 1 {
		return ns[0]
	}
	return strings.Join(ns[:len(ns)-1], ", ") + " and " + ns[len(ns)-1]
}

// block renders a page's shapes block: for each placement a table of the
// headline rows the shapes have, each client's ratio on -in's run (ref)
// and on each shape, and where each verdict holds; then each shape's
// charts (chartDir: ChartDir as the page links it, "" for none).
func (s *shapeSet) block(ref *headline, refName, chartDir string) string {
	var b strings.Builder
	for i, p := range []placement{inProcess, ownProcess} {
		if i > 0 {
			b.WriteString("\n")
		}
		head := []string{"row", "client", refName}
		for _, sr := range s.runs {
			head = append(head, fmt.Sprintf("%d of %s", sr.cpus, s.total()))
		}
		head = append(head, "holds")
		t := markdown.NewTable(head...)
		rows := 0
		for _, row := range ref.rows {
			if !slices.ContainsFunc(s.runs, func(sr shapeRun) bool { _, ok := sr.row(row.Row); return ok }) {
				continue
			}
			for _, c := range ref.clients {
				cells, ok := s.blockRow(ref, row, c, p)
				if ok {
					t.Row(append([]string{"`" + placedRow(row.Row, p) + "`", c}, cells...)...)
					rows++
				}
			}
		}
		if rows == 0 {
			continue
		}
		fmt.Fprintf(&b, "**%s** (time per op: `%s`'s own, the others' as a ratio to it)\n\n%s", p, Baseline, t.String())
	}
	fmt.Fprintf(&b, "\nEach ratio is the median of the per-round ratios to `%s` with its 95 %% interval; ~ marks an interval that contains 1. *holds* gives each verdict (faster, slower, ~) with the CPU counts it holds on; ≠ marks one that differs between the shapes or from %s's. Shapes: %s, restricted to %s CPUs by cmd/benchrun -cpus.", Baseline, refName, s.machine(), s.list())
	if chartDir != "" {
		for _, p := range []placement{inProcess, ownProcess} {
			b.WriteString("\n")
			for _, sr := range s.runs {
				if !sr.h.drawable(p) {
					continue
				}
				name := fmt.Sprintf("%s%d", ShapeChart, sr.cpus)
				if p == ownProcess {
					name += ProcessChart
				}
				fmt.Fprintf(&b, "\n![%d CPUs, %s: time per op as a ratio to %s](%s/%s.svg)", sr.cpus, p, Baseline, chartDir, name)
			}
		}
	}
	return b.String()
}

// blockRow is the cells of client c on row in placement p after its name:
// -in's, each shape's, and where its verdict holds; false where no shape
// has c there.
func (s *shapeSet) blockRow(ref *headline, row headRow, c string, p placement) ([]string, bool) {
	refCell := ref.cell(row, c, p)
	var cells []string
	if c == Baseline {
		if refCell.time == nil {
			cells = append(cells, "—")
		} else {
			cells = append(cells, results.FormatNanos(refCell.time.Center)+" "+refCell.time.Range)
		}
		any := false
		for _, sr := range s.runs {
			cell := "—"
			if hr, ok := sr.row(row.Row); ok {
				if sc := sr.h.cell(hr, c, p); sc.time != nil {
					cell, any = results.FormatNanos(sc.time.Center)+" "+sc.time.Range, true
				}
			}
			cells = append(cells, cell)
		}
		return append(cells, ""), any
	}
	vs := s.verdicts(row.Row, c, p)
	if len(vs) == 0 {
		return nil, false
	}
	if refCell.hasRatio {
		cells = append(cells, refCell.ratio.String())
	} else {
		cells = append(cells, "—")
	}
	for _, sr := range s.runs {
		i := slices.IndexFunc(vs, func(v shapeVerdict) bool { return v.cpus == sr.cpus })
		if i < 0 {
			cells = append(cells, "—")
		} else {
			cells = append(cells, vs[i].ratio.String())
		}
	}
	h := holds(vs)
	if disagreeWith(vs, refCell.ratio, refCell.hasRatio) {
		h = "≠ " + h
	}
	return append(cells, h), true
}
