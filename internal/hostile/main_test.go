package hostile

import (
	"os"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/leakcheck"
)

func TestMain(m *testing.M) {
	// quic-go warns once per process when it cannot raise the UDP receive
	// buffer to its liking; on loopback that costs nothing the tests measure.
	os.Setenv("QUIC_GO_DISABLE_RECEIVE_BUFFER_WARNING", "true")
	leakcheck.VerifyTestMain(m)
}
