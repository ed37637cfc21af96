package results

import (
	"math"
	"slices"

	"golang.org/x/perf/benchmath"
)

// Confidence is the level of every interval the tools print, benchstat's.
const Confidence = 0.95

// Summary is a series' median and its 95 % confidence interval as
// benchstat computes them (benchmath.AssumeNothing): the one definition of
// the median and of the "±" wherever the suite shows a number, in
// docs/REPORT.md, docs/results.md and the nightly dashboard.
type Summary struct {
	benchmath.Summary // Center (the median), Lo, Hi; Lo and Hi are infinite below 6 samples
	N                 int
	Sample            *benchmath.Sample // for Compare
}

// Summarize returns the median of values and its confidence interval.
func Summarize(values []float64) Summary {
	s := benchmath.NewSample(slices.Clone(values), &benchmath.DefaultThresholds)
	return Summary{Summary: benchmath.AssumeNothing.Summary(s, Confidence), N: len(values), Sample: s}
}

// Range is the interval as benchstat prints it: "±4%", "±∞" below 6
// samples, "±?" where it cannot be a percentage.
func (s Summary) Range() string { return "±" + s.PctRangeString() }

// Pct is Range as a number: the larger distance from the median to an end
// of its interval, over the median. It is +Inf below 6 samples and NaN
// where Range prints "?".
func (s Summary) Pct() float64 {
	switch {
	case math.IsInf(s.Lo, 0) || math.IsInf(s.Hi, 0):
		return math.Inf(1)
	case s.Center == 0 && s.Lo == 0 && s.Hi == 0:
		return 0
	case s.Center <= 0 || s.Lo <= 0 || s.Hi <= 0: // benchstat's "?" (benchmarks measure positive things)
		return math.NaN()
	}
	return math.Max(s.Hi/s.Center-1, 1-s.Lo/s.Center)
}

// Compare is benchstat's test of whether a and b differ: a Mann–Whitney U
// test (benchmath.AssumeNothing), significant when P ≤ Alpha (0.05), where
// benchstat prints a change instead of "~".
func Compare(a, b Summary) (p float64, significant bool) {
	c := benchmath.AssumeNothing.Compare(a.Sample, b.Sample)
	return c.P, c.P <= c.Alpha
}

// Round keeps 4 significant digits of x: more is noise in a median, and
// stable text keeps golden files and stored histories readable.
func Round(x float64) float64 {
	if x == 0 || math.IsInf(x, 0) || math.IsNaN(x) {
		return x
	}
	p := math.Pow(10, 3-math.Floor(math.Log10(math.Abs(x))))
	return math.Round(x*p) / p
}
