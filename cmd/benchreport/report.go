package main

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"golang.org/x/perf/benchmath"

	"github.com/httpclientbench/httpclientbench/internal/results"
)

// Baseline is the client every ratio is relative to.
const Baseline = "nethttp"

// Floors are the clients and benchmarks that are references, not libraries.
const (
	FloorClient = "raw"               // the minimal HTTP/1.1 client
	FloorTCP    = "LoopbackRoundTrip" // a TCP round trip, no HTTP
	// FloorTCPFamily is the family whose exchange FloorTCP reproduces byte
	// for byte: its table and chart carry the TCP floor.
	FloorTCPFamily = "H1GetBytes"
)

// clientOrder is the column order of the tables; other clients follow,
// sorted.
var clientOrder = []string{"nethttp", "xnethttp2", "fasthttp", "resty", "retryablehttp", FloorClient}

// Stat is one benchmark's summary in one unit, as benchstat computes it:
// the median and its 95 % confidence interval (benchmath.AssumeNothing).
type Stat struct {
	Center float64
	Range  string // the interval as "±4%"; "±∞" below 6 samples
}

func summarize(values []float64) Stat {
	s := benchmath.NewSample(slices.Clone(values), &benchmath.DefaultThresholds)
	sum := benchmath.AssumeNothing.Summary(s, 0.95)
	return Stat{Center: sum.Center, Range: "±" + sum.PctRangeString()}
}

// Cell is one client in one variant of a family.
type Cell struct {
	Time, Bytes, Allocs *Stat // nil when the unit is absent
}

// Family is one Benchmark function: variants × clients.
type Family struct {
	Name     string
	Variants []string // e.g. "size=64KiB", "" when the family has none
	Clients  []string
	Cells    map[[2]string]*Cell // [variant, client]
	TCPFloor *Stat               // FloorTCP's time, for FloorTCPFamily
}

// Cell returns the cell of variant and client, or nil.
func (f *Family) Cell(variant, client string) *Cell { return f.Cells[[2]string{variant, client}] }

// Ratio returns the client's median time over the baseline's in variant,
// and false when either is missing.
func (f *Family) Ratio(variant, client string) (float64, bool) {
	c, b := f.Cell(variant, client), f.Cell(variant, Baseline)
	if c == nil || b == nil || c.Time == nil || b.Time == nil || b.Time.Center == 0 {
		return 0, false
	}
	return c.Time.Center / b.Time.Center, true
}

// Report is everything the tables and charts show.
type Report struct {
	Config   map[string]string // commit, go, date, machine, cpu…
	Families []*Family
}

// Build groups series into families. A name is Family[/key=value...]/client=X;
// names without client= (the TCP floor) are kept aside.
func Build(series []*results.Series, config map[string]string) (*Report, error) {
	r := &Report{Config: config}
	byName := map[string]*Family{}
	var tcp *Stat
	for _, s := range series {
		family, variant, client := splitName(s.Name)
		if client == "" {
			if family == FloorTCP && isTime(s.Unit) {
				st := summarize(toNanos(s))
				tcp = &st
			}
			continue
		}
		f := byName[family]
		if f == nil {
			f = &Family{Name: family, Cells: map[[2]string]*Cell{}}
			byName[family] = f
			r.Families = append(r.Families, f)
		}
		if !slices.Contains(f.Variants, variant) {
			f.Variants = append(f.Variants, variant)
		}
		if !slices.Contains(f.Clients, client) {
			f.Clients = append(f.Clients, client)
		}
		c := f.Cells[[2]string{variant, client}]
		if c == nil {
			c = &Cell{}
			f.Cells[[2]string{variant, client}] = c
		}
		st := summarize(toNanos(s))
		switch {
		case isTime(s.Unit):
			c.Time = &st
		case s.Unit == "B/op":
			c.Bytes = &st
		case s.Unit == "allocs/op":
			c.Allocs = &st
		}
	}
	if len(r.Families) == 0 {
		return nil, fmt.Errorf("no benchmark with a client= level in the input")
	}
	for _, f := range r.Families {
		slices.SortStableFunc(f.Clients, func(a, b string) int { return clientRank(a) - clientRank(b) })
		if f.Name == FloorTCPFamily {
			f.TCPFloor = tcp
		}
	}
	return r, nil
}

func clientRank(c string) int {
	if i := slices.Index(clientOrder, c); i >= 0 {
		return i
	}
	return len(clientOrder) // unknown clients after the known ones, in input order
}

func isTime(unit string) bool { return unit == "ns/op" || unit == "sec/op" }

// toNanos returns the series' values, in nanoseconds for time units.
func toNanos(s *results.Series) []float64 {
	if s.Unit == "sec/op" {
		v := make([]float64, len(s.Values))
		for i, x := range s.Values {
			v[i] = x * 1e9
		}
		return v
	}
	return s.Values
}

// splitName splits "H1Download/size=64KiB/client=nethttp" into the family,
// the levels between (joined by "/") and the client.
func splitName(name string) (family, variant, client string) {
	parts := strings.Split(name, "/")
	family = parts[0]
	var levels []string
	for _, p := range parts[1:] {
		if c, ok := strings.CutPrefix(p, "client="); ok {
			client = c
			continue
		}
		levels = append(levels, p)
	}
	return family, strings.Join(levels, "/"), client
}

// formatTime prints nanoseconds with three significant digits.
func formatTime(ns float64) string {
	switch {
	case ns >= 1e9:
		return sig3(ns/1e9) + " s"
	case ns >= 1e6:
		return sig3(ns/1e6) + " ms"
	case ns >= 1e3:
		return sig3(ns/1e3) + " µs"
	}
	return sig3(ns) + " ns"
}

func formatBytes(b float64) string {
	switch {
	case b >= 1<<20:
		return sig3(b/(1<<20)) + " MiB"
	case b >= 1<<10:
		return sig3(b/(1<<10)) + " KiB"
	}
	return fmt.Sprintf("%.0f B", b)
}

func sig3(x float64) string {
	switch {
	case x >= 100:
		return fmt.Sprintf("%.0f", x)
	case x >= 10:
		return fmt.Sprintf("%.1f", x)
	}
	return fmt.Sprintf("%.2f", x)
}

func formatRatio(r float64) string {
	if math.IsNaN(r) || math.IsInf(r, 0) {
		return "—"
	}
	return fmt.Sprintf("%.2f×", r)
}
