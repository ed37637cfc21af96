package scripts_test

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestPagesPrepare runs the nightly's first step (bench.yml's own,
// scripts/bench-pages-prepare.sh) against a local bare origin: it creates an
// empty gh-pages when there is none, and leaves a branch that exists as it
// is; it seeds the machine's data.js where the branch has none, and only
// then.
func TestPagesPrepare(t *testing.T) {
	t.Parallel()
	script := runStep(t, job(t, parseWorkflow(t, "bench.yml"), "store"), "Prepare the gh-pages branch")
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

	const seed = `window.BENCHMARK_DATA = {"lastUpdate":0,"repoUrl":"","entries":{}}` + "\n"
	prepare("linux-arm64")
	if got := git(t, origin, "ls-tree", "-r", "--name-only", "gh-pages"); got != "dev/bench/linux-arm64/data.js" {
		t.Fatalf("the new gh-pages holds %q, want arm64's seeded data.js alone", got)
	}
	if got := git(t, origin, "show", "gh-pages:dev/bench/linux-arm64/data.js") + "\n"; got != seed {
		t.Errorf("the seed is %q, want %q", got, seed)
	}
	// A branch with a machine's history on it.
	pages := t.TempDir()
	git(t, pages, "clone", "-q", "-b", "gh-pages", origin, ".")
	const history = "window.BENCHMARK_DATA = {\"entries\":{\"x\":[]}}"
	writeFile(t, filepath.Join(pages, "dev/bench/linux-x64/data.js"), history)
	git(t, pages, "add", ".")
	git(t, pages, "commit", "-q", "-m", "a machine's history")
	git(t, pages, "push", "-q", "origin", "HEAD:gh-pages")
	tip := git(t, origin, "rev-parse", "gh-pages")
	for _, m := range []string{"linux-x64", "linux-arm64"} {
		if prepare(m); git(t, origin, "rev-parse", "gh-pages") != tip {
			t.Errorf("%s: preparing a gh-pages that has its data.js changed it", m)
		}
	}
	// A third machine gets its seed on top, the others' data kept.
	prepare("linux-riscv64")
	if got := git(t, origin, "show", "gh-pages:dev/bench/linux-riscv64/data.js") + "\n"; got != seed {
		t.Errorf("riscv64's seed: %q", got)
	}
	if got := git(t, origin, "show", "gh-pages:dev/bench/linux-x64/data.js"); got != history || git(t, origin, "rev-parse", "gh-pages^") != tip {
		t.Errorf("seeding riscv64 changed x64's data (%q) or is not one commit on the tip", got)
	}
	if refs := git(t, checkout, "for-each-ref", "refs/bench-prepare"); refs != "" {
		t.Errorf("refs left behind: %q", refs)
	}
	if wt := git(t, checkout, "worktree", "list"); strings.Count(wt, "\n") != 0 {
		t.Errorf("worktrees left behind:\n%s", wt)
	}
}
