package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/perf/benchfmt"

	"github.com/httpclientbench/httpclientbench/internal/cli"
	"github.com/httpclientbench/httpclientbench/internal/cpuset"
)

// sample is one result of an output file, as benchfmt reads it.
type sample struct{ leaf, commit string }

// readOutput parses an output file with benchfmt, failing the test on any
// syntax error, and returns its results in order and its text.
func readOutput(t *testing.T, path string) ([]sample, string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r := benchfmt.NewReader(bytes.NewReader(b), path)
	var samples []sample
	for r.Scan() {
		switch rec := r.Result().(type) {
		case *benchfmt.SyntaxError:
			t.Errorf("benchfmt: %v", rec)
		case *benchfmt.Result:
			samples = append(samples, sample{leafName(rec.Name), rec.GetConfig("commit")})
		}
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	if r.Units().GetBetter("MB/s") != 1 || r.Units().GetBetter("ns/op") != -1 {
		t.Errorf("the unit metadata is missing or wrong:\n%s", b)
	}
	return samples, string(b)
}

// benchstat runs go tool benchstat on the file and fails the test if it
// complains (it reports unreadable input on stderr and still exits 0).
func benchstat(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", append([]string{"tool", "benchstat"}, args...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil || stderr.Len() > 0 {
		t.Fatalf("benchstat %q: %v\n%s", args, err, stderr.Bytes())
	}
	return stdout.String()
}

// TestWorkingTree runs benchrun on the working tree for real, on two fast
// leaves: the one test that builds and runs the suite itself (the others
// use testdata/pkg, whose leaves are quick to build and run). Every leaf
// of the suite works: the suite's own tests run each one's operation.
func TestWorkingTree(t *testing.T) {
	t.Parallel()
	out := filepath.Join(t.TempDir(), "out.txt")
	var stderr bytes.Buffer
	bench := "H1GetBytes/buf=fresh/client=(nethttp|raw)$"
	err := run(context.Background(), []string{"-rounds", "2", "-bench", bench, "-benchtime", "50x", "-o", out}, nil, &stderr)
	if err != nil {
		t.Fatalf("benchrun: %v\n%s", err, stderr.Bytes())
	}
	samples, text := readOutput(t, out)
	for _, re := range []string{`(?m)^commit: [0-9a-f]{12}(-dirty)?$`, `(?m)^date: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$`,
		`(?m)^go: go`, `(?m)^machine: .+, \d+ CPUs`, `(?m)^rounds: 2$`, `(?m)^benchtime: 50x$`, `(?m)^order: rotate$`,
		`(?m)^pkg: github.com/httpclientbench/httpclientbench$`} {
		if !regexp.MustCompile(re).MatchString(text) {
			t.Errorf("no line matching %s in\n%s", re, text)
		}
	}
	count := map[string]int{}
	for i, s := range samples {
		count[s.leaf]++
		if i > 0 && samples[i-1].leaf == s.leaf {
			t.Errorf("two samples of %s back to back (results %d and %d)", s.leaf, i, i+1)
		}
	}
	if len(count) != 2 {
		t.Fatalf("want the 2 leaves of %s, got %v", bench, count)
	}
	for leaf, n := range count {
		if !strings.HasPrefix(leaf, "H1GetBytes/") || n != 2 {
			t.Errorf("%s: %d samples, want 2", leaf, n)
		}
	}
	// benchstat reads it as it is, clients side by side.
	table := benchstat(t, "-col", "/client", out)
	for _, client := range []string{"nethttp", "raw"} {
		if !strings.Contains(table, client) {
			t.Errorf("benchstat -col /client has no %s column:\n%s", client, table)
		}
	}
}

// TestAB runs an A/A comparison of HEAD with itself: two worktrees, two
// builds, interleaved, and benchstat -col commit puts A first. It runs
// -pkg's testdata/pkg, found in each worktree where the module has it, as
// the suite's root package would be: building the suite in two fresh
// worktrees (no build cache for their paths) would cost half a minute and
// prove nothing more about benchrun; TestWorkingTree runs the suite.
func TestAB(t *testing.T) {
	t.Parallel()
	// benchrun's worktrees go under this test's own temporary directory, to
	// tell them from those of other runs sharing the repository: benchrun
	// runs as a process of its own (this test binary, TestMain), with that
	// TMPDIR, so that the other tests can run meanwhile.
	tmp := t.TempDir()
	out := filepath.Join(t.TempDir(), "out.txt")
	args := []string{"-pkg", "./testdata/pkg", "-rounds", "2", "-bench", "Two", "-benchtime", "50x", "-o", out, "HEAD", "HEAD"}
	cmd := benchrun(t, args...)
	cmd.Env = append(cmd.Env, "TMPDIR="+tmp)
	if stderr, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("benchrun: %v\n%s", err, stderr)
	}
	samples, text := readOutput(t, out)
	if len(samples) != 8 {
		t.Fatalf("%d results, want 2 leaves × 2 rounds × 2 sides:\n%s", len(samples), text)
	}
	if !strings.HasSuffix(samples[0].commit, " (A)") {
		t.Errorf("the first result is %q's, want A's", samples[0].commit)
	}
	for i := 0; i < len(samples); i += 2 {
		a, b := samples[i], samples[i+1]
		if a.leaf != b.leaf || a.commit == b.commit || !strings.Contains(a.commit+b.commit, "(A)") || !strings.Contains(a.commit+b.commit, "(B)") {
			t.Errorf("results %d and %d are not one leaf on A and B: %v %v", i+1, i+2, a, b)
		}
	}
	table := benchstat(t, "-col", "commit", out)
	if a, b := strings.Index(table, "(A)"), strings.Index(table, "(B)"); a < 0 || b < a {
		t.Errorf("benchstat -col commit does not put A first:\n%s", table)
	}
	// The worktrees are gone, from the disk and from git's list.
	list, err := exec.Command("git", "worktree", "list", "--porcelain").Output()
	if err != nil || strings.Contains(string(list), tmp) {
		t.Errorf("worktrees left behind: %v\n%s", err, list)
	}
	if entries, _ := os.ReadDir(tmp); len(entries) > 0 {
		t.Errorf("benchrun left %v in its temporary directory", entries)
	}
}

// benchrun is this test binary started as benchrun (TestMain) with args,
// in the package's directory unless the caller sets Dir.
func benchrun(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(t.Context(), exe, args...)
	cmd.Env = append(os.Environ(), mainEnv+"=1")
	return cmd
}

// TestRunErrors: mistakes found after the flags (no matching leaf, an
// unknown commit, commits outside git) are usage errors, and -o is left
// alone.
func TestRunErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no leaf", []string{"-pkg", "./testdata/pkg", "-bench", "NoSuchBenchmarkAnywhere"}, `-bench "NoSuchBenchmarkAnywhere" matches no benchmark`},
		{"unknown commit", []string{"HEAD", "no-such-ref-xyz"}, "no-such-ref-xyz: not a commit"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out.txt")
			err := run(context.Background(), append([]string{"-o", out}, tc.args...), nil, &bytes.Buffer{})
			checkUsageError(t, err, tc.want, out)
		})
	}
	t.Run("not git", func(t *testing.T) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/x\n\ngo 1.26\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Setenv("GIT_CEILING_DIRECTORIES", filepath.Dir(dir))
		t.Chdir(dir)
		out := filepath.Join(dir, "out.txt")
		err := run(context.Background(), []string{"-o", out, "HEAD~1", "HEAD"}, nil, &bytes.Buffer{})
		checkUsageError(t, err, "not in a git repository", out)
	})
}

func checkUsageError(t *testing.T, err error, want, out string) {
	t.Helper()
	var usage cli.UsageError
	if !errors.As(err, &usage) || !strings.Contains(err.Error(), want) {
		t.Errorf("got %v; want a usage error mentioning %q", err, want)
	}
	if entries, _ := os.ReadDir(filepath.Dir(out)); len(entries) > 0 && !(len(entries) == 1 && entries[0].Name() == "go.mod") {
		t.Errorf("a failed run left %v", entries)
	}
}

// TestExitStatus: the command exits 2 on a bad command line and writes
// nothing. The command is this test binary run as benchrun (TestMain).
func TestExitStatus(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	out := filepath.Join(dir, "out.txt")
	for _, args := range [][]string{{"-rounds", "0"}, {"-order", "random"}, {"HEAD"}} {
		cmd := benchrun(t, append([]string{"-o", out}, args...)...)
		stderr, err := cmd.CombinedOutput()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 2 || !strings.Contains(string(stderr), "benchrun: ") {
			t.Errorf("benchrun %q: %v, %q; want exit status 2 and a message", args, err, stderr)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("benchrun %q wrote %s", args, out)
		}
	}
	if msg, err := benchrun(t, "-h").CombinedOutput(); err != nil || !strings.Contains(string(msg), "REF_A REF_B") {
		t.Errorf("benchrun -h: %v\n%s", err, msg)
	}
}

// TestPkg: -pkg runs the benchmarks of another package (here one of its
// own under testdata, as a module's would be), every leaf in rounds, and
// names that package; a package that is not there is a usage error. Two
// -bench patterns run the leaves of either, each once a round.
func TestPkg(t *testing.T) {
	t.Parallel()
	out := filepath.Join(t.TempDir(), "out.txt")
	var stderr bytes.Buffer
	if err := run(context.Background(), []string{"-pkg", "./testdata/pkg", "-bench", "Two/client=b", "-bench", "Two", "-rounds", "2", "-benchtime", "10x", "-o", out}, nil, &stderr); err != nil {
		t.Fatalf("benchrun -pkg: %v\n%s", err, stderr.Bytes())
	}
	samples, text := readOutput(t, out)
	var leaves []string
	for _, s := range samples {
		leaves = append(leaves, s.leaf)
	}
	slices.Sort(leaves)
	if want := []string{"Two/client=a", "Two/client=a", "Two/client=b", "Two/client=b"}; !slices.Equal(leaves, want) {
		t.Errorf("results of %v, want %v:\n%s", leaves, want, text)
	}
	if !strings.Contains(text, "\npkg: github.com/httpclientbench/httpclientbench/cmd/benchrun/testdata/pkg\n") {
		t.Errorf("the output does not name the package:\n%s", text)
	}
	stderr.Reset()
	err := run(context.Background(), []string{"-pkg", "./testdata/none", "-o", out}, nil, &stderr)
	var ue cli.UsageError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), "-pkg ./testdata/none") {
		t.Errorf("-pkg of no package: %v, want a usage error naming it", err)
	}
}

// TestCPUs: with -cpus, each sample's process runs on exactly N CPUs (its
// own sched_getaffinity) with GOMAXPROCS N, each result's name ends in -N
// (-1 too, which go test omits), and benchstat puts the counts side by
// side. The package's binary is built here and run with -bin, as on a
// machine without Go: its commit and Go version come from the binary.
func TestCPUs(t *testing.T) {
	t.Parallel()
	if !cpuset.Supported {
		t.Skip("restricting a process's CPUs is Linux's")
	}
	all, err := cpuset.Allowed()
	if err != nil {
		t.Fatal(err)
	}
	counts := []int{1, len(all)}
	if len(all) == 1 {
		counts = counts[:1]
	}
	bin := filepath.Join(t.TempDir(), "pkg.test")
	build := exec.Command("go", "test", "-c", "-buildvcs=true", "-o", bin, ".")
	build.Dir = "testdata/pkg"
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go test -c: %v\n%s", err, out)
	}
	head, err := exec.Command("git", "rev-parse", "--short=12", "HEAD").Output()
	if err != nil {
		t.Skipf("not in a git checkout: %v", err)
	}
	out := filepath.Join(t.TempDir(), "out.txt")
	var list []string
	for _, n := range counts {
		list = append(list, fmt.Sprint(n))
	}
	// benchrun runs a -bin binary from the current directory: its own
	// process's, so that the other tests can run meanwhile.
	args := []string{"-bin", bin, "-bench", "Shape", "-cpus", strings.Join(list, ","), "-rounds", "2", "-benchtime", "5x", "-o", out}
	cmd := benchrun(t, args...)
	cmd.Dir = "testdata/pkg"
	if stderr, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("benchrun %q: %v\n%s", args, err, stderr)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if want := "\ncommit: " + strings.TrimSpace(string(head)); !strings.Contains(string(b), want) {
		t.Errorf("want the binary's commit line %q in\n%s", want, b)
	}
	if want := "\ncpus: " + strings.Join(list, ",") + "\n"; !strings.Contains(string(b), want) {
		t.Errorf("no line %q in\n%s", want, b)
	}
	seen := map[int]int{}
	r := benchfmt.NewReader(bytes.NewReader(b), out)
	for r.Scan() {
		res, ok := r.Result().(*benchfmt.Result)
		if !ok {
			continue // unit metadata
		}
		name := res.Name.String()
		base, procs, _ := strings.Cut(name, "-")
		n, err := strconv.Atoi(procs)
		if base != "Shape" || err != nil {
			t.Errorf("result %q: want Shape-N", name)
			continue
		}
		seen[n]++
		for _, unit := range []string{"cpus", "gomaxprocs"} {
			if v, ok := res.Value(unit); !ok || v != float64(n) {
				t.Errorf("%s: %s %v, want %d", name, unit, v, n)
			}
		}
	}
	for _, n := range counts {
		if seen[n] != 2 {
			t.Errorf("%d samples on %d CPUs, want 2 (one a round); all: %v", seen[n], n, seen)
		}
	}
	if len(counts) > 1 {
		// One row, Shape, and a column for each count.
		table := benchstat(t, "-col", "/gomaxprocs", "-filter", ".unit:sec/op", out)
		header := regexp.MustCompile(`(?m)^\s*│\s*(\d+)\s*│\s*(\d+)\s*│$`).FindStringSubmatch(table)
		if header == nil || header[1] != list[0] || header[2] != list[1] || !regexp.MustCompile(`(?m)^Shape\s`).MatchString(table) {
			t.Errorf("benchstat -col /gomaxprocs: want one row Shape and columns %v:\n%s", list, table)
		}
	}
}
