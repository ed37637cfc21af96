package loadbench

import (
	"os"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/cli"
	"github.com/httpclientbench/httpclientbench/internal/leakcheck"
)

// mainEnv makes the test binary the loadbench command, for a test of its
// exit status.
const mainEnv = "HTTPCLIENTBENCH_LOADBENCH_TEST_MAIN"

// TestMain lets the test binary be the client and server processes the
// runs under test start (loadbench starts itself), and the command.
func TestMain(m *testing.M) {
	if code, ok := runRole(); ok {
		os.Exit(code)
	}
	if os.Getenv(mainEnv) == "1" {
		cli.Main("loadbench", run)
	}
	leakcheck.VerifyTestMain(m)
}
