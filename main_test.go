package httpclientbench_test

import (
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/leakcheck"
)

// TestMain fails the run if a server or client goroutine outlives the tests
// and benchmarks.
func TestMain(m *testing.M) { leakcheck.VerifyTestMain(m) }
