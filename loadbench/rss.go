package loadbench

import "github.com/httpclientbench/httpclientbench/internal/vmhwm"

// peakRSS is this process's peak resident set size in bytes (VmHWM), or 0
// where the system has none.
func peakRSS() int64 {
	n, err := vmhwm.Self()
	if err != nil {
		return 0
	}
	return n
}
