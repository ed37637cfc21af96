//go:build !linux

package netem

import "time"

func preciseThread() {}

// wait sleeps d with the Go runtime's timers: less precise than Linux's
// nanosleep on a locked thread.
func wait(d time.Duration) { time.Sleep(d) }
