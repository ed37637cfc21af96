package behaviour

import (
	"flag"
	"fmt"
	"os"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/leakcheck"
)

// TestMain runs up to waitParallel parallel subtests at once unless
// -test.parallel says otherwise: the observations wait (on servers that
// answer 300 ms late, on fasthttp's Shutdown, which polls its connections
// every 100 ms) rather than compute, so the default, GOMAXPROCS, would
// keep them waiting one or two at a time. None measures time.
func TestMain(m *testing.M) {
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.parallel" })
	if !set {
		if err := flag.Set("test.parallel", fmt.Sprint(waitParallel)); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
	}
	leakcheck.VerifyTestMain(m)
}

// waitParallel is how many observations run at once: each has a server
// and a client of its own on loopback.
const waitParallel = 32
