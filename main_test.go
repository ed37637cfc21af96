package httpclientbench_test

import (
	"flag"
	"fmt"
	"os"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/leakcheck"
)

// listLeaves is how cmd/benchreport learns the suite's leaves, to show
// those the recorded run lacks as not recorded yet.
var (
	listLeaves    = flag.Bool("leaves", false, "print every loopback benchmark leaf of the suite, one a line, and run nothing")
	listNetLeaves = flag.Bool("netleaves", false, "print every net= benchmark leaf of the suite, one a line, and run nothing")
)

// TestMain fails the run if a server or client goroutine outlives the tests
// and benchmarks; with -leaves it only lists the leaves.
func TestMain(m *testing.M) {
	flag.Parse()
	if *listLeaves || *listNetLeaves {
		leaves := suiteLeaves()
		if *listNetLeaves {
			leaves = netLeaves()
		}
		for _, l := range leaves {
			fmt.Println(l)
		}
		os.Exit(0)
	}
	leakcheck.VerifyTestMain(m)
}
