package scripts_test

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestPagesPrepare runs the nightly's first step (bench.yml's own,
// scripts/bench-pages-prepare.sh) against a local bare origin: it creates an
// empty gh-pages when there is none, and leaves a branch that exists as it
// is, for either machine.
func TestPagesPrepare(t *testing.T) {
	script := runStep(t, job(t, parseWorkflow(t, "bench.yml"), "bench"), "Prepare the gh-pages branch")
	origin := filepath.Join(t.TempDir(), "origin.git")
	git(t, ".", "init", "-q", "--bare", origin)
	checkout := t.TempDir()
	git(t, checkout, "init", "-q")
	git(t, checkout, "commit", "-q", "--allow-empty", "-m", "main")
	git(t, checkout, "remote", "add", "origin", origin)
	prepare := func(machine string) {
		t.Helper()
		if !bashStep(t, script, checkout, "MACHINE="+machine, "GH_TOKEN=fake").ok {
			t.Fatalf("the prepare step failed for %s", machine)
		}
	}

	prepare("linux-arm64")
	if got := git(t, origin, "ls-tree", "-r", "--name-only", "gh-pages"); got != "" {
		t.Fatalf("the new gh-pages holds %q, want nothing", got)
	}
	// A branch with a machine's history on it.
	pages := t.TempDir()
	git(t, pages, "clone", "-q", "-b", "gh-pages", origin, ".")
	writeFile(t, filepath.Join(pages, "dev/bench/linux-x64/data.js"), "window.BENCHMARK_DATA = {}")
	git(t, pages, "add", ".")
	git(t, pages, "commit", "-q", "-m", "a machine's history")
	git(t, pages, "push", "-q", "origin", "HEAD:gh-pages")
	tip := git(t, origin, "rev-parse", "gh-pages")
	for _, m := range []string{"linux-x64", "linux-arm64"} {
		if prepare(m); git(t, origin, "rev-parse", "gh-pages") != tip {
			t.Errorf("%s: preparing an existing gh-pages changed it", m)
		}
	}
	if wt := git(t, checkout, "worktree", "list"); strings.Count(wt, "\n") != 0 {
		t.Errorf("worktrees left behind:\n%s", wt)
	}
}
