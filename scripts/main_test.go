package scripts_test

import (
	"os"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/leakcheck"
)

// TestMain is also the fake gh of the notification tests: run with
// FakeGHEnv set, the test binary answers as gh would (fakegh_test.go).
func TestMain(m *testing.M) {
	if state := os.Getenv(FakeGHEnv); state != "" {
		os.Exit(fakeGH(state, os.Args[1:]))
	}
	leakcheck.VerifyTestMain(m)
}
