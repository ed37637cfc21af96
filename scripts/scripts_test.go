// Package scripts_test checks the benchmark scripts the way a user runs
// them: exit codes and messages on bad input, and a real comparison.
package scripts_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// script runs scripts/NAME with args and returns its combined output and
// whether it succeeded.
func script(t *testing.T, name string, args ...string) (string, bool) {
	t.Helper()
	cmd := exec.Command("bash", append([]string{name}, args...)...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		if _, ok := err.(*exec.ExitError); !ok {
			t.Fatalf("running %s: %v", name, err)
		}
	}
	return string(out), err == nil
}

const sample = `goos: linux
pkg: github.com/httpclientbench/httpclientbench
BenchmarkH1GetBytes/client=nethttp-2   30000   40000 ns/op   5150 B/op   59 allocs/op
BenchmarkH1GetBytes/client=fasthttp-2  70000   17000 ns/op      0 B/op    0 allocs/op
`

func write(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestCompareRejectsBadFiles(t *testing.T) {
	good := write(t, "good.txt", sample)
	for _, tc := range []struct {
		name, file, want string
	}{
		{"missing", filepath.Join(t.TempDir(), "nope.txt"), "no such file"},
		{"empty", write(t, "empty.txt", ""), "empty file"},
		{"no results", write(t, "none.txt", "goos: linux\nPASS\n"), "no benchmark results"},
		{"unparsable", write(t, "bad.txt", "BenchmarkX-2 10 abc ns/op\n"), "could not read its input"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, args := range [][]string{{tc.file, good}, {good, tc.file}} {
				out, ok := script(t, "compare.sh", args...)
				if ok || !strings.Contains(out, tc.want) {
					t.Errorf("compare.sh %q: ok=%v, output %q; want a failure mentioning %q", args, ok, out, tc.want)
				}
			}
		})
	}
	if out, ok := script(t, "compare.sh", good); ok || !strings.Contains(out, "usage") {
		t.Errorf("compare.sh with one file: ok=%v, %q", ok, out)
	}
}

// TestCompareTwoRuns: two runs that differ only in their commit and date
// lines land in one table, then the per-client view.
func TestCompareTwoRuns(t *testing.T) {
	old := write(t, "old.txt", "commit: aaa\ndate: 2026-01-01T00:00:00Z\n"+sample)
	newer := write(t, "new.txt", "commit: bbb\ndate: 2026-01-02T00:00:00Z\n"+strings.ReplaceAll(sample, "40000 ns/op", "30000 ns/op"))
	out, ok := script(t, "compare.sh", old, newer)
	if !ok {
		t.Fatalf("compare.sh failed: %s", out)
	}
	for _, want := range []string{"old.txt", "new.txt", "H1GetBytes/client=nethttp", "clients side by side", "nethttp", "fasthttp"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// One table with both files as columns: a header line names both.
	oneTable := false
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, "old.txt") && strings.Contains(line, "new.txt") {
			oneTable = true
		}
	}
	if !oneTable || strings.Contains(out, "commit: aaa") {
		t.Errorf("the commit lines split the comparison into separate tables:\n%s", out)
	}
}

// TestCompareRefusesSplitTables: a baseline with configuration lines the
// other file lacks would make benchstat print two tables and compare
// nothing; the script says so and fails.
func TestCompareRefusesSplitTables(t *testing.T) {
	old := write(t, "old.txt", "go: go1.25.0\nmachine: a\n"+sample)
	newer := write(t, "new.txt", "go: go1.26.8\nmachine: b\n"+sample)
	out, ok := script(t, "compare.sh", old, newer)
	if ok || !strings.Contains(out, "compared nothing") {
		t.Errorf("compare.sh on files with different config: ok=%v, output %q", ok, out)
	}
}

// TestCompareFromAnotherDirectory: file arguments are relative to where the
// script is called from.
func TestCompareFromAnotherDirectory(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.txt"), []byte(sample), 0o644); err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs("compare.sh")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("bash", abs, "a.txt", "a.txt")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("compare.sh a.txt a.txt from %s: %v\n%s", dir, err, out)
	}
}

// TestCompareIgnoresTheSeed: two shuffled benchrun files differ in their
// order lines (the seed) but still land in one table.
func TestCompareIgnoresTheSeed(t *testing.T) {
	head := "rounds: 6\nbenchtime: 1s\n"
	old := write(t, "old.txt", "commit: aaa\norder: shuffle seed=1\n"+head+sample)
	newer := write(t, "new.txt", "commit: bbb\norder: shuffle seed=2\n"+head+sample)
	if out, ok := script(t, "compare.sh", old, newer); !ok || !strings.Contains(out, "vs base") {
		t.Errorf("compare.sh on two seeds: ok=%v, output %q", ok, out)
	}
}

func TestScriptsRejectBadArguments(t *testing.T) {
	empty := write(t, "empty.txt", "")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"compare.sh", nil, "usage"},
		{"report.sh", []string{"a.txt", "b.txt"}, "usage"},
		{"report.sh", []string{filepath.Join(t.TempDir(), "nope.txt")}, "missing or empty"},
		{"report.sh", []string{empty}, "missing or empty"},
	} {
		out, ok := script(t, tc.name, tc.args...)
		if ok || !strings.Contains(out, tc.want) {
			t.Errorf("%s %q: ok=%v, output %q; want a failure mentioning %q", tc.name, tc.args, ok, out, tc.want)
		}
	}
}
