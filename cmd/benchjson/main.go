// Command benchjson turns Go benchmark output into the JSON files that
// benchmark-action/github-action-benchmark's customSmallerIsBetter and
// customBiggerIsBetter tools read, one per store of the nightly workflow:
//
//	go run ./cmd/benchrun -rounds 6 -o results.txt
//	benchjson -in results.txt -out-dir .
//
// writes time.json, throughput.json and allocs.json in the -out-dir.
//
// It parses with golang.org/x/perf/benchfmt and summarises the repeats of
// each benchmark and unit as benchstat and cmd/benchreport do
// (internal/results.Summarize): the median in value, its 95 % confidence
// interval in range ("±4%", "±∞" below 6 repeats), so the dashboard and
// docs/REPORT.md print the same numbers for the same data.
//
// Which way a unit improves comes from the input's unit metadata, benchfmt's
// "Unit MB/s better=higher" lines (cmd/benchrun writes them), with
// benchfmt's defaults for go test's own units (ns/op, B/op and allocs/op
// lower, MB/s higher):
//
//   - better=lower, except B/op and allocs/op: time.json (smaller is better);
//   - better=higher: throughput.json (bigger is better);
//   - B/op and allocs/op: allocs.json (smaller is better, charted apart:
//     they are often exactly 0, which the action's alerts cannot handle);
//   - a unit with Unit lines but no better=lower|higher (cmd/benchrun
//     declares the floor's req-bytes and resp-bytes "assume=exact": they
//     describe the exchange, they are not better or worse) is left out, with
//     a note on stderr;
//   - a unit with no Unit line and no default is an error that names it:
//     declare it with a "Unit <unit> better=lower|higher" line, or a Unit
//     line without better= to leave it out.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchunit"

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

// The files written in -out-dir, one per store.
const (
	TimeFile       = "time.json"
	ThroughputFile = "throughput.json"
	AllocsFile     = "allocs.json"
)

func run(args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("benchjson", flag.ContinueOnError)
	fs.SetOutput(stderr)
	in := fs.String("in", "", "Go benchmark output to read (required)")
	outDir := fs.String("out-dir", "", "directory to write "+TimeFile+", "+ThroughputFile+" and "+AllocsFile+" in (required)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *in == "" || *outDir == "" || fs.NArg() > 0 {
		fs.Usage()
		return errors.New("-in and -out-dir are required, and nothing else")
	}
	f, err := os.Open(*in)
	if err != nil {
		return err
	}
	defer f.Close()
	file, err := results.ReadFile(f, *in)
	if err != nil {
		return err
	}
	st, err := Split(file.Series, file.Units)
	if err != nil {
		return err
	}
	for _, u := range st.Skipped {
		fmt.Fprintf(stderr, "benchjson: %s left out: its Unit lines give no better=lower|higher\n", u)
	}
	for _, o := range []struct {
		name    string
		entries []Entry
	}{{TimeFile, st.Time}, {ThroughputFile, st.Throughput}, {AllocsFile, st.Allocs}} {
		if err := writeJSON(filepath.Join(*outDir, o.name), o.entries); err != nil {
			return err
		}
	}
	return nil
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

// Stores are the entries of each store, and the units left out.
type Stores struct {
	Time       []Entry // better=lower, but for allocations
	Throughput []Entry // better=higher
	Allocs     []Entry // B/op and allocs/op
	Skipped    []string
}

// isAlloc reports whether unit is one of go test's allocation units.
func isAlloc(unit string) bool { return unit == "B/op" || unit == "allocs/op" }

// declared reports whether the metadata has any Unit line for unit.
func declared(units benchfmt.UnitMetadataMap, unit string) bool {
	_, tidy := benchunit.Tidy(1, unit)
	for k := range units {
		if k.Unit == tidy {
			return true
		}
	}
	return false
}

// Split summarises each series and sorts the entries into the stores by the
// direction units gives their unit (benchfmt.UnitMetadataMap.GetBetter).
// Names carry the package only when results come from more than one
// package, so they stay stable as the dashboard's keys.
func Split(series []*results.Series, units benchfmt.UnitMetadataMap) (*Stores, error) {
	pkgs := map[string]bool{}
	for _, s := range series {
		pkgs[s.Pkg] = true
	}
	st := &Stores{}
	var unknown []string
	for _, s := range series {
		better := units.GetBetter(s.Unit)
		if better == 0 {
			switch {
			case declared(units, s.Unit):
				if !slices.Contains(st.Skipped, s.Unit) {
					st.Skipped = append(st.Skipped, s.Unit)
				}
			case !slices.Contains(unknown, s.Unit):
				unknown = append(unknown, s.Unit)
			}
			continue
		}
		e := summarize(s, len(pkgs) > 1)
		switch {
		case better > 0:
			st.Throughput = append(st.Throughput, e)
		case isAlloc(s.Unit):
			st.Allocs = append(st.Allocs, e)
		default:
			st.Time = append(st.Time, e)
		}
	}
	if len(unknown) > 0 {
		return nil, fmt.Errorf("units %q have no known direction: declare each in the input with a line "+
			"\"Unit %s better=lower\" (or better=higher), or with a Unit line without better= (e.g. \"Unit %[2]s assume=exact\") to leave it out",
			unknown, unknown[0])
	}
	return st, nil
}

// summarize gives the entry of one series: the median and its interval
// from results.Summarize, as benchreport prints them.
func summarize(s *results.Series, withPkg bool) Entry {
	sum := results.Summarize(s.Values)
	name := s.Name
	if withPkg && s.Pkg != "" {
		name = s.Pkg + "." + name
	}
	e := Entry{Name: name, Unit: s.Unit, Value: round(sum.Center), Range: sum.Range()}
	if math.IsInf(sum.Lo, 0) || math.IsInf(sum.Hi, 0) {
		e.Extra = fmt.Sprintf("median of %d; too few runs for a 95%% confidence interval", sum.N)
	} else {
		e.Extra = fmt.Sprintf("median of %d; 95%% confidence interval %v to %v", sum.N, round(sum.Lo), round(sum.Hi))
	}
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
