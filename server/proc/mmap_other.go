//go:build !unix

package proc

import (
	"errors"
	"os"
)

var errNoMmap = errors.New("shared memory needs a Unix (mmap)")

func mmap(*os.File, int) ([]byte, error) { return nil, errNoMmap }

func unmap([]byte) error { return nil }
