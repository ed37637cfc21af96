//go:build unix

package proc

import (
	"os"

	"golang.org/x/sys/unix"
)

func mmap(f *os.File, size int) ([]byte, error) {
	return unix.Mmap(int(f.Fd()), 0, size, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_SHARED)
}

func unmap(mem []byte) error {
	if mem == nil {
		return nil
	}
	return unix.Munmap(mem)
}
