package testkit

import (
	"flag"
	"fmt"
	"os"
)

// DefaultParallel sets -test.parallel to n unless the command line gave
// it, for a TestMain whose parallel tests wait (on servers, paths,
// timeouts) rather than compute: the default, GOMAXPROCS, would keep them
// waiting one or two at a time. It parses the test flags.
func DefaultParallel(n int) {
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.parallel" })
	if set {
		return
	}
	if err := flag.Set("test.parallel", fmt.Sprint(n)); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
}
