package main

import (
	"os"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/testkit"
)

// mainEnv=1 makes the test binary run benchrun's main, with the arguments
// it is started with (TestExitStatus): the command as it is built, without
// a go build of its own.
const mainEnv = "HTTPCLIENTBENCH_BENCHRUN_TEST_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(mainEnv) == "1" {
		main() // exits
	}
	testkit.VerifyTestMain(m)
}
