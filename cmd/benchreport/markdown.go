package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// WriteMarkdown writes the report: the run's description, then per family
// a time table (median ± CI and the ratio to net/http) and an allocation
// table, and its chart.
func WriteMarkdown(w io.Writer, r *Report, chartDir string) error {
	var b strings.Builder
	cfg := func(k string) string {
		if v := r.Config[k]; v != "" {
			return v
		}
		return "unknown"
	}
	b.WriteString("# httpclientbench results\n\n")
	fmt.Fprintf(&b, "| machine | Go | date | commit |\n|---|---|---|---|\n| %s | %s | %s | %s |\n\n",
		cfg("machine"), cfg("go"), cfg("date"), cfg("commit"))
	b.WriteString("Each cell: the median time per op, ± the 95 % confidence interval of the median, and the ratio to `" +
		Baseline + "` (1.00×); computed as benchstat computes them (golang.org/x/perf/benchmath). " +
		"`" + FloorClient + "` (a minimal HTTP/1.1 client) and the TCP round trip are floors, not libraries. " +
		"— means the client has no row there. Below 6 runs the interval is ±∞.\n\n")
	for _, f := range r.Families {
		fmt.Fprintf(&b, "## %s\n\n", f.Name)
		fmt.Fprintf(&b, "![%s: time per op as a ratio to %s](%s/%s.svg)\n\n", f.Name, Baseline, chartDir, f.Name)
		header(&b, f)
		for _, v := range f.Variants {
			fmt.Fprintf(&b, "| %s |", variantLabel(v))
			for _, c := range f.Clients {
				cell := f.Cell(v, c)
				if cell == nil || cell.Time == nil {
					b.WriteString(" — |")
					continue
				}
				ratio := "—"
				if r, ok := f.Ratio(v, c); ok {
					ratio = formatRatio(r)
				}
				fmt.Fprintf(&b, " %s %s<br>%s |", formatTime(cell.Time.Center), cell.Time.Range, ratio)
			}
			b.WriteString("\n")
		}
		if f.TCPFloor != nil { // in the raw column: both are floors
			col := slices.Index(f.Clients, FloorClient)
			if col < 0 {
				col = len(f.Clients) - 1
			}
			ratio := "—"
			if base := f.Cell(f.Variants[0], Baseline); base != nil && base.Time != nil {
				ratio = formatRatio(f.TCPFloor.Center / base.Time.Center)
			}
			fmt.Fprintf(&b, "| floor: %s (TCP, no HTTP) |", FloorTCP)
			for i := range f.Clients {
				if i == col {
					fmt.Fprintf(&b, " %s %s<br>%s |", formatTime(f.TCPFloor.Center), f.TCPFloor.Range, ratio)
				} else {
					b.WriteString(" |")
				}
			}
			b.WriteString("\n")
		}
		b.WriteString("\nAllocations per op (B/op, allocs/op):\n\n")
		header(&b, f)
		for _, v := range f.Variants {
			fmt.Fprintf(&b, "| %s |", variantLabel(v))
			for _, c := range f.Clients {
				cell := f.Cell(v, c)
				if cell == nil || cell.Bytes == nil || cell.Allocs == nil {
					b.WriteString(" — |")
					continue
				}
				fmt.Fprintf(&b, " %s, %.0f |", formatBytes(cell.Bytes.Center), cell.Allocs.Center)
			}
			b.WriteString("\n")
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func header(b *strings.Builder, f *Family) {
	b.WriteString("| |")
	for _, c := range f.Clients {
		if c == FloorClient {
			c += " (floor)"
		}
		fmt.Fprintf(b, " %s |", c)
	}
	b.WriteString("\n|---|")
	b.WriteString(strings.Repeat("---|", len(f.Clients)))
	b.WriteString("\n")
}

func variantLabel(v string) string {
	if v == "" {
		return "—"
	}
	return "`" + v + "`"
}
