package results

import (
	"math"
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
