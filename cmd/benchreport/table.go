package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/httpclientbench/httpclientbench/internal/markdown"
	"github.com/httpclientbench/httpclientbench/internal/results"
)

// tableRow is one row of a table: one variant of one family.
type tableRow struct {
	fam     *Family
	variant string
}

// name is the row's full name, "H1Download/size=64KiB" or "H1GetBytes".
func (r tableRow) name() string {
	if r.variant == "" {
		return r.fam.Name
	}
	return r.fam.Name + "/" + r.variant
}

// table is what both REPORT.md and the README's blocks render: rows from
// one or more families, one column per client.
type table struct {
	rows    []tableRow
	clients []string
	label   func(tableRow) string // the first cell of a row
	pending string                // the cell of a leaf not recorded yet
	paired  bool                  // the run's ratios are paired by round (Report.Rounds)
}

// pendingCell is the text of a cell whose leaf the run of r lacks: not
// recorded yet, and which run (the commit it was made at) lacks it.
func pendingCell(r *Report) string {
	commit := r.Config["commit"]
	if commit == "" { // a run of go test -bench, not of cmd/benchrun
		return results.NotRecorded
	}
	return fmt.Sprintf("%s<br>(run of %s)", results.NotRecorded, commit)
}

// isPending reports whether the cell of row r and client c is a leaf not
// recorded yet.
func (r tableRow) isPending(client string) bool {
	c := r.fam.Cell(r.variant, client)
	return c != nil && c.Pending
}

// clientsOf returns the union of the rows' families' clients, in column
// order.
func clientsOf(rows []tableRow) []string {
	var cs []string
	for _, r := range rows {
		for _, c := range r.fam.Clients {
			if !slices.Contains(cs, c) {
				cs = append(cs, c)
			}
		}
	}
	sortClients(cs)
	return cs
}

// rawIsFloor reports whether raw is the floor on every row of the table
// (and has a number on one: a column of cells not recorded yet is no floor).
func (t *table) rawIsFloor() bool {
	timed := false
	for _, r := range t.rows {
		if !r.fam.RawIsFloor(r.variant) {
			return false
		}
		timed = timed || r.fam.time(r.variant, FloorClient) != nil
	}
	return timed
}

// newTable is a Markdown table with t's header: a blank corner, then a
// column per client (the floor's marked).
func (t *table) newTable() *markdown.Table {
	floor := t.rawIsFloor()
	head := []string{""}
	for _, c := range t.clients {
		if c == FloorClient && floor {
			c += " (floor)"
		}
		head = append(head, c)
	}
	return markdown.NewTable(head...)
}

// writeTime writes the time table: per cell the median ± CI and, under it,
// the ratio to the baseline with its interval (1.00× in the baseline's own
// column); a numbered note under the table for every row where a
// client is significantly faster than raw; and the TCP floor's row when the
// table holds a row of FloorTCPFamily.
func (t *table) writeTime(b *strings.Builder) {
	tab := t.newTable()
	var notes []string
	var tcpBase *tableRow // the row the TCP floor's ratio is relative to
	for _, r := range t.rows {
		if r.fam.TCPFloor != nil && tcpBase == nil {
			tcpBase = &r
		}
		cells := []string{t.label(r)}
		for _, c := range t.clients {
			cell, ok := t.timeCell(r, c, r.fam.time(r.variant, c), r.fam.Ratio)
			if faster := r.fam.BelowRaw[r.variant]; ok && c == FloorClient && len(faster) > 0 {
				notes = append(notes, belowRawNote(r.name(), faster))
				cell += " " + superscript(len(notes))
			}
			cells = append(cells, cell)
		}
		tab.Row(cells...)
	}
	if tcpBase != nil {
		tcp := tcpBase.fam.TCPFloor
		col := slices.Index(t.clients, FloorClient)
		if col < 0 {
			col = len(t.clients) - 1
		}
		ratio := "—"
		if base := tcpBase.fam.time(tcpBase.variant, Baseline); base != nil {
			ratio = ratioOf(tcp, base, t.paired).String()
		}
		cells := []string{fmt.Sprintf("floor: %s (TCP, no HTTP)", FloorTCP)}
		for i := range t.clients {
			cell := ""
			if i == col {
				cell = fmt.Sprintf("%s %s<br>%s", results.FormatNanos(tcp.Center), tcp.Range, ratio)
			}
			cells = append(cells, cell)
		}
		tab.Row(cells...)
	}
	b.WriteString(tab.String())
	for i, n := range notes {
		if i == 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(b, "%s %s\n", superscript(i+1), n)
	}
}

// timeCell is client c's cell of row r for st, a time per op (its time or
// its CPU time), with under it its ratio to the baseline's (ratio: the
// family's Ratio or CPURatio); t.pending for a leaf not recorded yet, and
// "—" (and false) for none.
func (t *table) timeCell(r tableRow, c string, st *Stat, ratio func(variant, client string, paired bool) (results.Ratio, bool)) (string, bool) {
	if r.isPending(c) {
		return t.pending, false
	}
	if st == nil {
		return "—", false
	}
	rs := "—"
	if x, ok := ratio(r.variant, c, t.paired); ok {
		rs = x.String()
		if c == Baseline {
			rs = formatRatio(x.X)
		}
	}
	return fmt.Sprintf("%s %s<br>%s", results.FormatNanos(st.Center), st.Range, rs), true
}

// belowRawNote says which clients beat raw on row name.
func belowRawNote(name string, faster []Faster) string {
	var who []string
	for _, f := range faster {
		who = append(who, fmt.Sprintf("%s (%s)", f.Client, formatP(f.P)))
	}
	verb := "is"
	if len(who) > 1 {
		verb = "are"
	}
	list := strings.Join(who, ", ")
	if n := len(who); n > 1 {
		list = strings.Join(who[:n-1], ", ") + " and " + who[n-1]
	}
	return fmt.Sprintf("%s is not the floor on `%s`: %s %s significantly faster.", FloorClient, name, list, verb)
}

// writeCPU writes the CPU table: per cell the median CPU time per op ± CI
// and, under it, its ratio to the baseline's.
func (t *table) writeCPU(b *strings.Builder) {
	tab := t.newTable()
	for _, r := range t.rows {
		cells := []string{t.label(r)}
		for _, c := range t.clients {
			cell, _ := t.timeCell(r, c, r.fam.cpu(r.variant, c), r.fam.CPURatio)
			cells = append(cells, cell)
		}
		tab.Row(cells...)
	}
	b.WriteString(tab.String())
}

// writeAlloc writes the allocation table: B/op and allocs/op per cell.
func (t *table) writeAlloc(b *strings.Builder) {
	tab := t.newTable()
	for _, r := range t.rows {
		cells := []string{t.label(r)}
		for _, c := range t.clients {
			cell := r.fam.Cell(r.variant, c)
			switch {
			case r.isPending(c):
				cells = append(cells, t.pending)
			case cell == nil || cell.Bytes == nil || cell.Allocs == nil:
				cells = append(cells, "—")
			default:
				cells = append(cells, fmt.Sprintf("%s, %.0f", formatBytes(cell.Bytes.Center), cell.Allocs.Center))
			}
		}
		tab.Row(cells...)
	}
	b.WriteString(tab.String())
}

// superscript writes n with superscript digits: a note mark.
func superscript(n int) string {
	const digits = "⁰¹²³⁴⁵⁶⁷⁸⁹"
	sup := []rune(digits)
	var b strings.Builder
	for _, d := range fmt.Sprint(n) {
		b.WriteRune(sup[d-'0'])
	}
	return b.String()
}
