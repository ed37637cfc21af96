package scripts_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// git runs git in dir and returns its trimmed output.
func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t", "GIT_CONFIG_GLOBAL=/dev/null")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %q: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

// prepare runs scripts/bench-pages-prepare.sh for machine in checkout.
func prepare(t *testing.T, checkout, machine string) string {
	t.Helper()
	script, err := filepath.Abs("bench-pages-prepare.sh")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("bash", script, machine)
	cmd.Dir = checkout
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("bench-pages-prepare.sh %s: %v\n%s", machine, err, out)
	}
	return string(out)
}

// TestPagesPrepare runs the nightly's first step against a local origin:
// it creates gh-pages when there is none, and leaves a branch that exists
// as it is, for either machine.
func TestPagesPrepare(t *testing.T) {
	origin := filepath.Join(t.TempDir(), "origin.git")
	git(t, ".", "init", "-q", "--bare", origin)
	checkout := t.TempDir()
	git(t, checkout, "init", "-q")
	git(t, checkout, "commit", "-q", "--allow-empty", "-m", "main")
	git(t, checkout, "remote", "add", "origin", origin)

	prepare(t, checkout, "linux-arm64")
	if got := git(t, origin, "ls-tree", "-r", "--name-only", "gh-pages"); got != "" {
		t.Fatalf("the new gh-pages holds %q, want nothing", got)
	}

	// A branch with a machine's history and the dashboard on it.
	pages := t.TempDir()
	git(t, pages, "clone", "-q", "-b", "gh-pages", origin, ".")
	for name, text := range map[string]string{
		"dev/bench/linux-x64/data.js":    "window.BENCHMARK_DATA = {}",
		"dev/bench/dashboard/index.html": "ours",
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(pages, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(pages, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git(t, pages, "add", ".")
	git(t, pages, "commit", "-q", "-m", "a machine's history")
	git(t, pages, "push", "-q", "origin", "HEAD:gh-pages")
	tip := git(t, origin, "rev-parse", "gh-pages")
	for _, m := range []string{"linux-x64", "linux-arm64"} {
		if out := prepare(t, checkout, m); git(t, origin, "rev-parse", "gh-pages") != tip {
			t.Errorf("%s: preparing an existing gh-pages changed it: %s", m, out)
		}
	}
	if wt := git(t, checkout, "worktree", "list"); strings.Count(wt, "\n") != 0 {
		t.Errorf("worktrees left behind:\n%s", wt)
	}
}
