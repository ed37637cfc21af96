package report

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/httpclientbench/httpclientbench/internal/markdown"
	"github.com/httpclientbench/httpclientbench/loadbench/load"
)

// WriteMarkdown writes the report of run: a title, the configuration
// paragraph (resultsLink is the results file as a link from the report),
// what the columns are, then per group its charts (links to the SVG files
// WriteDir writes beside the report) and its tables.
func WriteMarkdown(w io.Writer, run *Run, resultsLink string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# Load: %s\n\n", run.Mode)
	b.WriteString(configParagraph(run, resultsLink) + "\n\n")
	b.WriteString(legend(run) + "\n\n")
	for i, g := range run.Groups {
		if i > 0 {
			b.WriteString("\n") // after the table before: a heading of its own
		}
		fmt.Fprintf(&b, "## %s\n\n", g.Title())
		for _, c := range chartsOf(g) {
			fmt.Fprintf(&b, "![%s](%s)\n\n", c.alt, c.file)
		}
		writeTables(&b, g, true)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Title names the group: "steady, 2,000 req/s offered, payload json",
// "sweep, payload json", and its CPU count where it has one: "…, on 4
// CPUs".
func (g *Group) Title() string {
	t := fmt.Sprintf("%s, %s req/s offered, payload %s", g.Mode, formatRate(g.Rate), g.Payload)
	if g.Mode == Sweep {
		t = fmt.Sprintf("%s, payload %s", g.Mode, g.Payload)
	}
	if g.MaxConns != "" {
		t += ", at most " + g.MaxConns + " connections"
	}
	switch g.CPUs {
	case "":
	case "1":
		t += ", on 1 CPU"
	default:
		t += ", on " + g.CPUs + " CPUs"
	}
	return t
}

// hasCPUs says whether run's results were measured on CPU counts
// (loadbench -cpus).
func (r *Run) hasCPUs() bool {
	return slices.ContainsFunc(r.Groups, func(g *Group) bool { return g.CPUs != "" })
}

func formatRate(r string) string {
	var x float64
	fmt.Sscan(r, &x)
	return FormatCount(x)
}

// configOrder is the order of the configuration lines in the paragraph;
// lines not listed follow, sorted by key.
var configOrder = []string{"commit", "date", "machine", "go", "loadbench", "server", "client-gomaxprocs", "cpus"}

// The configuration lines the paragraph shows in machine's parentheses.
var machineDetail = []string{"cpu", "goos", "goarch"}

// configParagraph describes the run: where its numbers come from and
// every configuration line of its results file.
func configParagraph(run *Run, resultsLink string) string {
	var parts []string
	name := resultsLink[strings.LastIndex(resultsLink, "/")+1:]
	parts = append(parts, fmt.Sprintf("From [%s](%s), %s per cell", name, resultsLink, run.roundsPhrase()))
	keys := slices.Clone(configOrder)
	var rest []string
	for k := range run.Config {
		if !slices.Contains(keys, k) && (run.Config["machine"] == "" || !slices.Contains(machineDetail, k)) {
			rest = append(rest, k)
		}
	}
	slices.Sort(rest)
	for _, k := range append(keys, rest...) {
		v, ok := run.Config[k]
		if !ok {
			continue
		}
		switch k {
		case "commit":
			v = "`" + shortCommit(v) + "`"
		case "loadbench":
			v = "`" + v + "`"
		case "machine":
			v += machineDetails(run.Config)
		case "go":
			parts = append(parts, v) // "go1.26.8" says what it is
			continue
		}
		parts = append(parts, k+" "+v)
	}
	return strings.Join(parts, "; ") + "."
}

// machineDetails is " (AMD EPYC 7B13, linux/amd64)" from the cpu, goos
// and goarch lines, or "" without them.
func machineDetails(config map[string]string) string {
	var d []string
	if c := config["cpu"]; c != "" {
		d = append(d, c)
	}
	if os, arch := config["goos"], config["goarch"]; os != "" || arch != "" {
		d = append(d, strings.Trim(os+"/"+arch, "/"))
	}
	if len(d) == 0 {
		return ""
	}
	return " (" + strings.Join(d, ", ") + ")"
}

// shortCommit is c with its hash cut to the first 12 digits; what follows
// the hash (runinfo.Commit's "-dirty" or " (built from …)") is kept.
func shortCommit(c string) string {
	n := strings.IndexFunc(c, func(r rune) bool { return !strings.ContainsRune("0123456789abcdef", r) })
	if n < 0 {
		n = len(c)
	}
	if n > 12 {
		return c[:12] + c[n:]
	}
	return c
}

// legend says what the columns are, and what a table's CPU count is.
func legend(run *Run) string {
	s := columns(run)
	if run.hasCPUs() {
		s += " A table \"on N CPUs\" holds the results whose names end in -N (loadbench -cpus): the whole run on N of the machine's CPUs, " +
			"from 4 on the server on half of them and each client process on the other half, below 4 both on all N (the cpus line says which); " +
			"each process's GOMAXPROCS is the number of its CPUs. N names the machine's shape, not the client's GOMAXPROCS."
	}
	return s
}

// columns says what the columns are.
func columns(run *Run) string {
	s := "Each number is the median over rounds of one client's run in its own process (benchmath's median, as benchstat computes it). " +
		"req/s is delivered: requests answered correctly, per second of the run (from its start to the last answer; at least its duration, unless a sweep's request cap ended it sooner). " +
		"Latencies are those of the correct answers"
	if run.Mode == Sweep {
		return s + ", from each request's start (a closed loop sends nothing before it can). " +
			"A sweep keeps a fixed number of requests in flight, level by level: each cell is delivered req/s with the p99 latency, and errors where there were any. " +
			"`" + FloorClient + " (floor)` is a minimal HTTP/1.1 client, a reference rather than a library."
	}
	return s + ", from each request's due time (open loop: a request waiting on a stalled client or server counts its wait). " +
		"`" + FloorClient + " (floor)` is a minimal HTTP/1.1 client, a reference rather than a library: its row also shows what loadbench's own sender adds. " +
		"errors counts failed requests, by class where there were any: refused (ECONNREFUSED), timeout, portexhaust (no local port left, EADDRNOTAVAIL), " +
		"pool (the client's own connection limit, failing at once), answer (a wrong status or body), other. " +
		"dropped counts requests still waiting for one of the -max-inflight slots when the run ended. " +
		"conns is the connections the server accepted during the client's run. " +
		"peak RSS and CPU/req come from the whole client process's rusage, loadbench's own sender, probes and checks included (the same for every client: compare with raw); " +
		"CPU/req is its CPU time over its correct answers (failures' work included). " +
		"sched p99 is the 99th percentile of Go's scheduling latency in the client process (runtime/metrics /sched/latencies:seconds); " +
		"tick late p99 is how late a goroutine that wants to run every 10 ms ran (Go's timers wake about 1 ms late in an idle process)."
}

// writeTables writes the tables of group g. In a report (full) a sweep
// gets its resource table too; a page's block gets only the main table.
func writeTables(b *strings.Builder, g *Group, full bool) {
	if g.Mode == Sweep {
		writeSweep(b, g)
		if full {
			b.WriteString("\nPeak RSS and CPU per request, by requests in flight:\n\n")
			writeSweepResources(b, g)
		}
		return
	}
	writeRate(b, g)
}

// writeRate writes the table of a steady or overload group: one row per
// client. Steady runs show p99's min–max over rounds, overload runs
// req/s's: the number each mode is about.
func writeRate(b *strings.Builder, g *Group) {
	t := markdown.NewTable("client", "req/s:", "p50:", "p95:", "p99:", "p99.9:", "max:", "errors:", "dropped:", "conns:", "peak RSS:", "CPU/req:", "sched p99:", "tick late p99:")
	for _, c := range g.Clients {
		cell := g.Cell("", c)
		cells := []string{clientLabel(c)}
		reqs := count(cell, unitReqs)
		if g.Mode == Overload {
			reqs += countSpan(cell, unitReqs)
		}
		cells = append(cells, reqs)
		for _, p := range percentiles {
			if p.Label == "p90" {
				continue
			}
			d := duration(cell, p.Unit)
			if p.Label == "p99" && g.Mode == Steady {
				d += durationSpan(cell, p.Unit)
			}
			cells = append(cells, d)
		}
		cells = append(cells, errorsCell(cell), count(cell, unitDropped), count(cell, unitConns), mib(cell, unitRSS),
			duration(cell, unitCPU), duration(cell, unitSched), duration(cell, unitTickLate))
		t.Row(cells...)
	}
	b.WriteString(t.String())
	spanned := "p99"
	if g.Mode == Overload {
		spanned = "req/s"
	}
	b.WriteString("\n" + spanned + ": median (min–max over rounds). errors: median (the median of each class that is not 0; they need not add up).\n")
}

// writeSweep writes a sweep's main table: clients × in-flight levels,
// each cell delivered req/s (p99).
func writeSweep(b *strings.Builder, g *Group) {
	writeSweepTable(b, g, func(cell *Cell) string {
		if cell == nil {
			return "—"
		}
		s := count(cell, unitReqs) + " (p99 " + duration(cell, "p99-ns")
		if e, ok := cell.Median(unitErrors); ok && e > 0 {
			s += ", " + plural(e, "error")
		}
		return s + ")"
	})
}

// writeSweepResources writes a sweep's second table: peak RSS and CPU per
// request per level.
func writeSweepResources(b *strings.Builder, g *Group) {
	writeSweepTable(b, g, func(cell *Cell) string {
		if cell == nil {
			return "—"
		}
		return mib(cell, unitRSS) + ", " + duration(cell, unitCPU)
	})
}

func writeSweepTable(b *strings.Builder, g *Group, cellText func(*Cell) string) {
	head := []string{"client"}
	for i, l := range g.Levels {
		if i == 0 {
			l += " in flight"
		}
		head = append(head, l+":")
	}
	t := markdown.NewTable(head...)
	for _, c := range g.Clients {
		row := []string{clientLabel(c)}
		for _, l := range g.Levels {
			row = append(row, cellText(g.Cell(l, c)))
		}
		t.Row(row...)
	}
	b.WriteString(t.String())
}

// plural is "1 error", "3 errors".
func plural(n float64, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return FormatCount(n) + " " + noun + "s"
}

// clientLabel is a client's name in tables and legends.
func clientLabel(c string) string {
	if c == FloorClient {
		return c + " (floor)"
	}
	return c
}

// The cells: the median of a unit, "—" where the cell lacks it.

func count(c *Cell, unit string) string {
	if m, ok := c.Median(unit); ok {
		return FormatCount(m)
	}
	return "—"
}

func countSpan(c *Cell, unit string) string {
	if lo, hi, ok := c.Span(unit); ok && len(c.Values[unit]) > 1 {
		return " (" + FormatCount(lo) + "–" + FormatCount(hi) + ")"
	}
	return ""
}

func duration(c *Cell, unit string) string {
	if m, ok := c.Median(unit); ok {
		return formatDuration(m)
	}
	return "—"
}

func durationSpan(c *Cell, unit string) string {
	m, _ := c.Median(unit)
	if lo, hi, ok := c.Span(unit); ok && len(c.Values[unit]) > 1 && m > 0 {
		return " (" + formatDurationSpan(lo, hi, m) + ")"
	}
	return ""
}

func mib(c *Cell, unit string) string {
	if m, ok := c.Median(unit); ok {
		return FormatMiB(m)
	}
	return "—"
}

// errorsCell is the median of errors and, where it is not 0, the median
// of each class that is not 0: "15 (12 timeout, 3 pool)".
func errorsCell(c *Cell) string {
	total, ok := c.Median(unitErrors)
	if !ok {
		return "—"
	}
	s := FormatCount(total)
	if total == 0 {
		return s
	}
	var classes []string
	for _, class := range load.Classes() { // each as the unit errors-CLASS
		k := class.String()
		if m, ok := c.Median(unitErrors + "-" + k); ok && m > 0 {
			classes = append(classes, FormatCount(m)+" "+k)
		}
	}
	if len(classes) > 0 {
		s += " (" + strings.Join(classes, ", ") + ")"
	}
	return s
}
