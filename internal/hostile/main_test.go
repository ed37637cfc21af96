package hostile

import (
	"os"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/httpclientbench/httpclientbench/internal/leakcheck"
)

func TestMain(m *testing.M) {
	// quic-go warns once per process when it cannot raise the UDP receive
	// buffer to its liking; on loopback that costs nothing the tests measure.
	os.Setenv("QUIC_GO_DISABLE_RECEIVE_BUFFER_WARNING", "true")
	// leakcheck.VerifyTestMain, with more time for the last goroutines to
	// end (see settled).
	goleak.VerifyTestMain(settled{m}, leakcheck.Allowed...)
}

// settled runs the tests, then waits up to settleTime for every goroutine
// but leakcheck.Allowed to end, before goleak looks for leaks (and waits
// only about 0.4 s itself). The last cases close dozens of connections
// and servers, some of whose goroutines end after Close returns (quic-go
// closes a dialed connection's socket from its own goroutine once the
// connection has ended); under -race on a loaded machine that can take
// longer than goleak's wait, which is not a leak. What is still running
// after settleTime is reported as leakcheck reports it.
type settled struct{ m *testing.M }

const settleTime = 10 * time.Second

func (s settled) Run() int {
	code := s.m.Run()
	// Find itself retries for about 0.4 s before it reports.
	for end := time.Now().Add(settleTime); time.Now().Before(end) && goleak.Find(leakcheck.Allowed...) != nil; {
	}
	return code
}
