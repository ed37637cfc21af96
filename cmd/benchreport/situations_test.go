package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
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
	for n, want := range map[float64]string{5: "5", 2000: "2,000", 121612: "121,612", 1234567: "1,234,567"} {
		if got := count(n); got != want {
			t.Errorf("count(%v) = %q, want %q", n, got, want)
		}
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
