package main

import (
	"bytes"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/results"
)

// fuzzSeeds are real benchmark files, or their first lines: the suite's
// results, an A/B file of benchrun and this command's test input.
func fuzzSeeds(f *testing.F) {
	for _, s := range []struct {
		path  string
		lines int
	}{{"testdata/results.txt", 0}, {"../../docs/results.txt", 40}, {"../../docs/ab/echo-stream.txt", 30}} {
		b, err := os.ReadFile(s.path)
		if err != nil {
			f.Fatal(err)
		}
		if s.lines > 0 {
			b = []byte(strings.Join(strings.SplitAfter(string(b), "\n")[:s.lines], ""))
		}
		f.Add(b)
	}
	f.Add([]byte("pkg: x\nBenchmarkA-2 100 12.5 ns/op\nBenchmarkB-2 100 abc ns/op\n"))
	f.Add([]byte("Unit p99-ns better=lower\nBenchmarkA/x=1-2 1 3 p99-ns 4 MB/s\nBenchmarkA/x=1-2 1 2 p99-ns 5 MB/s\n"))
	f.Add([]byte("BenchmarkA-2 100 12.5 widgets/op\n"))
}

// FuzzBenchjson feeds any bytes through what benchjson does to its -in
// file: read (results.ReadFile), sort into the stores (Split), encode. An
// input is refused with an error, or every store's entries encode as the
// action's JSON; each entry is one series with a direction, in the store
// its unit's direction says, named uniquely in it, its value the series'
// median rounded.
func FuzzBenchjson(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, in []byte) {
		file, err := results.ReadFile(bytes.NewReader(in), "in.txt")
		if err != nil {
			return
		}
		st, err := Split(file.Series, file.Units)
		if err != nil {
			return
		}
		n := 0
		for _, s := range file.Series {
			if file.Units.GetBetter(s.Unit) != 0 && s.Unit != results.CPUUnit { // cpu-ns/op is left out
				n++
			}
		}
		stores := []struct {
			name    string
			entries []Entry
			better  int
		}{{TimeFile, st.Time, -1}, {ThroughputFile, st.Throughput, 1}, {BytesFile, st.Bytes, -1}, {AllocsFile, st.Allocs, -1}, {CountersFile, st.Counters, -1}}
		for _, store := range stores {
			n -= len(store.entries)
			if _, err := json.Marshal(store.entries); err != nil {
				t.Fatalf("%s: %v", store.name, err)
			}
			names := map[string]bool{}
			for _, e := range store.entries {
				if names[e.Name] {
					t.Fatalf("%s: two entries named %q", store.name, e.Name)
				}
				names[e.Name] = true
				// B/op, allocs/op and the exact counters have stores of
				// their own, unless a Unit line says they are better
				// higher.
				if file.Units.GetBetter(e.Unit) != store.better || store.better < 0 &&
					((store.name == BytesFile) != (e.Unit == "B/op") || (store.name == AllocsFile) != (e.Unit == "allocs/op") ||
						(store.name == CountersFile) != slices.Contains(results.ExactUnits, e.Unit)) {
					t.Fatalf("%s: an entry in %s", store.name, e.Unit)
				}
				i := slices.IndexFunc(file.Series, func(s *results.Series) bool {
					name := results.Name(s.Pkg, s.Name)
					return s.Unit == e.Unit && (e.Name == name || e.Name == name+" ("+s.Unit+")")
				})
				if i < 0 {
					t.Fatalf("%s: entry %q in %s of no series", store.name, e.Name, e.Unit)
				}
				v := file.Series[i].Values
				if lo, hi := results.RoundValue(e.Unit, slices.Min(v)), results.RoundValue(e.Unit, slices.Max(v)); !(e.Value >= lo && e.Value <= hi) {
					t.Fatalf("%s: entry %q is %v, outside the series' %v to %v", store.name, e.Name, e.Value, lo, hi)
				}
			}
		}
		if n != 0 {
			t.Fatalf("%d more series with a direction than entries", n)
		}
	})
}
