//go:build !linux

package proc

import "errors"

func threadCPUs(int) (map[int][]int, error) { return nil, errors.New("thread CPU sets are Linux's") }
