// Package vmhwm reads a process's own peak resident set size on Linux:
// VmHWM in /proc/self/status, the high-water mark of its memory since exec.
// A parent's rusage cannot give it: a child's ru_maxrss starts from its
// parent's at fork. It imports only what the smallest program of the suite
// (cmd/coldstart/rusage) links anyway.
package vmhwm

import (
	"bytes"
	"errors"
	"os"
	"strconv"
)

// Self is this process's VmHWM in bytes; an error where the system has
// none.
func Self() (int64, error) {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, err
	}
	for line := range bytes.Lines(status) {
		if v, ok := bytes.CutPrefix(line, []byte("VmHWM:")); ok {
			kb, err := strconv.ParseInt(string(bytes.TrimSuffix(bytes.TrimSpace(v), []byte(" kB"))), 10, 64)
			return kb * 1024, err
		}
	}
	return 0, errors.New("/proc/self/status has no VmHWM")
}
