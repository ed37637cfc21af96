package cpuset

import (
	"fmt"

	"golang.org/x/sys/unix"
)

// Supported says whether this system can restrict a child's CPUs.
const Supported = true

// Allowed lists the CPUs this process may run on (sched_getaffinity).
func Allowed() ([]int, error) {
	var set unix.CPUSet
	if err := unix.SchedGetaffinity(0, &set); err != nil {
		return nil, fmt.Errorf("cpuset: %w", err)
	}
	return list(&set), nil
}

// Of lists the CPUs thread or process id may run on (0: the calling
// thread).
func Of(id int) ([]int, error) {
	var set unix.CPUSet
	if err := unix.SchedGetaffinity(id, &set); err != nil {
		return nil, fmt.Errorf("cpuset: %w", err)
	}
	return list(&set), nil
}

func list(set *unix.CPUSet) []int {
	var cpus []int
	for c := 0; len(cpus) < set.Count(); c++ {
		if set.IsSet(c) {
			cpus = append(cpus, c)
		}
	}
	return cpus
}

// SetThread restricts the calling thread to cpus and returns the function
// that gives it back its set before. The caller must hold its thread
// (runtime.LockOSThread) from before SetThread until restore has run, or
// the restriction would fall on whatever goroutine runs there next.
func SetThread(cpus []int) (restore func() error, err error) {
	var old, set unix.CPUSet
	if err := unix.SchedGetaffinity(0, &old); err != nil {
		return nil, fmt.Errorf("cpuset: %w", err)
	}
	for _, c := range cpus {
		set.Set(c)
	}
	if err := unix.SchedSetaffinity(0, &set); err != nil {
		return nil, fmt.Errorf("cpuset: restrict this thread to CPUs %v: %w", cpus, err)
	}
	return func() error {
		if err := unix.SchedSetaffinity(0, &old); err != nil {
			return fmt.Errorf("cpuset: give this thread back its CPUs: %w", err)
		}
		return nil
	}, nil
}
