package main

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/httpclientbench/httpclientbench/internal/cli"
	"github.com/httpclientbench/httpclientbench/internal/cpuset"
)

// kv is one configuration line, key: value.
type kv struct{ key, value string }

// result is one result line of a test binary's output.
type result struct {
	leaf string           // the name without "Benchmark" and the -N GOMAXPROCS suffix
	res  *benchfmt.Result // as benchfmt read it, with the configuration lines before it: goos, goarch, pkg, cpu
}

// listLeaves runs every leaf matching one of the patterns once, for one
// iteration: this names the leaves (each once, in the order the patterns
// and then the binary give them) and checks that each one works before a
// long run.
func listLeaves(ctx context.Context, s *side, bench []string) error {
	s.leaves = nil
	for _, p := range bench {
		out, err := runTest(ctx, s, "-test.run=^$", "-test.bench="+p, "-test.benchtime=1x")
		if err != nil {
			return fmt.Errorf("listing the leaves of %s (one iteration of each leaf matching -bench %q): %w", s.describe(), p, err)
		}
		res, err := parseResults(out)
		if err != nil {
			return fmt.Errorf("listing the leaves of %s: %w%s", s.describe(), err, indent(string(out)))
		}
		for _, r := range res {
			if !slices.Contains(s.leaves, r.leaf) {
				s.leaves = append(s.leaves, r.leaf)
			}
		}
	}
	return nil
}

// runLeaf runs one sample of one leaf in a process of its own, on the
// first cpus of the CPUs benchrun may use with GOMAXPROCS cpus, or
// unrestricted when cpus is 0. Anything but a clean exit with exactly one
// result line, for that leaf, is an error.
func runLeaf(ctx context.Context, s *side, leaf, benchtime string, cpus int) (result, error) {
	r, err := runShaped(ctx, s, leaf, benchtime, cpus)
	if err != nil {
		return result{}, fmt.Errorf("%s on %s%s: %w", leaf, s.describe(), shapeText(cpus), err)
	}
	return r, nil
}

func runShaped(ctx context.Context, s *side, leaf, benchtime string, cpus int) (result, error) {
	var set []int
	if cpus > 0 {
		var err error
		if set, err = cpuset.First(cpus); err != nil {
			return result{}, err
		}
	}
	out, err := runTestOn(ctx, s, set, "-test.run=^$", "-test.bench="+exactRegexp(leaf),
		"-test.count=1", "-test.benchtime="+benchtime, "-test.benchmem")
	if err != nil {
		return result{}, err
	}
	r, err := oneResult(out, leaf)
	if err != nil || cpus == 0 {
		return r, err
	}
	// The binary names its GOMAXPROCS (but omits 1); with it, so must
	// the result, whatever the count: benchstat's /gomaxprocs is then the
	// machine shape of every line.
	if procs := r.res.Name.String()[len(leaf):]; procs != "" && procs != fmt.Sprintf("-%d", cpus) {
		return result{}, fmt.Errorf("ran with GOMAXPROCS %s, want %d", strings.TrimPrefix(procs, "-"), cpus)
	}
	r.res.Name = benchfmt.Name(fmt.Sprintf("%s-%d", leaf, cpus))
	return r, nil
}

// shapeText is " on N CPUs" for a sample restricted to N CPUs, or "".
func shapeText(cpus int) string {
	if cpus == 0 {
		return ""
	}
	return " on " + count(cpus, "CPU", "CPUs")
}

// oneResult returns the result line of a process that ran leaf, and an
// error with the output if it holds anything but exactly one result line,
// for that leaf.
func oneResult(out []byte, leaf string) (result, error) {
	res, err := parseResults(out)
	switch {
	case err != nil:
		return result{}, fmt.Errorf("%w%s", err, indent(string(out)))
	case len(res) != 1 || res[0].leaf != leaf:
		var names []string
		for _, r := range res {
			names = append(names, r.leaf)
		}
		return result{}, fmt.Errorf("want one result line, for this leaf; got %d %q%s", len(res), names, indent(string(out)))
	}
	return res[0], nil
}

// runTest runs the side's test binary from the package's directory, as go
// test does. A failure is an error with everything the binary printed. The
// binary is killed if benchrun dies, even by SIGKILL (on Linux), so no
// leaf runs on without it.
func runTest(ctx context.Context, s *side, args ...string) ([]byte, error) {
	return runTestOn(ctx, s, nil, args...)
}

// runTestOn is runTest with the binary restricted to cpus (nil: not
// restricted) and GOMAXPROCS their number.
func runTestOn(ctx context.Context, s *side, cpus []int, args ...string) ([]byte, error) {
	// A test binary run directly has no timeout (go test's is 10m); a leaf
	// that hangs must fail the run, not stall it.
	args = append([]string{"-test.timeout=" + childTimeout.String()}, args...)
	cmd := command(ctx, s.dir, s.bin, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cli.RunChildOn(cmd, syscall.SIGKILL, cpus); err != nil {
		return out.Bytes(), fmt.Errorf("%s %s: %w%s", s.bin, strings.Join(args, " "), err, indent(out.String()))
	}
	return out.Bytes(), nil
}

// childTimeout bounds each test binary benchrun starts: generous for a
// listing of every leaf at one iteration, or one leaf's sample.
const childTimeout = 30 * time.Minute

// exactRegexp is the -test.bench pattern that matches the leaf and nothing
// else: each level of the name anchored and quoted.
func exactRegexp(leaf string) string {
	levels := strings.Split("Benchmark"+leaf, "/")
	for i, l := range levels {
		levels[i] = "^" + regexp.QuoteMeta(l) + "$"
	}
	return strings.Join(levels, "/")
}

// parseResults reads a test binary's output with benchfmt and returns its
// result lines. A line that starts like a result but does not parse is an
// error.
func parseResults(out []byte) ([]result, error) {
	r := benchfmt.NewReader(bytes.NewReader(out), "output")
	var res []result
	for r.Scan() {
		switch rec := r.Result().(type) {
		case *benchfmt.SyntaxError:
			return nil, rec
		case *benchfmt.Result:
			res = append(res, result{leaf: leafName(rec.Name), res: rec.Clone()})
		}
	}
	return res, r.Err()
}

// leafName is a result's name without its -N GOMAXPROCS suffix, as
// benchfmt splits it.
func leafName(name benchfmt.Name) string {
	full := name.String()
	if _, parts := name.Parts(); len(parts) > 0 {
		if last := parts[len(parts)-1]; bytes.HasPrefix(last, []byte("-")) {
			return strings.TrimSuffix(full, string(last))
		}
	}
	return full
}
