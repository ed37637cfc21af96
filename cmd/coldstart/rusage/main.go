// Command rusage runs a program and reports its peak RSS, for
// cmd/coldstart.
//
//	rusage PROGRAM [ARG...]
//
// A child that a Go program starts directly does not give its own peak RSS:
// os/exec starts it with vfork (CLONE_VM), so when the child execs, Linux
// records the parent's memory high-water mark as the child's maxrss, and
// wait4 reports max(parent's peak, child's peak). rusage is the small
// parent in between: it starts PROGRAM (its output goes to rusage's
// standard error), reads its own high-water mark (VmHWM in
// /proc/self/status, which is what PROGRAM's maxrss starts from), waits and
// prints one line on standard output,
//
//	maxrss=BYTES floor=BYTES
//
// PROGRAM's maxrss from wait4 and rusage's own high-water mark. When maxrss
// is above floor it is PROGRAM's own peak; otherwise PROGRAM's peak is at
// most floor and cannot be told. It exits with PROGRAM's status, 2 on a
// usage error, 1 when PROGRAM cannot be started.
package main

import (
	"os"
	"strconv"
	"syscall"

	"github.com/httpclientbench/httpclientbench/internal/vmhwm"
)

func main() {
	if len(os.Args) < 2 {
		os.Stderr.WriteString("usage: rusage PROGRAM [ARG...]\n")
		os.Exit(2)
	}
	pid, err := syscall.ForkExec(os.Args[1], os.Args[1:], &syscall.ProcAttr{
		Env:   os.Environ(),
		Files: []uintptr{0, 2, 2},
		Sys:   sysProcAttr,
	})
	if err != nil {
		fail(err.Error())
	}
	floor, err := vmhwm.Self()
	if err != nil {
		fail(err.Error())
	}
	var ws syscall.WaitStatus
	var ru syscall.Rusage
	for {
		_, err = syscall.Wait4(pid, &ws, 0, &ru)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		fail(err.Error())
	}
	os.Stdout.WriteString("maxrss=" + strconv.FormatInt(int64(ru.Maxrss)*1024, 10) + " floor=" + strconv.FormatInt(floor, 10) + "\n")
	switch {
	case ws.Exited():
		os.Exit(ws.ExitStatus())
	default:
		fail(os.Args[1] + ": " + ws.Signal().String())
	}
}

func fail(msg string) {
	os.Stderr.WriteString("rusage: " + msg + "\n")
	os.Exit(1)
}
