package results

import (
	"math"
	"slices"
	"strings"
	"testing"

	"golang.org/x/perf/benchfmt"
)

func TestSplitProcs(t *testing.T) {
	for _, tc := range []struct{ in, name, procs string }{
		{"X/a=b-2", "X/a=b", "2"},
		{"X-16", "X", "16"},
		{"X", "X", ""},
		{"X/a-b", "X/a-b", ""},
		{"X/size=1-2/client=c", "X/size=1-2/client=c", ""},
		{"X-", "X-", ""},
	} {
		name, procs := splitProcs(benchfmt.Name(tc.in))
		if name != tc.name || procs != tc.procs {
			t.Errorf("splitProcs(%q) = %q, %q; want %q, %q", tc.in, name, procs, tc.name, tc.procs)
		}
	}
}

func TestReadFileUnits(t *testing.T) {
	in := "Unit req-bytes assume=exact\nUnit widgets better=higher\nBenchmarkA-2 10 5 ns/op 62 req-bytes 3 widgets\n"
	f, err := ReadFile(strings.NewReader(in), "in")
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Series) != 3 || f.Series[0].Name != "A" || f.Series[0].Gomaxprocs != "2" {
		t.Errorf("series %+v", f.Series)
	}
	if f.Units.GetBetter("widgets") != 1 || f.Units.GetBetter("req-bytes") != 0 || f.Units.Get("req-bytes", "assume") == nil {
		t.Errorf("unit metadata %v", f.Units)
	}
}

func TestSummarize(t *testing.T) {
	s := Summarize([]float64{10, 11, 12, 13, 14, 15})
	if s.Center != 12.5 || s.N != 6 || s.Range() != "±20%" || math.Abs(s.Pct()-0.2) > 1e-9 {
		t.Errorf("Summarize = %+v, Range %s, Pct %v", s.Summary, s.Range(), s.Pct())
	}
	if s := Summarize([]float64{1, 2, 3}); s.Range() != "±∞" || !math.IsInf(s.Pct(), 1) {
		t.Errorf("3 samples: Range %s, Pct %v; want no interval", s.Range(), s.Pct())
	}
}

// TestReadGroups: an A/B file splits by its commit: lines, in the order
// each commit first appears, each side with its own series and config, and
// both with the file's unit metadata.
func TestReadGroups(t *testing.T) {
	in := "commit: aaa\ngoos: linux\nUnit MB/s better=higher\n" +
		"BenchmarkX-2 10 5 ns/op 7 MB/s\n" +
		"commit: bbb\nBenchmarkX-2 10 6 ns/op 8 MB/s\nBenchmarkY-2 10 1 ns/op\n" +
		"commit: aaa\nBenchmarkX-2 10 4 ns/op 9 MB/s\n"
	groups, err := ReadGroups(strings.NewReader(in), "ab.txt", "commit")
	if err != nil {
		t.Fatal(err)
	}
	if len(groups) != 2 || groups[0].Value != "aaa" || groups[1].Value != "bbb" {
		t.Fatalf("groups %+v, want aaa then bbb", groups)
	}
	a, b := groups[0], groups[1]
	if len(a.Series) != 2 || a.Series[0].Name != "X" || a.Series[0].Unit != "ns/op" || len(a.Series[0].Values) != 2 || a.Series[0].Values[1] != 4 {
		t.Errorf("A's series %+v", a.Series)
	}
	if len(b.Series) != 3 || b.Series[2].Name != "Y" || b.Config["commit"] != "bbb" || b.Config["goos"] != "linux" {
		t.Errorf("B's series %+v, config %v", b.Series, b.Config)
	}
	if a.Units.GetBetter("MB/s") != 1 || b.Units.GetBetter("MB/s") != 1 {
		t.Error("a group lost the unit metadata")
	}
	// Without the key every result is one group, as ReadFile reads it.
	f, err := ReadFile(strings.NewReader(in), "ab.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Series) != 3 || len(f.Series[0].Values) != 3 {
		t.Errorf("ReadFile: %+v", f.Series)
	}
	if _, err := ReadGroups(strings.NewReader(in), "ab.txt", ""); err == nil {
		t.Error("ReadGroups without a key accepted")
	}
	if _, err := ReadGroups(strings.NewReader("goos: linux\n"), "ab.txt", "commit"); err == nil || !strings.Contains(err.Error(), "no benchmark results") {
		t.Errorf("no results: %v", err)
	}
}

// A run of benchrun -cpus reads as one group per shape, in the order each
// first appears; read whole, it is refused.
func TestReadGroupsByProcs(t *testing.T) {
	in := "cpus: 1,4\nBenchmarkA-1 1 10 ns/op\nBenchmarkA-4 1 20 ns/op\nBenchmarkB-4 1 5 ns/op\nBenchmarkA-1 1 12 ns/op\n"
	groups, err := ReadGroups(strings.NewReader(in), "in", ProcsKey)
	if err != nil {
		t.Fatal(err)
	}
	if len(groups) != 2 || groups[0].Value != "1" || groups[1].Value != "4" {
		t.Fatalf("groups %+v, want 1 then 4", groups)
	}
	one, four := groups[0].Series, groups[1].Series
	if len(one) != 1 || one[0].Name != "A" || !slices.Equal(one[0].Values, []float64{10, 12}) {
		t.Errorf("on 1 CPU: %+v", one[0])
	}
	if len(four) != 2 || four[0].Name != "A" || four[0].Values[0] != 20 || four[1].Name != "B" || groups[1].Config["cpus"] != "1,4" {
		t.Errorf("on 4 CPUs: %+v %+v", four, groups[1].Config)
	}
	if _, err := ReadFile(strings.NewReader(in), "in"); err == nil || !strings.Contains(err.Error(), "ran with GOMAXPROCS 1 and 4") {
		t.Errorf("read whole: %v, want the GOMAXPROCS error", err)
	}
}
