package cli

import (
	"os/exec"
	"runtime"
	"syscall"
)

// StartChild starts cmd so that it gets sig if this process dies, even by
// SIGKILL (Linux's parent-death signal; elsewhere there is none, and a
// child must end by itself), and returns a channel that receives
// cmd.Wait's result when it has ended. Only that channel may wait for cmd.
//
// Linux sends the parent-death signal when the thread that started the
// child ends, not the process (golang.org/issue/27505), and the Go runtime
// ends a thread when a goroutine locked to it returns without unlocking
// it; a child started from any thread could be signalled while this
// process runs on. So cmd is started and waited for by a goroutine that
// holds its thread (runtime.LockOSThread) until cmd has ended: no other
// goroutine runs on that thread meanwhile, so none can end it.
func StartChild(cmd *exec.Cmd, sig syscall.Signal) (<-chan error, error) {
	started := make(chan error)
	done := make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		setDeathSignal(cmd, sig)
		err := cmd.Start()
		started <- err
		if err == nil {
			done <- cmd.Wait()
		}
	}()
	if err := <-started; err != nil {
		return nil, err
	}
	return done, nil
}

// RunChild runs cmd as StartChild starts it and waits for it.
func RunChild(cmd *exec.Cmd, sig syscall.Signal) error {
	done, err := StartChild(cmd, sig)
	if err != nil {
		return err
	}
	return <-done
}
