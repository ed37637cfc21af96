package exampletest

import (
	"os"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/behaviour"
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

// TestWithColumn: the behaviour column block becomes the table's Markdown
// (and a current one stays as it is); a page without one is an error.
func TestWithColumn(t *testing.T) {
	tab := behaviour.Table{Name: "mine", Cells: []behaviour.Cell{
		{ID: "gzip", Title: "gzip body", NetHTTP: "decoded", Brought: "left encoded"},
		{ID: "404", Title: "404", NetHTTP: "response 404", Brought: "response 404"},
	}}
	page := []byte("# mine\n\n<!-- behaviour:column -->\nstale\n<!-- behaviour:end -->\n\nafter\n")
	out, err := withColumn(page, tab)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| gzip | gzip body | decoded | **left encoded** |", "| 404 | 404 | response 404 | response 404 |", "1 of 2 rows differ", "\nafter\n"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	if strings.Contains(string(out), "stale") {
		t.Errorf("the stale column is still there:\n%s", out)
	}
	again, err := withColumn(out, tab)
	if err != nil || string(again) != string(out) {
		t.Errorf("a current column was rewritten (%v):\n%s", err, again)
	}
	if _, err := withColumn([]byte("# no column\n"), tab); err == nil {
		t.Error("a page with no behaviour:column block: no error")
	}
}

// TestBehaviourPasses: Behaviour accepts a page whose column is current.
func TestBehaviourPasses(t *testing.T) {
	tab := behaviour.Table{Name: "mine", Cells: []behaviour.Cell{{ID: "404", Title: "404", NetHTTP: "response 404", Brought: "response 404"}}}
	page, err := withColumn([]byte("<!-- behaviour:column -->\n<!-- behaviour:end -->\n"), tab)
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	if err := os.WriteFile(Page, page, 0o644); err != nil {
		t.Fatal(err)
	}
	Behaviour(t, tab)
}
