package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchmath"

	"github.com/httpclientbench/httpclientbench/internal/cli"
	"github.com/httpclientbench/httpclientbench/internal/results"
)

// TestResultWriter: the output is benchfmt.Writer's, unit metadata
// first, a configuration line again where a result's value differs (the
// commit), and it reads back, through benchfmt and benchstat, as the
// results the test binaries printed with their configuration.
func TestResultWriter(t *testing.T) {
	var buf bytes.Buffer
	w, err := newResultWriter(&buf, []kv{{"commit", "aaa"}, {"date", "2026-01-01T00:00:00Z"}})
	if err != nil {
		t.Fatal(err)
	}
	var written []*benchfmt.Result
	for _, r := range []struct{ commit, line string }{
		{"aaa", "BenchmarkX/client=a-2 \t      50\t  100 ns/op\t  62.04 MB/s\t    5149 B/op\t      59 allocs/op"},
		{"bbb", "BenchmarkX/client=a-2 \t      50\t  110 ns/op"},
		{"bbb", "BenchmarkX/client=bb-2                     \t      50\t  1234567 ns/op"},
		{"aaa", "BenchmarkX/client=bb-2\t      50\t  130 ns/op\t      89 req-bytes"},
	} {
		res, err := parseResults([]byte("goos: linux\npkg: p\n" + r.line + "\nPASS\n"))
		if err != nil || len(res) != 1 {
			t.Fatalf("%s: %d results, %v", r.line, len(res), err)
		}
		if err := w.result(r.commit, res[0]); err != nil {
			t.Fatal(err)
		}
		// Written as soon as it exists.
		if last := buf.String()[strings.LastIndex(strings.TrimSuffix(buf.String(), "\n"), "\n")+1:]; !strings.HasPrefix(last, "Benchmark"+res[0].res.Name.String()+" ") {
			t.Errorf("after a result the output ends with %q", last)
		}
		want := res[0].res.Clone()
		want.Config = append([]benchfmt.Config{results.Config("commit", r.commit), results.Config("date", "2026-01-01T00:00:00Z")}, want.Config...)
		written = append(written, want)
	}
	want := `Unit ns/op better=lower
Unit B/op better=lower
Unit allocs/op better=lower
Unit MB/s better=higher
Unit cpu-ns/op better=lower
Unit sent-B/op better=lower
Unit sent-B/op assume=exact
Unit recv-B/op better=lower
Unit recv-B/op assume=exact
Unit conns/op better=lower
Unit conns/op assume=exact
Unit handshakes/op better=lower
Unit handshakes/op assume=exact
commit: aaa
date: 2026-01-01T00:00:00Z
goos: linux
pkg: p

BenchmarkX/client=a-2 50 100 ns/op 62.04 MB/s 5149 B/op 59 allocs/op

commit: bbb

BenchmarkX/client=a-2 50 110 ns/op
BenchmarkX/client=bb-2 50 1.234567e+06 ns/op

commit: aaa

BenchmarkX/client=bb-2 50 130 ns/op 89 req-bytes
`
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}

	// benchfmt reads it whole: the unit metadata, and each result as
	// written, with its own commit.
	path := filepath.Join(t.TempDir(), "out.txt")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	r := benchfmt.NewReader(bytes.NewReader(buf.Bytes()), path)
	var read []*benchfmt.Result
	for r.Scan() {
		switch rec := r.Result().(type) {
		case *benchfmt.SyntaxError:
			t.Error(rec)
		case *benchfmt.Result:
			read = append(read, rec.Clone())
		}
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	if len(read) != len(written) {
		t.Fatalf("read %d results, wrote %d", len(read), len(written))
	}
	for i := range read {
		if got, want := resultString(read[i]), resultString(written[i]); got != want {
			t.Errorf("result %d reads back as\n%s\nwant\n%s", i+1, got, want)
		}
	}
	units := r.Units()
	for unit, want := range map[string]int{"ns/op": -1, "sec/op": -1, "B/op": -1, "allocs/op": -1, "MB/s": 1, "req-bytes": 0, "conns/op": -1} {
		if got := units.GetBetter(unit); got != want {
			t.Errorf("benchfmt reads %s as better=%d, want %d", unit, got, want)
		}
	}
	for _, unit := range []string{"sent-B/op", "recv-B/op", "conns/op", "handshakes/op"} {
		if units.GetAssumption(unit) != benchmath.AssumeExact {
			t.Errorf("benchfmt does not read %s as assume=exact", unit)
		}
	}
	// benchstat reads it without a complaint, A (aaa) first.
	table := benchstat(t, "-col", "commit", path)
	if a, b := strings.Index(table, "aaa"), strings.Index(table, "bbb"); a < 0 || b < a {
		t.Errorf("benchstat -col commit does not put aaa first:\n%s", table)
	}
}

// resultString is everything of a result that benchfmt reads and writes.
func resultString(r *benchfmt.Result) string {
	var b strings.Builder
	for _, c := range r.Config {
		fmt.Fprintf(&b, "%s: %s (file %v)\n", c.Key, c.Value, c.File)
	}
	fmt.Fprintf(&b, "%s %d %+v", r.Name, r.Iters, r.Values)
	return b.String()
}

// TestOutFile: -o is replaced, with mode 0644, only by a run that
// commits; a discarded run leaves the previous file as it was and nothing
// beside it.
func TestOutFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	if err := os.WriteFile(path, []byte("previous"), 0o600); err != nil {
		t.Fatal(err)
	}
	o, err := createOutput(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	o.Write([]byte("half"))
	o.discard()
	if b, err := os.ReadFile(path); err != nil || string(b) != "previous" {
		t.Errorf("after a discarded run: %q, %v; want the previous file", b, err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
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
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("after commit: %v, %v; want mode 0644", fi.Mode(), err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("after commit the directory holds %v", entries)
	}
	if _, err := createOutput(filepath.Join(dir, "no", "such", "dir", "out.txt"), nil); err == nil {
		t.Error("createOutput in a missing directory succeeded")
	}
	// A directory for -o is a usage error at once, not a rename that
	// fails after the run.
	var ue cli.UsageError
	if _, err := createOutput(dir, nil); !errors.As(err, &ue) || !strings.Contains(err.Error(), "is a directory") {
		t.Errorf("createOutput(a directory) = %v, want a usage error saying so", err)
	}
}
