package main

import (
	"bufio"
	"os"
	"strconv"
	"strings"
)

// peakRSS is this process's peak resident set size in bytes, VmHWM from
// /proc/self/status (the high-water mark of its own memory since exec), or
// 0 where there is none.
func peakRSS() int64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kib, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			if err != nil {
				return 0
			}
			return kib * 1024
		}
	}
	return 0
}
