package proc

import (
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

// threadCPUs is the CPU set of every thread of process pid.
func threadCPUs(pid int) (map[int][]int, error) {
	tasks, err := os.ReadDir("/proc/" + strconv.Itoa(pid) + "/task")
	if err != nil {
		return nil, err
	}
	out := map[int][]int{}
	for _, t := range tasks {
		tid, err := strconv.Atoi(t.Name())
		if err != nil {
			continue
		}
		var set unix.CPUSet
		if err := unix.SchedGetaffinity(tid, &set); err != nil {
			continue // ended since
		}
		for c := range 1024 {
			if set.IsSet(c) {
				out[tid] = append(out[tid], c)
			}
		}
	}
	return out, nil
}
