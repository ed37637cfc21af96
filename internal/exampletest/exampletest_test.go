package exampletest

import (
	"os"
	"strings"
	"testing"
)

// TestRewrite: a page's table is benchstat's of the run beside it, with
// the command (testdata/README.md is up to date: Readme passes); a stale
// one (stale.md) is told apart from it, and a page with no table
// (none.md) is an error.
func TestRewrite(t *testing.T) {
	t.Chdir("testdata")
	Readme(t)
	page, out, err := rewrite("stale.md")
	if err != nil {
		t.Fatal(err)
	}
	if string(page) == string(out) {
		t.Error("stale.md: the empty block was left as it was")
	}
	fresh, err := os.ReadFile(Page)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"$ go tool benchstat -col /client -filter .unit:allocs/op results.txt\n", "nethttp", "mine", "60.00", "50.00"} {
		if !strings.Contains(string(fresh), want) {
			t.Errorf("%s has no %q:\n%s", Page, want, fresh)
		}
	}
	if _, _, err := rewrite("none.md"); err == nil {
		t.Error("none.md, a page with no table: no error")
	}
}
