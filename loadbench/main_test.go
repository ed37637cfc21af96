package loadbench

import (
	"os"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/cli"
	"github.com/httpclientbench/httpclientbench/internal/testkit"
)

// mainEnv makes the test binary the loadbench command, for a test of its
// exit status.
const mainEnv = "HTTPCLIENTBENCH_LOADBENCH_TEST_MAIN"

// TestMain lets the test binary be the client and server processes the
// runs under test start (loadbench starts itself), and the command. The
// tests run up to runsParallel parallel tests at once unless
// -test.parallel says otherwise: a run mostly waits on its schedule (10
// to 200 requests a second) and its processes, so the default,
// GOMAXPROCS, would keep them waiting one or two at a time. None asserts
// a time: what they check holds however busy the machine (see
// TestSteadyRun).
func TestMain(m *testing.M) {
	if code, ok := runRole(); ok {
		os.Exit(code)
	}
	if os.Getenv(mainEnv) == "1" {
		cli.Main("loadbench", run)
	}
	testkit.DefaultParallel(runsParallel)
	testkit.VerifyTestMain(m)
}

// runsParallel is how many runs, each with its own server and client
// processes, the tests make at once.
const runsParallel = 16
