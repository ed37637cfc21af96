package behaviour

import (
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/testkit"
)

// TestMain runs up to waitParallel parallel subtests at once unless
// -test.parallel says otherwise: the observations wait (on servers that
// answer 300 ms late, on fasthttp's Shutdown, which polls its connections
// every 100 ms) rather than compute, so the default, GOMAXPROCS, would
// keep them waiting one or two at a time. None measures time.
func TestMain(m *testing.M) {
	testkit.DefaultParallel(waitParallel)
	testkit.VerifyTestMain(m)
}

// waitParallel is how many observations run at once: each has a server
// and a client of its own on loopback.
const waitParallel = 32
