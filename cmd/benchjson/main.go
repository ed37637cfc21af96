// Command benchjson turns Go benchmark output into the JSON files that
// benchmark-action/github-action-benchmark's customSmallerIsBetter and
// customBiggerIsBetter tools read, one per store of the nightly workflow:
//
//	go run ./cmd/benchrun -rounds 6 -o results.txt
//	benchjson -in results.txt -out-dir .
//
// writes time.json, throughput.json, bytes.json, allocs.json and
// counters.json in the -out-dir (the workflow runs it through
// scripts/bench-stores.sh).
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
//   - B/op: bytes.json, and allocs/op: allocs.json (smaller is better,
//     charted apart: they are often exactly 0, which the action's alerts
//     cannot handle). They are two files, not one, because the action
//     matches a store's entries by name alone: with both units in one
//     store, a benchmark's B/op would be compared with its allocs/op;
//   - the suite's exact counters (results.ExactUnits: sent-B/op,
//     recv-B/op, conns/op, handshakes/op): counters.json, each name with
//     its unit in parentheses after it, so that the names stay unique. An
//     input without them (a run from before them) writes no
//     counters.json, and the workflow stores it only where it exists;
//   - cpu-ns/op (the suite's CPU time per op) is left out: the stores
//     and their alert are the nightly's time, throughput and memory, and a
//     second time-like series per benchmark would double every time
//     alert; docs/REPORT.md reports it;
//   - a unit with Unit lines but no better=lower|higher (cmd/benchrun
//     declares the floor's req-bytes and resp-bytes "assume=exact": they
//     describe the exchange, they are not better or worse) is left out, with
//     a note on stderr;
//   - a unit with no Unit line and no default is an error that names it:
//     declare it with a "Unit <unit> better=lower|higher" line, or a Unit
//     line without better= to leave it out.
//
// Names are the benchmark's name without "Benchmark" and the GOMAXPROCS
// suffix (and, for a custom unit in the time or throughput file, the unit
// in parentheses after it). A benchmark of the module's root package (the suite) has no
// prefix; any other package's carries its path relative to the module and a
// dot ("loadbench/load.Schedule"), a package outside the module its whole
// import path. So a name depends only on the benchmark's own package, and
// series keep their names when another package gains benchmarks.
//
// Each entry's extra says, after the median's interval and GOMAXPROCS, what
// the dashboard shows beside the median, each part only where it applies:
//
//   - "machine=ID" (-machine: the workflow's machine, linux-x64 or
//     linux-arm64), the runner whose stores the entry goes to;
//   - "ratio=0.5912 (0.5801 to 0.6004)" (each number exact, as many
//     digits as its float64 needs), on a time per op whose row also
//     has net/http (the same name with client=nethttp): the client's time
//     over net/http's and its 95 % interval, internal/results.RatioOf, the
//     ratio docs/REPORT.md and the README print; "(no interval)" below 6
//     runs;
//   - "previous=+131.0% p=0.002 significant crossed" (-previous FILE, the
//     previous stored run's results): the median's change since then, the
//     p-value of benchstat's test and "significant" where p ≤ 0.05, and
//     "crossed" on a time or throughput entry more than 2× worse than then
//     (internal/results.AlertRatio, github-action-benchmark's "200%"): the
//     rows the nightly's alert names (cmd/benchdiff -alert), by
//     internal/results.Crossed;
//   - "counter=rose +2" or "counter=fell -24" on a counter (B/op,
//     allocs/op, the exact counters) that changed since the previous run
//     by internal/results.CounterRules, the change of its median: the
//     counters the nightly's alert names when they rose, and the
//     dashboard's panel of counters that changed;
//   - "run=ID" (-run-id: the workflow passes the run's id and attempt), so
//     the dashboard tells apart two runs of one commit however close
//     together they were stored.
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
	"strconv"
	"strings"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchunit"

	"github.com/httpclientbench/httpclientbench/internal/markdown"
	"github.com/httpclientbench/httpclientbench/internal/registry"
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
	BytesFile      = "bytes.json"
	AllocsFile     = "allocs.json"
	CountersFile   = "counters.json"
)

func run(args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("benchjson", flag.ContinueOnError)
	fs.SetOutput(stderr)
	in := fs.String("in", "", "Go benchmark output to read (required)")
	outDir := fs.String("out-dir", "", "directory to write "+TimeFile+", "+ThroughputFile+", "+BytesFile+", "+AllocsFile+" and "+CountersFile+" in (required)")
	runID := fs.String("run-id", "", "an id unique to this run (the workflow's run id and attempt), added to each entry's extra as run=ID")
	machine := fs.String("machine", "", "the machine the results are from (linux-x64, linux-arm64), added to each entry's extra as machine=ID")
	previous := fs.String("previous", "", "the previous stored run's results: each entry's extra says how it changed since (previous=...)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *in == "" || *outDir == "" || fs.NArg() > 0 {
		fs.Usage()
		return errors.New("-in and -out-dir are required, and nothing else")
	}
	for _, id := range []struct{ flag, value string }{{"run-id", *runID}, {"machine", *machine}} {
		if strings.ContainsAny(id.value, "; \t\n") {
			return fmt.Errorf("-%s %q: no spaces or semicolons (it ends up in an entry's extra, \"; key=value\")", id.flag, id.value)
		}
	}
	file, err := readFile(*in)
	if err != nil {
		return err
	}
	var prev *results.File
	if *previous != "" {
		if prev, err = readFile(*previous); err != nil {
			return fmt.Errorf("-previous: %w", err)
		}
	}
	st, err := Split(file.Series, file.Units)
	if err != nil {
		return err
	}
	st.Annotate(file, prev, *machine)
	for _, u := range st.Skipped {
		fmt.Fprintf(stderr, "benchjson: %s left out: its Unit lines give no better=lower|higher\n", u)
	}
	// Every file's text first, then the files, all replaced together
	// (markdown.ReplaceAll): a failure leaves all five as they were.
	type output struct {
		path string
		text []byte // nil: no entries, remove the file
	}
	var outputs []output
	stores := []struct {
		name    string
		entries []Entry
	}{{TimeFile, st.Time}, {ThroughputFile, st.Throughput}, {BytesFile, st.Bytes}, {AllocsFile, st.Allocs}, {CountersFile, st.Counters}}
	for _, o := range stores {
		if len(o.entries) == 0 && o.name == CountersFile {
			// A run from before the suite's counters: the workflow
			// stores counters.json only where it exists.
			outputs = append(outputs, output{path: filepath.Join(*outDir, o.name)})
			continue
		}
		if len(o.entries) == 0 {
			// github-action-benchmark refuses an empty file with a message
			// that names neither the file nor the cause.
			return fmt.Errorf("%s would have no entries: %s holds no benchmark in its unit", o.name, *in)
		}
		if *runID != "" {
			for i := range o.entries {
				o.entries[i].Extra += "; run=" + *runID
			}
		}
		b, err := marshal(o.entries)
		if err != nil {
			return err
		}
		outputs = append(outputs, output{filepath.Join(*outDir, o.name), b})
	}
	var files []markdown.File
	for _, o := range outputs {
		files = append(files, markdown.File{Path: o.path, Data: o.text})
	}
	if err := markdown.ReplaceAll(files); err != nil {
		return err
	}
	for _, o := range outputs {
		if o.text == nil {
			fmt.Fprintf(stderr, "%s: not written: %s has no exact counters (a run from before them)\n", filepath.Base(o.path), *in)
		}
	}
	for _, o := range stores {
		if len(o.entries) > 0 {
			fmt.Fprintf(stderr, "%s: %d entries\n", o.name, len(o.entries))
		}
	}
	return nil
}

func readFile(path string) (*results.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return results.ReadFile(f, path)
}

// Entry is one benchmark and unit in the format of github-action-benchmark's
// custom tools.
type Entry struct {
	Name  string  `json:"name"`
	Unit  string  `json:"unit"`
	Value float64 `json:"value"`
	Range string  `json:"range,omitempty"`
	Extra string  `json:"extra,omitempty"`

	series *results.Series // what it summarises, for Annotate
}

// Stores are the entries of each store, and the units left out.
type Stores struct {
	Time       []Entry // better=lower, but for allocations
	Throughput []Entry // better=higher
	Bytes      []Entry // B/op
	Allocs     []Entry // allocs/op
	Counters   []Entry // the suite's exact counters (results.ExactUnits)
	Skipped    []string
}

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
// direction units gives their unit (internal/results.Better).
// Each entry is named by results.Name; in the time and throughput stores, which
// can hold several units, a unit other than the store's own (ns/op, MB/s)
// follows the name in parentheses ("A (p99-ns)"), so that the names of a
// store stay unique whatever units a benchmark adds.
func Split(series []*results.Series, units benchfmt.UnitMetadataMap) (*Stores, error) {
	st := &Stores{}
	var unknown []string
	for _, s := range series {
		if s.Unit == results.CPUUnit {
			if !slices.Contains(st.Skipped, s.Unit) {
				st.Skipped = append(st.Skipped, s.Unit)
			}
			continue
		}
		better := results.Better(units, s.Unit)
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
		e := summarize(s)
		switch {
		case better > 0:
			if s.Unit != "MB/s" {
				e.Name += " (" + s.Unit + ")"
			}
			st.Throughput = append(st.Throughput, e)
		case s.Unit == "B/op":
			st.Bytes = append(st.Bytes, e)
		case s.Unit == "allocs/op":
			st.Allocs = append(st.Allocs, e)
		case slices.Contains(results.ExactUnits, s.Unit):
			e.Name += " (" + s.Unit + ")"
			st.Counters = append(st.Counters, e)
		default:
			if s.Unit != "ns/op" {
				e.Name += " (" + s.Unit + ")"
			}
			st.Time = append(st.Time, e)
		}
	}
	for _, store := range [][]Entry{st.Time, st.Throughput, st.Bytes, st.Allocs, st.Counters} {
		seen := map[string]string{}
		for _, e := range store {
			if u, ok := seen[e.Name]; ok {
				return nil, fmt.Errorf("two entries named %q in one store (%s and %s): the action matches entries by name alone", e.Name, u, e.Unit)
			}
			seen[e.Name] = e.Unit
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
// from results.Summarize, as benchreport prints them, counters per op
// whole (results.RoundValue).
func summarize(s *results.Series) Entry {
	sum := results.Summarize(s.Values)
	e := Entry{Name: results.Name(s.Pkg, s.Name), Unit: s.Unit, Value: results.RoundValue(s.Unit, sum.Center), Range: sum.Range(), series: s}
	if math.IsInf(sum.Lo, 0) || math.IsInf(sum.Hi, 0) {
		e.Extra = fmt.Sprintf("median of %d; too few runs for a 95%% confidence interval", sum.N)
	} else {
		e.Extra = fmt.Sprintf("median of %d; 95%% confidence interval %v to %v", sum.N, results.RoundValue(s.Unit, sum.Lo), results.RoundValue(s.Unit, sum.Hi))
	}
	if s.Gomaxprocs != "" {
		e.Extra += "; GOMAXPROCS=" + s.Gomaxprocs
	}
	return e
}

// marshal is the text of a store's file: its entries as indented JSON,
// [] for none.
func marshal(entries []Entry) ([]byte, error) {
	if entries == nil {
		entries = []Entry{}
	}
	b, err := json.MarshalIndent(entries, "", "  ")
	return append(b, '\n'), err
}

// Annotate adds to every entry's extra the machine, where it applies its
// ratio to net/http (from f, the file the entries summarise), and, with
// the previous run's results, its change since then (see the package
// comment for the format).
func (st *Stores) Annotate(f, previous *results.File, machine string) {
	type key struct{ pkg, name, unit string }
	series := map[key]*results.Series{}
	for _, s := range f.Series {
		series[key{s.Pkg, s.Name, s.Unit}] = s
	}
	paired := results.Rounds(f.Config, f.Series) > 0 // as the report decides
	changes := map[key]results.DiffRow{}
	counters := map[key]results.CounterChange{}
	if previous != nil {
		rows, _ := results.Diff(previous, f)
		for _, r := range rows {
			changes[key{r.Pkg, r.Name, r.Unit}] = r
		}
		for _, c := range results.CounterChanges(previous, f) {
			counters[key{c.Pkg, c.Name, c.Unit}] = c
		}
	}
	for _, entries := range [][]Entry{st.Time, st.Throughput, st.Bytes, st.Allocs, st.Counters} {
		for i := range entries {
			e := &entries[i]
			s := e.series
			if machine != "" {
				e.Extra += "; machine=" + machine
			}
			if base, ok := baselineOf(s.Name); ok && s.Unit == "ns/op" {
				if b := series[key{s.Pkg, base, s.Unit}]; b != nil {
					e.Extra += "; ratio=" + formatRatio(results.RatioOf(s.Values, b.Values, paired))
				}
			}
			if r, ok := changes[key{s.Pkg, s.Name, s.Unit}]; ok {
				e.Extra += fmt.Sprintf("; previous=%s p=%.3f", results.FormatChange(r.Change), r.P)
				if r.Significant {
					e.Extra += " significant"
				}
				if results.Crossed(r) {
					e.Extra += " crossed"
				}
			}
			if c, ok := counters[key{s.Pkg, s.Name, s.Unit}]; ok {
				dir := "fell"
				if c.Worse {
					dir = "rose"
				}
				e.Extra += fmt.Sprintf("; counter=%s %s", dir, results.FormatDelta(c.New-c.Old))
			}
		}
	}
}

// baselineOf is name with its client= level naming net/http: the leaf a
// client's ratio is taken to. ok is false for a name without a client=
// level (the TCP floor).
func baselineOf(name string) (string, bool) {
	levels := strings.Split(name, "/")
	for i, l := range levels {
		if strings.HasPrefix(l, "client=") {
			levels[i] = "client=" + registry.BaselineName
			return strings.Join(levels, "/"), true
		}
	}
	return "", false
}

// formatRatio is a ratio in an entry's extra: "0.5912038461538461
// (0.5801 to 0.6004333333333334)", each number exact (the shortest text
// that reads back as the same float64), so that the dashboard rounds it to
// the two decimals docs/REPORT.md prints from the same float, never a
// rounded one rounded again; "(no interval)" without one.
func formatRatio(r results.Ratio) string {
	x := func(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
	if !r.HasInterval() {
		return x(r.X) + " (no interval)"
	}
	return x(r.X) + " (" + x(r.Lo) + " to " + x(r.Hi) + ")"
}
