package scripts

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// usesLine is a step's uses: line: the action, its ref and the rest.
var usesLine = regexp.MustCompile(`(?m)^\s*(?:-\s+)?uses:\s+(\S+?)@(\S+)(.*)$`)

// unpinned lists the uses: lines of a workflow that do not pin their
// action by a full commit SHA with its version in a comment (# v1.2.3):
// a tag can be moved to other code, which would then run with the job's
// token. Local actions (./…) are the repository's own.
func unpinned(workflow string) []string {
	var bad []string
	for _, m := range usesLine.FindAllStringSubmatch(workflow, -1) {
		action, ref, rest := m[1], m[2], m[3]
		if strings.HasPrefix(action, "./") {
			continue
		}
		if !regexp.MustCompile(`^[0-9a-f]{40}$`).MatchString(ref) || !regexp.MustCompile(`#\s*v\d`).MatchString(rest) {
			bad = append(bad, strings.TrimSpace(m[0]))
		}
	}
	return bad
}

// TestWorkflowsPinActions: every action every workflow uses is pinned by
// a commit SHA, its version in a comment (Dependabot's github-actions
// updates move both).
func TestWorkflowsPinActions(t *testing.T) {
	files, err := filepath.Glob("../.github/workflows/*.yml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no workflows: %v", err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !usesLine.Match(b) {
			continue
		}
		for _, l := range unpinned(string(b)) {
			t.Errorf("%s: %q: pin the action by its commit SHA, the version in a comment (uses: owner/action@<40 hex> # vX.Y.Z)", filepath.Base(f), l)
		}
	}
	// The check itself: a tag, a short SHA, a SHA without its version.
	scratch := "steps:\n  - uses: actions/checkout@v4\n  - uses: actions/setup-go@40f1582 # v5\n" +
		"  - uses: actions/cache/save@0057852bfaa89a56745cba8c7296529d2fc39830\n" +
		"  - uses: ./local\n  - uses: actions/checkout@11d5960a326750d5838078e36cf38b85af677262 # v4.4.0\n"
	if got := unpinned(scratch); len(got) != 3 {
		t.Errorf("unpinned(scratch) = %q, want its first three uses: lines", got)
	}
}
