package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/httpclientbench/httpclientbench/internal/markdown"
	"github.com/httpclientbench/httpclientbench/internal/results"
)

// The front page's headline (<!-- benchreport:front full=PAGE -->): the
// chart, then one table per protocol (the rows' Table), each with the
// clients that have a cell on at least half of its rows, one number a
// cell (the in-process time per op's ratio to the baseline, with its
// marks), and a caption of three sentences. PAGE, relative to the front
// page, holds the whole headline (<!-- benchreport:headline -->): both
// placements, CPU time and the machine shapes, cell by cell.

// frontTable is one protocol's table of the front headline.
type frontTable struct {
	title   string
	rows    []headRow
	clients []string
}

// frontTables groups h's rows by their Table, in the order each first
// appears, and gives each the clients of h with a cell on at least half
// of its rows.
func (h *headline) frontTables() []frontTable {
	var ts []frontTable
	for _, row := range h.rows {
		i := slices.IndexFunc(ts, func(t frontTable) bool { return t.title == row.Table })
		if i < 0 {
			ts = append(ts, frontTable{title: row.Table})
			i = len(ts) - 1
		}
		ts[i].rows = append(ts[i].rows, row)
	}
	for i, t := range ts {
		for _, c := range h.clients {
			n := 0
			for _, row := range t.rows {
				if h.has(row, c) {
					n++
				}
			}
			if 2*n >= len(t.rows) {
				ts[i].clients = append(ts[i].clients, c)
			}
		}
	}
	return ts
}

// has reports whether client c has a cell on row in process, recorded or
// not yet; the baseline has one wherever the row's ratios are taken to it.
func (h *headline) has(row headRow, c string) bool {
	if c == Baseline && row.Base != "" {
		return row.base(inProcess) != nil
	}
	cell := h.cell(row, c, inProcess)
	return cell.pending || cell.time != nil
}

// unsettled reports whether client c's verdict on row differs between the
// placements or between the machine shapes.
func (h *headline) unsettled(row headRow, c string) bool {
	if c == Baseline {
		return false
	}
	if h.placed && h.disagrees(row, c) {
		return true
	}
	if h.shapes == nil {
		return false
	}
	for _, p := range []placement{inProcess, ownProcess} {
		ref := h.cell(row, c, p)
		if vs := h.shapes.verdicts(row.Row, c, p); len(vs) > 0 && disagreeWith(vs, ref.ratio, ref.hasRatio) {
			return true
		}
	}
	return false
}

// frontCell is client c's one number on row: the baseline's time, or the
// ratio to it, ~ before it where its interval contains 1 and ≠ after it
// where the verdict is unsettled.
func (h *headline) frontCell(row headRow, c string) string {
	if !h.has(row, c) {
		return "—"
	}
	if c == Baseline && row.Base != "" { // its time on the row the ratios are taken to
		bc := row.base(inProcess)
		if bc.Pending || bc.Time == nil {
			return results.NotRecorded
		}
		_, onRow, _ := strings.Cut(row.Base, "/")
		return results.FormatNanos(bc.Time.Center) + " (" + onRow + ")"
	}
	cell := h.cell(row, c, inProcess)
	switch {
	case cell.pending || cell.time == nil:
		return results.NotRecorded
	case c == Baseline || !cell.hasRatio:
		return results.FormatNanos(cell.time.Center)
	}
	t := fmt.Sprintf("%.2f×", cell.ratio.X)
	if !cell.ratio.Significant() {
		t = "~" + t
	}
	if h.unsettled(row, c) {
		t += " ≠"
	}
	return t
}

// frontText renders the front headline; full links the page with the
// whole headline.
func (h *headline) frontText(r *Report, resultsLink, chartLink, full string) string {
	if len(h.rows) == 0 {
		return "This results file has none of the headline's rows."
	}
	var b strings.Builder
	if chartLink != "" && h.drawable(inProcess) {
		fmt.Fprintf(&b, "![Headline: time per op as a ratio to %s, with 95 %% intervals](%s)\n\n", Baseline, chartLink)
	}
	for _, t := range h.frontTables() {
		if t.title != "" {
			fmt.Fprintf(&b, "**%s**\n\n", t.title)
		}
		tab := markdown.NewTable(headlineHead(t.rows, t.clients)...)
		for _, row := range t.rows {
			cells := []string{row.Title}
			for _, c := range t.clients {
				cells = append(cells, h.frontCell(row, c))
			}
			tab.Row(cells...)
		}
		b.WriteString(tab.String() + "\n")
	}
	fmt.Fprintf(&b, "Time per op relative to `%s` on the same row (its own median time in its column), with the fixture server in the benchmark's process; lower is faster, ~ marks no significant difference (the 95 %% interval, drawn in the chart, contains 1) and ≠ a verdict that changes with the server in a process of its own or on another machine shape. ", Baseline)
	fmt.Fprintf(&b, "Each ratio is the median of %s of [%s](%s) (commit %s, %s, Go %s). ", roundsText(h.rounds), resultsLink, resultsLink, r.config("commit"), r.config("machine"), r.config("go"))
	page, _, _ := strings.Cut(full, "#")
	fmt.Fprintf(&b, "Every row's leaf, both placements, the CPU time per op and the machine shapes, cell by cell: [%s](%s).", page, full)
	return b.String()
}

// roundsText says what a ratio is the median of.
func roundsText(rounds int) string {
	if rounds > 0 {
		return fmt.Sprintf("the %d per-round ratios (each round a fresh process per leaf)", rounds)
	}
	return "the client's samples over the baseline's median"
}
