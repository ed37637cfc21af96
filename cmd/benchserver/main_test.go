package main

import (
	"os"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/testkit"
)

// mainEnv=1 makes the test binary run benchserver's main, with the
// arguments it is started with: the program that the Process tests run,
// without a go build of their own.
const mainEnv = "HTTPCLIENTBENCH_BENCHSERVER_TEST_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(mainEnv) == "1" {
		main()
		os.Exit(0) // as the program exits when main returns
	}
	testkit.VerifyQUICTestMain(m) // TestProcessH3's client
}
