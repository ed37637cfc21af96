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
// project's code and every module it imports. (Hosted runners have Go
// installed: a job needs no setup-go to run it.)
var goCommand = regexp.MustCompile(`(?m)(^|[\s;&|(])go\s+(-C\s+\S+\s+)?(run|build|test|tool|install|vet|generate|mod|get|list|work)\b`)

// repoFile is a path under the repository's scripts/ or .ci/ named in a
// step or script, however it is called (bash, sh -e, source, ., ./).
var repoFile = regexp.MustCompile(`(?:scripts|\.ci)/[\w.-]+(?:/[\w.-]+)*`)

// unknownRunner is a command whose effect the test cannot see.
var unknownRunner = regexp.MustCompile(`(?m)(^|[\s;&|(])make(\s|$)`)

// runsGo says why a job may run the Go toolchain ("" when it does not): a
// setup-go step, a go command in a run: step or in a repository script it
// names (read from root, and the scripts that one names, and so on), a
// shell that is go, make, a local action or a reusable workflow (code the
// test does not read, so it counts as running Go).
func runsGo(t *testing.T, w *actionlint.Workflow, j *actionlint.Job, root string) string {
	t.Helper()
	if j.WorkflowCall != nil {
		return "it calls a reusable workflow"
	}
	for _, d := range []*actionlint.Defaults{w.Defaults, j.Defaults} {
		if d != nil && d.Run != nil && d.Run.Shell != nil && goCommand.MatchString(" "+d.Run.Shell.Value) {
			return "its shell is go"
		}
	}
	seen := map[string]bool{}
	var script func(text string) string
	script = func(text string) string {
		text = uncommented(text)
		if m := goCommand.FindString(text); m != "" {
			return "runs " + strings.TrimSpace(m)
		}
		if unknownRunner.MatchString(text) {
			return "runs make"
		}
		for _, f := range repoFile.FindAllString(text, -1) {
			if seen[f] {
				continue
			}
			seen[f] = true
			b, err := os.ReadFile(filepath.Join(root, f))
			if err != nil {
				continue // a path named, not a file of the repository
			}
			if why := script(string(b)); why != "" {
				return "runs " + f + ", which " + why
			}
		}
		return ""
	}
	for _, s := range j.Steps {
		switch e := s.Exec.(type) {
		case *actionlint.ExecAction:
			switch {
			case strings.HasPrefix(e.Uses.Value, "actions/setup-go@"):
				return "it sets up Go"
			case strings.HasPrefix(e.Uses.Value, "./"):
				return "it runs the local action " + e.Uses.Value
			}
		case *actionlint.ExecRun:
			if s.Exec.(*actionlint.ExecRun).Shell != nil && goCommand.MatchString(" "+e.Shell.Value) {
				return "a step's shell is go"
			}
			if why := script(e.Run.Value); why != "" {
				return "a step " + why
			}
		}
	}
	return ""
}

// uncommented is a shell script without its comment lines.
func uncommented(text string) string {
	var b strings.Builder
	for _, l := range strings.Split(text, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(l), "#") {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
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
		if why := runsGo(t, w, j, root); why != "" {
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
	// The check itself, on a scratch workflow: jobs that write and run go
	// directly, through a script however it is called, under a
	// workflow's write-all, through make, a local action or a reusable
	// workflow; and two that pass.
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
  sourced:
    runs-on: ubuntu-latest
    permissions: {contents: write}
    steps:
      - run: |
          set -e
          source ./scripts/bench-alert.sh
  dash-c:
    runs-on: ubuntu-latest
    permissions: {contents: write}
    steps:
      - run: go -C cmd/benchrun build .
  maker:
    runs-on: ubuntu-latest
    permissions: {contents: write}
    steps:
      - run: make all
  local:
    runs-on: ubuntu-latest
    permissions: {contents: write}
    steps:
      - uses: ./.github/actions/build
  reusable:
    permissions: {contents: write}
    uses: ./.github/workflows/other.yml
`
	want := []string{
		"dash-c: a step runs go -C cmd/benchrun build with a token that writes contents",
		"direct: a step runs go run with a token that writes contents",
		"inherited: it sets up Go with a token that writes write-all",
		"local: it runs the local action ./.github/actions/build with a token that writes contents",
		"maker: a step runs make with a token that writes contents",
		"reusable: it calls a reusable workflow with a token that writes contents",
		"script: a step runs scripts/bench-stores.sh, which runs go run with a token that writes pull-requests",
		"sourced: a step runs scripts/bench-alert.sh, which runs go build with a token that writes contents",
	}
	if got := leastPrivilege(t, scratch, ".."); !slices.Equal(got, want) {
		t.Errorf("on the scratch workflow:\n got %q\nwant %q", got, want)
	}
}
