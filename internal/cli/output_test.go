package cli

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestText(t *testing.T) {
	md := "**steady, 2,000 req/s**\n\n" +
		"| client | scheme | p99 |\n" +
		"|---|:--|--:|\n" +
		"| nethttp | http | 1.64 ms (0.53–5.69) |\n" +
		"| raw (floor) | https | 412 µs |\n" +
		"\n" +
		"Median of 3 rounds, commit `0a0df36c1d2e`.\n"
	want := "steady, 2,000 req/s\n\n" +
		"client       scheme                  p99\n" +
		"-----------  ------  -------------------\n" +
		"nethttp      http    1.64 ms (0.53–5.69)\n" +
		"raw (floor)  https                412 µs\n" +
		"\n" +
		"Median of 3 rounds, commit 0a0df36c1d2e.\n"
	if got := Text(md); got != want {
		t.Errorf("Text:\n%s\nwant\n%s", got, want)
	}
	// A row with more cells than the header, one with fewer, and a second
	// row that is not a delimiter: aligned all the same.
	md = "| a | b |\n| 1 | 22 | 333 |\n| 4444 |"
	want = "a     b\n1     22  333\n4444\n"
	if got := Text(md); got != want {
		t.Errorf("Text of a ragged table:\n%q\nwant\n%q", got, want)
	}
}

// results are what the tests write, and table what they render them as.
const results = "BenchmarkX 1 5 ns/op\n"

func table(b []byte) (string, error) {
	if string(b) != results {
		return "", errors.New("the table got " + string(b))
	}
	return "| x | ns |\n|---|--:|\n| X | 5 |\n", nil
}

// newOutput is an Output with -o file (or none) and the terminal given,
// its results written, and the buffers of its standard output and error.
func newOutput(t *testing.T, file string, terminal bool) (o *Output, stdout, stderr *bytes.Buffer) {
	t.Helper()
	stdout, stderr = new(bytes.Buffer), new(bytes.Buffer)
	o, err := NewOutput("cmd", file, terminal, stdout, stderr)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := o.Write([]byte(results)); err != nil {
		t.Fatal(err)
	}
	return o, stdout, stderr
}

// readFile is the file at path's text, "" if there is none.
func readFile(path string) string {
	b, _ := os.ReadFile(path)
	return string(b)
}

// The rule of OutputUsage, case by case.
func TestOutput(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp) // where a terminal's results go without -o
	noTable := func([]byte) (string, error) {
		t.Error("a table without a terminal")
		return "", nil
	}
	wantTable := Text("| x | ns |\n|---|--:|\n| X | 5 |\n")

	// Piped: the results on standard output as they are written.
	o, stdout, stderr := newOutput(t, "", false)
	if stdout.String() != results {
		t.Errorf("piped: standard output %q before Close, want the results", stdout)
	}
	if err := o.Close(noTable); err != nil || stdout.String() != results || stderr.Len() > 0 {
		t.Errorf("piped: %v, standard output %q, error %q", err, stdout, stderr)
	}

	// Piped, -o FILE: the results in FILE, once the run succeeds.
	file := filepath.Join(t.TempDir(), "out.txt")
	o, stdout, stderr = newOutput(t, file, false)
	if readFile(file) != "" {
		t.Error("piped -o: FILE written before Close")
	}
	if err := o.Close(noTable); err != nil || readFile(file) != results || stdout.Len() > 0 || stderr.Len() > 0 {
		t.Errorf("piped -o: %v, FILE %q, standard output %q, error %q", err, readFile(file), stdout, stderr)
	}

	// A terminal, -o FILE: the table on standard output, the results in
	// FILE, named on standard error.
	file = filepath.Join(t.TempDir(), "out.txt")
	o, stdout, stderr = newOutput(t, file, true)
	if stdout.Len() > 0 {
		t.Error("terminal: standard output before Close")
	}
	if err := o.Close(table); err != nil || stdout.String() != wantTable || readFile(file) != results ||
		!strings.HasSuffix(stderr.String(), " are in "+file+"\n") {
		t.Errorf("terminal -o: %v, standard output %q, FILE %q, error %q", err, stdout, readFile(file), stderr)
	}

	// A terminal without -o: the results in a new file in the temporary
	// directory, named on standard error.
	o, stdout, stderr = newOutput(t, "", true)
	if err := o.Close(table); err != nil || stdout.String() != wantTable {
		t.Errorf("terminal: %v, standard output %q", err, stdout)
	}
	made, _ := filepath.Glob(filepath.Join(tmp, "cmd-*.txt"))
	if len(made) != 1 || readFile(made[0]) != results || !strings.HasSuffix(stderr.String(), " are in "+made[0]+"\n") {
		t.Errorf("terminal: files %q, standard error %q; want one file of the results, named", made, stderr)
	}

	// A terminal, the results kept by the command: no file of its own.
	o, stdout, stderr = newOutput(t, "", true)
	o.KeptIn("dir/results.txt")
	if err := o.Close(table); err != nil || stdout.String() != wantTable || !strings.HasSuffix(stderr.String(), " are in dir/results.txt\n") {
		t.Errorf("terminal, kept: %v, standard output %q, error %q", err, stdout, stderr)
	}
	if made, _ := filepath.Glob(filepath.Join(tmp, "cmd-*.txt")); len(made) != 1 {
		t.Errorf("terminal, kept: files %q in the temporary directory, want only the earlier one", made)
	}

	// A table that fails: the error says where the results are.
	o, _, _ = newOutput(t, file, true)
	err := o.Close(func([]byte) (string, error) { return "", errors.New("bad") })
	if err == nil || !strings.Contains(err.Error(), file) {
		t.Errorf("a failing table: %v, want an error naming %s", err, file)
	}
}

// A run that fails leaves -o FILE as it was and nothing beside it; an
// unwritable FILE is a UsageError at once.
func TestOutputCleanup(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "out.txt")
	if err := os.WriteFile(file, []byte("earlier\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, terminal := range []bool{false, true} {
		o, stdout, _ := newOutput(t, file, terminal)
		o.Cleanup()
		if left, _ := os.ReadDir(dir); len(left) != 1 || readFile(file) != "earlier\n" || stdout.Len() > 0 {
			t.Errorf("terminal %v: %d files, FILE %q, standard output %q; want FILE as it was", terminal, len(left), readFile(file), stdout)
		}
	}
	_, err := NewOutput("cmd", filepath.Join(dir, "no-such-dir", "out.txt"), false, nil, nil)
	var usage UsageError
	if !errors.As(err, &usage) || !strings.HasPrefix(err.Error(), "-o: ") {
		t.Errorf("an unwritable -o: %v, want a usage error", err)
	}
	// -o DIR fails at once, not when the run would move its file there.
	if _, err := NewOutput("cmd", dir, false, nil, nil); !errors.As(err, &usage) || !strings.Contains(err.Error(), "is a directory") {
		t.Errorf("-o a directory: %v, want a usage error saying so", err)
	}
}
