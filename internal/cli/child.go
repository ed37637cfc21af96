package cli

import (
	"os"
	"os/exec"
	"runtime"
	"syscall"

	"github.com/httpclientbench/httpclientbench/internal/cpuset"
)

// StartChildOn starts cmd so that it gets sig if this process dies, even
// by SIGKILL (Linux's parent-death signal; elsewhere there is none, and a
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
//
// With cpus (none: no restriction) the child runs on those CPUs alone,
// its GOMAXPROCS set to their number: an N-CPU machine for it, as far as
// the scheduler and the Go runtime can tell. The child
// inherits the affinity of the thread that forks it, so the starting
// thread, locked already, takes cpus for the fork and gets its own set
// back right after, before anything else can run on it.
func StartChildOn(cmd *exec.Cmd, sig syscall.Signal, cpus []int) (<-chan error, error) {
	if len(cpus) > 0 {
		env := cmd.Env
		if env == nil {
			env = os.Environ()
		}
		cmd.Env = cpuset.Env(env, cpus)
	}
	started := make(chan error)
	done := make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		setDeathSignal(cmd, sig)
		err := startOn(cmd, cpus)
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

// startOn starts cmd from the calling thread, which the caller holds,
// restricted to cpus for the fork.
func startOn(cmd *exec.Cmd, cpus []int) error {
	if len(cpus) == 0 {
		return cmd.Start()
	}
	restore, err := cpuset.SetThread(cpus)
	if err != nil {
		return err
	}
	err = cmd.Start()
	if restore() != nil {
		// The thread must not go back to the pool restricted. The
		// runtime ends a thread whose goroutine exits locked to it: one
		// more lock outlasts the caller's deferred unlock.
		runtime.LockOSThread()
	}
	return err
}

// RunChild runs cmd as StartChildOn starts it, on any CPU, and waits for
// it.
func RunChild(cmd *exec.Cmd, sig syscall.Signal) error {
	return RunChildOn(cmd, sig, nil)
}

// RunChildOn runs cmd as StartChildOn starts it and waits for it.
func RunChildOn(cmd *exec.Cmd, sig syscall.Signal, cpus []int) error {
	done, err := StartChildOn(cmd, sig, cpus)
	if err != nil {
		return err
	}
	return <-done
}
