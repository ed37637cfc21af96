package results

import (
	"fmt"
	"regexp"
	"strings"
)

// A leaf the suite has and its recorded run lacks (added since the
// recording) is "not recorded yet": cmd/benchreport shows it so in its
// tables and lists every such leaf in one sentence, in the config blocks
// of README.md and docs/results.md and in docs/REPORT.md; the checks read that sentence back to know
// which leaves a committed report shows that way.

// NotRecorded is what a table cell of such a leaf says.
const NotRecorded = "not recorded yet"

// pendingLead starts the sentence that lists them.
const pendingLead = "Not recorded yet, in the suite but not in this run"

// PendingSentence lists leaves (names without "Benchmark") that the run of
// commit lacks: one line of Markdown.
func PendingSentence(commit string, leaves []string) string {
	quoted := make([]string, len(leaves))
	for i, l := range leaves {
		quoted[i] = "`" + l + "`"
	}
	return fmt.Sprintf("%s (commit %s): %s.", pendingLead, commit, strings.Join(quoted, ", "))
}

var quotedName = regexp.MustCompile("`([^`]+)`")

// PendingIn returns the leaves the PendingSentences of text list, in
// order; none when text has none. A sentence may end a line that begins
// with other text (README.md's config line holds it, so that a pending
// leaf does not lengthen the front page).
func PendingIn(text string) []string {
	var leaves []string
	for _, line := range strings.Split(text, "\n") {
		i := strings.Index(line, pendingLead)
		if i < 0 {
			continue
		}
		_, list, _ := strings.Cut(line[i:], "): ")
		for _, m := range quotedName.FindAllStringSubmatch(list, -1) {
			leaves = append(leaves, m[1])
		}
	}
	return leaves
}
