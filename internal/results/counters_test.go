package results

import (
	"strings"
	"testing"
)

// TestCounterChanges: an exact counter that moved by its minimum counts,
// whichever way; samples that overlap, a move below the minimum or within
// a run's own spread, a unit that is no counter and a series on one side
// only do not.
func TestCounterChanges(t *testing.T) {
	series := func(name, unit string, values ...float64) *Series {
		return &Series{Pkg: Module, Name: name, Unit: unit, Values: values}
	}
	six := func(x float64) []float64 { return []float64{x, x, x, x, x, x} }
	a := &File{Series: []*Series{
		series("Alloc/client=fasthttp", "allocs/op", six(5)...),
		series("Alloc/client=hertz", "allocs/op", six(5)...),
		series("Noisy/client=hertz", "B/op", 865, 1306, 5603, 6368, 5819, 1271),
		series("Small/client=nethttp", "B/op", six(1000)...),
		series("Pooled/client=nethttp", ConnsUnit, 0.0001, 0, 0, 0.0002, 0, 0),
		series("Fresh/client=nethttp", ConnsUnit, six(1)...),
		series("Wire/client=resty", SentUnit, six(100)...),
		series("Window/client=resty", SentUnit, 500, 505, 510, 515, 520, 522),
		series("Time/client=resty", "ns/op", six(100)...),
		series("Gone/client=resty", "allocs/op", six(1)...),
	}}
	b := &File{Series: []*Series{
		series("Alloc/client=fasthttp", "allocs/op", six(6)...),
		series("Alloc/client=hertz", "allocs/op", six(4)...),
		series("Noisy/client=hertz", "B/op", 1271, 6368, 900, 5000, 5500, 1300),
		series("Small/client=nethttp", "B/op", six(1040)...), // +40 B: under 64
		series("Pooled/client=nethttp", ConnsUnit, 0.0003, 0.0001, 0, 0, 0, 0.0002),
		series("Fresh/client=nethttp", ConnsUnit, six(2)...),
		series("Wire/client=resty", SentUnit, six(124)...),
		series("Window/client=resty", SentUnit, 523, 524, 525, 526, 527, 540), // apart, by less than the spread
		series("Time/client=resty", "ns/op", six(900)...),
	}}
	var got []string
	for _, c := range CounterChanges(a, b) {
		got = append(got, c.Name+" "+c.Delta())
	}
	want := "Alloc/client=fasthttp +1 allocs/op, Alloc/client=hertz -1 allocs/op, Fresh/client=nethttp +1 conns/op, Wire/client=resty +24 sent-B/op"
	if s := strings.Join(got, ", "); s != want {
		t.Errorf("changes:\n%s\nwant\n%s", s, want)
	}
	if c := CounterChanges(a, a); len(c) != 0 {
		t.Errorf("a run against itself: %v", c)
	}
	var lines []string
	for _, g := range GroupCounterChanges(CounterChanges(a, b)) {
		lines = append(lines, g.String())
	}
	if s := strings.Join(lines, "; "); s != "+1 allocs/op on 1 row of fasthttp; -1 allocs/op on 1 row of hertz; +1 conns/op on 1 row of nethttp; +24 sent-B/op on 1 row of resty" {
		t.Errorf("groups: %s", s)
	}
}

// TestCrossed: the time alert judges times and throughputs, not the
// counters or the CPU time per op.
func TestCrossed(t *testing.T) {
	for _, c := range []struct {
		unit   string
		better int
		worse  float64
		want   bool
	}{
		{"ns/op", -1, 2.01, true},
		{"ns/op", -1, 2, false},
		{"MB/s", 1, 3, true},
		{"B/op", -1, 9, false},
		{"allocs/op", -1, 9, false},
		{ConnsUnit, -1, 9, false},
		{CPUUnit, -1, 9, false},
		{"req-bytes", 0, 9, false},
	} {
		if got := Crossed(DiffRow{Unit: c.unit, Better: c.better, Worse: c.worse}); got != c.want {
			t.Errorf("%s %v× worse: crossed %v, want %v", c.unit, c.worse, got, c.want)
		}
	}
}
