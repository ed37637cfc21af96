// Tables: Table writes the Markdown tables of every page and report the
// project generates, one way: a header row, a separator row that aligns
// each column (|---| left, |--:| right), then the rows, each cell with
// its pipes escaped. It is the Markdown counterpart of x/perf's
// cmd/benchstat/internal/texttab.

package markdown

import (
	"fmt"
	"strings"
)

// A Table is built with New, then Row per row; String is its Markdown.
type Table struct {
	head  []string
	right []bool
	rows  [][]string
}

// NewTable starts a table with these column headings, all left-aligned; a
// heading that ends in ":" (after the text, as in "median:") is
// right-aligned and the colon dropped.
func NewTable(head ...string) *Table {
	t := &Table{head: make([]string, len(head)), right: make([]bool, len(head))}
	for i, h := range head {
		t.head[i], t.right[i] = h, false
		if s, ok := strings.CutSuffix(h, ":"); ok && s != "" {
			t.head[i], t.right[i] = s, true
		}
	}
	return t
}

// Row adds a row. It panics unless it has one cell per column: a table
// the project writes with a cell too many or too few is a bug in the
// generator, which every generated page's test would catch anyway.
func (t *Table) Row(cells ...string) *Table {
	if len(cells) != len(t.head) {
		panic(fmt.Sprintf("markdown: a row of %d cells in a table of %d columns (%q)", len(cells), len(t.head), t.head))
	}
	t.rows = append(t.rows, cells)
	return t
}

// String is the table in Markdown, each line ending in a newline.
func (t *Table) String() string {
	var b strings.Builder
	line := func(cells []string) {
		b.WriteString("|")
		for _, c := range cells {
			if c == "" {
				b.WriteString(" |") // an empty cell: "| |"
				continue
			}
			b.WriteString(" " + Escape(c) + " |")
		}
		b.WriteString("\n")
	}
	line(t.head)
	b.WriteString("|")
	for _, r := range t.right {
		if r {
			b.WriteString("--:|")
		} else {
			b.WriteString("---|")
		}
	}
	b.WriteString("\n")
	for _, r := range t.rows {
		line(r)
	}
	return b.String()
}

// Escape makes s one cell: a pipe that is not escaped already would end
// it, and a newline would end the row.
func Escape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '|' && (i == 0 || s[i-1] != '\\'):
			b.WriteString(`\|`)
		case c == '\n':
			b.WriteString("<br>")
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
