package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/results"
	"github.com/httpclientbench/httpclientbench/internal/testkit"
)

func TestMain(m *testing.M) { testkit.VerifyTestMain(m) }

func diff(t *testing.T, args ...string) (string, error) {
	t.Helper()
	var stdout, stderr strings.Builder
	err := run(args, &stdout, &stderr)
	return stdout.String(), err
}

// row finds the line of the flagged table for name and unit.
func row(out, name, unit string) string {
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "| `"+name+"` | "+unit+" |") {
			return l
		}
	}
	return ""
}

// TestRecordedInjection: docs/ab/inject-5.txt is benchrun's 6 rounds of
// one leaf, A a commit of main and B that commit with net/http's GetBytes
// spinning for 5 % of each op's own time; the pull-request check's test,
// at -threshold 0, finds B slower in time and in CPU per op. In
// docs/ab/inject-0.txt B spins for 0 % (the same code, the same calls to
// the clock): nothing is flagged.
func TestRecordedInjection(t *testing.T) {
	const leaf = "H1GetBytes/buf=fresh/client=nethttp"
	out, err := diff(t, "-in", "../../docs/ab/inject-5.txt", "-threshold", "0")
	if err != nil {
		t.Fatal(err)
	}
	for _, unit := range []string{"ns/op", "cpu-ns/op"} {
		if l := row(out, leaf, unit); !strings.Contains(l, "**+") {
			t.Errorf("5 %% slower, %s: row %q, want flagged\n%s", unit, l, out)
		}
	}
	out, err = diff(t, "-in", "../../docs/ab/inject-0.txt", "-threshold", "0")
	if err != nil || !strings.Contains(out, "No regression flagged") {
		t.Errorf("0 %%: %v\n%s", err, out)
	}
}

// TestRecordedAA: docs/ab/aa-focus.txt is the pull-request check's run
// (its focused set, 6 rounds of -benchtime 200ms) of two commits with one
// tree. At the check's threshold, 10 %, nothing is flagged; at 0 %, the
// rows the paired test calls significantly worse are what chance gives at
// its 5 % (about 1 in 40 rows worse, 1 in 40 better), not more.
func TestRecordedAA(t *testing.T) {
	out, err := diff(t, "-in", "../../docs/ab/aa-focus.txt", "-threshold", "10")
	if err != nil || !strings.Contains(out, "No regression flagged") {
		t.Errorf("A/A at 10 %%: %v\n%s", err, out)
	}
	out, err = diff(t, "-in", "../../docs/ab/aa-focus.txt", "-threshold", "0")
	if err != nil {
		t.Fatal(err)
	}
	var flagged, rows int
	if _, err := fmt.Sscanf(out[strings.Index(out, "\n\n**")+2:], "**%d of %d rows flagged**", &flagged, &rows); err != nil || rows < 200 {
		t.Fatalf("A/A at 0 %%: %v, %d rows\n%s", err, rows, out)
	}
	if flagged*20 > rows {
		t.Errorf("A/A at 0 %%: %d of %d rows flagged, more than 1 in 20", flagged, rows)
	}
}

// TestRecordedAB: on the recorded A/B run of docs/methodology.md's
// "Baselines and comparisons", judged paired by round, the chunked uploads
// of fasthttp (+69.1%), resty (+31.5%) and nethttp (+16.0%, which
// benchstat's unpaired test calls ~, p=0.093) are flagged by the paired t
// test, in ns/op and in MB/s, with their intervals; retryablehttp is not.
func TestRecordedAB(t *testing.T) {
	out, err := diff(t, "-in", "../../docs/ab/echo-stream.txt", "-threshold", "10")
	if err != nil {
		t.Fatal(err)
	}
	const up = "Upload/size=1MiB/length=unknown/client="
	for _, c := range []struct{ client, unit, change, p string }{
		{"fasthttp", "ns/op", "**+69.1%** (+42.7% to +100.5%)", "<0.001"},
		{"resty", "ns/op", "**+31.5%** (+17.4% to +47.2%)", "0.002"},
		{"nethttp", "ns/op", "**+16.0%** (+6.2% to +26.6%)", "0.008"},
		{"fasthttp", "MB/s", "**-40.9%** (-50.1% to -29.9%)", "<0.001"},
	} {
		l := row(out, up+c.client, c.unit)
		if !strings.Contains(l, c.change) || !strings.Contains(l, "| "+c.p+" |") {
			t.Errorf("%s %s: row %q, want %s at p=%s\n%s", c.client, c.unit, l, c.change, c.p, out)
		}
	}
	if l := row(out, up+"retryablehttp", "ns/op"); l != "" {
		t.Errorf("retryablehttp flagged: %q", l)
	}
	if !strings.Contains(out, "| A `10fc9c72edff` | B `1c5cb5f5b4f6` |") {
		t.Errorf("the table does not name A and B in the file's order:\n%s", out)
	}
	if v := strings.SplitN(out[strings.Index(out, "\n\n**")+2:], "\n", 2)[0]; !strings.Contains(v, "rows flagged**") || !strings.Contains(v, "by more than 10% (a time or size more than 1.1× A's, a throughput under A's ÷ 1.1, -9.1%)") || !strings.Contains(v, "paired by round") {
		t.Errorf("verdict %q", v)
	}
	// Above +1000% no time row is flagged; the counters are listed apart,
	// with their own rule: the echo's stream added allocations on every
	// client's uploads and POSTs (one allocation counts on every row,
	// nethttp's 81 → 82 too), from 0 to 1 on fasthttp's and raw's
	// reused-buffer POST.
	out, err = diff(t, "-in", "../../docs/ab/echo-stream.txt", "-threshold", "1000")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out, "**No regression flagged**: none of 36 rows") || strings.Count(out, " allocs/op** |") != 18 || strings.Count(out, " B/op** |") != 2 ||
		!strings.Contains(out, "| `H1Post4KiB/buf=reused/client=raw` | allocs/op | 0 | 1 | **+1 allocs/op** |") ||
		!strings.Contains(out, "| `H1Post4KiB/buf=fresh/client=nethttp` | allocs/op | 81 | 82 | **+1 allocs/op** |") ||
		!strings.Contains(out, "\n- +1 to +4 allocs/op on 4 rows of fasthttp\n") {
		t.Errorf("-threshold 1000:\n%s", out)
	}
	// A threshold above every change flags nothing.
	p := abFile(t, 6, map[string][2]func(int) string{"Slower": {ns(100), ns(150)}})
	out, err = diff(t, "-in", p, "-threshold", "100")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out, "|") || !strings.HasPrefix(out, "**No regression flagged**: none of 1 rows") {
		t.Errorf("-threshold 100:\n%s", out)
	}
}

// abFile writes an A/B file in cmd/benchrun's layout, A's and B's results
// interleaved, each side's samples given per benchmark line.
func abFile(t *testing.T, rounds int, lines map[string][2]func(i int) string) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("commit: aaaaaaa\npkg: " + results.Module + "\nUnit ns/op better=lower\nUnit MB/s better=higher\nUnit req-bytes assume=exact\n")
	names := []string{}
	for n := range lines {
		names = append(names, n)
	}
	// A fixed order: sorted.
	for i := 0; i < len(names); i++ {
		for j := i + 1; j < len(names); j++ {
			if names[j] < names[i] {
				names[i], names[j] = names[j], names[i]
			}
		}
	}
	for r := range rounds {
		for _, n := range names {
			for side, commit := range []string{"aaaaaaa", "bbbbbbb"} {
				if f := lines[n][side]; f != nil {
					fmt.Fprintf(&b, "commit: %s\nBenchmark%s-2 100 %s\n", commit, n, f(r))
				}
			}
		}
	}
	p := filepath.Join(t.TempDir(), "ab.txt")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func ns(base float64) func(int) string {
	return func(i int) string { return fmt.Sprintf("%v ns/op", base+float64(i)) }
}

// TestConstructed: a row significantly worse by more than the threshold is
// flagged, in either direction of "worse"; a small, an insignificant or an
// improving change is not; a unit without direction is not compared; a row
// on one side only is counted.
func TestConstructed(t *testing.T) {
	p := abFile(t, 6, map[string][2]func(int) string{
		"Slower":     {ns(100), ns(150)}, // +50%, every B above every A
		"Faster":     {ns(150), ns(100)}, // -33%
		"Slightly":   {ns(100), ns(105)}, // +5%, significant, under 10%
		"Same":       {ns(100), ns(100)}, // ~
		"Throughput": {func(i int) string { return fmt.Sprintf("1 ns/op %v MB/s", 200+i) }, func(i int) string { return fmt.Sprintf("1 ns/op %v MB/s", 100+i) }},
		"Floor":      {func(int) string { return "5 ns/op 62 req-bytes" }, func(int) string { return "5 ns/op 99 req-bytes" }},
		"OnlyA":      {ns(1), nil},
	})
	out, err := diff(t, "-in", p, "-threshold", "10")
	if err != nil {
		t.Fatal(err)
	}
	if l := row(out, "Slower", "ns/op"); !strings.Contains(l, "| 102.5 ±") || !strings.Contains(l, "| 152.5 ±") || !strings.Contains(l, "**+48.8%**") {
		t.Errorf("Slower: %q\n%s", l, out)
	}
	if l := row(out, "Throughput", "MB/s"); !strings.Contains(l, "**-49.4%**") {
		t.Errorf("Throughput: %q\n%s", l, out)
	}
	for _, name := range []string{"Faster", "Slightly", "Same", "Floor", "OnlyA"} {
		if strings.Contains(out, "`"+name+"`") {
			t.Errorf("%s flagged:\n%s", name, out)
		}
	}
	if strings.Contains(out, "req-bytes") {
		t.Errorf("req-bytes compared:\n%s", out)
	}
	// Rows: 7 ns/op pairs but OnlyA's, and Throughput's MB/s: 7.
	if !strings.Contains(out, "**2 of 7 rows flagged**") || !strings.Contains(out, "1 rows on one side only") {
		t.Errorf("verdict:\n%s", out)
	}
	// With fewer than 4 samples a side nothing is significant (benchstat's
	// rule), so nothing is flagged however large the change.
	p = abFile(t, 3, map[string][2]func(int) string{"Slower": {ns(100), ns(300)}})
	if out, err := diff(t, "-in", p); err != nil || !strings.HasPrefix(out, "**No regression flagged**") {
		t.Errorf("3 samples: %v\n%s", err, out)
	}
}

// TestBadInput: anything but an A/B file, or bad flags, is an error.
func TestBadInput(t *testing.T) {
	one := filepath.Join(t.TempDir(), "one.txt")
	if err := os.WriteFile(one, []byte("commit: a\nBenchmarkX-2 1 5 ns/op\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"-in", "../../docs/ab/aa-window.txt"}, // one commit: a -col /window file
		{"-in", one},
		{"-in", "/nonexistent"},
		{},
		{"-in", one, "extra"},
		{"-in", "../../docs/ab/echo-stream.txt", "-threshold", "-1"},
		{"-in", "../../docs/ab/echo-stream.txt", "-threshold", "NaN"},
	} {
		if _, err := diff(t, args...); err == nil {
			t.Errorf("benchdiff %q: no error", args)
		}
	}
	if _, err := diff(t, "-in", one); err == nil || !strings.Contains(err.Error(), "want the results of two commits") {
		t.Errorf("one commit: %v", err)
	}
}

// TestRowsNamePackages: a row carries its package as the nightly stores
// name it (results.Name), so one benchmark name in two packages gives two
// rows, each readable on its own.
func TestRowsNamePackages(t *testing.T) {
	var b strings.Builder
	b.WriteString("Unit ns/op better=lower\n")
	for r := range 6 {
		for _, pkg := range []string{results.Module, results.Module + "/loadbench/load"} {
			for _, side := range []struct { // A first, as benchrun writes them
				commit string
				base   int
			}{{"aaaaaaa", 100}, {"bbbbbbb", 200}} {
				fmt.Fprintf(&b, "pkg: %s\ncommit: %s\nBenchmarkTwice-2 100 %d ns/op\n", pkg, side.commit, side.base+r)
			}
		}
	}
	p := filepath.Join(t.TempDir(), "ab.txt")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := diff(t, "-in", p)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "| `Twice` |") || !strings.Contains(out, "| `loadbench/load.Twice` |") {
		t.Errorf("want a row per package:\n%s", out)
	}
}

// TestAlert: the nightly's rule on two runs of one commit (-old, -new):
// exactly the time and throughput rows more than 2× worse are named, with
// their factor and benchstat's verdict, and benchdiff exits with
// errFlagged (status 1); B/op more than 2× worse is not an alert; a run
// compared with itself is no alert and no error.
func TestAlert(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, lines map[string]func(int) string) string {
		var b strings.Builder
		b.WriteString("commit: 4444444\nUnit ns/op better=lower\nUnit MB/s better=higher\n")
		for r := range 6 {
			for _, n := range []string{"Tripled", "Doubled", "Halved", "Bytes", "Same"} {
				fmt.Fprintf(&b, "Benchmark%s-2 100 %s\n", n, lines[n](r))
			}
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	before := map[string]func(int) string{
		"Tripled": ns(100), "Doubled": ns(100), "Same": ns(100),
		"Halved": func(i int) string { return fmt.Sprintf("10 ns/op %v MB/s", 300+i) },
		"Bytes":  func(i int) string { return fmt.Sprintf("10 ns/op %v B/op", 100+i) },
	}
	after := map[string]func(int) string{
		"Tripled": ns(300), "Doubled": ns(200), "Same": ns(100), // 200 is 2× exactly: not more
		"Halved": func(i int) string { return fmt.Sprintf("10 ns/op %v MB/s", 100+i) },
		"Bytes":  func(i int) string { return fmt.Sprintf("10 ns/op %v B/op", 900+i) },
	}
	prev, cur := write("prev.txt", before), write("cur.txt", after)
	out, err := diff(t, "-old", prev, "-new", cur, "-alert")
	if !errors.Is(err, errFlagged) {
		t.Fatalf("err %v, want errFlagged\n%s", err, out)
	}
	if l := row(out, "Tripled", "ns/op"); !strings.Contains(l, "**2.95×**") || !strings.Contains(l, "+195.1% (p=0.002)") {
		t.Errorf("Tripled: %q\n%s", l, out)
	}
	if l := row(out, "Halved", "MB/s"); !strings.Contains(l, "**2.95×**") {
		t.Errorf("Halved: %q\n%s", l, out)
	}
	for _, n := range []string{"Doubled", "Bytes", "Same"} {
		if l := row(out, n, "ns/op"); l != "" {
			t.Errorf("%s in the time table: %q\n%s", n, l, out)
		}
	}
	// B/op is no time: its 9× is a counter that rose, not a crossing.
	if l := row(out, "Bytes", "B/op"); !strings.Contains(l, "| 102.5 | 902.5 | **+800 B/op** |") || !strings.Contains(out, "\n- +800 B/op on 1 row without a client (a floor)\n") {
		t.Errorf("Bytes: %q\n%s", l, out)
	}
	if !strings.HasPrefix(out, "**2 of 6 rows crossed the alert threshold**") || !strings.Contains(out, "; **1 counter per op rose** (below) in this run `4444444` against the previous run `4444444`") || !strings.Contains(out, "| previous `4444444` | this run `4444444` |") {
		t.Errorf("verdict or header:\n%s", out)
	}
	out, err = diff(t, "-old", cur, "-new", cur, "-alert")
	if err != nil || !strings.HasPrefix(out, "**No alert**: none of 6 rows") {
		t.Errorf("a run against itself: %v\n%s", err, out)
	}
	// With -machine: a heading naming it; a first run (no -old file yet,
	// or an empty one) says so and passes; a bad -new still fails.
	out, err = diff(t, "-old", prev, "-new", cur, "-alert", "-machine", "linux-arm64")
	if !errors.Is(err, errFlagged) || !strings.HasPrefix(out, "## Alert check on linux-arm64: this run against the previous stored run\n\n**2 of 6 rows crossed") {
		t.Errorf("-machine: %v\n%s", err, out)
	}
	empty := filepath.Join(dir, "empty.txt")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, first := range []string{filepath.Join(dir, "none.txt"), empty} {
		out, err = diff(t, "-old", first, "-new", cur, "-alert", "-machine", "linux-x64")
		if err != nil || !strings.HasSuffix(out, "No previous results for linux-x64: nothing to compare with (the machine's first run, or a re-run that found only a later run's results).\n") {
			t.Errorf("first run (-old %s): %v\n%s", filepath.Base(first), err, out)
		}
	}
	for _, args := range [][]string{
		{"-old", filepath.Join(dir, "none.txt"), "-new", filepath.Join(dir, "none.txt"), "-alert", "-machine", "m"}, // no results
		{"-old", prev, "-new", cur, "-machine", "m"},                                                                // -machine without -alert
		{"-old", filepath.Join(dir, "none.txt"), "-new", cur, "-alert"},                                             // no previous run without -machine
	} {
		if _, err := diff(t, args...); err == nil || errors.Is(err, errFlagged) {
			t.Errorf("benchdiff %q: %v, want an error", args, err)
		}
	}
	// -old and -new go together, instead of -in, and each holds one run.
	for _, args := range [][]string{{"-old", prev}, {"-new", cur}, {"-in", prev, "-old", prev, "-new", cur}, {"-old", "../../docs/ab/echo-stream.txt", "-new", cur}} {
		if _, err := diff(t, args...); err == nil || errors.Is(err, errFlagged) {
			t.Errorf("benchdiff %q: %v, want a usage error", args, err)
		}
	}
}

// TestPairedByRound: B 5 % slower in every round of an A/B file of
// benchrun (its rounds: line), on a machine whose speed drifts by far more
// between rounds, is flagged at -threshold 0, paired; the same samples in
// two files of one run each (-old, -new: not paired) are not, nor is B
// the same as A within each round's noise.
func TestPairedByRound(t *testing.T) {
	drift := []float64{100, 140, 90, 160, 110, 130}
	side := func(f float64) func(int) string {
		return func(k int) string { return fmt.Sprintf("%v ns/op", drift[k]*f) }
	}
	withRounds := func(p string) string {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, append([]byte("rounds: 6\n"), b...), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	p := withRounds(abFile(t, 6, map[string][2]func(int) string{"Slower": {side(1), side(1.05)}}))
	out, err := diff(t, "-in", p, "-threshold", "0")
	if l := row(out, "Slower", "ns/op"); err != nil || !strings.Contains(l, "**+5.0%** (+5.0% to +5.0%) | <0.001 |") || !strings.Contains(out, "paired by round") {
		t.Errorf("paired, +5%% every round: %v, row %q\n%s", err, l, out)
	}
	// The same samples as two runs apart: benchstat's test, ~.
	dir := t.TempDir()
	for i, f := range []float64{1, 1.05} {
		var b strings.Builder
		b.WriteString("commit: c" + fmt.Sprint(i) + "\nrounds: 6\npkg: " + results.Module + "\nUnit ns/op better=lower\n")
		for k := range 6 {
			fmt.Fprintf(&b, "BenchmarkSlower-2 100 %s\n", side(f)(k))
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprint(i)), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, err = diff(t, "-old", filepath.Join(dir, "0"), "-new", filepath.Join(dir, "1"), "-threshold", "0")
	if err != nil || !strings.HasPrefix(out, "**No regression flagged**") || strings.Contains(out, "paired") {
		t.Errorf("two runs apart: %v\n%s", err, out)
	}
	// No change: B/A alternating 1.02 and 0.98.
	p = withRounds(abFile(t, 6, map[string][2]func(int) string{"Same": {side(1), func(k int) string {
		return fmt.Sprintf("%v ns/op", drift[k]*(1+0.02*float64(1-2*(k%2))))
	}}}))
	if out, err := diff(t, "-in", p, "-threshold", "0"); err != nil || !strings.HasPrefix(out, "**No regression flagged**") {
		t.Errorf("no change, paired: %v\n%s", err, out)
	}
}
