package report

import (
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/registry"
)

// TestOrderIsTheRegistry: every client loadbench runs (the registry's
// HTTP/1.1 clients) has its own place in the tables, in the registry's
// order, the floor last; a client left out of the order would sink among
// unknown ones.
func TestOrderIsTheRegistry(t *testing.T) {
	names := registry.Names(registry.H1)
	for i, n := range names {
		if got := clientRank(n); got != i {
			t.Errorf("%s: rank %d, want %d (the registry's order)", n, got, i)
		}
	}
	if last := names[len(names)-1]; last != FloorClient {
		t.Errorf("the last row is %s, want the floor %s", last, FloorClient)
	}
	if got := clientRank("curl"); got != len(names) {
		t.Errorf("an unknown client ranks %d, want %d (after every known one)", got, len(names))
	}
}
