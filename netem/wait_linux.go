package netem

import (
	"time"

	"golang.org/x/sys/unix"
)

// preciseThread makes the calling thread's sleeps end on time: Linux's
// default timer slack lets a sleep run 50 µs late, and a Go timer on a
// busy process is often a millisecond late, a whole round trip of the LAN
// profile.
func preciseThread() {
	_ = unix.Prctl(unix.PR_SET_TIMERSLACK, 1, 0, 0, 0) // best effort: only precision is lost
}

// wait sleeps d on the calling thread (nanosleep, not the Go scheduler's
// timers).
func wait(d time.Duration) {
	ts := unix.NsecToTimespec(int64(d))
	for {
		err := unix.Nanosleep(&ts, &ts)
		if err != unix.EINTR {
			return
		}
	}
}
