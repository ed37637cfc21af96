package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/perf/benchfmt"

	"github.com/httpclientbench/httpclientbench/clients/coldstart"
	"github.com/httpclientbench/httpclientbench/internal/cli"
	"github.com/httpclientbench/httpclientbench/internal/results"
)

// Piped, the results go to standard output and nothing else does; on a
// terminal, standard output gets the README's table of the results, which
// go to -o FILE. (cli's TestOutput has the rest of the rule.) Either way
// the results are Go benchmark format, every row once a run, the rows
// rotating between runs. Both runs measure the programs that every test
// shares: build is proved by the tests of the programs, and TestSignal
// sees coldstart itself build.
func TestTerminalOrPiped(t *testing.T) {
	buildPrograms = func(context.Context, string, io.Writer) ([]program, error) { return built(t), nil }
	t.Cleanup(func() { buildPrograms = build })
	t.Parallel()
	var stdout, stderr bytes.Buffer
	if err := runWith(t.Context(), options{n: 2}, &stdout, &stderr); err != nil {
		t.Fatalf("piped: %v\n%s", err, stderr.Bytes())
	}
	checkResults(t, "piped: standard output", stdout.Bytes(), 2)

	file := filepath.Join(t.TempDir(), "out.txt")
	stdout.Reset()
	stderr.Reset()
	if err := runWith(t.Context(), options{n: 1, out: file, terminal: true}, &stdout, &stderr); err != nil {
		t.Fatalf("terminal: %v\n%s", err, stderr.Bytes())
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	checkResults(t, "terminal: -o FILE", b, 1)
	table, err := coldstart.Table(bytes.NewReader(b), file)
	if err != nil {
		t.Fatal(err)
	}
	if want := cli.Text(table); stdout.String() != want {
		t.Errorf("terminal: standard output\n%s\nwant the README's table of FILE\n%s", stdout.String(), want)
	}
	for _, c := range clients {
		if !strings.Contains(stdout.String(), "\n"+c.Name+" ") {
			t.Errorf("terminal: no row for %s in\n%s", c.Name, stdout.String())
		}
	}
	if !strings.HasSuffix(stderr.String(), " are in "+file+"\n") {
		t.Errorf("terminal: standard error does not name FILE:\n%s", stderr.String())
	}
}

// checkResults fails t unless b is n runs of every row in Go benchmark
// format, and nothing else: each result with the run's configuration and
// a positive figure in each unit, in units order, the rows in clients
// order rotated by one each run (the second starts with the second
// client), and the units' metadata saying lower is better.
func checkResults(t *testing.T, what string, b []byte, n int) {
	t.Helper()
	series, _, err := results.Read(bytes.NewReader(b), what)
	if err != nil {
		t.Fatalf("%s: %v\n%s", what, err, b)
	}
	if len(series) != len(clients)*len(units) {
		t.Errorf("%s: %d series, want %d (a run of each of %d rows in %d units)", what, len(series), len(clients)*len(units), len(clients), len(units))
	}
	for _, s := range series {
		if len(s.Values) != n {
			t.Errorf("%s: %s %s: %d values, want %d", what, s.Name, s.Unit, len(s.Values), n)
		}
	}
	if bytes.Contains(b, []byte("|")) {
		t.Errorf("%s: a table among the results:\n%s", what, b)
	}

	r := benchfmt.NewReader(bytes.NewReader(b), what)
	var names []string
	seen := map[string]bool{}
	for r.Scan() {
		switch rec := r.Result().(type) {
		case *benchfmt.SyntaxError:
			t.Errorf("%s: %v", what, rec)
		case *benchfmt.Result:
			names = append(names, string(rec.Name))
			for _, k := range []string{"commit", "date", "go", "machine"} {
				if rec.GetConfig(k) == "" {
					t.Errorf("%s: %s: no %s configuration", what, rec.Name, k)
				}
			}
			var got []string
			for _, v := range rec.Values {
				unit := v.OrigUnit // set when benchfmt normalized it (ns/op)
				if unit == "" {
					unit = v.Unit
				}
				got = append(got, unit)
				seen[unit] = true
				if v.Value <= 0 {
					t.Errorf("%s: %s: %v %s", what, rec.Name, v.Value, unit)
				}
			}
			if want := []string{"ns/op", "binary-B", "binary-stripped-B", "peak-RSS-B"}; !slices.Equal(got, want) {
				t.Errorf("%s: %s: units %q, want %q", what, rec.Name, got, want)
			}
		}
	}
	if err := r.Err(); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	var want []string
	for i := range n {
		for j := range clients {
			want = append(want, clients[(i+j)%len(clients)].BenchName())
		}
	}
	if !slices.Equal(names, want) {
		t.Errorf("%s: names\n%q\nwant\n%q", what, names, want)
	}
	for u := range seen {
		if got := r.Units().GetBetter(u); got != -1 {
			t.Errorf("%s: unit %s: better=%d, want lower (-1)", what, u, got)
		}
	}
}
