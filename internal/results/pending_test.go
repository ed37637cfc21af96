package results

import (
	"slices"
	"testing"
)

// TestPendingRoundTrip: the leaves a PendingSentence lists are read back
// from a page that holds it, in order, and nothing from a page without one.
func TestPendingRoundTrip(t *testing.T) {
	leaves := []string{"H1GetBytes/buf=fresh/client=hertz", "Copy/size=1MiB/client=raw"}
	s := PendingSentence("0123456789ab", leaves)
	if want := "Not recorded yet, in the suite but not in this run (commit 0123456789ab): `H1GetBytes/buf=fresh/client=hertz`, `Copy/size=1MiB/client=raw`."; s != want {
		t.Errorf("sentence %q, want %q", s, want)
	}
	page := "# Results\n\nGenerated from `docs/results.txt`, commit 0123456789ab.\n\n" + s + "\n\n| `H1GetBytes` | " + NotRecorded + " |\n"
	if got := PendingIn(page); !slices.Equal(got, leaves) {
		t.Errorf("read back %q, want %q", got, leaves)
	}
	if got := PendingIn("Generated from [results.txt](results.txt): commit 0123456789ab. " + s + "\n"); !slices.Equal(got, leaves) {
		t.Errorf("read back from the end of a config line: %q, want %q", got, leaves)
	}
	if got := PendingIn("Generated from `docs/results.txt`: commit 0123456789ab.\n"); got != nil {
		t.Errorf("a page without the sentence lists %q", got)
	}
}
