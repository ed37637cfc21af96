// Package clienttest holds the test helper that builds a client of the
// suite for the life of a test. It is apart from server/servertest so that
// the servers' tests, which use servertest, do not build the client
// libraries.
package clienttest

import (
	"testing"

	"github.com/httpclientbench/httpclientbench/clients"
)

// New builds a client of kind f with cfg, closed when tb ends (a failed
// close is a test error); a failed build fails tb.
func New(tb testing.TB, f clients.Factory, cfg clients.Config) clients.Client {
	tb.Helper()
	c, err := f.New(cfg)
	if err != nil {
		tb.Fatalf("new %s client: %v", f.Name, err)
	}
	if c == nil {
		tb.Fatalf("new %s client: its constructor returned no client and no error", f.Name)
	}
	tb.Cleanup(func() {
		if err := c.Close(); err != nil {
			tb.Errorf("closing the %s client: %v", f.Name, err)
		}
	})
	return c
}
