//go:build !linux

package load

import "time"

// preciseSleeper is time.Sleep where no better sleep is written for the
// system; see sleep_linux.go.
func preciseSleeper() (sleep func(time.Duration), done func()) {
	return time.Sleep, func() {}
}
