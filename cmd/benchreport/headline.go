package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/httpclientbench/httpclientbench/internal/results"
)

// HeadlineChart is the headline's chart in ChartDir, without ".svg".
const HeadlineChart = "headline"

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
}

// headRow is one row of the headline, with the family variants its
// clients' and its baseline's leaves are in.
type headRow struct {
	results.HeadlineRow
	fam, baseFam         *Family // baseFam nil when the run has no such family
	variant, baseVariant string
}

// headCell is one client's cell on a headline row.
type headCell struct {
	pending  bool  // the leaf is not recorded yet
	time     *Stat // the client's time; nil when it has no leaf on the row
	hasRatio bool  // ratio is the time over the baseline's
	ratio    results.Ratio
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
	h := &headline{rounds: r.Rounds}
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
			if r.Suite != nil {
				return nil, fmt.Errorf("headline row %s: in the suite but in no table", sel.Row) // AddPending adds every leaf of the suite
			}
			continue
		}
		family, variant = splitRow(base)
		row.baseFam, row.baseVariant = r.Family(family), variant
		h.rows = append(h.rows, row)
		for _, c := range row.fam.Clients { // those with a cell on the row, not every client of the family
			if row.fam.Cell(row.variant, c) != nil && !slices.Contains(h.clients, c) {
				h.clients = append(h.clients, c)
			}
		}
		if row.base() != nil && !slices.Contains(h.clients, Baseline) {
			h.clients = append(h.clients, Baseline)
		}
	}
	sortClients(h.clients)
	return h, nil
}

// base is the baseline's cell the row's ratios are taken to, or nil.
func (row headRow) base() *Cell {
	if row.baseFam == nil {
		return nil
	}
	return row.baseFam.Cell(row.baseVariant, Baseline)
}

// baseTime is the baseline's time on the row, or nil.
func (row headRow) baseTime() *Stat {
	if c := row.base(); c != nil {
		return c.Time
	}
	return nil
}

// cell returns client c's cell on row.
func (h *headline) cell(row headRow, c string) headCell {
	if cell := row.fam.Cell(row.variant, c); cell != nil && cell.Pending {
		return headCell{pending: true}
	}
	t := row.fam.time(row.variant, c)
	b := row.baseTime()
	if t == nil || b == nil {
		return headCell{time: t}
	}
	return headCell{time: t, hasRatio: true, ratio: ratioOf(t, b, h.rounds > 0)}
}

// drawable reports whether the headline has a ratio to draw: its chart is
// written, and linked, only then.
func (h *headline) drawable() bool {
	for _, row := range h.rows {
		for _, c := range h.clients {
			if c != Baseline && h.cell(row, c).hasRatio {
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
// chartLink is not "", the chart.
func (h *headline) text(r *Report, resultsLink, chartLink string) string {
	if len(h.rows) == 0 {
		return "This results file has none of the headline's rows."
	}
	var b strings.Builder
	b.WriteString("| |")
	floor := true
	for _, row := range h.rows {
		floor = floor && row.fam.RawIsFloor(row.variant)
	}
	for _, c := range h.clients {
		if c == FloorClient && floor {
			c += " (floor)"
		}
		fmt.Fprintf(&b, " %s |", c)
	}
	b.WriteString("\n|---|" + strings.Repeat("---|", len(h.clients)) + "\n")
	pending := pendingCell(r)
	for _, row := range h.rows {
		fmt.Fprintf(&b, "| %s |", row.label())
		for _, c := range h.clients {
			fmt.Fprintf(&b, " %s |", h.cellText(row, c, pending))
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
	fmt.Fprintf(&b, "Time per op relative to `%s` on the same row; lower is faster (0.50× takes half the time). ", Baseline)
	b.WriteString(ratioCaption(h.rounds))
	fmt.Fprintf(&b, " The `%s` column is its own median time per op ± its 95 %% interval", Baseline)
	if slices.Contains(h.clients, FloorClient) {
		fmt.Fprintf(&b, "; `%s` is the suite's minimal HTTP/1.1 client, a floor, not a library", FloorClient)
	}
	b.WriteString(".")
	fmt.Fprintf(&b, " Run: [%s](%s), commit %s, %s, Go %s.", resultsLink, resultsLink, r.config("commit"), r.config("machine"), r.config("go"))
	if chartLink != "" && h.drawable() {
		fmt.Fprintf(&b, "\n\n![Headline: time per op as a ratio to %s, with 95 %% intervals](%s)", Baseline, chartLink)
	}
	return b.String()
}

// cellText is the text of client c's cell on row.
func (h *headline) cellText(row headRow, c string, pending string) string {
	if c == Baseline && row.Base != "" { // the baseline's time on the row its ratios are taken to
		if bc := row.base(); bc != nil && bc.Pending {
			return pending
		}
		if t := row.baseTime(); t != nil {
			return fmt.Sprintf("%s %s<br>on `%s`", formatTime(t.Center), t.Range, row.Base)
		}
		return "—"
	}
	cell := h.cell(row, c)
	switch {
	case cell.pending:
		return pending
	case cell.time == nil:
		return "—"
	case c == Baseline || !cell.hasRatio: // the anchor, or no baseline to divide by
		return formatTime(cell.time.Center) + " " + cell.time.Range
	}
	return cell.ratio.String()
}
