package netem_test

import (
	"os"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/testkit"
)

// TestMain runs up to pathsParallel parallel tests at once unless
// -test.parallel says otherwise. The parallel ones wait on their paths'
// delay and bandwidth, each on a path of its own, and judge lower bounds
// only, which a busy machine cannot break: the default, GOMAXPROCS, would
// keep them waiting one or two at a time. The tests that also judge an
// upper bound (notSlow) are not parallel at the top: they run before the
// others start.
func TestMain(m *testing.M) {
	testkit.DefaultParallel(pathsParallel)
	os.Exit(m.Run())
}

// pathsParallel is how many paths the parallel tests emulate at once.
const pathsParallel = 8
