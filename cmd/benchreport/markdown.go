package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/httpclientbench/httpclientbench/internal/results"
)

// WriteMarkdown writes the report: the run's description, then per family
// a time table (median ± CI and the ratio to net/http with its interval)
// and an allocation table, and its chart.
func WriteMarkdown(w io.Writer, r *Report, chartDir, headline string) error {
	var b strings.Builder
	b.WriteString("# httpclientbench results\n\n")
	cols := []string{"machine", "Go", "date", "commit"}
	vals := []string{r.config("machine"), r.config("go"), r.config("date"), r.config("commit")}
	for _, k := range optionalConfig {
		if v := r.Config[k]; v != "" {
			cols, vals = append(cols, k), append(vals, v)
		}
	}
	fmt.Fprintf(&b, "| %s |\n|%s\n| %s |\n\n", strings.Join(cols, " | "), strings.Repeat("---|", len(cols)), strings.Join(vals, " | "))
	if len(r.Pending) > 0 {
		b.WriteString(results.PendingSentence(r.config("commit"), r.Pending) + "\n\n")
	}
	b.WriteString("Each cell: the median time per op, ± the 95 % confidence interval of the median, computed as benchstat computes them (golang.org/x/perf/benchmath); " +
		"under it, the time relative to `" + Baseline + "` on the same row, lower is faster (1.00× in its own column). " +
		ratioCaption(r.Rounds) + " Each family's chart draws these ratios as bars, their intervals as whiskers. " +
		"`" + FloorClient + "` (a minimal HTTP/1.1 client) and the TCP round trip are references, not libraries. " +
		"`" + FloorClient + "`'s column says \"(floor)\" only where no client is significantly faster than it " +
		"(benchstat's Mann–Whitney U test, p ≤ 0.05); a numbered note names each row where one is. " +
		"— means the client has no row there. Below 6 runs the interval is ±∞.\n\n")
	if headline != "" {
		b.WriteString("## Headline\n\n" + headline + "\n\n")
	}
	for _, f := range r.Families {
		t := familyTable(f, pendingCell(r), r.Rounds > 0)
		fmt.Fprintf(&b, "## %s\n\n", f.Name)
		if f.recorded() != nil { // a family not recorded yet has no chart
			fmt.Fprintf(&b, "![%s: time per op as a ratio to %s, with 95 %% intervals](%s/%s.svg)\n\n", f.Name, Baseline, chartDir, f.Name)
		}
		t.writeTime(&b)
		if f.hasCPU() {
			b.WriteString("\nCPU time per op (" + CPUUnit + ": the benchmark process's, user and system; with the server in process the client's and the server's, with `server=process` the client's alone, its waiting for the server's answers included), and its ratio to `" + Baseline + "`'s:\n\n")
			t.writeCPU(&b)
		}
		b.WriteString("\nAllocations per op (B/op, allocs/op):\n\n")
		t.writeAlloc(&b)
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// optionalConfig are the configuration lines the run's description shows
// when the results file has them (cmd/benchrun writes them).
var optionalConfig = []string{"rounds", "benchtime", "order"}

// config returns the configuration value of key, or "unknown".
func (r *Report) config(key string) string {
	if v := r.Config[key]; v != "" {
		return v
	}
	return "unknown"
}

// familyTable is family f's table in REPORT.md: its variants as rows;
// pending is the text of a cell not recorded yet, paired the run's pairing.
func familyTable(f *Family, pending string, paired bool) *table {
	t := &table{clients: f.Clients, label: func(r tableRow) string { return variantLabel(r.variant) }, pending: pending, paired: paired}
	for _, v := range f.Variants {
		t.rows = append(t.rows, tableRow{f, v})
	}
	return t
}

func variantLabel(v string) string {
	if v == "" {
		return "—"
	}
	return "`" + v + "`"
}
