//go:build !linux

package proc

import (
	"errors"
	"runtime"
	"time"
)

var errNoAffinity = errors.New("proc: CPU affinity is Linux's")

// Pin is Linux's (sched_setaffinity).
func Pin([]int) error { return errNoAffinity }

// CPUs lists the CPUs this process may run on: here, all.
func CPUs() ([]int, error) {
	cpus := make([]int, runtime.NumCPU())
	for i := range cpus {
		cpus[i] = i
	}
	return cpus, nil
}

// Burn spends about d of CPU time (the thread's clock is Linux's: here,
// wall time on a locked thread).
func Burn(d time.Duration) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for start := time.Now(); time.Since(start) < d; {
	}
}
