package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/cli"
	"github.com/httpclientbench/httpclientbench/internal/results"
)

// Piped, the results go to standard output and nothing else does; on a
// terminal, standard output gets the README's table of the results, which
// go to -o FILE. (cli's TestOutput has the rest of the rule.)
func TestTerminalOrPiped(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if err := runWith(t.Context(), options{n: 1}, &stdout, &stderr); err != nil {
		t.Fatalf("piped: %v\n%s", err, stderr.Bytes())
	}
	checkResults(t, "piped: standard output", stdout.Bytes())

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
	checkResults(t, "terminal: -o FILE", b)
	table, err := readmeTable(bytes.NewReader(b), file)
	if err != nil {
		t.Fatal(err)
	}
	if want := cli.Text(table); stdout.String() != want {
		t.Errorf("terminal: standard output\n%s\nwant the README's table of FILE\n%s", stdout.String(), want)
	}
	for _, c := range clients {
		if !strings.Contains(stdout.String(), "\n"+c.name+" ") {
			t.Errorf("terminal: no row for %s in\n%s", c.name, stdout.String())
		}
	}
	if !strings.HasSuffix(stderr.String(), " are in "+file+"\n") {
		t.Errorf("terminal: standard error does not name FILE:\n%s", stderr.String())
	}
}

// checkResults fails t unless b is one run of every row in Go benchmark
// format, and nothing else.
func checkResults(t *testing.T, what string, b []byte) {
	t.Helper()
	series, _, err := results.Read(bytes.NewReader(b), what)
	if err != nil {
		t.Fatalf("%s: %v\n%s", what, err, b)
	}
	if len(series) != len(clients)*len(units) {
		t.Errorf("%s: %d series, want %d (a run of each of %d rows in %d units)", what, len(series), len(clients)*len(units), len(clients), len(units))
	}
	for _, s := range series {
		if len(s.Values) != 1 {
			t.Errorf("%s: %s %s: %d values, want 1", what, s.Name, s.Unit, len(s.Values))
		}
	}
	if bytes.Contains(b, []byte("|")) {
		t.Errorf("%s: a table among the results:\n%s", what, b)
	}
}
