package pkg

import (
	"os"
	"runtime"
	"testing"

	"golang.org/x/sys/unix"
)

// BenchmarkShape reports the shape of the process it runs in, for
// TestCPUs: the CPUs its main thread may run on (its own
// sched_getaffinity) and its GOMAXPROCS.
func BenchmarkShape(b *testing.B) {
	var set unix.CPUSet
	if err := unix.SchedGetaffinity(os.Getpid(), &set); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
	}
	b.ReportMetric(float64(set.Count()), "cpus")
	b.ReportMetric(float64(runtime.GOMAXPROCS(0)), "gomaxprocs")
}
