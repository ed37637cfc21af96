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
	got := ties(order, v, false)
	if !slices.Equal(got, []string{"fasthttp", "hertz"}) && !slices.Equal(got, []string{"hertz", "fasthttp"}) {
		t.Errorf("ties, lower is better: %q", got)
	}
	if got := ties(order, v, true); !slices.Equal(got, []string{"nethttp"}) {
		t.Errorf("ties, higher is better: %q", got)
	}
	if p := pickText([]string{"fasthttp", "hertz"}, order, v); p != "any but `nethttp`" {
		t.Errorf("two of three libraries: %q", p)
	}
	if p := pickText([]string{"nethttp"}, order, v); p != "`nethttp`" {
		t.Errorf("one of three: %q", p)
	}
	if p := pickText([]string{"nethttp", "fasthttp", "hertz"}, order, v); !strings.HasPrefix(p, "any:") {
		t.Errorf("every library: %q", p)
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
