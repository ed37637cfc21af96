package proc

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"time"

	"golang.org/x/sys/unix"

	"github.com/httpclientbench/httpclientbench/internal/cpuset"
)

// Pin keeps every thread of this process, and every thread it starts
// later (a thread inherits its creator's set), on cpus, and sets
// GOMAXPROCS to their number.
func Pin(cpus []int) error {
	var set unix.CPUSet
	for _, c := range cpus {
		set.Set(c)
	}
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		return fmt.Errorf("proc: pin: %w", err)
	}
	for _, t := range tasks {
		tid, err := strconv.Atoi(t.Name())
		if err != nil {
			continue
		}
		if err := unix.SchedSetaffinity(tid, &set); err != nil && err != unix.ESRCH { // ESRCH: the thread has ended
			return fmt.Errorf("proc: pin thread %d to CPUs %v: %w", tid, cpus, err)
		}
	}
	runtime.GOMAXPROCS(len(cpus))
	return nil
}

// CPUs lists the CPUs this process may run on.
func CPUs() ([]int, error) { return cpuset.Allowed() }

// Burn spends d of CPU time on the calling goroutine's thread: a known
// cost, for tests of what measures CPU.
func Burn(d time.Duration) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start := threadCPU()
	for threadCPU()-start < d {
	}
}

func threadCPU() time.Duration {
	var ts unix.Timespec
	unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts) // cannot fail for this clock
	return time.Duration(ts.Nano())
}
