package clients_test

import (
	"testing"

	_ "github.com/httpclientbench/httpclientbench/clients/all" // every adapter, for the tests of all clients
	"github.com/httpclientbench/httpclientbench/internal/testkit"
)

// TestMain runs up to clientsParallel parallel subtests at once unless
// -test.parallel says otherwise. Only subtests are parallel, each with a
// client (and mostly a server) of its own: they wait (on 50 ms timeouts,
// on fasthttp's Shutdown, which polls its connections every 100 ms), and
// the default, GOMAXPROCS, would keep them waiting one or two at a time.
// The top-level tests stay one after another: TestXNetRunsXNet reads the
// process's goroutines. None judges an upper bound on time.
func TestMain(m *testing.M) {
	testkit.DefaultParallel(clientsParallel)
	testkit.VerifyTestMain(m)
}

// clientsParallel is how many of those subtests run at once.
const clientsParallel = 16
