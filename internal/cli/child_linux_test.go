package cli

import (
	"errors"
	"os/exec"
	"syscall"
	"testing"
)

// RunChild passes on the child's exit status and a failure to start, and
// sets the parent-death signal without dropping the caller's attributes.
// (That the child then dies with its parent is benchrun's
// TestLeafDiesWithBenchrun.)
func TestRunChild(t *testing.T) {
	cmd := exec.Command("sh", "-c", "exit 3")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	err := RunChild(cmd, syscall.SIGKILL)
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 3 {
		t.Errorf("sh -c 'exit 3': %v, want exit status 3", err)
	}
	if a := cmd.SysProcAttr; a.Pdeathsig != syscall.SIGKILL || !a.Setpgid {
		t.Errorf("SysProcAttr %+v, want Pdeathsig SIGKILL and Setpgid kept", a)
	}
	if err := RunChild(exec.Command("/nonexistent/program"), syscall.SIGKILL); err == nil {
		t.Error("a program that does not exist: no error")
	}
}
