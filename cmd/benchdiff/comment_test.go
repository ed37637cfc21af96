package main

import (
	"fmt"
	"strings"
	"testing"
)

// TestCut: a text within the limit is kept whole; a longer one keeps its
// whole lines within the limit and says it was cut, never a part of a line.
func TestCut(t *testing.T) {
	if got := cut("a\nbb", 4); got != "a\nbb\n" {
		t.Errorf("within the limit: %q", got)
	}
	const said = "\n… cut to stay under the comment size limit: the run's ab.txt artifact holds the whole file\n"
	if got := cut("a\nbb\nccc", 6); got != "a\nbb\n"+said {
		t.Errorf("over the limit: %q", got)
	}
	if got := cut("abcdef", 3); got != said {
		t.Errorf("a first line over the limit: %q, want nothing of it", got)
	}
}

// TestCommentIsInformational: an A/B file benchdiff cannot compare is said
// in the report, which still has its marker and benchstat's block; a
// missing file is an error.
func TestCommentIsInformational(t *testing.T) {
	var b strings.Builder
	if err := writeComment(&b, "../../docs/results.txt", "one run", Threshold(0.1)); err != nil {
		t.Fatal(err)
	}
	s := b.String()
	for _, want := range []string{commentMarker + "\n", "(benchdiff failed: no row flagged or cleared)", "<summary><code>go tool benchstat -col commit</code></summary>", "</details>\n"} {
		if !strings.Contains(s, want) {
			t.Errorf("no %q in:\n%.2000s", want, s)
		}
	}
	if err := writeComment(&b, "testdata/none.txt", "x", Threshold(0.1)); err == nil {
		t.Error("a missing A/B file: no error")
	}
}

// TestCommentCounters: the comment lists the counters per op apart from
// the timing verdict, a line for every client of the run: its changes, or
// "no change".
func TestCommentCounters(t *testing.T) {
	p := abFile(t, 6, map[string][2]func(int) string{
		"H1Get/client=fasthttp": {counts(100, 2, 67), counts(100, 4, 67)},
		"JSON/client=fasthttp":  {counts(100, 3, 67), counts(100, 5, 67)},
		"H1Get/client=nethttp":  {counts(100, 9, 100), counts(100, 9, 100)},
		"H1Get/client=resty":    {counts(100, 20, 160), counts(100, 20, 184)},
	})
	var b strings.Builder
	if err := writeComment(&b, p, "the focused set", Threshold(0.1)); err != nil {
		t.Fatal(err)
	}
	s := b.String()
	for _, want := range []string{
		"**No regression flagged**: none of 4 rows",
		"\n- +2 allocs/op on 2 rows of fasthttp\n- nethttp: no change\n- +24 sent-B/op on 1 row of resty\n",
		"<details><summary>3 counters that changed</summary>",
		"| `H1Get/client=resty` | sent-B/op | 160 | 184 | **+24 sent-B/op** |",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("no %q in:\n%s", want, s)
		}
	}
}

// counts is a sample line of a leaf with its time, allocations and bytes
// sent.
func counts(ns float64, allocs, sent int) func(int) string {
	return func(i int) string {
		return fmt.Sprintf("%v ns/op %d allocs/op %d sent-B/op", ns+float64(i), allocs, sent)
	}
}
