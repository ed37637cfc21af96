package clients_test

import (
	"testing"

	"github.com/httpclientbench/httpclientbench/clients"
)

// adapter is the registered adapter of the client f builds, whose facts
// (clients.Adapter's Timeout, PoolFull, Refused, LibraryIdle, TLSMajor)
// the tests here compare with what the client does.
func adapter(t *testing.T, f clients.Factory) clients.Adapter {
	t.Helper()
	a, ok := clients.AdapterOf(f.Name)
	if !ok {
		t.Fatalf("client %s has no adapter", f.Name)
	}
	return a
}

// TestFactsOfHTTP1: a client with HTTP/1.1 rows states what its timeout
// is and how many idle connections its library keeps, so that it cannot
// skip the tests that read them.
func TestFactsOfHTTP1(t *testing.T) {
	for _, f := range clients.HTTP1 {
		if a := adapter(t, f); a.Timeout == nil || a.LibraryIdle == nil {
			t.Errorf("%s has HTTP/1.1 rows: its adapter needs a Timeout and a LibraryIdle", f.Name)
		}
	}
}
