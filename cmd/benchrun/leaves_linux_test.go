package main

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestLeafDiesWithBenchrun starts this test binary again as a stand-in for
// benchrun (dieRoleEnv=runner), which runs a leaf with runTest: the test
// binary once more (dieRoleEnv=leaf), which writes its pid and sleeps for
// a minute. When the runner is killed with SIGKILL, the leaf must go too
// (Linux's parent-death signal), not sleep on.
func TestLeafDiesWithBenchrun(t *testing.T) {
	switch os.Getenv(dieRoleEnv) {
	case "runner":
		t.Setenv(dieRoleEnv, "leaf")
		out, err := runTest(context.Background(), &side{dir: ".", bin: os.Args[0]}, "-test.run=^TestLeafDiesWithBenchrun$")
		t.Fatalf("the leaf ended before its runner was killed: %v\n%s", err, out)
	case "leaf":
		pidFile := os.Getenv(diePIDEnv)
		if err := os.WriteFile(pidFile+".tmp", []byte(strconv.Itoa(os.Getpid())), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(pidFile+".tmp", pidFile); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Minute)
		return
	}

	pidFile := filepath.Join(t.TempDir(), "leaf.pid")
	runner := exec.Command(os.Args[0], "-test.run=^TestLeafDiesWithBenchrun$")
	runner.Env = append(os.Environ(), dieRoleEnv+"=runner", diePIDEnv+"="+pidFile)
	var out bytes.Buffer
	runner.Stdout, runner.Stderr = &out, &out
	if err := runner.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { runner.Wait(); close(exited) }()

	// The leaf is running once its pid is in the file.
	var pid int
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		b, err := os.ReadFile(pidFile)
		if err == nil {
			if pid, err = strconv.Atoi(string(b)); err != nil {
				t.Fatal(err)
			}
			break
		}
		if !errors.Is(err, fs.ErrNotExist) {
			t.Fatal(err)
		}
		select {
		case <-exited:
			t.Fatalf("the runner ended before its leaf started: %v\n%s", runner.ProcessState, out.String())
		default:
		}
		if time.Now().After(deadline) {
			runner.Process.Kill()
			<-exited
			t.Fatalf("no leaf started within 30 s\n%s", out.String())
		}
	}
	runner.Process.Kill()
	<-exited

	for deadline := time.Now().Add(10 * time.Second); alive(t, pid); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("the leaf (pid %d) still runs 10 s after its benchrun was killed", pid)
		}
	}
}

// The roles and the leaf's pid file of TestLeafDiesWithBenchrun's
// processes.
const (
	dieRoleEnv = "HTTPCLIENTBENCH_BENCHRUN_TEST_ROLE"
	diePIDEnv  = "HTTPCLIENTBENCH_BENCHRUN_TEST_PIDFILE"
)

// alive says whether process pid runs: it exists and is not a zombie (a
// dead child whose new parent has not reaped it yet).
func alive(t *testing.T, pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ESRCH) {
		return false
	}
	if err != nil {
		t.Fatal(err)
	}
	// pid (comm) STATE ...: comm may hold spaces and parentheses.
	_, rest, _ := bytes.Cut(b[bytes.LastIndexByte(b, ')'):], []byte(" "))
	return !strings.HasPrefix(string(rest), "Z") && !strings.HasPrefix(string(rest), "X")
}
