package results

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// TestPairedT: against values worked by hand with Student's t at 2
// degrees of freedom, whose CDF has a closed form (F(t) = 1/2 +
// t/(2√(2+t²))): log ratios 0.1, 0.2, 0.3 have mean 0.2 and standard
// error 0.1/√3, so t = 2√3, p = 1 − 2√3/√14 = 0.0742 and the interval is
// exp(0.2 ± 4.3027 × 0.1/√3). Every ratio the same: that ratio, p 0 (or 1
// for no change); one pair: no interval.
func TestPairedT(t *testing.T) {
	a := []float64{100, 200, 300}
	b := []float64{100 * math.Exp(0.1), 200 * math.Exp(0.2), 300 * math.Exp(0.3)}
	r, p := PairedT(b, a)
	se := 0.1 / math.Sqrt(3)
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"X", r.X, math.Exp(0.2)},
		{"Lo", r.Lo, math.Exp(0.2 - 4.302653*se)},
		{"Hi", r.Hi, math.Exp(0.2 + 4.302653*se)},
		{"p", p, 1 - 2*math.Sqrt(3)/math.Sqrt(14)},
	} {
		if math.Abs(c.got-c.want) > 1e-6 {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	if r, p := PairedT([]float64{105, 210}, []float64{100, 200}); r.Lo != r.X || r.Hi != r.X || math.Abs(r.X-1.05) > 1e-12 || p != 0 {
		t.Errorf("every ratio 1.05: %+v p=%v, want 1.05 and p=0", r, p)
	}
	if r, p := PairedT([]float64{7, 9}, []float64{7, 9}); r.X != 1 || p != 1 {
		t.Errorf("no change: %+v p=%v, want 1 and p=1", r, p)
	}
	if r, p := PairedT([]float64{2}, []float64{1}); r.HasInterval() || p != 1 {
		t.Errorf("one pair: %+v p=%v, want no interval", r, p)
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
// rounds pair A and B and not by the unpaired test, which sees two
// overlapping spreads; so is B 5 % slower in five rounds of six and 1 %
// faster in the other, which the sign test (all six on one side) could not
// find; the same drift with no change (B/A alternating around 1) is not
// found; a file without rounds: lines is judged unpaired.
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
	if r := pa[0]; !r.Paired || !r.Significant || math.Abs(r.Change-0.05) > 1e-9 || r.P != 0 || !(r.Ratio.Lo > 1) {
		t.Errorf("paired: %+v, want +5%% with its interval above 1", r)
	}
	oneAgainst := func(k int) float64 {
		if k == 0 {
			return drift[k] * 0.99
		}
		return drift[k] * 1.05
	}
	fa, fb = pairedFile(t, 6, a, oneAgainst)
	if r := mustDiffPaired(t, fa, fb); !r.Significant || !(r.P < 0.05) || !(r.Ratio.Lo > 1) {
		t.Errorf("+5%% in five rounds, -1%% in one: %+v, want found", r)
	}
	same := func(k int) float64 { return drift[k] * (1 + 0.02*float64(1-2*(k%2))) }
	fa, fb = pairedFile(t, 6, a, same)
	if r := mustDiffPaired(t, fa, fb); r.Significant {
		t.Errorf("no change: %+v, want ~", r)
	}
	fa.Config, fb.Config = map[string]string{}, map[string]string{}
	if pa, _ := DiffPaired(fa, fb); pa[0].Paired {
		t.Errorf("a file without rounds: paired")
	}
}

// mustDiffPaired is DiffPaired's one row, which must be paired.
func mustDiffPaired(t *testing.T, a, b *File) DiffRow {
	t.Helper()
	rows, _ := DiffPaired(a, b)
	if len(rows) != 1 || !rows[0].Paired {
		t.Fatalf("rows %+v, want one paired", rows)
	}
	return rows[0]
}

// TestStudentsT checks the t distribution PairedT uses against the
// printed tables' 97.5th percentiles, and each one's two-sided p-value,
// 0.05, and t = 0's, 1.
func TestStudentsT(t *testing.T) {
	for _, c := range []struct{ nu, q float64 }{
		{1, 12.7062047}, {2, 4.3026527}, {5, 2.5705818}, {10, 2.2281389}, {30, 2.0422725}, {120, 1.9799304},
	} {
		if q := tQuantile975(c.nu); math.Abs(q-c.q) > 1e-6 {
			t.Errorf("t(0.975, %v) = %.7f, want %.7f", c.nu, q, c.q)
		}
		if p := tTwoSided(c.q, c.nu); math.Abs(p-0.05) > 1e-6 {
			t.Errorf("two-sided p of t = %v with %v degrees of freedom: %v, want 0.05", c.q, c.nu, p)
		}
		if p := tTwoSided(0, c.nu); p != 1 {
			t.Errorf("two-sided p of t = 0: %v, want 1", p)
		}
	}
}
