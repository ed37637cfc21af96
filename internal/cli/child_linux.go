package cli

import (
	"os/exec"
	"syscall"
)

// setDeathSignal makes cmd get sig when the thread that starts it ends.
func setDeathSignal(cmd *exec.Cmd, sig syscall.Signal) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Pdeathsig = sig
}
