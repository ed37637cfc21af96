package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// mainEnv=1 makes the test binary run coldstart's main (TestMain), with
// the arguments it is started with.
const mainEnv = "HTTPCLIENTBENCH_COLDSTART_TEST_MAIN"

// startSelf is this test binary started as coldstart with args and
// TMPDIR=tmp.
func startSelf(t *testing.T, tmp string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(t.Context(), os.Args[0], args...)
	cmd.Env = append(os.Environ(), mainEnv+"=1", "TMPDIR="+tmp)
	return cmd
}

// The exit statuses: 2 for bad flags and an unwritable -o, 0 for -h.
func TestExitStatus(t *testing.T) {
	tmp := t.TempDir()
	for _, args := range [][]string{
		{"-n", "0"},
		{"-o", filepath.Join(tmp, "no-such-dir", "out.txt")},
	} {
		out, err := startSelf(t, tmp, args...).CombinedOutput()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 2 || !strings.HasPrefix(string(out), "coldstart: ") {
			t.Errorf("coldstart %q: %v, %q; want exit status 2 and a message", args, err, out)
		}
	}
	if out, err := startSelf(t, tmp, "-h").CombinedOutput(); err != nil {
		t.Errorf("coldstart -h: %v\n%s", err, out)
	}
}

// On SIGINT or SIGTERM while it builds, coldstart removes its temporary
// directory (the programs built so far, and go build's own) and its
// pending -o file, leaves the -o of an earlier run as it was, and exits 1
// saying it was interrupted.
func TestSignal(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			tmp, outDir := t.TempDir(), t.TempDir()
			out := filepath.Join(outDir, "out.txt")
			const earlier = "an earlier run\n"
			if err := os.WriteFile(out, []byte(earlier), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := startSelf(t, tmp, "-n", "1", "-o", out)
			var stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stderr, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()

			// It is building once its temporary directory holds the first
			// program (rusage).
			for deadline := time.Now().Add(time.Minute); ; time.Sleep(10 * time.Millisecond) {
				built, _ := filepath.Glob(filepath.Join(tmp, "coldstart*", "rusage"))
				if len(built) > 0 {
					break
				}
				select {
				case err := <-exited:
					t.Fatalf("coldstart ended before building: %v\n%s", err, stderr.String())
				default:
				}
				if time.Now().After(deadline) {
					t.Fatalf("coldstart built nothing within a minute\n%s", stderr.String())
				}
			}
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			err := <-exited
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 1 || !strings.Contains(stderr.String(), "coldstart: interrupted") {
				t.Errorf("after %v: %v, %q; want exit status 1 and coldstart: interrupted", sig, err, stderr.String())
			}
			if left, _ := os.ReadDir(tmp); len(left) > 0 {
				var names []string
				for _, e := range left {
					names = append(names, e.Name())
				}
				t.Errorf("left in TMPDIR: %q", names)
			}
			if left, _ := os.ReadDir(outDir); len(left) != 1 {
				var names []string
				for _, e := range left {
					names = append(names, e.Name())
				}
				t.Errorf("the output directory holds %q, want only out.txt", names)
			}
			if b, err := os.ReadFile(out); err != nil || string(b) != earlier {
				t.Errorf("-o file: %q, %v; want the earlier run's, untouched", b, err)
			}
		})
	}
}
