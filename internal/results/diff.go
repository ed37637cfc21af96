package results

import (
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/mathext"
)

// DiffRow is one benchmark and unit of two runs compared: A (the base, or
// the previous run) and B.
type DiffRow struct {
	Pkg, Name, Unit string
	// Better is the unit's direction: -1 lower is better (ns/op, B/op,
	// allocs/op), +1 higher (MB/s).
	Better int
	A, B   Summary
	// Change is B's median over A's, minus 1, as benchstat prints it:
	// +0.5 is 50 % higher, whichever way the unit improves.
	Change float64
	// Worse is how many times worse B is than A: B's median over A's for
	// a lower-is-better unit, A's over B's for a higher-is-better one. It is
	// github-action-benchmark's ratio (its alert threshold "200%" is Worse
	// > 2), below 1 when B is better, and 1 when both medians are 0.
	Worse float64
	// P is the Mann–Whitney U test's p-value (Compare), Significant its
	// verdict: P ≤ 0.05, where benchstat prints a change instead of "~".
	// A paired row (DiffPaired) has the paired t test's P instead, and is
	// Significant where Ratio's interval excludes 1.
	P           float64
	Significant bool
	// Paired says the row was judged on its per-round ratios B/A, whose
	// geometric mean and interval Ratio is (PairedT); Change and Worse
	// are then from that mean.
	Paired bool
	Ratio  Ratio
}

// Diff compares b with a, as go tool benchstat does: every series both have
// in a unit with a direction (the file's Unit lines and benchfmt's
// defaults), in a's order. oneSide counts the benchmark and unit pairs with
// a direction that only one side has.
func Diff(a, b *File) (rows []DiffRow, oneSide int) {
	type key struct{ pkg, name, unit string }
	index := func(f *File) map[key]*Series {
		m := map[key]*Series{}
		for _, s := range f.Series {
			if Better(f.Units, s.Unit) != 0 {
				m[key{s.Pkg, s.Name, s.Unit}] = s
			}
		}
		return m
	}
	as, bs := index(a), index(b)
	for k := range bs {
		if as[k] == nil {
			oneSide++
		}
	}
	for _, sa := range a.Series {
		k := key{sa.Pkg, sa.Name, sa.Unit}
		if as[k] == nil {
			continue // no direction
		}
		sb := bs[k]
		if sb == nil {
			oneSide++
			continue
		}
		row := DiffRow{Pkg: sa.Pkg, Name: sa.Name, Unit: sa.Unit, Better: Better(a.Units, sa.Unit),
			A: Summarize(sa.Values), B: Summarize(sb.Values)}
		row.Change = change(row.A.Center, row.B.Center)
		row.Worse = worse(row.A.Center, row.B.Center, row.Better)
		row.P, row.Significant = Compare(row.A, row.B)
		rows = append(rows, row)
	}
	return rows, oneSide
}

// DiffPaired is Diff for the two commits of one run of cmd/benchrun, whose
// rounds pair them: in round k it ran every leaf on A and on B back to
// back, so the k-th samples of a leaf on both sides share whatever the
// machine was doing then. A row whose series both hold one sample per
// round (Rounds on both files) is judged on the per-round ratios B/A
// instead of its two sides' samples apart: the drift between rounds,
// which the unpaired test pays for, cancels in each ratio. The test is
// PairedT's, on the logarithms of those ratios: Change and Worse are from
// their geometric mean, Ratio is its 95 % interval, Significant says the
// interval excludes 1 and P is the paired t test's. Rows that do not pair
// keep Diff's test; so does every row of files that do not (results of two
// runs apart).
//
// Why a t interval and not a distribution-free one: at benchrun's 6
// rounds the sign test (and the median's order-statistic interval, which
// inverts it) finds a change only when all six ratios fall on one side of
// 1, its least p being 2/64; one round that drifts against the change
// hides it, whatever the other five say. The t interval weighs how far
// each ratio is from 1, so a steady 5 % with one contrary round is found,
// and one wild round widens the interval (it adds to the spread) rather
// than flagging a row: an A/A pair stays quiet.
func DiffPaired(a, b *File) (rows []DiffRow, oneSide int) {
	rows, oneSide = Diff(a, b)
	n := Rounds(a.Config, a.Series)
	if n == 0 || Rounds(b.Config, b.Series) != n {
		return rows, oneSide
	}
	type key struct{ pkg, name, unit string }
	values := func(f *File) map[key][]float64 {
		m := map[key][]float64{}
		for _, s := range f.Series {
			m[key{s.Pkg, s.Name, s.Unit}] = s.Values
		}
		return m
	}
	av, bv := values(a), values(b)
	for i := range rows {
		r := &rows[i]
		k := key{r.Pkg, r.Name, r.Unit}
		x, y := av[k], bv[k]
		if len(x) != n || len(y) != n || slices.Contains(x, 0) || slices.Contains(y, 0) {
			continue
		}
		r.Paired = true
		r.Ratio, r.P = PairedT(y, x)
		r.Change = r.Ratio.X - 1
		r.Worse = r.Ratio.X
		if r.Better > 0 {
			r.Worse = 1 / r.Ratio.X
		}
		r.Significant = r.Ratio.Significant()
	}
	return rows, oneSide
}

// PairedT is the paired t test of b against a (b[k] and a[k] from one
// round, every value above 0) on the log ratios ln(b[k]/a[k]): X is their
// geometric mean ratio, Lo and Hi its 95 % confidence interval
// (Student's t with n−1 degrees of freedom), p the two-sided p-value of
// a mean log ratio of 0 (no change). Ratios of times are compared on a
// log scale so that B twice as slow and B twice as fast are the same
// distance from 1. With fewer than two pairs there is no interval and p
// is 1; when every ratio is the same, the interval is that ratio and p is
// 0 unless it is 1.
func PairedT(b, a []float64) (r Ratio, p float64) {
	n := len(a)
	logs := make([]float64, n)
	for k := range logs {
		logs[k] = math.Log(b[k] / a[k])
	}
	var sum float64
	for _, l := range logs {
		sum += l
	}
	mean := sum / float64(n)
	r = Ratio{X: math.Exp(mean), Lo: math.Inf(-1), Hi: math.Inf(1)}
	if n < 2 {
		return r, 1
	}
	// The sample variance by the corrected two-pass algorithm (as gonum's
	// stat.Variance): equal logs give exactly 0.
	var ss, comp float64
	for _, l := range logs {
		ss += (l - mean) * (l - mean)
		comp += l - mean
	}
	se := math.Sqrt((ss-comp*comp/float64(n))/float64(n-1)) / math.Sqrt(float64(n))
	if se == 0 {
		r.Lo, r.Hi = r.X, r.X
		if mean == 0 {
			return r, 1
		}
		return r, 0
	}
	q := tQuantile975(float64(n - 1))
	r.Lo, r.Hi = math.Exp(mean-q*se), math.Exp(mean+q*se)
	return r, tTwoSided(mean/se, float64(n-1))
}

// tTwoSided is the two-sided p-value of t under Student's t with nu
// degrees of freedom, P(|T| >= |t|): the regularized incomplete beta
// I_x(nu/2, 1/2) at x = nu/(nu+t²). (gonum's mathext has it; its
// stat/distuv, which wraps it, would bring gonum's matrix packages into
// every build of this one.)
func tTwoSided(t, nu float64) float64 {
	return mathext.RegIncBeta(nu/2, 0.5, nu/(nu+t*t))
}

// tQuantile975 is the 97.5th percentile of Student's t with nu degrees of
// freedom, the half-width of a 95 % interval in standard errors: the t
// whose two-sided p-value is 0.05.
func tQuantile975(nu float64) float64 {
	x := mathext.InvRegIncBeta(nu/2, 0.5, 0.05)
	return math.Sqrt(nu * (1 - x) / x)
}

// change is b/a - 1, with 0 to 0 no change and 0 to more an infinite one.
func change(a, b float64) float64 {
	switch {
	case a == b:
		return 0
	case a == 0:
		return math.Inf(int(math.Copysign(1, b)))
	}
	return b/a - 1
}

// worse is the factor by which b is worse than a in a unit whose direction
// is better: b/a where lower is better, a/b where higher is; 1 for equal
// values (0 and 0 included) and +Inf for a change from 0 the wrong way.
func worse(a, b float64, better int) float64 {
	if better > 0 {
		a, b = b, a
	}
	switch {
	case a == b:
		return 1
	case a == 0:
		return math.Inf(1)
	}
	return b / a
}

// AlertRatio is the nightly's alert threshold: a time or throughput more
// than this many times worse than the previous stored run's, the rule
// github-action-benchmark applies with alert-threshold "200%" (its ratio
// is DiffRow.Worse). cmd/benchdiff -alert names the rows that cross it and
// cmd/benchjson marks them "crossed" for the dashboard.
const AlertRatio = 2.0

// FormatChange prints a relative change (DiffRow.Change) as benchstat
// does: "+3.1%", "-41.9%", "+∞".
func FormatChange(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+∞"
	case math.IsInf(x, -1):
		return "-∞"
	}
	return fmt.Sprintf("%+.1f%%", x*100)
}
