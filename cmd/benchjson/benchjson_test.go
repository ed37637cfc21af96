package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/results"
	"github.com/httpclientbench/httpclientbench/internal/testkit"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestGolden converts a real -count=3 output of the suite, headed by the
// Unit lines cmd/benchrun writes, and compares the four files with the
// golden ones. The output predates the exact counters: no counters.json
// (the workflow stores one only where the file exists).
func TestGolden(t *testing.T) {
	dir := t.TempDir()
	var stderr strings.Builder
	if err := run([]string{"-in", "testdata/results.txt", "-out-dir", dir}, &stderr); err != nil {
		t.Fatal(err)
	}
	if got := stderr.String(); !strings.Contains(got, "req-bytes left out") || !strings.Contains(got, "resp-bytes left out") {
		t.Errorf("stderr %q: want a note for each unit left out", got)
	}
	for _, name := range []string{TimeFile, ThroughputFile, BytesFile, AllocsFile} {
		goldenFile := filepath.Join("testdata", strings.TrimSuffix(name, ".json")+".golden.json")
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		testkit.Golden(t, goldenFile, got, *update)
	}
	if _, err := os.Stat(filepath.Join(dir, CountersFile)); !os.IsNotExist(err) {
		t.Errorf("%s from a run without counters: %v", CountersFile, err)
	}
}

func readStores(t *testing.T, path string) *Stores {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	file, err := results.ReadFile(f, path)
	if err != nil {
		t.Fatal(err)
	}
	st, err := Split(file.Series, file.Units)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestOneEntryPerBenchmarkAndUnit: repeats are folded into one median, and
// each unit is in its store only.
func TestOneEntryPerBenchmarkAndUnit(t *testing.T) {
	st := readStores(t, "testdata/results.txt")
	seen := map[string]bool{}
	for _, e := range slices.Concat(st.Time, st.Throughput, st.Bytes, st.Allocs) {
		k := e.Name + " " + e.Unit
		if seen[k] {
			t.Errorf("duplicate entry %s", k)
		}
		seen[k] = true
		if !strings.Contains(e.Extra, "median of 3") {
			t.Errorf("%s: extra %q, want the median of the 3 repeats", k, e.Extra)
		}
		if strings.HasSuffix(e.Name, "-2") {
			t.Errorf("%s: GOMAXPROCS suffix left in the name", k)
		}
	}
	for store, want := range map[string]struct {
		entries []Entry
		units   string
	}{"time": {st.Time, "ns/op"}, "throughput": {st.Throughput, "MB/s"}, "bytes": {st.Bytes, "B/op"}, "allocs": {st.Allocs, "allocs/op"}} {
		for _, e := range want.entries {
			if e.Unit != want.units {
				t.Errorf("%s in the %s store: %+v", e.Unit, store, e)
			}
		}
	}
	// 5 benchmarks × ns/op, × B/op and × allocs/op; 2 downloads × MB/s.
	if len(st.Time) != 5 || len(st.Throughput) != 2 || len(st.Bytes) != 5 || len(st.Allocs) != 5 {
		t.Errorf("%d time, %d throughput, %d bytes and %d allocs entries, want 5, 2, 5 and 5", len(st.Time), len(st.Throughput), len(st.Bytes), len(st.Allocs))
	}
	if strings.Join(st.Skipped, " ") != "req-bytes resp-bytes" {
		t.Errorf("skipped %q, want req-bytes and resp-bytes", st.Skipped)
	}
}

// TestDirectionFromUnitLines: the input's Unit lines, not the tool, say
// which way a unit improves.
func TestDirectionFromUnitLines(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	input := "Unit widgets/s better=higher\nUnit p99-ns better=lower\nUnit conns assume=exact\n" +
		"BenchmarkA-2 100 12.5 ns/op 7 widgets/s 30 p99-ns 4 conns\n"
	if err := os.WriteFile(in, []byte(input), 0o644); err != nil {
		t.Fatal(err)
	}
	st := readStores(t, in)
	units := func(es []Entry) (u []string) {
		for _, e := range es {
			u = append(u, e.Name+" "+e.Unit)
		}
		return u
	}
	// A custom unit's entry carries its unit in the name: one store, one
	// name per entry.
	if got := strings.Join(units(st.Time), ", "); got != "A ns/op, A (p99-ns) p99-ns" {
		t.Errorf("time store: %s", got)
	}
	if got := strings.Join(units(st.Throughput), ", "); got != "A (widgets/s) widgets/s" {
		t.Errorf("throughput store: %s", got)
	}
	if strings.Join(st.Skipped, " ") != "conns" {
		t.Errorf("skipped %q, want conns", st.Skipped)
	}
}

// TestBadInput: malformed, empty and unknown input are errors that say
// what and where, and no file is written.
func TestBadInput(t *testing.T) {
	for _, tc := range []struct {
		name, input, want string
	}{
		{"malformed value", "pkg: x\nBenchmarkA-2 100 12.5 ns/op\nBenchmarkB-2 100 abc ns/op\n", "in.txt:3"},
		{"missing unit", "BenchmarkA-2 100 12.5\n", "in.txt:1"},
		{"empty", "", "no benchmark results"},
		{"no results", "goos: linux\nPASS\nok  \tx\t0.1s\n", "no benchmark results"},
		{"unknown unit", "BenchmarkA-2 100 12.5 widgets/op\n", `units ["widgets/op"] have no known direction: declare each in the input with a line "Unit widgets/op better=lower"`},
		{"several GOMAXPROCS", "BenchmarkA-2 100 12.5 ns/op\nBenchmarkA-4 100 10.5 ns/op\n", "in.txt:2: A ran with GOMAXPROCS 2 and 4"},
		// The action refuses an empty store; benchjson says which and why.
		{"no throughput", "BenchmarkA-2 100 12.5 ns/op 3 B/op 1 allocs/op\n", "throughput.json would have no entries: " + "IN holds no benchmark in its unit"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			in := filepath.Join(dir, "in.txt")
			if err := os.WriteFile(in, []byte(tc.input), 0o644); err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(dir, "out")
			if err := os.Mkdir(out, 0o755); err != nil {
				t.Fatal(err)
			}
			const earlier = "[]\n"
			if err := os.WriteFile(filepath.Join(out, TimeFile), []byte(earlier), 0o644); err != nil {
				t.Fatal(err)
			}
			var stderr strings.Builder
			err := run([]string{"-in", in, "-out-dir", out}, &stderr)
			if want := strings.ReplaceAll(tc.want, "IN", in); err == nil || !strings.Contains(err.Error()+stderr.String(), want) {
				t.Fatalf("run = %v (stderr %q), want an error mentioning %q", err, stderr.String(), tc.want)
			}
			if files, _ := os.ReadDir(out); len(files) != 1 {
				t.Errorf("output files written despite the error: %v", files)
			}
			if b, err := os.ReadFile(filepath.Join(out, TimeFile)); err != nil || string(b) != earlier {
				t.Errorf("%s of an earlier run: %q, %v; want it untouched", TimeFile, b, err)
			}
		})
	}
	if err := run([]string{"-in", "x.txt"}, io.Discard); err == nil {
		t.Error("missing -out-dir accepted")
	}
	// One store that cannot be replaced (a directory in its place): the
	// other four stay as an earlier run left them.
	out := t.TempDir()
	if err := run([]string{"-in", "testdata/results.txt", "-out-dir", out}, io.Discard); err != nil {
		t.Fatal(err)
	}
	before := map[string]string{}
	for _, f := range []string{TimeFile, ThroughputFile, AllocsFile, CountersFile} {
		b, _ := os.ReadFile(filepath.Join(out, f))
		before[f] = string(b)
		os.WriteFile(filepath.Join(out, f), []byte("earlier"), 0o644)
	}
	os.Remove(filepath.Join(out, BytesFile))
	os.Mkdir(filepath.Join(out, BytesFile), 0o755)
	if err := run([]string{"-in", "testdata/results.txt", "-out-dir", out}, io.Discard); err == nil || !strings.Contains(err.Error(), "is a directory") {
		t.Errorf("a directory in a store's place: %v", err)
	}
	for f := range before {
		if b, _ := os.ReadFile(filepath.Join(out, f)); string(b) != "earlier" {
			t.Errorf("%s was replaced although %s could not be", f, BytesFile)
		}
	}
	if err := run([]string{"-in", "/nonexistent", "-out-dir", t.TempDir()}, io.Discard); err == nil {
		t.Error("missing input file accepted")
	}
	if err := run([]string{"-in", "testdata/results.txt", "-out-dir", t.TempDir(), "-unit", "req-bytes=ignore"}, io.Discard); err == nil {
		t.Error("the old -unit flag accepted")
	}
}

// TestSameAsReport: one row of docs/results.txt through benchjson gives
// the median and interval that docs/REPORT.md prints for it, and the ratio
// to net/http its next cell prints (the
// benchreport repo test keeps REPORT.md equal to benchreport's output).
func TestSameAsReport(t *testing.T) {
	report, err := os.ReadFile("../../docs/REPORT.md")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := run([]string{"-in", "../../docs/results.txt", "-out-dir", dir}, io.Discard); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, TimeFile))
	if err != nil {
		t.Fatal(err)
	}
	var entries []Entry
	if err := json.Unmarshal(b, &entries); err != nil {
		t.Fatal(err)
	}
	const name, row = "H1GetBytes/buf=fresh/client=nethttp", "`buf=fresh`"
	for _, e := range entries {
		if e.Name != name || e.Unit != "ns/op" {
			continue
		}
		if e.Range == "±∞" {
			t.Fatalf("%s: %+v, want an interval (docs/results.txt has 6 rounds)", name, e)
		}
		// REPORT.md prints times in µs with three significant digits.
		cell := "| " + row + " | " + sig3(e.Value/1e3) + " µs " + e.Range + "<br>1.00× |"
		if !strings.Contains(string(report), cell) {
			t.Errorf("docs/REPORT.md has no cell %q for benchjson's %+v", cell, e)
		}
		// The next cell is fasthttp's, with the ratio benchjson wrote.
		i := strings.Index(string(report), cell)
		for _, f := range entries {
			if f.Name != "H1GetBytes/buf=fresh/client=fasthttp" || f.Unit != "ns/op" {
				continue
			}
			var r results.Ratio
			if _, err := fmt.Sscanf(f.Extra[strings.Index(f.Extra, "ratio="):], "ratio=%g (%g to %g)", &r.X, &r.Lo, &r.Hi); err != nil {
				t.Fatalf("%s: %q: %v", f.Name, f.Extra, err)
			}
			next := " " + sig3(f.Value/1e3) + " µs " + f.Range + "<br>" + r.String() + " |"
			if i < 0 || !strings.HasPrefix(string(report)[i+len(cell):], next) {
				t.Errorf("docs/REPORT.md's fasthttp cell after %q is not %q", cell, next)
			}
			return
		}
		t.Fatal("no fasthttp entry")
	}
	t.Fatalf("no %s ns/op entry in %s", name, b)
}

func sig3(x float64) string {
	switch {
	case x >= 100:
		return strconv.FormatFloat(x, 'f', 0, 64)
	case x >= 10:
		return strconv.FormatFloat(x, 'f', 1, 64)
	}
	return strconv.FormatFloat(x, 'f', 2, 64)
}

// TestAnnotate: with -machine and -previous, every entry's extra names the
// machine; a time per op with net/http on its row has its ratio to it (the
// one of results.RatioOf, paired by round in a benchrun file; net/http's own
// 1); every entry found in the previous run says how it changed, and only
// time and throughput entries more than 2× worse say "crossed"; run= stays
// last.
func TestAnnotate(t *testing.T) {
	dir := t.TempDir()
	prev := filepath.Join(dir, "prev.txt")
	b, err := os.ReadFile("../../docs/results.txt")
	if err != nil {
		t.Fatal(err)
	}
	// The previous run: fasthttp's small GET 3× faster (so now 3× slower:
	// crossed), its bytes 3× fewer (worse now, but B/op does not cross,
	// and 21 B is below the counters' minimum), no allocation (one now: a
	// counter that rose).
	var lines []string
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) > 0 && f[0] == "BenchmarkH1GetBytes/buf=fresh/client=fasthttp-2" {
			for i := 3; i < len(f); i += 2 {
				if f[i] == "ns/op" || f[i] == "B/op" {
					v, _ := strconv.ParseFloat(f[i-1], 64)
					f[i-1] = strconv.FormatFloat(v/3, 'f', -1, 64)
				}
				if f[i] == "allocs/op" {
					f[i-1] = "0"
				}
			}
			l = strings.Join(f, " ")
		}
		lines = append(lines, l)
	}
	if err := os.WriteFile(prev, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := run([]string{"-in", "../../docs/results.txt", "-out-dir", out, "-machine", "linux-x64", "-previous", prev, "-run-id", "7-1"}, io.Discard); err != nil {
		t.Fatal(err)
	}
	read := func(name string) map[string]string {
		b, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		var es []Entry
		if err := json.Unmarshal(b, &es); err != nil {
			t.Fatal(err)
		}
		m := map[string]string{}
		for _, e := range es {
			m[e.Name] = e.Extra
			if !strings.Contains(e.Extra, "; machine=linux-x64;") || !strings.HasSuffix(e.Extra, "; run=7-1") || !strings.Contains(e.Extra, "; previous=") {
				t.Errorf("%s %s: extra %q", name, e.Name, e.Extra)
			}
		}
		return m
	}
	times, sizes := read(TimeFile), read(BytesFile)
	const fast, base = "H1GetBytes/buf=fresh/client=fasthttp", "H1GetBytes/buf=fresh/client=nethttp"
	if x := times[fast]; !strings.Contains(x, "; previous=+200.0% p=0.002 significant crossed;") {
		t.Errorf("fasthttp's time: %q", x)
	}
	if x := sizes[fast]; !strings.Contains(x, "; previous=+200.0% p=0.002 significant;") || strings.Contains(x, "counter=") {
		t.Errorf("fasthttp's bytes (no alert on B/op, 21 B is below the counters' minimum): %q", x)
	}
	allocs := read(AllocsFile)
	if x := allocs[fast]; !strings.Contains(x, "; previous=+∞ p=0.002 significant; counter=rose +1;") {
		t.Errorf("fasthttp's allocations, 0 before: %q", x)
	}
	// The exact counters, the same in both runs, have their store and no
	// change.
	counters := read(CountersFile)
	if len(counters) == 0 {
		t.Errorf("%s: no entry, from a run with counters on every row", CountersFile)
	}
	for _, m := range []map[string]string{times, sizes, allocs, counters} {
		for name, x := range m {
			if strings.Contains(x, "counter=") && (name != fast || x != allocs[fast]) {
				t.Errorf("%s: %q: a counter change where none is", name, x)
			}
		}
	}
	if x := times[base]; !strings.Contains(x, "; ratio=1 (1 to 1);") || !strings.Contains(x, "; previous=+0.0% p=1.000;") {
		t.Errorf("nethttp's time: %q", x)
	}
	// fasthttp's ratio, from the recorded file's rounds.
	f, err := os.Open("../../docs/results.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	file, err := results.ReadFile(f, "docs/results.txt")
	if err != nil {
		t.Fatal(err)
	}
	var tv, bv []float64
	for _, s := range file.Series {
		if s.Unit == "ns/op" && s.Name == fast {
			tv = s.Values
		}
		if s.Unit == "ns/op" && s.Name == base {
			bv = s.Values
		}
	}
	r := results.RatioOf(tv, bv, true)
	if want := fmt.Sprintf("; ratio=%v (%v to %v);", r.X, r.Lo, r.Hi); !strings.Contains(times[fast], want) || !r.HasInterval() {
		t.Errorf("fasthttp's time: %q, want %q", times[fast], want)
	}
	for name, x := range times {
		b, ok := baselineOf(name)
		if _, hasBase := times[b]; strings.Contains(x, "ratio=") != (ok && hasBase) {
			t.Errorf("%s: %q: a ratio where there is no net/http to take it to, or none where there is", name, x)
		}
		if strings.Contains(x, "crossed") != (name == fast) {
			t.Errorf("%s crossed: %q", name, x)
		}
	}
	if err := run([]string{"-in", "../../docs/results.txt", "-out-dir", out, "-machine", "a b"}, io.Discard); err == nil {
		t.Error("-machine with a space accepted")
	}
	if err := run([]string{"-in", "../../docs/results.txt", "-out-dir", out, "-previous", filepath.Join(dir, "none.txt")}, io.Discard); err == nil || !strings.Contains(err.Error(), "-previous") {
		t.Errorf("a missing -previous file: %v", err)
	}
}

// TestCountersStore: the suite's exact counters go to counters.json, each
// name with its unit, with better=lower from their Unit lines; one more
// allocation per op since the previous run is "counter=rose +1" on the
// allocations entry, the same count again nothing.
func TestCountersStore(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, allocs int) string {
		var b strings.Builder
		b.WriteString("Unit sent-B/op better=lower\nUnit sent-B/op assume=exact\nUnit conns/op better=lower\nUnit conns/op assume=exact\ncommit: 1234567\n")
		for r := range 6 {
			fmt.Fprintf(&b, "BenchmarkH1Get/client=nethttp-2 100 %d ns/op 2 MB/s 16 B/op %d allocs/op 100 sent-B/op 0 conns/op\n", 1000+r, allocs)
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	prev, cur := write("prev.txt", 5), write("cur.txt", 6)
	for _, c := range []struct {
		previous string
		counter  string
	}{{prev, "; counter=rose +1"}, {cur, ""}} {
		out := t.TempDir()
		if err := run([]string{"-in", cur, "-out-dir", out, "-previous", c.previous}, io.Discard); err != nil {
			t.Fatal(err)
		}
		var counters, allocs []Entry
		for _, f := range []struct {
			name string
			to   *[]Entry
		}{{CountersFile, &counters}, {AllocsFile, &allocs}} {
			b, err := os.ReadFile(filepath.Join(out, f.name))
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(b, f.to); err != nil {
				t.Fatal(err)
			}
		}
		var names []string
		for _, e := range counters {
			names = append(names, e.Name+"="+strconv.FormatFloat(e.Value, 'f', -1, 64))
		}
		if got := strings.Join(names, " "); got != "H1Get/client=nethttp (sent-B/op)=100 H1Get/client=nethttp (conns/op)=0" {
			t.Errorf("counters.json: %s", got)
		}
		if len(allocs) != 1 || strings.Contains(allocs[0].Extra, "counter=") != (c.counter != "") || !strings.Contains(allocs[0].Extra, c.counter) {
			t.Errorf("allocations against %s: %+v, want %q", filepath.Base(c.previous), allocs, c.counter)
		}
	}
}
