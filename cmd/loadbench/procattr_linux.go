package main

import "syscall"

// diesWithParent makes a child process receive sig when loadbench dies,
// even by SIGKILL, so no client or server outlives it.
func diesWithParent(sig syscall.Signal) *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: sig}
}
