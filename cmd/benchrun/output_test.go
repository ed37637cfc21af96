package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/perf/benchfmt"
)

func TestResultWriter(t *testing.T) {
	var buf bytes.Buffer
	w := newResultWriter(&buf, 30)
	goTest := []kv{{"goos", "linux"}, {"pkg", "p"}}
	w.header([]kv{{"commit", "aaa"}, {"date", "2026-01-01T00:00:00Z"}}, goTest)
	res := func(line string) result { return result{line: line, config: goTest} }
	for _, r := range []struct{ commit, line string }{
		{"aaa", "BenchmarkX/client=a-2 \t      50\t  100 ns/op"},
		{"bbb", "BenchmarkX/client=a-2 \t      50\t  110 ns/op"},
		{"bbb", "BenchmarkX/client=bb-2                     \t      50\t  120 ns/op"},
		{"aaa", "BenchmarkX/client=bb-2\t      50\t  130 ns/op"},
	} {
		if err := w.result(r.commit, res(r.line)); err != nil {
			t.Fatal(err)
		}
	}
	want := `commit: aaa
date: 2026-01-01T00:00:00Z
goos: linux
pkg: p
Unit ns/op better=lower
Unit B/op better=lower
Unit allocs/op better=lower
Unit MB/s better=higher
Unit req-bytes assume=exact
Unit resp-bytes assume=exact
BenchmarkX/client=a-2         	      50	  100 ns/op
commit: bbb
BenchmarkX/client=a-2         	      50	  110 ns/op
BenchmarkX/client=bb-2        	      50	  120 ns/op
commit: aaa
BenchmarkX/client=bb-2        	      50	  130 ns/op
`
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}

	// benchfmt reads it whole: the unit metadata, and each result with its
	// own commit.
	r := benchfmt.NewReader(&buf, "out")
	var commits []string
	for r.Scan() {
		switch rec := r.Result().(type) {
		case *benchfmt.SyntaxError:
			t.Error(rec)
		case *benchfmt.Result:
			commits = append(commits, rec.GetConfig("commit"))
		}
	}
	if got := strings.Join(commits, " "); got != "aaa bbb bbb aaa" {
		t.Errorf("commits of the results: %s", got)
	}
	units := r.Units()
	for unit, want := range map[string]int{"ns/op": -1, "sec/op": -1, "B/op": -1, "allocs/op": -1, "MB/s": 1} {
		if got := units.GetBetter(unit); got != want {
			t.Errorf("benchfmt reads %s as better=%d, want %d", unit, got, want)
		}
	}
}

func TestOutFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	o, err := createOutput(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	o.Write([]byte("half"))
	o.discard()
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("a discarded output left %v", entries)
	}

	o, err = createOutput(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	o.Write([]byte("whole"))
	if err := o.commit(); err != nil {
		t.Fatal(err)
	}
	o.discard() // deferred in run: must not undo the commit
	if b, err := os.ReadFile(path); err != nil || string(b) != "whole" {
		t.Errorf("after commit: %q, %v", b, err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("after commit the directory holds %v", entries)
	}
	if _, err := createOutput(filepath.Join(dir, "no", "such", "dir", "out.txt"), nil); err == nil {
		t.Error("createOutput in a missing directory succeeded")
	}
}
