package main

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/httpclientbench/httpclientbench/internal/registry"
	"github.com/httpclientbench/httpclientbench/internal/results"
)

// Baseline is the client every ratio is relative to (the registry's).
var Baseline = registry.BaselineName

// FloorClient is the minimal HTTP/1.1 client (the registry's floor): a
// reference, not a library.
var FloorClient = registry.FloorName

// The TCP floor: a benchmark that is a reference, not a client.
const (
	FloorTCP = "LoopbackRoundTrip" // a TCP round trip, no HTTP
	// FloorTCPFamily is the family whose exchange FloorTCP reproduces byte
	// for byte: its table and chart carry the TCP floor.
	FloorTCPFamily = "H1GetBytes"
)

// clientOrder is the column order of the tables, the registry's table
// order; other clients follow, sorted.
var clientOrder = registry.Names(0)

// Stat is one benchmark's summary in one unit, as benchstat computes it:
// the median and its 95 % confidence interval (results.Summarize, which
// benchjson uses too). Every median, interval and comparison in the report
// comes from summarize and compare.
type Stat struct {
	Center float64
	Range  string  // the interval as benchstat prints it: "±4%"; "±∞" below 6 samples
	Pct    float64 // the same half-width as a fraction of Center: +Inf below 6 samples, NaN where benchstat prints "?"
	N      int     // samples
	sum    results.Summary
	// values are the samples in the order of the results file: in a run
	// of cmd/benchrun the k-th is from round k.
	values []float64
}

func summarize(values []float64) *Stat {
	s := results.Summarize(values)
	return &Stat{Center: s.Center, Range: s.Range(), Pct: s.Pct(), N: s.N, sum: s, values: slices.Clone(values)}
}

// CPUUnit is the suite's CPU time per op (results.CPUUnit).
const CPUUnit = results.CPUUnit

// Cell is one client in one variant of a family.
type Cell struct {
	Time, Bytes, Allocs *Stat // nil when the unit is absent
	CPU                 *Stat // CPUUnit; nil when absent
	// Pending: a leaf of the suite that the results file lacks (see
	// AddPending); it has no numbers.
	Pending bool
}

// Faster is a client significantly faster than the raw floor on one row.
type Faster struct {
	Client string
	P      float64
}

// Family is one Benchmark function: variants × clients.
type Family struct {
	Name     string
	Variants []string // e.g. "size=64KiB", "" when the family has none
	Clients  []string
	Cells    map[[2]string]*Cell // [variant, client]
	TCPFloor *Stat               // FloorTCP's time, for FloorTCPFamily
	// BelowRaw lists, per variant, the clients significantly faster than
	// FloorClient there, in column order: where it is not empty, raw is
	// not the floor of that row.
	BelowRaw map[string][]Faster
	// seen is Variants in the order of the input, which sortVariants
	// ranks values by.
	seen []string
}

// Cell returns the cell of variant and client, or nil.
func (f *Family) Cell(variant, client string) *Cell { return f.Cells[[2]string{variant, client}] }

// time returns the time of variant and client, or nil.
func (f *Family) time(variant, client string) *Stat {
	if c := f.Cell(variant, client); c != nil {
		return c.Time
	}
	return nil
}

// cpu returns the CPU time per op of variant and client, or nil.
func (f *Family) cpu(variant, client string) *Stat {
	if c := f.Cell(variant, client); c != nil {
		return c.CPU
	}
	return nil
}

// hasCPU reports whether any cell of f has a CPU time.
func (f *Family) hasCPU() bool {
	for _, c := range f.Cells {
		if c.CPU != nil {
			return true
		}
	}
	return false
}

// Ratio returns the client's time over the baseline's in variant, as the
// table's cell and the chart's bar show it (ratioOf), and false when either
// is missing. The baseline's own is 1, without an interval: the reference,
// not a comparison.
func (f *Family) Ratio(variant, client string, paired bool) (results.Ratio, bool) {
	c, b := f.time(variant, client), f.time(variant, Baseline)
	if c == nil || b == nil || b.Center == 0 {
		return results.Ratio{}, false
	}
	if client == Baseline {
		return results.Ratio{X: 1, Lo: math.Inf(-1), Hi: math.Inf(1)}, true
	}
	return ratioOf(c, b, paired), true
}

// CPURatio is Ratio for the CPU time per op.
func (f *Family) CPURatio(variant, client string, paired bool) (results.Ratio, bool) {
	c, b := f.cpu(variant, client), f.cpu(variant, Baseline)
	if c == nil || b == nil || b.Center == 0 {
		return results.Ratio{}, false
	}
	if client == Baseline {
		return results.Ratio{X: 1, Lo: math.Inf(-1), Hi: math.Inf(1)}, true
	}
	return ratioOf(c, b, paired), true
}

// ratioOf is t's time over b's with its 95 % interval, the one ratio of
// every table, chart and the headline (results.RatioOf): paired by round
// when the run is (Report.Rounds).
func ratioOf(t, b *Stat, paired bool) results.Ratio {
	return results.RatioOf(t.values, b.values, paired)
}

// ratioCaption says how ratioOf computed every ratio of a run paired by
// rounds (0: not paired) and what its ~ means: the headline's caption and
// the report's.
func ratioCaption(rounds int) string {
	var s string
	if rounds > 0 {
		s = fmt.Sprintf("Each ratio is the median of the %d per-round ratios (cmd/benchrun runs every leaf once a round, each in a fresh process, so a client and `%s` pair up by round), with its 95 %% confidence interval in parentheses, computed as benchstat computes a median's (golang.org/x/perf/benchmath). ",
			rounds, Baseline)
	} else {
		s = fmt.Sprintf("The results file has no rounds to pair samples by, so each ratio is the client's median over `%s`'s, and its interval in parentheses runs from the low end of the client's 95 %% interval over the high end of `%s`'s to the high end over the low end. ",
			Baseline, Baseline)
	}
	return s + fmt.Sprintf("~ marks an interval that contains 1: no significant difference from `%s`.", Baseline)
}

// RawIsFloor reports whether no client is significantly faster than raw
// on any of variants.
func (f *Family) RawIsFloor(variants ...string) bool {
	for _, v := range variants {
		if len(f.BelowRaw[v]) > 0 {
			return false
		}
	}
	return true
}

// Row is one benchmark's time in the run, for the spread of the intervals.
type Row struct {
	Name string // without the GOMAXPROCS suffix
	Time *Stat
}

// Report is everything the tables and charts show.
type Report struct {
	Config map[string]string // commit, go, date, machine, rounds, cpu…
	// Rounds is how many rounds every ratio is paired by (results.Rounds),
	// 0 when the run's samples cannot be paired.
	Rounds   int
	Families []*Family
	Rows     []Row // every benchmark with a time per op, in input order
	// Pending lists the leaves of the suite that the results file lacks,
	// shown as not recorded yet (AddPending).
	Pending []string
	// Unrecorded lists the registry's clients that the results file has
	// no leaf of (a client added since the run): they are in no table
	// until a run records them, and the clients block names them.
	Unrecorded []string
	// Suite is every leaf of the suite when it is known (-suite), nil
	// otherwise: the headline's rows must be among them.
	Suite []string
	// Shapes is the run of several CPU counts (-shapes) the headline's
	// verdicts are checked on, or nil.
	Shapes *shapeSet
}

// Family returns the family named name, or nil.
func (r *Report) Family(name string) *Family {
	for _, f := range r.Families {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// Build groups series into families. A name is Family[/key=value...]/client=X;
// names without client= (the TCP floor) are kept aside.
func Build(series []*results.Series, config map[string]string) (*Report, error) {
	r := &Report{Config: config, Rounds: results.Rounds(config, series)}
	byName := map[string]*Family{}
	var tcp *Stat
	for _, s := range series {
		var st *Stat
		if ns, ok := results.Nanos(s); ok {
			st = summarize(ns)
			r.Rows = append(r.Rows, Row{Name: s.Name, Time: st})
		}
		family, variant, client := results.SplitLeaf(s.Name)
		if client == "" {
			if family == FloorTCP && st != nil {
				tcp = st
			}
			continue
		}
		f := byName[family]
		if f == nil {
			f = &Family{Name: family, Cells: map[[2]string]*Cell{}, BelowRaw: map[string][]Faster{}}
			byName[family] = f
			r.Families = append(r.Families, f)
		}
		if !slices.Contains(f.Variants, variant) {
			f.Variants = append(f.Variants, variant)
			f.seen = append(f.seen, variant)
		}
		if !slices.Contains(f.Clients, client) {
			f.Clients = append(f.Clients, client)
		}
		c := f.Cells[[2]string{variant, client}]
		if c == nil {
			c = &Cell{}
			f.Cells[[2]string{variant, client}] = c
		}
		switch {
		case st != nil:
			c.Time = st
		case s.Unit == "B/op":
			c.Bytes = summarize(s.Values)
		case s.Unit == "allocs/op":
			c.Allocs = summarize(s.Values)
		case s.Unit == CPUUnit:
			c.CPU = summarize(s.Values)
		}
	}
	if len(r.Families) == 0 {
		return nil, fmt.Errorf("no benchmark with a client= level in the input")
	}
	for _, c := range registry.Names(0) {
		if !slices.ContainsFunc(r.Families, func(f *Family) bool { return slices.Contains(f.Clients, c) }) {
			r.Unrecorded = append(r.Unrecorded, c)
		}
	}
	for _, f := range r.Families {
		sortClients(f.Clients)
		sortVariants(f.Variants)
		if f.Name == FloorTCPFamily {
			f.TCPFloor = tcp
		}
		for _, v := range f.Variants {
			raw := f.time(v, FloorClient)
			if raw == nil {
				continue
			}
			for _, c := range f.Clients {
				t := f.time(v, c)
				if c == FloorClient || t == nil || t.Center >= raw.Center {
					continue
				}
				if p, ok := results.Compare(raw.sum, t.sum); ok {
					f.BelowRaw[v] = append(f.BelowRaw[v], Faster{c, p})
				}
			}
		}
	}
	return r, nil
}

// AddPending adds leaves (names without "Benchmark") that the suite has and
// the results file lacks: each becomes a cell that says it is not recorded
// yet, in a variant, a column or a family of its own where the run has
// none; a leaf of a client in Unrecorded is left out. A leaf the results
// file has is an error.
func (r *Report) AddPending(leaves []string) error {
	recorded := map[string]bool{}
	for _, row := range r.Rows {
		recorded[row.Name] = true
	}
	for _, leaf := range leaves {
		if recorded[leaf] {
			return fmt.Errorf("%s is in the results file: it cannot be not recorded yet", leaf)
		}
		if slices.Contains(r.Pending, leaf) {
			return fmt.Errorf("%s is listed twice as not recorded yet", leaf)
		}
		family, variant, client := results.SplitLeaf(leaf)
		if slices.Contains(r.Unrecorded, client) {
			continue // a client the run has nothing of: in no table
		}
		r.Pending = append(r.Pending, leaf)
		if client == "" {
			continue // no table has a cell for it; the pending sentence lists it
		}
		f := r.Family(family)
		if f == nil {
			f = &Family{Name: family, Cells: map[[2]string]*Cell{}, BelowRaw: map[string][]Faster{}}
			r.Families = append(r.Families, f)
		}
		if !slices.Contains(f.seen, variant) {
			// Sorted again from the input's order, the run's variants
			// keep theirs among themselves.
			f.seen = append(f.seen, variant)
			f.Variants = slices.Clone(f.seen)
			sortVariants(f.Variants)
		}
		if !slices.Contains(f.Clients, client) {
			f.Clients = append(f.Clients, client)
			sortClients(f.Clients)
		}
		f.Cells[[2]string{variant, client}] = &Cell{Pending: true}
	}
	return nil
}

// recorded returns f with only the variants and clients that have a
// number in the run (what a chart can draw): f itself when no cell of f is
// pending, nil when every cell is.
func (f *Family) recorded() *Family {
	has := func(match func(variant, client string) bool) bool {
		for k, c := range f.Cells {
			if !c.Pending && match(k[0], k[1]) {
				return true
			}
		}
		return false
	}
	if !has(func(string, string) bool { return true }) {
		return nil
	}
	pending := false
	for _, c := range f.Cells {
		pending = pending || c.Pending
	}
	if !pending {
		return f
	}
	r := *f
	r.Variants = slices.DeleteFunc(slices.Clone(f.Variants), func(v string) bool {
		return !has(func(variant, _ string) bool { return variant == v })
	})
	r.Clients = slices.DeleteFunc(slices.Clone(f.Clients), func(c string) bool {
		return !has(func(_, client string) bool { return client == c })
	})
	return &r
}

func sortClients(clients []string) {
	slices.SortStableFunc(clients, func(a, b string) int { return clientRank(a) - clientRank(b) })
}

func clientRank(c string) int {
	if i := slices.Index(clientOrder, c); i >= 0 {
		return i
	}
	return len(clientOrder) // unknown clients after the known ones, in input order
}

// sortVariants puts a family's variants in an order that does not depend
// on the order the runner ran them in: level by level, keys in order of
// first appearance, and a key's values by size or number when all of them
// are one ("64KiB" before "1MiB", "n=10" before "n=50"), else in order of
// first appearance.
func sortVariants(variants []string) {
	var keys []string
	values := map[string][]string{}
	for _, v := range variants {
		for _, l := range levels(v) {
			k, val, _ := strings.Cut(l, "=")
			if !slices.Contains(keys, k) {
				keys = append(keys, k)
			}
			if !slices.Contains(values[k], val) {
				values[k] = append(values[k], val)
			}
		}
	}
	rank := map[[2]string]float64{}
	for k, vals := range values {
		numeric := true
		for _, val := range vals {
			if _, ok := parseSize(val); !ok {
				numeric = false
			}
		}
		for i, val := range vals {
			rank[[2]string{k, val}] = float64(i)
			if numeric {
				rank[[2]string{k, val}], _ = parseSize(val)
			}
		}
	}
	cmp := func(a, b float64) int {
		switch {
		case a < b:
			return -1
		case a > b:
			return 1
		}
		return 0
	}
	slices.SortStableFunc(variants, func(a, b string) int {
		la, lb := levels(a), levels(b)
		for i := range min(len(la), len(lb)) {
			ka, va, _ := strings.Cut(la[i], "=")
			kb, vb, _ := strings.Cut(lb[i], "=")
			if ka != kb {
				return slices.Index(keys, ka) - slices.Index(keys, kb)
			}
			if c := cmp(rank[[2]string{ka, va}], rank[[2]string{kb, vb}]); c != 0 {
				return c
			}
		}
		return len(la) - len(lb)
	})
}

// levels splits a variant into its levels; "" has none.
func levels(variant string) []string {
	if variant == "" {
		return nil
	}
	return strings.Split(variant, "/")
}

// parseSize reads "10", "64KiB", "1MiB", "1.5GB" as a number.
func parseSize(s string) (float64, bool) {
	i := strings.IndexFunc(s, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	num, unit := s, ""
	if i >= 0 {
		num, unit = s[:i], s[i:]
	}
	x, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return 0, false
	}
	mult, ok := map[string]float64{"": 1, "B": 1, "KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30, "KB": 1e3, "MB": 1e6, "GB": 1e9}[unit]
	return x * mult, ok
}

func formatBytes(b float64) string {
	switch {
	case b >= 1<<20:
		return results.Sig3(b/(1<<20)) + " MiB"
	case b >= 1<<10:
		return results.Sig3(b/(1<<10)) + " KiB"
	}
	return fmt.Sprintf("%.0f B", b)
}

func formatRatio(r float64) string {
	if math.IsNaN(r) || math.IsInf(r, 0) {
		return "—"
	}
	return fmt.Sprintf("%.2f×", r)
}

// formatP prints a p-value as benchstat does.
func formatP(p float64) string { return fmt.Sprintf("p=%.3f", p) }
