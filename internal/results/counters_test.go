package results

import (
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
)

// TestCounterChanges: an exact counter that moved by its minimum counts,
// whichever way; samples that overlap, a move below the minimum or within
// a run's own spread, a unit that is no counter and a series on one side
// only do not, nor does a change with fewer than MinCounterSamples
// samples on a side.
func TestCounterChanges(t *testing.T) {
	series := func(name, unit string, values ...float64) *Series {
		return &Series{Pkg: Module, Name: name, Unit: unit, Values: values}
	}
	six := func(x float64) []float64 { return []float64{x, x, x, x, x, x} }
	a := &File{Series: []*Series{
		series("Alloc/client=fasthttp", "allocs/op", six(5)...),
		series("Alloc/client=hertz", "allocs/op", six(5)...),
		series("Many/client=hertz", "allocs/op", six(984)...),
		series("Few/client=hertz", "allocs/op", 5, 5, 5),
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
		series("Many/client=hertz", "allocs/op", six(985)...), // +1 of 984: an exact row's one allocation counts
		series("Few/client=hertz", "allocs/op", 9, 9, 9, 9, 9, 9),
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
	want := "Alloc/client=fasthttp +1 allocs/op, Alloc/client=hertz -1 allocs/op, Many/client=hertz +1 allocs/op, Fresh/client=nethttp +1 conns/op, Wire/client=resty +24 sent-B/op"
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
	if s := strings.Join(lines, "; "); s != "+1 allocs/op on 1 row of fasthttp; +1 allocs/op on 1 row of hertz; -1 allocs/op on 1 row of hertz; +1 conns/op on 1 row of nethttp; +24 sent-B/op on 1 row of resty" {
		t.Errorf("groups: %s", s)
	}
}

// TestCrossed: the time alert judges times and throughputs, not the
// counters or the CPU time per op, more than 2× worse by the medians and
// with every sample worse than every earlier one.
func TestCrossed(t *testing.T) {
	// row is a comparison of six samples around 100 with six around
	// 100×worse (1/worse for a higher-is-better unit), each side's samples
	// spread by spread of their median.
	row := func(unit string, better int, factor, spread float64) DiffRow {
		side := func(m float64) Summary {
			v := make([]float64, 6)
			for i := range v {
				v[i] = m * (1 - spread/2 + spread*float64(i)/5)
			}
			return Summarize(v)
		}
		b := 100 * factor
		if better > 0 {
			b = 100 / factor
		}
		r := DiffRow{Unit: unit, Better: better, A: side(100), B: side(b)}
		r.Worse = worse(r.A.Center, r.B.Center, better)
		return r
	}
	for _, c := range []struct {
		unit          string
		better        int
		worse, spread float64
		want          bool
	}{
		{"ns/op", -1, 2.01, 0.1, true},
		{"ns/op", -1, 2, 0.1, false},
		{"ns/op", -1, 2.2, 1, false}, // the medians apart, the samples not
		{"MB/s", 1, 3, 0.1, true},
		{"MB/s", 1, 3, 1.5, false},
		{"B/op", -1, 9, 0, false},
		{"allocs/op", -1, 9, 0, false},
		{ConnsUnit, -1, 9, 0, false},
		{CPUUnit, -1, 9, 0, false},
		{"req-bytes", 0, 9, 0, false},
	} {
		if got := Crossed(row(c.unit, c.better, c.worse, c.spread)); got != c.want {
			t.Errorf("%s %v× worse, samples spread by %v: crossed %v, want %v", c.unit, c.worse, c.spread, got, c.want)
		}
	}
}

// TestAAPairCounters is the counters' rule on the same commit run twice
// (docs/ab/aa-counters-1.txt and -2.txt, docs/ci.md's *The counters'
// rule, measured*): no counter changed; one more allocation on every row
// of the second run is seen on exactly the rows whose allocations are the
// same in all their samples; and with each row's samples shuffled into two
// runs, the rule reports few changes per pair of runs (printed with -v).
func TestAAPairCounters(t *testing.T) {
	read := func(name string) *File {
		f, err := os.Open("../../docs/ab/" + name)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		file, err := ReadFile(f, name)
		if err != nil {
			t.Fatal(err)
		}
		return file
	}
	a, b := read("aa-counters-1.txt"), read("aa-counters-2.txt")
	if c := CounterChanges(a, b); len(c) != 0 {
		t.Errorf("an A/A pair: %d counters changed, first %+v", len(c), c[0])
	}
	type key struct{ name, unit string }
	bs := map[key]*Series{}
	for _, s := range b.Series {
		bs[key{s.Name, s.Unit}] = s
	}
	rule, _ := Counter("allocs/op")
	rows, seen, exact := 0, 0, 0
	rng := rand.New(rand.NewPCG(1, 2))
	changes := map[string]float64{}
	for _, sa := range a.Series {
		sb := bs[key{sa.Name, sa.Unit}]
		r, ok := Counter(sa.Unit)
		if !ok || sb == nil {
			continue
		}
		all := slices.Concat(sa.Values, sb.Values)
		if sa.Unit == "allocs/op" {
			rows++
			plus := make([]float64, len(sb.Values))
			for i, v := range sb.Values {
				plus[i] = v + 1
			}
			_, caught := rule.judge(sa.Values, plus)
			isExact := slices.Min(all) == slices.Max(all)
			if caught != isExact {
				t.Errorf("%s: one more allocation seen %v, the row exact %v", sa.Name, caught, isExact)
			}
			seen += boolInt(caught)
			exact += boolInt(isExact)
		}
		const shuffles = 1000
		hits := 0
		for range shuffles {
			rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
			if _, ok := r.judge(all[:len(sa.Values)], all[len(sa.Values):]); ok {
				hits++
			}
		}
		changes[sa.Unit] += float64(hits) / shuffles
	}
	t.Logf("one more allocation seen on %d of %d rows (%d exact)", seen, rows, exact)
	total := 0.0
	for _, r := range CounterRules {
		t.Logf("%s: %.3f changes per pair of runs", r.Unit, changes[r.Unit])
		total += changes[r.Unit]
	}
	if total > 0.2 {
		t.Errorf("an unchanged commit: %.3f counter changes per pair of runs, want few", total)
	}
}
