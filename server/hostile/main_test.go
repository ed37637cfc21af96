package hostile

import (
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/testkit"
)

// TestMain runs up to casesParallel parallel cases at once unless
// -test.parallel says otherwise: most cases wait (a stalled client for a
// server's read or write timeout, a server's GOAWAY for its close) rather
// than compute, so the default, GOMAXPROCS, would keep them waiting one or
// two at a time. None measures time: a wait is a lower bound, and the
// deadlines that fail a case (bound, a timeout and its margin) are
// seconds past what the server is given.
func TestMain(m *testing.M) {
	testkit.DefaultParallel(casesParallel)
	testkit.VerifyQUICTestMain(m)
}

// casesParallel is how many cases run at once: each has a server of its
// own on loopback.
const casesParallel = 16
