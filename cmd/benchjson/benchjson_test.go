package main

import (
	"bytes"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/results"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestGolden converts a real -count=3 output of the suite and compares both
// files with the golden ones.
func TestGolden(t *testing.T) {
	dir := t.TempDir()
	small, big := filepath.Join(dir, "smaller.json"), filepath.Join(dir, "bigger.json")
	err := run([]string{"-in", "testdata/results.txt", "-smaller", small, "-bigger", big,
		"-unit", "req-bytes=ignore", "-unit", "resp-bytes=ignore"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []struct{ got, golden string }{
		{small, "testdata/smaller.golden.json"},
		{big, "testdata/bigger.golden.json"},
	} {
		got, err := os.ReadFile(f.got)
		if err != nil {
			t.Fatal(err)
		}
		if *update {
			if err := os.WriteFile(f.golden, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(f.golden)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from %s (go test ./cmd/benchjson -update rewrites it):\n%s", f.got, f.golden, got)
		}
	}
}

// TestOneEntryPerBenchmarkAndUnit: repeats are folded into one median, and
// throughput is only in the bigger-is-better file.
func TestOneEntryPerBenchmarkAndUnit(t *testing.T) {
	f, err := os.Open("testdata/results.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	series, _, err := results.Read(f, "results.txt")
	if err != nil {
		t.Fatal(err)
	}
	small, big, err := Split(series, map[string]Direction{"req-bytes": Ignore, "resp-bytes": Ignore})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, e := range append(small, big...) {
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
	for _, e := range small {
		if e.Unit == "MB/s" {
			t.Errorf("MB/s in the smaller-is-better file: %+v", e)
		}
	}
	for _, e := range big {
		if e.Unit != "MB/s" {
			t.Errorf("%s in the bigger-is-better file: %+v", e.Unit, e)
		}
	}
	// 5 benchmarks × ns/op, B/op, allocs/op; 2 downloads × MB/s.
	if len(small) != 15 || len(big) != 2 {
		t.Errorf("%d smaller and %d bigger entries, want 15 and 2", len(small), len(big))
	}
}

func TestMedian(t *testing.T) {
	for _, tc := range []struct {
		in   []float64
		want float64
	}{
		{[]float64{5}, 5},
		{[]float64{3, 1, 2}, 2},
		{[]float64{4, 1, 3, 2}, 2.5},
		{[]float64{10, 10, 1000}, 10},
	} {
		if got := summarize(&results.Series{Name: "X", Unit: "ns/op", Values: tc.in}, false).Value; got != tc.want {
			t.Errorf("median of %v = %v, want %v", tc.in, got, tc.want)
		}
	}
}

// TestBadInput: malformed, empty and unknown input are errors that say
// what and where, and no file is written.
func TestBadInput(t *testing.T) {
	for _, tc := range []struct {
		name, input, want string
		args              []string
	}{
		{"malformed value", "pkg: x\nBenchmarkA-2 100 12.5 ns/op\nBenchmarkB-2 100 abc ns/op\n", "in.txt:3", nil},
		{"missing unit", "BenchmarkA-2 100 12.5\n", "in.txt:1", nil},
		{"empty", "", "no benchmark results", nil},
		{"no results", "goos: linux\nPASS\nok  \tx\t0.1s\n", "no benchmark results", nil},
		{"unknown unit", "BenchmarkA-2 100 12.5 widgets/op\n", `unknown units ["widgets/op"]`, nil},
		{"several GOMAXPROCS", "BenchmarkA-2 100 12.5 ns/op\nBenchmarkA-4 100 10.5 ns/op\n", "in.txt:2: A ran with GOMAXPROCS 2 and 4", nil},
		{"bad -unit", "BenchmarkA-2 100 12.5 ns/op\n", "want unit=smaller", []string{"-unit", "x=sideways"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			in := filepath.Join(dir, "in.txt")
			if err := os.WriteFile(in, []byte(tc.input), 0o644); err != nil {
				t.Fatal(err)
			}
			small := filepath.Join(dir, "s.json")
			args := append([]string{"-in", in, "-smaller", small, "-bigger", filepath.Join(dir, "b.json")}, tc.args...)
			var stderr strings.Builder
			err := run(args, &stderr)
			if err == nil || !strings.Contains(err.Error()+stderr.String(), tc.want) {
				t.Fatalf("run = %v (stderr %q), want an error mentioning %q", err, stderr.String(), tc.want)
			}
			if _, err := os.Stat(small); err == nil {
				t.Error("an output file was written despite the error")
			}
		})
	}
	if err := run([]string{"-in", "x.txt"}, io.Discard); err == nil {
		t.Error("missing -smaller and -bigger accepted")
	}
	if err := run([]string{"-in", "/nonexistent", "-smaller", "s", "-bigger", "b"}, io.Discard); err == nil {
		t.Error("missing input file accepted")
	}
}

func TestKnownUnits(t *testing.T) {
	for unit, want := range map[string]Direction{
		"ns/op": Smaller, "B/op": Smaller, "allocs/op": Smaller, "p99-latency-ns": Smaller,
		"MB/s": Bigger, "req/s": Bigger, "events/s": Bigger,
	} {
		if got, ok := direction(unit, nil); !ok || got != want {
			t.Errorf("direction(%q) = %q, %v; want %q", unit, got, ok, want)
		}
	}
	if _, ok := direction("furlongs", nil); ok {
		t.Error("an unknown unit got a direction")
	}
}
