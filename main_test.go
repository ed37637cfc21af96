package httpclientbench_test

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"golang.org/x/perf/benchfmt"

	"github.com/httpclientbench/httpclientbench/internal/results"
	"github.com/httpclientbench/httpclientbench/internal/testkit"
	"github.com/httpclientbench/httpclientbench/suite"
)

// listLeaves prints the suite's leaves: cmd/benchreport -suite asks a
// test binary so (its default, docs/leaves.txt, is what TestLeavesFile
// keeps equal to them).
var listLeaves = flag.Bool("leaves", false, "print every benchmark leaf of the suite, one a line, and run nothing")

// TestMain fails the run if a server or client goroutine outlives the tests
// and benchmarks; with -leaves it only lists the leaves.
func TestMain(m *testing.M) {
	flag.Parse()
	if p, ok := suite.LevelUnderFamilies(); ok {
		fmt.Fprintf(os.Stderr, "-bench=%s taken as -bench=%s: %s is a level under each family\n", p[1:], p, strings.SplitN(p[1:], "/", 2)[0])
	}
	if *listLeaves {
		for _, l := range suite.Leaves() {
			fmt.Println(l)
		}
		os.Exit(0)
	}
	if f := flag.Lookup("test.bench"); f != nil && f.Value.String() != "" {
		// benchstat and the report read which way the suite's own units
		// improve (fewer is better for each), and that its counters are
		// exact, from these lines (benchfmt's unit metadata).
		w := benchfmt.NewWriter(os.Stdout)
		for _, u := range results.SuiteUnits() {
			if err := w.Write(u); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
		}
	}
	testkit.VerifyTestMain(m)
}
