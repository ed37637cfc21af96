package loadbench

import (
	"os"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/leakcheck"
)

// TestMain lets the test binary be the client and server processes the
// runs under test start (loadbench starts itself).
func TestMain(m *testing.M) {
	if code, ok := runRole(); ok {
		os.Exit(code)
	}
	leakcheck.VerifyTestMain(m)
}
