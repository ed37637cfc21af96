package scripts_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rhysd/actionlint"
)

// goCommand is a line that runs the Go toolchain: it builds or runs the
// project's code and every module it imports.
var goCommand = regexp.MustCompile(`(?m)(^|[\s;&|(])go\s+(run|build|test|tool|install|vet|generate|mod|get|list|work)\b`)

// repoScript is a run: line's call of one of the repository's scripts.
var repoScript = regexp.MustCompile(`(?:bash\s+|\./)((?:scripts|\.ci)/[\w./-]+)`)

// runsGo says why a job runs the Go toolchain ("" when it does not): a
// setup-go step, a go command in a run: step, or a repository script
// (read from root) that has one.
func runsGo(t *testing.T, j *actionlint.Job, root string) string {
	t.Helper()
	for _, s := range j.Steps {
		switch e := s.Exec.(type) {
		case *actionlint.ExecAction:
			if strings.HasPrefix(e.Uses.Value, "actions/setup-go@") {
				return "it sets up Go"
			}
		case *actionlint.ExecRun:
			if m := goCommand.FindString(e.Run.Value); m != "" {
				return "a step runs " + strings.TrimSpace(m)
			}
			for _, m := range repoScript.FindAllStringSubmatch(e.Run.Value, -1) {
				b, err := os.ReadFile(filepath.Join(root, m[1]))
				if err != nil {
					t.Fatalf("a step runs %s: %v", m[1], err)
				}
				if goCommand.Match(b) {
					return "a step runs " + m[1] + ", which runs go"
				}
			}
		}
	}
	return ""
}

// writes lists the scopes a job's token may write: its own permissions,
// else the workflow's, else GitHub's default, which may be write-all
// (a repository's setting decides).
func writes(w *actionlint.Workflow, j *actionlint.Job) []string {
	p := j.Permissions
	if p == nil {
		p = w.Permissions
	}
	if p == nil {
		return []string{"(the default token, which may write everything)"}
	}
	if p.All != nil {
		if p.All.Value == "write-all" {
			return []string{"write-all"}
		}
		return nil
	}
	var out []string
	for name, s := range p.Scopes {
		if s.Value != nil && s.Value.Value == "write" {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// leastPrivilege lists each job of the workflow src that runs the Go
// toolchain (the project's code and its client libraries, third-party
// code) with a token that may write: code in any step of a job can
// reach the job's token.
func leastPrivilege(t *testing.T, src, root string) []string {
	t.Helper()
	w, errs := actionlint.Parse([]byte(src))
	if len(errs) > 0 {
		t.Fatal(errs[0])
	}
	var bad []string
	for id, j := range w.Jobs {
		if why := runsGo(t, j, root); why != "" {
			if ws := writes(w, j); len(ws) > 0 {
				bad = append(bad, id+": "+why+" with a token that writes "+strings.Join(ws, ", "))
			}
		}
	}
	slices.Sort(bad)
	return bad
}

// TestWorkflowsLeastPrivilege: no job of any workflow runs Go with a
// token that may write; the nightly's stores and pages are pushed by jobs
// that run only git, the bash scripts that call no go, and pinned actions.
func TestWorkflowsLeastPrivilege(t *testing.T) {
	files, err := filepath.Glob("../.github/workflows/*.yml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no workflows: %v", err)
	}
	for _, f := range files {
		for _, b := range leastPrivilege(t, readFile(t, f), "..") {
			t.Errorf("%s: %s", filepath.Base(f), b)
		}
	}
	// The check itself, on a scratch workflow: a job that writes and runs
	// go, one that writes and runs a script that runs go, one under a
	// workflow's write-all; and two that pass.
	scratch := `on: push
permissions: write-all
jobs:
  direct:
    runs-on: ubuntu-latest
    permissions: {contents: write}
    steps:
      - run: go run ./cmd/benchrun -o results.txt
  script:
    runs-on: ubuntu-latest
    permissions: {contents: read, pull-requests: write}
    steps:
      - run: bash scripts/bench-stores.sh results.txt . 1 linux-x64 baseline.txt
  inherited:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/setup-go@40f1582b2485089dde7abd97c1529aa768e1baff # v5.6.0
  reads:
    runs-on: ubuntu-latest
    permissions: {contents: read}
    steps:
      - run: go test ./...
  pushes:
    runs-on: ubuntu-latest
    permissions: {contents: write}
    steps:
      - run: bash scripts/bench-pages-prepare.sh linux-x64 && git push origin HEAD:gh-pages
`
	want := []string{
		"direct: a step runs go run with a token that writes contents",
		"inherited: it sets up Go with a token that writes write-all",
		"script: a step runs scripts/bench-stores.sh, which runs go with a token that writes pull-requests",
	}
	if got := leastPrivilege(t, scratch, ".."); !slices.Equal(got, want) {
		t.Errorf("on the scratch workflow:\n got %q\nwant %q", got, want)
	}
}
