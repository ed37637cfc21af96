package results

import (
	"fmt"
	"math"
	"strconv"
)

// Ratio is a client's time over the baseline's (net/http's) on one row,
// with its 95 % confidence interval: the one definition behind every ratio
// the suite prints (the README's headline, docs/REPORT.md's cells and
// charts, the dashboard's latest run).
type Ratio struct {
	X, Lo, Hi float64 // Lo and Hi are -Inf and +Inf where there is no interval
}

// DiffOf is a − b: with paired (the k-th samples of a and b from round
// k) the median of the per-round differences and its interval, as
// Summarize computes them; otherwise the difference of the medians, with
// no interval (Lo and Hi infinite).
func DiffOf(a, b []float64, paired bool) (d, lo, hi float64) {
	if paired && len(a) == len(b) {
		ds := make([]float64, len(a))
		for k := range ds {
			ds[k] = a[k] - b[k]
		}
		s := Summarize(ds)
		return s.Center, s.Lo, s.Hi
	}
	return Summarize(a).Center - Summarize(b).Center, math.Inf(-1), math.Inf(1)
}

// RatioOf is t's values over b's. Paired (a run of cmd/benchrun, where the
// k-th sample of every leaf is from round k, and both have one per round):
// the median of the per-round ratios and its interval, as Summarize computes
// every median's; runner drift that hits both leaves of a round cancels.
// Otherwise the ratio of the medians, and an interval from the two medians'
// intervals: t's low end over b's high end to t's high end over b's low
// end. Without an interval (fewer than 6 samples) Lo and Hi are infinite.
func RatioOf(t, b []float64, paired bool) Ratio {
	inf := math.Inf(1)
	if paired && len(t) == len(b) {
		rs := make([]float64, len(t))
		for k := range rs {
			rs[k] = t[k] / b[k]
		}
		s := Summarize(rs)
		if math.IsInf(s.Lo, 0) || math.IsInf(s.Hi, 0) {
			return Ratio{s.Center, -inf, inf}
		}
		return Ratio{s.Center, s.Lo, s.Hi}
	}
	ts, bs := Summarize(t), Summarize(b)
	x := ts.Center / bs.Center
	if math.IsInf(ts.Lo, 0) || math.IsInf(ts.Hi, 0) || math.IsInf(bs.Lo, 0) || math.IsInf(bs.Hi, 0) || bs.Lo <= 0 {
		return Ratio{x, -inf, inf}
	}
	return Ratio{x, ts.Lo / bs.Hi, ts.Hi / bs.Lo}
}

// Rounds is how many rounds a file's samples pair up by, RatioOf's paired
// for every ratio of the file: its "rounds:" configuration line, which
// cmd/benchrun writes as it runs every leaf once a round, when every series
// has exactly one value per round, so that the k-th value of each is from
// round k. It is 0 where the samples cannot be paired: a file without that
// line (go test -count), or with a series of another length (runs appended
// to one another, an A/B file read as one). The decision is the file's, not
// each pair's, so that one caption can say how every ratio was computed.
func Rounds(config map[string]string, series []*Series) int {
	n, err := strconv.Atoi(config["rounds"])
	if err != nil || n < 1 {
		return 0
	}
	for _, s := range series {
		if len(s.Values) != n {
			return 0
		}
	}
	return n
}

// HasInterval reports whether r has a finite interval.
func (r Ratio) HasInterval() bool { return !math.IsInf(r.Lo, 0) && !math.IsInf(r.Hi, 0) }

// Significant reports whether r's interval excludes 1: the client is
// faster or slower than the baseline, not the same within the noise.
func (r Ratio) Significant() bool { return r.HasInterval() && (r.Hi < 1 || r.Lo > 1) }

// String is r as the tables print it: "0.59× (0.58–0.60)"; "~1.02×
// (0.97–1.05)" where the interval contains 1 (no significant difference),
// "~1.10× (±∞)" where there is no interval.
func (r Ratio) String() string {
	mark, interval := "~", "±∞"
	if r.Significant() {
		mark = ""
	}
	if r.HasInterval() {
		interval = fmt.Sprintf("%.2f–%.2f", r.Lo, r.Hi)
	}
	return fmt.Sprintf("%s%.2f× (%s)", mark, r.X, interval)
}
