package results

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/perf/benchfmt"
)

// CounterRule is when a change of one of the suite's counters per op
// counts: each run has at least MinCounterSamples samples, the two runs'
// samples do not overlap (every sample of one run above every sample of
// the other), and the medians differ by at least MinAbs in the unit, by at
// least MinRel of the earlier median, and by more than either run's own
// spread (its largest sample minus its smallest). A counter that is exact
// on its row has no spread, so any change beyond the minimums counts; one
// that moves on its row counts only beyond what the row moves by itself.
//
// Many counters are exact, not all (docs/ci.md, *The counters' rule, measured*, has
// the same commit run twice): allocations move by one or two on some rows
// (the uploads of fasthttp and hertz); B/op moves with buffer pools and
// garbage collection (hertz's pooled downloads: 151 to 6632); HTTP/2's
// WINDOW_UPDATE frames move a download's sent bytes by up to 2×, and
// QUIC's acknowledgements and padding HTTP/3's sent and received bytes by
// up to about 10 %; concurrent rows open connections and handshakes as
// their pools race. Without the spread term, one of the 2,100 counters of
// such a pair came out changed.
type CounterRule struct {
	Unit           string
	MinAbs, MinRel float64
}

// CounterRules are the counters the nightly alerts on and the pull-request
// check lists, in the order they are reported. One allocation counts
// whatever the row's total: on a row whose allocations are exact it is a
// certain change, and the spread term keeps the rows that move out.
var CounterRules = []CounterRule{
	{"allocs/op", 1, 0},
	{"B/op", 64, 0.02},
	{SentUnit, 1, 0.01},
	{RecvUnit, 1, 0.01},
	{ConnsUnit, 0.01, 0},
	{HandshakesUnit, 0.01, 0},
}

// Better is which way unit improves by the file's Unit lines (benchfmt's
// GetBetter: -1 lower, +1 higher, 0 not said), and for the suite's exact
// counters lower where the lines do not say: a run recorded before the
// suite declared them better=lower still compares and stores them.
func Better(units benchfmt.UnitMetadataMap, unit string) int {
	if b := units.GetBetter(unit); b != 0 || !slices.Contains(ExactUnits, unit) {
		return b
	}
	return -1
}

// Counter is the rule of unit, ok false when unit is no counter.
func Counter(unit string) (CounterRule, bool) {
	i := slices.IndexFunc(CounterRules, func(r CounterRule) bool { return r.Unit == unit })
	if i < 0 {
		return CounterRule{}, false
	}
	return CounterRules[i], true
}

// Alerted reports whether the nightly's time alert judges unit: every
// unit with a direction (better, from the file's Unit lines) but the
// counters, whose rule is CounterRules, and the CPU time per op, which
// the nightly neither stores nor alerts on (docs/REPORT.md reports it).
func Alerted(unit string, better int) bool {
	_, counter := Counter(unit)
	return better != 0 && !counter && unit != CPUUnit
}

// Crossed reports whether row crossed the nightly's time alert: a unit it
// judges (Alerted), more than AlertRatio times worse by the medians, and
// apart: every sample of the later run worse than every sample of the
// earlier one. It is the one definition cmd/benchdiff -alert fails on and
// cmd/benchjson marks "crossed" for the dashboard.
//
// The second condition keeps a row that only spreads out of the alert: on
// the same commit run twice (docs/ab/aa-counters-*.txt), three hertz rows
// of 64 KiB bodies, whose samples span up to three times their median,
// had medians 2.1× to 2.3× apart. A row twice as slow on a runner whose
// times vary by tens of percent has all its samples apart.
func Crossed(row DiffRow) bool {
	return Alerted(row.Unit, row.Better) && row.Worse > AlertRatio && apart(row)
}

// apart reports whether every sample of row's B is worse than every sample
// of its A, in the unit's direction.
func apart(row DiffRow) bool {
	if row.A.Sample == nil || row.B.Sample == nil || len(row.A.Sample.Values) == 0 || len(row.B.Sample.Values) == 0 {
		return false
	}
	a, b := row.A.Sample.Values, row.B.Sample.Values
	if row.Better > 0 {
		return slices.Max(b) < slices.Min(a)
	}
	return slices.Min(b) > slices.Max(a)
}

// CounterChange is one benchmark's counter that changed (CounterChanges).
type CounterChange struct {
	Pkg, Name, Unit string
	Old, New        float64 // the medians
	// Worse: the counter went up (every counter is better lower).
	Worse bool
}

// Delta is the change of the median in the unit: "+2 allocs/op",
// "-0.5 conns/op".
func (c CounterChange) Delta() string { return FormatDelta(c.New-c.Old) + " " + c.Unit }

// FormatDelta prints a change in a counter with its sign: "+2", "-1.5",
// "+0.01" (FormatCount).
func FormatDelta(d float64) string {
	s := FormatCount(d)
	if d >= 0 {
		s = "+" + s
	}
	return s
}

// FormatCount prints a counter's median whole, with at most 4 decimals
// (conns/op on a pooled row is a small fraction): counts are exact, and
// 4 significant digits would print 1092000 for 1091910 B/op.
func FormatCount(x float64) string {
	return strconv.FormatFloat(roundCount(x), 'f', -1, 64)
}

func roundCount(x float64) float64 { return math.Round(x*1e4) / 1e4 }

// RoundValue is x, a median or interval bound in unit, as the tools store
// it: a counter per op (CounterRules) whole, with at most 4 decimals, as
// FormatCount prints it, so that the dashboard's before and now are the
// counts the counters' rule compared; any other unit to 4 significant
// digits (Round).
func RoundValue(unit string, x float64) float64 {
	if _, ok := Counter(unit); ok && !math.IsInf(x, 0) {
		return roundCount(x)
	}
	return Round(x)
}

// CounterChanges compares the counters (CounterRules) of every benchmark
// both a and b have, whatever their Unit lines say, and returns the
// changes that count, in a's order.
func CounterChanges(a, b *File) []CounterChange {
	type key struct{ pkg, name, unit string }
	bs := map[key]*Series{}
	for _, s := range b.Series {
		bs[key{s.Pkg, s.Name, s.Unit}] = s
	}
	var out []CounterChange
	for _, sa := range a.Series {
		rule, ok := Counter(sa.Unit)
		sb := bs[key{sa.Pkg, sa.Name, sa.Unit}]
		if !ok || sb == nil {
			continue
		}
		if c, ok := rule.judge(sa.Values, sb.Values); ok {
			c.Pkg, c.Name, c.Unit = sa.Pkg, sa.Name, sa.Unit
			out = append(out, c)
		}
	}
	return out
}

// MinCounterSamples is the fewest samples a run needs on a row for its
// counters to be judged: as many as benchstat's test needs to find a
// difference at all (4 against 4: p = 0.029).
const MinCounterSamples = 4

// judge is the change from samples a to b, ok when it counts.
func (r CounterRule) judge(a, b []float64) (CounterChange, bool) {
	if len(a) < MinCounterSamples || len(b) < MinCounterSamples {
		return CounterChange{}, false
	}
	up := slices.Max(a) < slices.Min(b)
	down := slices.Min(a) > slices.Max(b)
	old, cur := Summarize(a).Center, Summarize(b).Center
	d := math.Abs(cur - old)
	rel := math.Inf(1)
	if old != 0 {
		rel = d / math.Abs(old)
	}
	spread := max(slices.Max(a)-slices.Min(a), slices.Max(b)-slices.Min(b))
	if !(up || down) || d < r.MinAbs || rel < r.MinRel || d <= spread {
		return CounterChange{}, false
	}
	return CounterChange{Old: old, New: cur, Worse: up}, true
}

// CounterGroup is the changes of one client in one counter and direction:
// a line of the pull-request comment and the nightly's alert, "+2
// allocs/op on 14 rows of fasthttp".
type CounterGroup struct {
	Client, Unit string
	Worse        bool
	Changes      []CounterChange
}

// String is the group's line: "+2 allocs/op on 14 rows of fasthttp",
// "-1 to -3 allocs/op on 2 rows of hertz" when the rows' changes differ.
func (g CounterGroup) String() string {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, c := range g.Changes {
		lo, hi = min(lo, c.New-c.Old), max(hi, c.New-c.Old)
	}
	if !g.Worse {
		lo, hi = hi, lo // from the smallest drop to the largest
	}
	delta := FormatDelta(lo)
	if FormatDelta(lo) != FormatDelta(hi) {
		delta += " to " + FormatDelta(hi)
	}
	rows := "rows"
	if len(g.Changes) == 1 {
		rows = "row"
	}
	of := "of " + g.Client
	if g.Client == "" {
		of = "without a client (a floor)"
	}
	return fmt.Sprintf("%s %s on %d %s %s", delta, g.Unit, len(g.Changes), rows, of)
}

// GroupCounterChanges groups changes by client (the leaf's client= level),
// counter and direction: by client, then in CounterRules' order, the
// increases first.
func GroupCounterChanges(changes []CounterChange) []CounterGroup {
	type key struct {
		client, unit string
		worse        bool
	}
	index := map[key]int{}
	var out []CounterGroup
	for _, c := range changes {
		_, _, client := SplitLeaf(c.Name)
		k := key{client, c.Unit, c.Worse}
		i, ok := index[k]
		if !ok {
			i = len(out)
			index[k] = i
			out = append(out, CounterGroup{Client: client, Unit: c.Unit, Worse: c.Worse})
		}
		out[i].Changes = append(out[i].Changes, c)
	}
	order := func(unit string) int {
		return slices.IndexFunc(CounterRules, func(r CounterRule) bool { return r.Unit == unit })
	}
	slices.SortStableFunc(out, func(a, b CounterGroup) int {
		return cmp.Or(strings.Compare(a.Client, b.Client), cmp.Compare(order(a.Unit), order(b.Unit)),
			-cmp.Compare(boolInt(a.Worse), boolInt(b.Worse)))
	})
	return out
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
