package load

import (
	"runtime"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// preciseSleeper returns a sleep for the open loop's sender, and a func
// to call when the sender is done. The Go runtime wakes a sleeping
// goroutine about a millisecond late when the process is otherwise idle
// (its poller waits in whole milliseconds), which would add up to a
// millisecond to the latency of every request of a moderate rate. So the
// sender holds its OS thread, asks the kernel for 1 ns of timer slack on
// it (the default is 50 µs) and sleeps with nanosleep(2): about 0.1 ms
// late instead. If the thread's slack cannot be set it sleeps anyway.
func preciseSleeper() (sleep func(time.Duration), done func()) {
	runtime.LockOSThread()
	_ = unix.Prctl(unix.PR_SET_TIMERSLACK, 1, 0, 0, 0)
	sleep = func(d time.Duration) {
		ts := unix.NsecToTimespec(d.Nanoseconds())
		for unix.Nanosleep(&ts, &ts) == syscall.EINTR {
		}
	}
	done = func() {
		// Back to the default slack (0 means the thread's default) before
		// the thread serves other goroutines.
		_ = unix.Prctl(unix.PR_SET_TIMERSLACK, 0, 0, 0, 0)
		runtime.UnlockOSThread()
	}
	return sleep, done
}
