// Package leakcheck is the suite's goroutine leak check (go.uber.org/goleak)
// with the one list of goroutines that may outlive a test.
package leakcheck

import (
	"testing"

	"go.uber.org/goleak"
)

// Allowed lists fasthttp's background goroutines, the only ones allowed to
// outlive a test. fasthttp offers no way to stop them:
//   - the per-client and per-host sweepers and the server's worker-pool
//     sweeper notice at their next tick (at most 10 s, fasthttp's default
//     idle durations) that their client or server is gone, and return;
//   - the server Date-header ticker and the default dialer's address-cache
//     sweeper are process-wide singletons that live as long as the process.
var Allowed = []goleak.Option{
	goleak.IgnoreAnyFunction("github.com/valyala/fasthttp.(*HostClient).connsCleaner"),
	goleak.IgnoreAnyFunction("github.com/valyala/fasthttp.(*Client).mCleaner"),
	goleak.IgnoreAnyFunction("github.com/valyala/fasthttp.(*workerPool).Start.func2"),
	goleak.IgnoreAnyFunction("github.com/valyala/fasthttp.updateServerDate.func1"),
	goleak.IgnoreAnyFunction("github.com/valyala/fasthttp.(*TCPDialer).tcpAddrsClean"),
}

// VerifyTestMain runs the package's tests and benchmarks, then fails the run
// if any goroutine other than Allowed is still running. Call it from
// TestMain.
func VerifyTestMain(m *testing.M) { goleak.VerifyTestMain(m, Allowed...) }
