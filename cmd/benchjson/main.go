// Command benchjson turns Go benchmark output into the two JSON files that
// benchmark-action/github-action-benchmark's customSmallerIsBetter and
// customBiggerIsBetter tools read:
//
//	go test -run='^$' -bench=. -count=6 . | tee results.txt
//	benchjson -in results.txt -smaller smaller.json -bigger bigger.json
//
// It parses with golang.org/x/perf/benchfmt, takes the median of the repeats
// of each benchmark and unit (the action would otherwise store every repeat
// as its own entry under one name), and sorts units by direction: time,
// bytes and allocations per op and latencies are smaller-is-better; MB/s,
// req/s and other per-second rates are bigger-is-better (the action's "go"
// tool treats every unit as smaller-is-better, so a faster MB/s would raise
// a false alarm). A unit it does not know is an error unless -unit gives its
// direction.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strings"

	"github.com/httpclientbench/httpclientbench/internal/results"
)

func main() {
	if err := run(os.Args[1:], os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "benchjson:", err)
		}
		os.Exit(2)
	}
}

// Direction says which way a unit improves.
type Direction string

// Directions a unit can have.
const (
	Smaller Direction = "smaller"
	Bigger  Direction = "bigger"
	Ignore  Direction = "ignore" // not written to either file
)

// unitFlags collects repeated -unit name=direction flags.
type unitFlags map[string]Direction

func (u unitFlags) String() string { return fmt.Sprint(map[string]Direction(u)) }

func (u unitFlags) Set(s string) error {
	name, dir, ok := strings.Cut(s, "=")
	d := Direction(dir)
	if !ok || name == "" || (d != Smaller && d != Bigger && d != Ignore) {
		return fmt.Errorf("want unit=smaller, unit=bigger or unit=ignore, got %q", s)
	}
	u[name] = d
	return nil
}

func run(args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("benchjson", flag.ContinueOnError)
	fs.SetOutput(stderr)
	in := fs.String("in", "", "Go benchmark output to read (required)")
	smaller := fs.String("smaller", "", "where to write the smaller-is-better entries (required)")
	bigger := fs.String("bigger", "", "where to write the bigger-is-better entries (required)")
	units := unitFlags{}
	fs.Var(units, "unit", "direction of a unit the tool does not know, as unit=smaller|bigger|ignore (repeatable)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *in == "" || *smaller == "" || *bigger == "" || fs.NArg() > 0 {
		fs.Usage()
		return errors.New("-in, -smaller and -bigger are required, and nothing else")
	}
	f, err := os.Open(*in)
	if err != nil {
		return err
	}
	defer f.Close()
	series, _, err := results.Read(f, *in)
	if err != nil {
		return err
	}
	small, big, err := Split(series, units)
	if err != nil {
		return err
	}
	if err := writeJSON(*smaller, small); err != nil {
		return err
	}
	return writeJSON(*bigger, big)
}

// Entry is one benchmark and unit in the format of github-action-benchmark's
// custom tools.
type Entry struct {
	Name  string  `json:"name"`
	Unit  string  `json:"unit"`
	Value float64 `json:"value"`
	Range string  `json:"range,omitempty"`
	Extra string  `json:"extra,omitempty"`
}

// Direction returns the direction of unit, from extra first.
func direction(unit string, extra map[string]Direction) (Direction, bool) {
	if d, ok := extra[unit]; ok {
		return d, true
	}
	switch {
	case unit == "ns/op" || unit == "sec/op" || unit == "B/op" || unit == "allocs/op":
		return Smaller, true
	case strings.Contains(unit, "latency"), strings.HasSuffix(unit, "-ns"), strings.HasSuffix(unit, "-sec"):
		return Smaller, true
	case strings.HasSuffix(unit, "/s"): // MB/s, req/s, ops/s, events/s
		return Bigger, true
	}
	return "", false
}

// Split summarises each series as its median and sorts the entries by
// direction. Names carry the package only when results come from more than
// one package, so they stay stable as the dashboard's keys.
func Split(series []*results.Series, extra map[string]Direction) (smaller, bigger []Entry, err error) {
	pkgs := map[string]bool{}
	for _, s := range series {
		pkgs[s.Pkg] = true
	}
	var unknown []string
	for _, s := range series {
		d, ok := direction(s.Unit, extra)
		if !ok {
			if !slices.Contains(unknown, s.Unit) {
				unknown = append(unknown, s.Unit)
			}
			continue
		}
		if d == Ignore {
			continue
		}
		e := summarize(s, len(pkgs) > 1)
		if d == Smaller {
			smaller = append(smaller, e)
		} else {
			bigger = append(bigger, e)
		}
	}
	if len(unknown) > 0 {
		return nil, nil, fmt.Errorf("unknown units %q: give each a direction with -unit unit=smaller|bigger|ignore", unknown)
	}
	return smaller, bigger, nil
}

func summarize(s *results.Series, withPkg bool) Entry {
	v := slices.Clone(s.Values)
	slices.Sort(v)
	med := v[len(v)/2]
	if len(v)%2 == 0 {
		med = (v[len(v)/2-1] + v[len(v)/2]) / 2
	}
	lo, hi := v[0], v[len(v)-1]
	name := s.Name
	if withPkg && s.Pkg != "" {
		name = s.Pkg + "." + name
	}
	e := Entry{Name: name, Unit: s.Unit, Value: round(med)}
	e.Range = "± " + fmt.Sprint(round(math.Max(hi-med, med-lo)))
	e.Extra = fmt.Sprintf("median of %d; min %v, max %v", len(v), round(lo), round(hi))
	if s.Gomaxprocs != "" {
		e.Extra += "; GOMAXPROCS=" + s.Gomaxprocs
	}
	return e
}

// round keeps 4 significant digits: more is noise, and stable text keeps
// the golden files and the stored history readable.
func round(x float64) float64 {
	if x == 0 || math.IsInf(x, 0) || math.IsNaN(x) {
		return x
	}
	p := math.Pow(10, 3-math.Floor(math.Log10(math.Abs(x))))
	return math.Round(x*p) / p
}

func writeJSON(path string, entries []Entry) error {
	if entries == nil {
		entries = []Entry{}
	}
	b, err := json.MarshalIndent(entries, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}
