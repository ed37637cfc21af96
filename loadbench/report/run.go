// Package report turns a results file of cmd/loadbench (Go benchmark
// format, one line per client per round) into the published load report:
// Markdown tables of medians over rounds, SVG charts, and the generated
// blocks of a page (docs/load.md).
//
// A results file holds one mode, the one of its "loadbench: mode=…" line:
//
//	BenchmarkLoad/mode=steady/rate=R/payload=P/client=X
//	BenchmarkLoad/mode=overload/rate=R/payload=P/client=X
//	BenchmarkLoad/mode=sweep/inflight=N/payload=P/client=X
//
// with a maxconns=N level before client= when the run capped connections
// (-maxconns), and a -N suffix after the client when the run measured
// machine shapes (loadbench -cpus N,…): the results of N CPUs, each count
// its own tables.
//
// Steady and overload runs give one table per (rate, payload, CPU count);
// a sweep gives one table per (payload, CPU count), with the in-flight
// levels as columns.
package report

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/httpclientbench/httpclientbench/internal/registry"
	"github.com/httpclientbench/httpclientbench/internal/results"
	"github.com/httpclientbench/httpclientbench/loadbench/load"
)

// The modes of cmd/loadbench.
const (
	Steady   = "steady"   // a fixed offered rate the clients can keep up with
	Overload = "overload" // an offered rate above what they can deliver
	Sweep    = "sweep"    // a fixed number of requests in flight, level by level
)

// FloorClient is the minimal HTTP/1.1 client: a reference, not a library.
var FloorClient = registry.FloorName

// clientOrder is the row order of the tables: the clients loadbench runs
// (the registry's HTTP/1.1 clients, in its table order, the floor last);
// other clients follow, in order of first appearance.
var clientOrder = registry.Names(registry.H1)

// The units of a Load line.
const (
	unitReqs     = "req/s"
	unitErrors   = "errors"
	unitDropped  = "dropped"
	unitRSS      = "peak-RSS-B"
	unitCPU      = "cpu-ns/req"
	unitSched    = "sched-p99-ns"
	unitTickLate = "tick-late-p99-ns"
	unitConns    = "conns"
)

// percentiles are the latency units of a Load line, in order, and their
// labels.
var percentiles = load.Quantiles

// Run is one results file.
type Run struct {
	Name   string            // the file's name, as given to Read
	Mode   string            // Steady, Overload or Sweep
	Config map[string]string // its configuration lines: commit, date, machine, loadbench, server…
	Groups []*Group          // in order of first appearance
}

// Group is the rows of one table: steady and overload, one (rate,
// payload, CPU count); a sweep, one (payload, CPU count) and all its
// in-flight levels.
type Group struct {
	Mode, Payload string
	Rate          string   // offered req/s; "" in a sweep
	MaxConns      string   // the connection cap (-maxconns), "" for none
	CPUs          string   // the CPU count of loadbench -cpus (the names' -N), "" without
	Levels        []string // in-flight levels of a sweep, ascending; [""] otherwise
	Clients       []string // in table order: clientOrder, then any other
	cells         map[[2]string]*Cell
}

// Cell is one client at one level: every round's value of every unit.
type Cell struct {
	Values map[string][]float64 // unit → one value per round
}

// BestRate is the highest median delivered req/s of any client at any
// level of r, and an error when r has none (the base of an overload run:
// scripts/load-report.sh offers three times a sweep's).
func (r *Run) BestRate() (float64, error) {
	best := 0.0
	for _, g := range r.Groups {
		for _, l := range g.Levels {
			for _, c := range g.Clients {
				if m, ok := g.Cell(l, c).Median(unitReqs); ok && m > best {
					best = m
				}
			}
		}
	}
	if best <= 0 {
		return 0, fmt.Errorf("%s: no delivered req/s", r.Name)
	}
	return best, nil
}

// Cell returns client's cell at level ("" outside sweeps), or nil.
func (g *Group) Cell(level, client string) *Cell { return g.cells[[2]string{level, client}] }

// Rounds is the number of rounds of the cell (its req/s values).
func (c *Cell) Rounds() int { return len(c.Values[unitReqs]) }

// Median is the median over rounds of unit (results.Summarize, as
// benchstat computes it), and false when the cell lacks the unit.
func (c *Cell) Median(unit string) (float64, bool) {
	if c == nil || len(c.Values[unit]) == 0 {
		return 0, false
	}
	return results.Summarize(c.Values[unit]).Center, true
}

// Span is the smallest and largest value of unit over rounds.
func (c *Cell) Span(unit string) (lo, hi float64, ok bool) {
	if c == nil || len(c.Values[unit]) == 0 {
		return 0, 0, false
	}
	v := c.Values[unit]
	return slices.Min(v), slices.Max(v), true
}

// ReadFile reads the results file at path.
func ReadFile(path string) (*Run, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("load results: %w", err)
	}
	defer f.Close()
	return Read(f, path)
}

// Read parses a results file of cmd/loadbench (name is used in errors). It is an error when the file is not Go benchmark
// output, when it holds a benchmark other than Load or a Load line without
// its levels, when it holds no Load line, and when it mixes modes (or its
// lines' mode is not its loadbench line's): one file, one mode. A name's
// -N suffix is the CPU count it ran on (loadbench -cpus): each count has
// groups of its own.
func Read(r io.Reader, name string) (*Run, error) {
	// One group per -N suffix: loadbench -cpus's machine shapes.
	shapes, err := results.ReadGroups(r, name, results.ProcsKey)
	if err != nil {
		return nil, err
	}
	var series []*results.Series
	for _, g := range shapes {
		series = append(series, g.Series...)
	}
	run := &Run{Name: name, Config: shapes[0].Config}
	groups := map[string]*Group{}
	for _, s := range series {
		full := s.Name
		if s.Gomaxprocs != "" {
			full += "-" + s.Gomaxprocs
		}
		lv, err := parseName(s.Name)
		if err != nil {
			return nil, fmt.Errorf("%s: Benchmark%s: %v", name, full, err)
		}
		if lv.cpus = s.Gomaxprocs; s.Gomaxprocs != "" {
			if n, err := strconv.Atoi(s.Gomaxprocs); err != nil || n <= 0 {
				return nil, fmt.Errorf("%s: Benchmark%s: CPU count %q is not a positive whole number", name, full, s.Gomaxprocs)
			}
		}
		if run.Mode == "" {
			run.Mode = lv.mode
		} else if lv.mode != run.Mode {
			return nil, fmt.Errorf("%s: mixes mode=%s and mode=%s: cmd/loadbench writes one file per mode, and so must a report", name, run.Mode, lv.mode)
		}
		key := lv.payload + " " + lv.rate + " " + lv.maxconns + " " + lv.cpus
		g := groups[key]
		if g == nil {
			g = &Group{Mode: lv.mode, Payload: lv.payload, Rate: lv.rate, MaxConns: lv.maxconns, CPUs: lv.cpus, cells: map[[2]string]*Cell{}}
			groups[key] = g
			run.Groups = append(run.Groups, g)
		}
		if !slices.Contains(g.Levels, lv.inflight) {
			g.Levels = append(g.Levels, lv.inflight)
		}
		if !slices.Contains(g.Clients, lv.client) {
			g.Clients = append(g.Clients, lv.client)
		}
		c := g.cells[[2]string{lv.inflight, lv.client}]
		if c == nil {
			c = &Cell{Values: map[string][]float64{}}
			g.cells[[2]string{lv.inflight, lv.client}] = c
		}
		c.Values[s.Unit] = append(c.Values[s.Unit], s.Values...)
	}
	if run.Mode == "" {
		return nil, fmt.Errorf("%s: no BenchmarkLoad line", name)
	}
	if m := configField(run.Config["loadbench"], "mode"); m != "" && m != run.Mode {
		return nil, fmt.Errorf("%s: its loadbench line says mode=%s, its results are mode=%s", name, m, run.Mode)
	}
	for _, g := range run.Groups {
		slices.SortStableFunc(g.Clients, func(a, b string) int { return clientRank(a) - clientRank(b) })
		slices.SortFunc(g.Levels, func(a, b string) int {
			x, _ := strconv.Atoi(a)
			y, _ := strconv.Atoi(b)
			return x - y
		})
	}
	return run, nil
}

// levels are the parts of a Load benchmark's name, and its CPU count.
type levels struct{ mode, rate, inflight, payload, maxconns, client, cpus string }

// parseName parses "Load/mode=…/…/client=X" (benchfmt drops "Benchmark").
func parseName(name string) (levels, error) {
	parts := strings.Split(name, "/")
	if parts[0] != "Load" {
		return levels{}, fmt.Errorf("not a Load benchmark (a load results file holds only cmd/loadbench's lines)")
	}
	var lv levels
	fields := map[string]*string{"mode": &lv.mode, "rate": &lv.rate, "inflight": &lv.inflight,
		"payload": &lv.payload, "maxconns": &lv.maxconns, "client": &lv.client}
	for _, p := range parts[1:] {
		k, v, ok := strings.Cut(p, "=")
		f := fields[k]
		switch {
		case !ok || v == "" || f != nil && *f != "":
			return levels{}, fmt.Errorf("level %q is not key=value, or is given twice", p)
		case f == nil:
			return levels{}, fmt.Errorf("unknown level %s", k)
		}
		*f = v
	}
	var want []string // the levels of the mode, besides mode=
	switch lv.mode {
	case Steady, Overload:
		want = []string{"rate", "payload", "client"}
	case Sweep:
		want = []string{"inflight", "payload", "client"}
	default:
		return levels{}, fmt.Errorf("mode=%s: want mode=%s, %s or %s", lv.mode, Steady, Overload, Sweep)
	}
	for _, k := range want {
		if *fields[k] == "" {
			return levels{}, fmt.Errorf("mode=%s without %s=", lv.mode, k)
		}
	}
	if lv.mode == Sweep && lv.rate != "" || lv.mode != Sweep && lv.inflight != "" {
		return levels{}, fmt.Errorf("mode=%s takes %s=, not both rate= and inflight=", lv.mode, want[0])
	}
	for _, n := range []string{lv.rate, lv.inflight, lv.maxconns} {
		if x, err := strconv.Atoi(n); n != "" && (err != nil || x <= 0) {
			return levels{}, fmt.Errorf("%q is not a positive whole number", n)
		}
	}
	return lv, nil
}

// configField returns the value of key=value among the fields of a
// configuration line such as loadbench's, or "".
func configField(line, key string) string {
	for _, f := range strings.Fields(line) {
		if k, v, ok := strings.Cut(f, "="); ok && k == key {
			return v
		}
	}
	return ""
}

func clientRank(c string) int {
	if i := slices.Index(clientOrder, c); i >= 0 {
		return i
	}
	return len(clientOrder) // unknown clients after the known ones, in input order
}

// rounds returns the least and most rounds of any cell of the run.
func (r *Run) rounds() (lo, hi int) {
	lo = -1
	for _, g := range r.Groups {
		for _, cell := range g.cells { // only the cells that exist
			n := cell.Rounds()
			if lo < 0 || n < lo {
				lo = n
			}
			hi = max(hi, n)
		}
	}
	return max(lo, 0), hi
}

// roundsPhrase is "median of 3 rounds", or "median of 2–3 rounds" when
// cells differ.
func (r *Run) roundsPhrase() string {
	lo, hi := r.rounds()
	switch {
	case lo == hi && lo == 1:
		return "one round"
	case lo == hi:
		return fmt.Sprintf("median of %d rounds", lo)
	}
	return fmt.Sprintf("median of %d–%d rounds", lo, hi)
}
