// Package cpuset restricts a process to some of the machine's CPUs, so
// that a run can measure one machine shape after another on one machine:
// N real CPUs, not only N Ps (go test -cpu N sets GOMAXPROCS alone, and N
// Ps on two CPUs is not an N-CPU machine).
//
// A child started from a thread inherits that thread's affinity mask, and
// the Go runtime reads the mask at start-up for its default GOMAXPROCS: so
// the mask is set on the starting thread before the fork (Start), and
// GOMAXPROCS is set too, so that nothing the child does can widen it.
package cpuset

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// ParseCounts parses a -cpus flag's value, a comma-separated list of CPU
// counts ("2,4,8,16"), each at least 1 and at most the number of CPUs this
// process may run on (allowed). The counts keep their order; a repeated
// one is an error.
func ParseCounts(s string, allowed int) ([]int, error) {
	var counts []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		switch {
		case err != nil || n < 1:
			return nil, fmt.Errorf("-cpus %s: %q is not a CPU count (want a comma-separated list such as 2,4,8,16)", s, f)
		case n > allowed:
			return nil, fmt.Errorf("-cpus %s: %d CPUs asked for, but this machine lets this process run on %d", s, n, allowed)
		case slices.Contains(counts, n):
			return nil, fmt.Errorf("-cpus %s: %d is listed twice", s, n)
		}
		counts = append(counts, n)
	}
	return counts, nil
}

// First is the first n of the CPUs this process may run on: the set a
// child restricted to n CPUs gets (as taskset -c 0-(n-1) does on a machine
// whose CPUs are all allowed).
func First(n int) ([]int, error) {
	all, err := Allowed()
	if err != nil {
		return nil, err
	}
	if n < 1 || n > len(all) {
		return nil, fmt.Errorf("cpuset: %d CPUs asked for, %d allowed", n, len(all))
	}
	return all[:n], nil
}

// SplitFrom is the CPU count from which a client and a server in
// processes of their own get disjoint halves of a shape's CPUs (Halves),
// as on two machines; below it they share them, since one CPU each would
// make the client wait for the server's at every request. The suite's
// server=process rows and loadbench split the same way.
const SplitFrom = 4

// Halves splits cpus into the client's first half and the server's second
// (the larger one when their number is odd); the client's is clipped, so
// that appending to it cannot write into the server's.
func Halves(cpus []int) (client, server []int) {
	half := len(cpus) / 2
	return slices.Clip(cpus[:half]), cpus[half:]
}

// Env is the environment of a child run on cpus: env with GOMAXPROCS set
// to their number (an earlier GOMAXPROCS in env is overridden: exec uses
// the last value of a repeated variable).
func Env(env []string, cpus []int) []string {
	return append(slices.Clip(env), "GOMAXPROCS="+strconv.Itoa(len(cpus)))
}
