package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/httpclientbench/httpclientbench/internal/markdown"
	"github.com/httpclientbench/httpclientbench/internal/results"
)

// HeadlineChart is the headline's chart in ChartDir, without ".svg"; the
// chart of the server=process placement is HeadlineChart+ProcessChart.
const (
	HeadlineChart = "headline"
	ProcessChart  = "-process"
)

// ProcessLevel is the level of the suite's rows with the fixture server in
// a process of its own, right under the family; a row without it has the
// server in the benchmark's process. The headline shows both placements.
const ProcessLevel = results.ProcessLevel

// A placement is where a headline cell's server ran.
type placement int

const (
	inProcess  placement = iota // the loopback rows
	ownProcess                  // their server=process counterparts
)

func (p placement) String() string {
	if p == ownProcess {
		return "own process"
	}
	return "in process"
}

// placed is variant as it is in placement p.
func placed(variant string, p placement) string {
	if p == inProcess {
		return variant
	}
	if variant == "" {
		return ProcessLevel
	}
	return ProcessLevel + "/" + variant
}

// placedRow is row (family/variant) in placement p, as its leaves are
// named: the placement's level right after the family.
func placedRow(row string, p placement) string {
	family, variant := splitRow(row)
	if v := placed(variant, p); v != "" {
		return family + "/" + v
	}
	return family
}

// headlineRows is the headline's selection (a variable for the tests).
var headlineRows = results.Headline

// headline is the headline findings: per row, each client's time as a
// ratio to the baseline's, and the baseline's own time.
type headline struct {
	rows    []headRow
	clients []string // the columns: every client with a cell on a row, in column order
	// rounds is the run's Rounds: every ratio is the median of per-round
	// ratios where it is not 0, the ratio of the medians where it is
	// (ratioOf).
	rounds int
	// placed: some row has server=process leaves, recorded or not yet;
	// cpu: some row has a CPU time. Either makes a cell show more than
	// the in-process time.
	placed, cpu bool
	// shapes, if not nil, is the run of several CPU counts each cell's
	// verdicts are checked on (Report.Shapes).
	shapes *shapeSet
	// title, if not "", names the machine shape of a shape's headline
	// in its charts: "2 of the 16 CPUs, Intel Xeon".
	title string
}

// headRow is one row of the headline, with the family variants its
// clients' and its baseline's leaves are in.
type headRow struct {
	results.HeadlineRow
	fam, baseFam         *Family // baseFam nil when the run has no such family
	variant, baseVariant string
}

// headCell is one client's cell on a headline row, in one placement.
type headCell struct {
	pending  bool  // the leaf is not recorded yet
	time     *Stat // the client's time; nil when it has no leaf on the row
	hasRatio bool  // ratio is the time over the baseline's
	ratio    results.Ratio
	cpu      *Stat // the client's CPU time per op, nil without one
	hasCPU   bool  // cpuRatio is the CPU time over the baseline's
	cpuRatio results.Ratio
}

// A verdict is a ratio's answer: significantly below 1 (-1), above (+1),
// or an interval that contains 1 (0).
func verdict(r results.Ratio) int {
	switch {
	case r.Hi < 1:
		return -1
	case r.Lo > 1:
		return 1
	}
	return 0
}

// splitRow splits "H1Download/size=1MiB" into family and variant.
func splitRow(row string) (family, variant string) {
	family, variant, _ = strings.Cut(row, "/")
	return family, variant
}

// headline computes the headline of r from headlineRows. With the suite's
// leaves known (r.Suite), a row whose leaves, or whose baseline's leaf,
// the suite lacks is an error: the selection names a leaf that is gone.
// Without them, a row the run has no leaf of is left out.
func (r *Report) headline() (*headline, error) {
	h := &headline{rounds: r.Rounds, shapes: r.Shapes}
	seen := map[string]bool{}
	for _, sel := range headlineRows {
		if seen[sel.Row] {
			return nil, fmt.Errorf("headline row %s is listed twice", sel.Row)
		}
		seen[sel.Row] = true
		base := sel.Base
		if base == "" {
			base = sel.Row
		}
		if r.Suite != nil {
			if !slices.ContainsFunc(r.Suite, func(l string) bool { return strings.HasPrefix(l, sel.Row+"/client=") }) {
				return nil, fmt.Errorf("headline row %s (%s): the suite has no leaf %s/client=…; change results.Headline", sel.Row, sel.Title, sel.Row)
			}
			if !slices.Contains(r.Suite, base+"/client="+Baseline) {
				return nil, fmt.Errorf("headline row %s (%s): the suite has no leaf %s/client=%s to take its ratios to; change results.Headline", sel.Row, sel.Title, base, Baseline)
			}
		}
		row := headRow{HeadlineRow: sel}
		family, variant := splitRow(sel.Row)
		row.fam, row.variant = r.Family(family), variant
		if row.fam == nil || !slices.Contains(row.fam.Variants, variant) {
			if r.Suite != nil && !r.onlyUnrecorded(sel.Row) {
				return nil, fmt.Errorf("headline row %s: in the suite but in no table", sel.Row) // AddPending adds every leaf of the suite
			}
			continue // left out: the run has no leaf of it, or none of its clients' (r.Unrecorded)
		}
		family, variant = splitRow(base)
		row.baseFam, row.baseVariant = r.Family(family), variant
		h.rows = append(h.rows, row)
		h.placed = h.placed || slices.Contains(row.fam.Variants, placed(row.variant, ownProcess))
		for _, c := range row.fam.Clients { // those with a cell on the row, not every client of the family
			if row.fam.Cell(row.variant, c) != nil && !slices.Contains(h.clients, c) {
				h.clients = append(h.clients, c)
			}
			for _, p := range []placement{inProcess, ownProcess} {
				h.cpu = h.cpu || row.fam.cpu(placed(row.variant, p), c) != nil
			}
		}
		if row.base(inProcess) != nil && !slices.Contains(h.clients, Baseline) {
			h.clients = append(h.clients, Baseline)
		}
	}
	sortClients(h.clients)
	return h, nil
}

// onlyUnrecorded reports whether every leaf of the suite on row is of a
// client the run has no leaf of (r.Unrecorded), which AddPending leaves
// out of the tables: a run of some families only (a user's own), say,
// has none of the HTTP/3 client's.
func (r *Report) onlyUnrecorded(row string) bool {
	for _, l := range r.Suite {
		if rest, ok := strings.CutPrefix(l, row+"/client="); ok && !slices.Contains(r.Unrecorded, rest) {
			return false
		}
	}
	return true
}

// base is the baseline's cell the row's ratios are taken to in placement
// p, or nil.
func (row headRow) base(p placement) *Cell {
	if row.baseFam == nil {
		return nil
	}
	return row.baseFam.Cell(placed(row.baseVariant, p), Baseline)
}

// cell returns client c's cell on row in placement p.
func (h *headline) cell(row headRow, c string, p placement) headCell {
	v := placed(row.variant, p)
	cell := row.fam.Cell(v, c)
	if cell == nil {
		return headCell{}
	}
	if cell.Pending {
		return headCell{pending: true}
	}
	hc := headCell{time: cell.Time, cpu: cell.CPU}
	base := row.base(p)
	if base == nil || base.Pending {
		return hc
	}
	if hc.time != nil && base.Time != nil {
		hc.hasRatio, hc.ratio = true, ratioOf(hc.time, base.Time, h.rounds > 0)
	}
	if hc.cpu != nil && base.CPU != nil {
		hc.hasCPU, hc.cpuRatio = true, ratioOf(hc.cpu, base.CPU, h.rounds > 0)
	}
	return hc
}

// disagrees reports whether client c's verdicts against the baseline on
// row differ between the placements: significantly faster in one,
// significantly slower or not significantly different in the other, or
// slower in one and not different in the other.
func (h *headline) disagrees(row headRow, c string) bool {
	in, own := h.cell(row, c, inProcess), h.cell(row, c, ownProcess)
	if c == Baseline || !in.hasRatio || !own.hasRatio {
		return false
	}
	return disagree(in.ratio, own.ratio)
}

// disagree reports whether two placements' ratios give different
// verdicts, of significantly faster, significantly slower and not
// significantly different (~): a claim either way that the other
// placement does not make.
func disagree(a, b results.Ratio) bool {
	return verdict(a) != verdict(b)
}

// drawable reports whether the headline has a ratio to draw in placement
// p: its chart is written, and linked, only then.
func (h *headline) drawable(p placement) bool {
	for _, row := range h.rows {
		for _, c := range h.clients {
			if c != Baseline && h.cell(row, c, p).hasRatio {
				return true
			}
		}
	}
	return false
}

// label is the row's first cell: its title and its leaves.
func (row headRow) label() string {
	s := row.Title + "<br>`" + row.Row + "`"
	if row.Base != "" {
		s += " ÷ `" + row.Base + "/client=" + Baseline + "`"
	}
	return s
}

// text renders the headline block: the table, its caption and, when
// chartLink is not "", the charts (the server=process one beside
// chartLink, its name with ProcessChart added).
func (h *headline) text(r *Report, resultsLink, chartLink string) string {
	if len(h.rows) == 0 {
		return "This results file has none of the headline's rows."
	}
	var b strings.Builder
	t := markdown.NewTable(headlineHead(h.rows, h.clients)...)
	pending := pendingCell(r)
	var split []string  // the rows where some client's verdict depends on the placement
	var shaped []string // the rows where one depends on the machine's shape
	for _, row := range h.rows {
		label := row.label()
		if slices.ContainsFunc(h.clients, func(c string) bool { return h.disagrees(row, c) }) {
			label += "<br>≠ placements disagree"
			split = append(split, "`"+row.Row+"`")
		}
		if h.shapes != nil && h.shapes.disagrees(h, row) {
			label += "<br>≠ shapes disagree"
			shaped = append(shaped, "`"+row.Row+"`")
		}
		cells := []string{label}
		for _, c := range h.clients {
			cells = append(cells, h.cellText(row, c, pending))
		}
		t.Row(cells...)
	}
	b.WriteString(t.String() + "\n")
	fmt.Fprintf(&b, "Time per op relative to `%s` on the same row; lower is faster (0.50× takes half the time). ", Baseline)
	if h.placed {
		fmt.Fprintf(&b, "Each cell has two placements of the fixture server: *in process*, the benchmark's own process (the suite's loopback rows), and *own process*, a process of its own (the `%s` rows), each with the time per op's ratio", ProcessLevel)
		if h.cpu {
			fmt.Fprintf(&b, " and, after *CPU*, the ratio of the benchmark process's CPU time per op (`%s`: in process the client's and the server's, in its own process the client's alone, its waiting for the server's answers included)", CPUUnit)
		}
		b.WriteString(". ≠ marks a client whose verdict against `" + Baseline + "` differs between the placements (one of significantly faster, significantly slower and ~ in one, another in the other), and the rows that have one")
		if len(split) > 0 {
			b.WriteString(": " + strings.Join(split, ", "))
		}
		b.WriteString(". ")
	} else if h.cpu {
		fmt.Fprintf(&b, "*CPU* is the ratio of the benchmark process's CPU time per op (`%s`: the client's and the in-process server's). ", CPUUnit)
	}
	if h.shapes != nil {
		b.WriteString(h.shapes.caption(resultsLink))
		if len(shaped) > 0 {
			b.WriteString(" Rows with one: " + strings.Join(shaped, ", ") + ".")
		}
		b.WriteString(" ")
	}
	b.WriteString(ratioCaption(h.rounds))
	fmt.Fprintf(&b, " The `%s` column is its own median time per op ± its 95 %% interval", Baseline)
	if h.cpu {
		b.WriteString(", and its CPU time per op")
	}
	if slices.Contains(h.clients, FloorClient) {
		fmt.Fprintf(&b, "; `%s` is the suite's minimal HTTP/1.1 client, a floor, not a library", FloorClient)
	}
	b.WriteString(".")
	fmt.Fprintf(&b, " Run: [%s](%s), commit %s, %s, Go %s.", resultsLink, resultsLink, r.config("commit"), r.config("machine"), r.config("go"))
	if chartLink != "" && h.drawable(inProcess) {
		fmt.Fprintf(&b, "\n\n![Headline: time per op as a ratio to %s, with 95 %% intervals](%s)", Baseline, chartLink)
	}
	if chartLink != "" && h.drawable(ownProcess) {
		fmt.Fprintf(&b, "\n![Headline, the server in its own process: time per op as a ratio to %s, with 95 %% intervals](%s)",
			Baseline, strings.TrimSuffix(chartLink, ".svg")+ProcessChart+".svg")
	}
	return b.String()
}

// headlineHead is the header of a headline table of rows and clients:
// raw is "raw (floor)" where no client is faster than it on any row.
func headlineHead(rows []headRow, clients []string) []string {
	floor := true
	for _, row := range rows {
		floor = floor && row.fam.RawIsFloor(row.variant)
	}
	head := []string{""}
	for _, c := range clients {
		if c == FloorClient && floor {
			c += " (floor)"
		}
		head = append(head, c)
	}
	return head
}

// cellText is the text of client c's cell on row: the in-process time's
// ratio (or, for the baseline, its time), and where the headline has them
// the CPU time's and the server=process placement's.
func (h *headline) cellText(row headRow, c string, pending string) string {
	var lines []string
	for _, p := range []placement{inProcess, ownProcess} {
		if p == ownProcess && !h.placed {
			break
		}
		t, cpu := h.placementText(row, c, p, pending)
		if h.placed {
			t = p.String() + " " + t
			if p == ownProcess && h.disagrees(row, c) {
				t = "≠ " + t
			}
		}
		lines = append(lines, t)
		if cpu != "" {
			lines = append(lines, "CPU "+cpu)
		}
		if h.shapes != nil {
			if l := h.shapes.cellLine(row.Row, c, p, h.cell(row, c, p)); l != "" {
				lines = append(lines, l)
			}
		}
	}
	return strings.Join(lines, "<br>")
}

// placementText is client c's time (its ratio, or the baseline's own
// time) and CPU (likewise, "" if the headline has none) on row in
// placement p.
func (h *headline) placementText(row headRow, c string, p placement, pending string) (time, cpu string) {
	if c == Baseline && row.Base != "" { // the baseline's time on the row its ratios are taken to
		bc := row.base(p)
		switch {
		case bc != nil && bc.Pending:
			return pending, ""
		case bc == nil || bc.Time == nil:
			return "—", ""
		}
		time = fmt.Sprintf("%s %s<br>on `%s`", results.FormatNanos(bc.Time.Center), bc.Time.Range, placedRow(row.Base, p))
		if h.cpu && bc.CPU != nil {
			cpu = results.FormatNanos(bc.CPU.Center) + " " + bc.CPU.Range
		}
		return time, cpu
	}
	cell := h.cell(row, c, p)
	switch {
	case cell.pending:
		return pending, ""
	case cell.time == nil:
		return "—", ""
	case c == Baseline || !cell.hasRatio: // the anchor, or no baseline to divide by
		time = results.FormatNanos(cell.time.Center) + " " + cell.time.Range
		if h.cpu && cell.cpu != nil {
			cpu = results.FormatNanos(cell.cpu.Center) + " " + cell.cpu.Range
		}
		return time, cpu
	}
	if h.cpu && cell.hasCPU {
		cpu = cell.cpuRatio.String()
	}
	return cell.ratio.String(), cpu
}
