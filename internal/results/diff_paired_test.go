package results

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// TestSignTest: the exact two-sided p-values of small splits.
func TestSignTest(t *testing.T) {
	for _, c := range []struct {
		above, below int
		p            float64
	}{
		{6, 0, 2.0 / 64}, {0, 6, 2.0 / 64}, {5, 1, 14.0 / 64}, {3, 3, 1}, {0, 0, 1}, {10, 0, 2.0 / 1024}, {9, 1, 22.0 / 1024},
	} {
		if got := SignTest(c.above, c.below); math.Abs(got-c.p) > 1e-12 {
			t.Errorf("SignTest(%d, %d) = %v, want %v", c.above, c.below, got, c.p)
		}
	}
}

// pairedFile is a run of n rounds of one leaf on two commits, A's samples
// a(k) and B's b(k), as cmd/benchrun writes it.
func pairedFile(t *testing.T, n int, a, b func(k int) float64) (*File, *File) {
	t.Helper()
	var s strings.Builder
	fmt.Fprintf(&s, "rounds: %d\npkg: %s\nUnit ns/op better=lower\n", n, Module)
	for k := range n {
		fmt.Fprintf(&s, "commit: a\nBenchmarkX-2 100 %v ns/op\ncommit: b\nBenchmarkX-2 100 %v ns/op\n", a(k), b(k))
	}
	groups, err := ReadGroups(strings.NewReader(s.String()), "ab.txt", "commit")
	if err != nil || len(groups) != 2 {
		t.Fatalf("%d groups, %v", len(groups), err)
	}
	return groups[0].File, groups[1].File
}

// TestDiffPaired: B 5 % slower in every round, on a machine whose speed
// drifts by far more than 5 % from round to round, is found when the
// rounds pair A and B (all six ratios above 1) and not by the unpaired
// test, which sees two overlapping spreads; the same drift with no change
// (B/A alternating around 1) is not found; a file without rounds: lines
// is judged unpaired.
func TestDiffPaired(t *testing.T) {
	drift := []float64{100, 140, 90, 160, 110, 130}
	a := func(k int) float64 { return drift[k] }
	slower := func(k int) float64 { return drift[k] * 1.05 }
	fa, fb := pairedFile(t, 6, a, slower)
	un, _ := Diff(fa, fb)
	pa, _ := DiffPaired(fa, fb)
	if len(un) != 1 || len(pa) != 1 {
		t.Fatalf("rows: %d unpaired, %d paired", len(un), len(pa))
	}
	if un[0].Significant || un[0].Paired {
		t.Errorf("unpaired: %+v, want ~ (the drift hides 5 %%)", un[0])
	}
	if r := pa[0]; !r.Paired || !r.Significant || math.Abs(r.Change-0.05) > 1e-9 || math.Abs(r.P-2.0/64) > 1e-12 || !(r.Ratio.Lo > 1) {
		t.Errorf("paired: %+v, want +5%% at p=0.031 with its interval above 1", r)
	}
	same := func(k int) float64 { return drift[k] * (1 + 0.02*float64(1-2*(k%2))) }
	fa, fb = pairedFile(t, 6, a, same)
	if pa, _ := DiffPaired(fa, fb); !pa[0].Paired || pa[0].Significant {
		t.Errorf("no change: %+v, want ~", pa[0])
	}
	fa.Config, fb.Config = map[string]string{}, map[string]string{}
	if pa, _ := DiffPaired(fa, fb); pa[0].Paired {
		t.Errorf("a file without rounds: paired")
	}
}
