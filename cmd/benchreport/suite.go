package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/httpclientbench/httpclientbench/internal/cli"
	"github.com/httpclientbench/httpclientbench/internal/results"
)

// LeavesFlag is the flag of a suite's test binary that makes it print its
// benchmark leaves, one a line (names without "Benchmark" and without the
// GOMAXPROCS suffix), and run nothing: the root package's TestMain has it.
const LeavesFlag = "-leaves"

// DefaultLeaves is -leaves' default: the suite's leaves, one a line, which
// the root package's TestLeavesFile keeps (from the repository's root).
const DefaultLeaves = "docs/leaves.txt"

// theLeaves are the suite's leaves and where they are from: the package
// suite's when it is not "" (built and asked), else the file's; none when
// the file is "", or is the default and absent (named is whether -leaves
// was given).
func theLeaves(file, suite string, named bool) (leaves []string, from string, err error) {
	switch {
	case suite != "" && named && file != "":
		return nil, "", cli.Usagef("-leaves and -suite each name the suite's leaves: give one")
	case suite != "":
		leaves, err = suiteLeaves(suite)
		return leaves, "-suite " + suite, err
	case file == "":
		return nil, "", nil
	}
	b, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) && !named {
		return nil, "", nil
	}
	if err != nil {
		return nil, "", fmt.Errorf("-leaves: %w", err)
	}
	if leaves = strings.Fields(string(b)); len(leaves) == 0 {
		return nil, "", fmt.Errorf("-leaves %s: no leaf in it", file)
	}
	return leaves, "-leaves " + file, nil
}

// suiteLeaves builds the test binary of pkg (an import path or a ./dir,
// resolved from the current directory, as go test does) and asks it for its
// leaves.
func suiteLeaves(pkg string) ([]string, error) {
	dir, err := os.MkdirTemp("", "benchreport-suite-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, "suite.test")
	build := exec.Command("go", "test", "-c", "-o", bin, pkg)
	if out, err := build.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("listing the leaves of -suite %s: %s: %v\n%s", pkg, strings.Join(build.Args, " "), err, out)
	}
	var stdout, stderr bytes.Buffer
	list := exec.Command(bin, LeavesFlag)
	list.Stdout, list.Stderr = &stdout, &stderr
	if err := list.Run(); err != nil {
		return nil, fmt.Errorf("listing the leaves of -suite %s: its test binary %s: %v\n%s", pkg, LeavesFlag, err, stderr.Bytes())
	}
	leaves := strings.Fields(stdout.String())
	if len(leaves) == 0 {
		return nil, fmt.Errorf("listing the leaves of -suite %s: its test binary printed none", pkg)
	}
	return leaves, nil
}

// staleness compares the suite's leaves with those of the run: pending,
// the suite's leaves the run lacks (in the suite's order), which the report
// shows as not recorded yet; gone, the run's leaves the suite no longer has
// (in the run's order), which the suite's test refuses.
func staleness(r *Report, suite []string) (pending, gone []string) {
	recorded := map[string]bool{}
	for _, row := range r.Rows {
		recorded[row.Name] = true
		if !slices.Contains(suite, row.Name) {
			gone = append(gone, row.Name)
		}
	}
	for _, leaf := range suite {
		if !recorded[leaf] {
			pending = append(pending, leaf)
		}
	}
	return pending, gone
}

// unrecordedIn is the clients of r.Unrecorded that leaves has a leaf of:
// clients added since the run, whose leaves AddPending leaves out of the
// tables (a column of nothing but "not recorded yet" cells would say no
// more than the clients block's one sentence, and would change every page
// for each new client).
func (r *Report) unrecordedIn(leaves []string) []string {
	var cs []string
	for _, leaf := range leaves {
		if _, _, c := results.SplitLeaf(leaf); slices.Contains(r.Unrecorded, c) && !slices.Contains(cs, c) {
			cs = append(cs, c)
		}
	}
	return cs
}

// leafCount is "1 leaf", "2 leaves".
func leafCount(n int) string {
	if n == 1 {
		return "1 leaf"
	}
	return fmt.Sprintf("%d leaves", n)
}
