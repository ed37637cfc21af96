// Package scripts_test runs the scripts, and the workflows' steps that call
// them, the way GitHub and a user run them, and checks the glue: the
// arguments the steps pass, the files they hand on, the exit statuses.
// What the Go commands behind the scripts decide (cmd/benchdiff's alert and
// comment, cmd/benchjson's stores) is those commands' own tests'.
//
// The tests that run scripts run in parallel: each works in directories of
// its own, with a fake gh of its own, and none measures time.
package scripts_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestScriptsRejectBadInput: each script, given bad arguments or a missing
// or unusable file, fails with its exit status and a message naming the
// cause (also when the status is its Go command's).
func TestScriptsRejectBadInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	none, empty := filepath.Join(dir, "none.txt"), writeFile(t, filepath.Join(dir, "empty.txt"), "")
	noMBs := writeFile(t, filepath.Join(dir, "in.txt"), "BenchmarkA-2 10 5 ns/op 1 B/op 1 allocs/op\n")
	// dev-times.sh measures a clone of the repository it sits in and
	// rewrites its docs; a copy outside any repository fails on git
	// instead, should its argument check ever let bad input through.
	devTimes, err := os.ReadFile("dev-times.sh")
	if err != nil {
		t.Fatal(err)
	}
	devTimesCopy := writeFile(t, filepath.Join(dir, "scripts", "dev-times.sh"), string(devTimes))
	for _, c := range []struct {
		args []string
		env  []string
		code int
		want string
	}{
		{[]string{"report.sh", "a.txt", "b.txt"}, nil, 1, "usage"},
		{[]string{"report.sh", none}, nil, 1, "missing or empty"},
		{[]string{"report.sh", empty}, nil, 1, "missing or empty"},
		{[]string{"load-report.sh", "steady", "stedy"}, nil, 1, "unknown run stedy"},
		{[]string{"bench-alert.sh", "a"}, nil, 2, "usage"},
		{[]string{"bench-alert.sh", "a", none, "m", filepath.Join(dir, "o.md")}, nil, 2, "none.txt: no such file"}, // benchdiff's 2
		{[]string{"bench-notify.sh", "a"}, nil, 2, "usage"},
		{[]string{"bench-notify.sh", none, "m"}, nil, 2, "missing or empty"},
		{[]string{"bench-notify.sh", "bench-notify.sh", "m"}, []string{"REPO=", "RUN_URL=x"}, 1, "REPO=owner/name is required"},
		{[]string{"bench-stores.sh", none, dir}, nil, 2, "missing or empty"},
		{[]string{"bench-stores.sh", noMBs, dir}, nil, 1, "throughput.json"}, // benchjson's, through go run
		{[]string{"pr-bench-report.sh", "../docs/ab/echo-stream.txt"}, nil, 2, "usage"},
		{[]string{"pr-bench-report.sh", none, "x"}, nil, 2, "none.txt: no such file"}, // benchdiff's 2
		{[]string{devTimesCopy, "-cpus"}, nil, 2, "usage"},
		{[]string{devTimesCopy, "-ci", "x"}, nil, 2, "usage"},
		{[]string{devTimesCopy, ""}, nil, 2, "usage"},
	} {
		cmd := exec.Command("bash", c.args...)
		cmd.Env = append(os.Environ(), c.env...)
		out, err := cmd.CombinedOutput()
		if e, ok := err.(*exec.ExitError); !ok || e.ExitCode() != c.code || !strings.Contains(string(out), c.want) {
			t.Errorf("%q: %v, output %q; want exit status %d and %q", c.args, err, out, c.code, c.want)
		}
	}
}

// stepResult is the outcome of a workflow's run: step (bashStep).
type stepResult struct {
	outputs map[string]any // GITHUB_OUTPUT's name=value lines
	summary string         // GITHUB_STEP_SUMMARY
	log     string
	ok      bool
}

// bashStep runs a run: step's script as GitHub does (bash -eo pipefail from
// a file), in dir, with env. The steps call scripts/… from the checkout's
// root: here, this directory's scripts.
func bashStep(t *testing.T, script, dir string, env ...string) stepResult {
	t.Helper()
	scripts, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	file := writeFile(t, filepath.Join(tmp, "step.sh"), strings.ReplaceAll(script, "bash scripts/", "bash "+scripts+"/"))
	out, sum := writeFile(t, filepath.Join(tmp, "output"), ""), writeFile(t, filepath.Join(tmp, "summary"), "")
	cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", file)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), append([]string{"GITHUB_OUTPUT=" + out, "GITHUB_STEP_SUMMARY=" + sum,
		"GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1"}, env...)...)
	log, err := cmd.CombinedOutput()
	if _, isExit := err.(*exec.ExitError); err != nil && !isExit {
		t.Fatal(err)
	}
	s := stepResult{outputs: map[string]any{}, summary: readFile(t, sum), log: string(log), ok: err == nil}
	if !s.ok {
		t.Logf("step failed: %v\n%s", err, log)
	}
	for _, l := range strings.Split(readFile(t, out), "\n") {
		if k, v, ok := strings.Cut(l, "="); ok {
			s.outputs[k] = v
		}
	}
	return s
}

// git runs git in dir, without the user's configuration, and returns its
// trimmed output.
func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %q: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

// writeFile writes s to path, making its directory, and returns path.
func writeFile(t *testing.T, path, s string) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
