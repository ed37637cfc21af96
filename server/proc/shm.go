// Shared memory: a page the parent makes and
// hands to a child through exec.Cmd.ExtraFiles, each mapping it, so that
// what one writes with sync/atomic the other reads at once, without a
// request or a system call. The suite's fixture server in a process of
// its own counts its connections and handshakes in one (server.Counters),
// and the benchmark checks every op against them as it does an in-process
// server's.

package proc

import (
	"errors"
	"fmt"
	"os"
	"unsafe"
)

// A sharedPage is a mapping of a shared file.
type sharedPage struct {
	f   *os.File
	mem []byte
}

// File is the file behind the page, for a child's exec.Cmd.ExtraFiles.
func (p *sharedPage) File() *os.File { return p.f }

// Close unmaps the page and closes its file. What points into the page
// must not be used after.
func (p *sharedPage) Close() error {
	err := unmap(p.mem)
	p.mem = nil
	return errors.Join(err, p.f.Close())
}

// newSharedPage makes a page of size bytes, zeroed, backed by a file that has no
// name (it is removed at once: the page lives as long as a process has it
// open or mapped).
func newSharedPage(size int) (*sharedPage, error) {
	f, err := os.CreateTemp("", "httpclientbench-shm-")
	if err != nil {
		return nil, fmt.Errorf("shared page: %w", err)
	}
	os.Remove(f.Name()) // best effort: a left-over file is a page's worth of zeros
	if err := f.Truncate(int64(size)); err != nil {
		f.Close()
		return nil, fmt.Errorf("shared page: %w", err)
	}
	return mapShared(f, size)
}

// mapShared maps size bytes of f, a page's file handed over by a parent.
func mapShared(f *os.File, size int) (*sharedPage, error) {
	mem, err := mmap(f, size)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("shared page: map %s: %w", f.Name(), err)
	}
	return &sharedPage{f: f, mem: mem}, nil
}

// sharedAt is the page's start seen as a T, which must be made of sync/atomic
// integers and nothing else (no pointer, slice, map or string: another
// process's addresses mean nothing here) and fit in the page.
func sharedAt[T any](p *sharedPage) (*T, error) {
	var zero T
	if n := int(unsafe.Sizeof(zero)); n > len(p.mem) {
		return nil, fmt.Errorf("shared page: a %T takes %d bytes, the page has %d", zero, n, len(p.mem))
	}
	return (*T)(unsafe.Pointer(unsafe.SliceData(p.mem))), nil
}
