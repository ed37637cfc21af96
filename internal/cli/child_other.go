//go:build !linux

package cli

import (
	"os/exec"
	"syscall"
)

// setDeathSignal does nothing where the system has no parent-death signal.
func setDeathSignal(*exec.Cmd, syscall.Signal) {}
