package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/loadbench/report"
)

// TestTies: the best median and every library not significantly
// different from it, the floor never; "any" where that is all of them.
func TestTies(t *testing.T) {
	order := []string{"nethttp", "fasthttp", "hertz", "raw"}
	v := map[string][]float64{
		"nethttp":  {100, 101, 99, 100, 102},
		"fasthttp": {50, 51, 49, 50, 52},
		"hertz":    {51, 50, 52, 49, 50},
		"raw":      {10, 10, 10, 10, 10}, // the floor: faster, never a pick
	}
	rk := rank(order, v, false)
	if !slices.Equal(rk.tied, []string{"fasthttp", "hertz"}) && !slices.Equal(rk.tied, []string{"hertz", "fasthttp"}) {
		t.Errorf("tied, lower is better: %q", rk.tied)
	}
	if got := rank(order, v, true).tied; !slices.Equal(got, []string{"nethttp"}) {
		t.Errorf("tied, higher is better: %q", got)
	}
	if p := rk.text(); p != "`"+rk.tied[0]+"` or `"+rk.tied[1]+"`" {
		t.Errorf("two of three libraries: %q", p)
	}
	// Not significantly different at 5 rounds, but 30 % apart: not a tie,
	// and said to be undecided.
	w := map[string][]float64{
		"nethttp":  {100, 140, 90, 160, 95},
		"fasthttp": {130, 100, 170, 120, 125},
	}
	rk = rank(order, w, false)
	if !slices.Equal(rk.tied, []string{"nethttp"}) || !slices.Equal(rk.open, []string{"fasthttp"}) {
		t.Errorf("30 %% apart, not significant: tied %q, open %q", rk.tied, rk.open)
	}
	if p := rk.text(); p != "`nethttp` (`fasthttp`: not told apart in 5 rounds)" {
		t.Errorf("text: %q", p)
	}
	same := map[string][]float64{"nethttp": {100, 101, 99, 100, 102}, "fasthttp": {101, 100, 99, 102, 100}}
	if p := rank(order, same, false).text(); !strings.HasPrefix(p, "any:") {
		t.Errorf("every library tied: %q", p)
	}
}

// TestSituationsNeedTheirInputs: the block names each input, and a
// missing one is an error that says which.
func TestSituationsNeedTheirInputs(t *testing.T) {
	r := repoReport(t)
	if _, err := readSituations(r, []option{{Key: "load", Value: "docs/load"}}, repoRoot, "docs/results.txt"); err == nil || !strings.Contains(err.Error(), "shapes=PATH") {
		t.Errorf("without shapes=: %v", err)
	}
	opts := []option{{Key: "load", Value: "docs/nosuch"}, {Key: "shapes", Value: "docs/shapes/load"}, {Key: "coldstart", Value: "docs/coldstart.txt"},
		{Key: "net", Value: "docs/network.txt"}, {Key: "behaviour", Value: "docs/behaviour.json"}}
	if _, err := readSituations(r, opts, repoRoot, "docs/results.txt"); err == nil || !strings.Contains(err.Error(), "nosuch") {
		t.Errorf("a missing load run: %v", err)
	}
	if _, err := os.Stat(filepath.Join(repoRoot, "docs", "load", "sweep")); err != nil {
		t.Fatal(err)
	}
}

// loadRun is a steady run of cmd/loadbench at 2000 req/s: for each
// client, one line a round with its p99 and peak RSS, suffix the CPU
// count's -N ("" for none).
func loadRun(t *testing.T, suffix string, p99, rss map[string][]float64) *report.Run {
	t.Helper()
	var b strings.Builder
	b.WriteString("machine: Linux x86_64, 2 CPUs, test\nloadbench: mode=steady rate=2000\n")
	for _, c := range []string{"nethttp", "fasthttp", "hertz", "raw"} {
		for i, p := range p99[c] {
			fmt.Fprintf(&b, "BenchmarkLoad/mode=steady/rate=2000/payload=json/client=%s%s 10000 2000 req/s %g p99-ns %g peak-RSS-B\n", c, suffix, p, rss[c][i])
		}
	}
	run, err := report.Read(strings.NewReader(b.String()), "steady.txt")
	if err != nil {
		t.Fatal(err)
	}
	return run
}

// TestTailAndMemoryRows: the steady rows pick from a run's samples, name
// the pick in the figure, leave the floor out, and say what a 1-round
// run on the other machine can tell.
func TestTailAndMemoryRows(t *testing.T) {
	p99 := map[string][]float64{
		"nethttp":  {500e3, 510e3, 490e3, 505e3, 495e3},
		"fasthttp": {400e3, 410e3, 390e3, 405e3, 395e3},
		"hertz":    {13e6, 12e6, 14e6, 13e6, 13.5e6},
		"raw":      {300e3, 300e3, 300e3, 300e3, 300e3},
	}
	rss := map[string][]float64{
		"nethttp":  {64 << 20, 64 << 20, 65 << 20, 64 << 20, 63 << 20},
		"fasthttp": {44 << 20, 45 << 20, 44 << 20, 43 << 20, 44 << 20},
		"hertz":    {44 << 20, 44 << 20, 45 << 20, 44 << 20, 43 << 20},
		"raw":      {40 << 20, 40 << 20, 40 << 20, 40 << 20, 40 << 20},
	}
	one := func(m map[string][]float64) map[string][]float64 {
		out := map[string][]float64{}
		for c, v := range m {
			out[c] = v[:1]
		}
		return out
	}
	in := &situationInputs{
		steady: loadRun(t, "", p99, rss),
		shape:  loadRun(t, "-16", one(p99), one(rss)),
		pages:  map[string]string{"load": "load.md"},
	}
	tail := in.tail()
	if tail.pick != "`fasthttp`" || !strings.HasPrefix(tail.why, "`fasthttp`: p99 400 µs at 2,000 req/s offered, against `nethttp`'s 500 µs; the worst, `hertz`, 13.0 ms") {
		t.Errorf("tail: %+v", tail)
	}
	if !strings.Contains(tail.holds, "(5 rounds)") || !strings.Contains(tail.holds, "`fasthttp` first too on 16 CPUs") || !strings.Contains(tail.holds, "1 round: the order, untested") {
		t.Errorf("tail holds: %q", tail.holds)
	}
	mem := in.memory()
	if mem.pick != "`fasthttp` or `hertz`" && mem.pick != "`hertz` or `fasthttp`" {
		t.Errorf("memory, two within 10 %% and not told apart: %+v", mem)
	}
	if !strings.Contains(mem.why, "against `nethttp`'s 64 MiB") {
		t.Errorf("memory why: %q", mem.why)
	}
}
