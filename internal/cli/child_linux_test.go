package cli

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/cpuset"
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

// RunChildOn starts the child on exactly the CPUs given, with GOMAXPROCS
// their number, and leaves the starting thread's own set as it was: the
// next child started without CPUs gets all of them.
func TestRunChildOn(t *testing.T) {
	all, err := cpuset.Allowed()
	if err != nil {
		t.Fatal(err)
	}
	one := all[len(all)-1:]
	// The child reports its own mask (Cpus_allowed_list) and GOMAXPROCS.
	script := `grep Cpus_allowed_list /proc/self/status | cut -f2; echo "$GOMAXPROCS"`
	run := func(cpus []int) string {
		t.Helper()
		cmd := exec.Command("sh", "-c", script)
		cmd.Env = append(os.Environ(), "GOMAXPROCS=7") // overridden when cpus are given
		var out bytes.Buffer
		cmd.Stdout = &out
		if err := RunChildOn(cmd, syscall.SIGKILL, cpus); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	before := run(nil)
	if got, want := run(one), fmt.Sprintf("%d\n1\n", one[0]); got != want {
		t.Errorf("on CPU %v: the child saw %q, want %q", one, got, want)
	}
	// From any thread: none of the pool's threads may have kept the mask.
	for range 4 * runtime.GOMAXPROCS(0) {
		if got := run(nil); got != before {
			t.Fatalf("without CPUs after a child on %v: the child saw %q, want %q as before", one, got, before)
		}
	}
	if !strings.HasSuffix(before, "\n7\n") {
		t.Errorf("without CPUs the child saw %q, want GOMAXPROCS 7 as set", before)
	}
	if err := RunChildOn(exec.Command("true"), syscall.SIGKILL, []int{1 << 20}); err == nil {
		t.Error("a CPU that does not exist: no error")
	}
}
