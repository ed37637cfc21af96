package report

import (
	"math"
	"strconv"
	"strings"
)

// A time unit for people: its name and its size in nanoseconds.
type timeUnit struct {
	name string
	ns   float64
}

var timeUnits = []timeUnit{{"ns", 1}, {"µs", 1e3}, {"ms", 1e6}, {"s", 1e9}}

// unitFor returns the largest unit in which ns is at least 1 (ns for
// anything below 1 µs), going up one unit where 3 significant digits
// would round up to 1000.
func unitFor(ns float64) timeUnit {
	u := timeUnits[0]
	for _, t := range timeUnits[1:] {
		if math.Abs(ns) >= t.ns*0.9995 {
			u = t
		}
	}
	return u
}

// formatDuration prints a duration in nanoseconds with 3 significant
// digits in the unit that suits it: "412 µs", "5.20 ms", "1.23 s".
func formatDuration(ns float64) string {
	if ns == 0 {
		return "0"
	}
	u := unitFor(ns)
	return sig3(ns/u.ns) + " " + u.name
}

// formatDurationSpan prints lo–hi in the unit of the duration ref:
// "4.91–6.10".
func formatDurationSpan(lo, hi, ref float64) string {
	u := unitFor(ref)
	return sig3(lo/u.ns) + "–" + sig3(hi/u.ns)
}

// sig3 prints x (below 1000) with 3 significant digits.
func sig3(x float64) string {
	d := 0
	switch a := math.Abs(x); {
	case a < 9.995:
		d = 2
	case a < 99.95:
		d = 1
	}
	return strconv.FormatFloat(x, 'f', d, 64)
}

// FormatCount prints a count or a rate: whole numbers with thousands
// separators ("11,180"), below 100 with one decimal where it is not whole
// (a median of an even number of rounds).
func FormatCount(x float64) string {
	if x != math.Trunc(x) && math.Abs(x) < 100 {
		return strconv.FormatFloat(x, 'f', 1, 64)
	}
	s := strconv.FormatFloat(math.Round(x), 'f', 0, 64)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// FormatMiB prints bytes in MiB: "23 MiB", "9.4 MiB".
func FormatMiB(b float64) string {
	m := b / (1 << 20)
	if m < 10 {
		return strconv.FormatFloat(m, 'f', 1, 64) + " MiB"
	}
	return FormatCount(math.Round(m)) + " MiB"
}
