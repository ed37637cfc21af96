package markdown

import (
	"strings"
	"testing"
)

func TestTable(t *testing.T) {
	got := NewTable("client", "median:", "note").Row("nethttp", "35.3 µs", "a|b").Row("raw", "16 µs", `c\|d`).String()
	want := "| client | median | note |\n|---|--:|---|\n| nethttp | 35.3 µs | a\\|b |\n| raw | 16 µs | c\\|d |\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got := NewTable("", "a").Row("", "x").String(); got != "| | a |\n|---|---|\n| | x |\n" {
		t.Errorf("empty cells: %q", got)
	}
	if got := NewTable(":").String(); !strings.HasPrefix(got, "| : |\n|---|") {
		t.Errorf("a heading of a colon alone is a heading: %q", got)
	}
	if got := Escape("one\ntwo"); got != "one<br>two" {
		t.Errorf("Escape: %q", got)
	}
	defer func() {
		if recover() == nil {
			t.Error("a row of the wrong width: no panic")
		}
	}()
	NewTable("a", "b").Row("x")
}
