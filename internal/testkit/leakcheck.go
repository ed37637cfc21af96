// The goroutine leak check (go.uber.org/goleak), with the one list of
// goroutines that may outlive a test.

package testkit

import (
	"fmt"
	"os"
	"testing"
	"time"

	"go.uber.org/goleak"
)

// AllowedLeaks lists fasthttp's and hertz's background goroutines, the only
// ones allowed to outlive a test. Neither library offers a way to stop
// them:
//   - fasthttp's per-client and per-host sweepers and the server's
//     worker-pool sweeper notice at their next tick (at most 10 s,
//     fasthttp's default idle durations) that their client or server is
//     gone, and return;
//   - fasthttp's server Date-header ticker and its default dialer's
//     address-cache sweeper are process-wide singletons that live as long
//     as the process;
//   - hertz's per-client and per-host sweepers (client.Client.cleaner,
//     http1.HostClient.connsCleaner) sleep 10 s between sweeps and return
//     once their client has no connection left; Client.CloseIdleConnections
//     closes the connections but wakes neither;
//   - netpoll's pollers (hertz's default dialer on Linux) start with its
//     first connection and live as long as the process.
var AllowedLeaks = []goleak.Option{
	goleak.IgnoreAnyFunction("github.com/valyala/fasthttp.(*HostClient).connsCleaner"),
	goleak.IgnoreAnyFunction("github.com/valyala/fasthttp.(*Client).mCleaner"),
	goleak.IgnoreAnyFunction("github.com/valyala/fasthttp.(*workerPool).Start.func2"),
	goleak.IgnoreAnyFunction("github.com/valyala/fasthttp.updateServerDate.func1"),
	goleak.IgnoreAnyFunction("github.com/valyala/fasthttp.(*TCPDialer).tcpAddrsClean"),
	goleak.IgnoreAnyFunction("github.com/cloudwego/hertz/pkg/app/client.(*Client).cleaner"),
	goleak.IgnoreAnyFunction("github.com/cloudwego/hertz/pkg/protocol/http1.(*HostClient).connsCleaner"),
	goleak.IgnoreAnyFunction("github.com/cloudwego/netpoll.(*defaultPoll).Wait"),
}

// VerifyTestMain runs the package's tests and benchmarks, then, if they
// passed, fails the run if any goroutine other than AllowedLeaks is still
// running once Settled has waited for them. Call it from TestMain.
func VerifyTestMain(m *testing.M) {
	code := m.Run()
	if code == 0 {
		if err := Settled(); err != nil {
			fmt.Fprintf(os.Stderr, "goleak: Errors on successful test run: %v\n", err)
			code = 1
		}
	}
	os.Exit(code)
}

// VerifyQUICTestMain is VerifyTestMain for a package whose tests run
// quic-go, with its warning off: quic-go warns once per process when it
// cannot raise the UDP receive buffer to its liking, which on loopback
// costs nothing the tests measure.
func VerifyQUICTestMain(m *testing.M) {
	os.Setenv("QUIC_GO_DISABLE_RECEIVE_BUFFER_WARNING", "true")
	VerifyTestMain(m)
}

// settleTime is how long Settled waits for the last goroutines to end.
// Some end only after the Close that stopped them has returned (quic-go
// closes a dialed connection's socket from its own goroutine once the
// connection has ended; a server's connection goroutines see their
// connection closed at their next read): on a loaded machine, or under
// -race, that can take longer than goleak's own wait (about 0.4 s), which
// is not a leak. A goroutine that leaked is still there after any wait.
const settleTime = 10 * time.Second

// Settled waits up to settleTime for every goroutine but AllowedLeaks to end,
// and returns goleak's report of those still running then, or nil.
func Settled() error {
	end := time.Now().Add(settleTime)
	for {
		err := goleak.Find(AllowedLeaks...) // retries for about 0.4 s itself
		if err == nil || time.Now().After(end) {
			return err
		}
	}
}
