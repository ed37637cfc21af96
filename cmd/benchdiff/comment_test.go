package main

import (
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
