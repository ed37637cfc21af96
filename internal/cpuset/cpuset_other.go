//go:build !linux

package cpuset

import (
	"errors"
	"runtime"
)

// Supported says whether this system can restrict a child's CPUs.
const Supported = false

var errUnsupported = errors.New("cpuset: restricting a process's CPUs is Linux's (sched_setaffinity)")

// Allowed lists the CPUs this process may run on: here, all.
func Allowed() ([]int, error) {
	cpus := make([]int, runtime.NumCPU())
	for i := range cpus {
		cpus[i] = i
	}
	return cpus, nil
}

// Of is Linux's.
func Of(int) ([]int, error) { return nil, errUnsupported }

// SetThread is Linux's.
func SetThread([]int) (func() error, error) { return nil, errUnsupported }
