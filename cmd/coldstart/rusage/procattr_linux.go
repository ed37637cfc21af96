package main

import "syscall"

// sysProcAttr: killed with rusage (cmd/coldstart's time limit), the
// program goes too.
var sysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
