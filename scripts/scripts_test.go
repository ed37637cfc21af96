// Package scripts_test checks the scripts' argument handling the way a user
// runs them: exit status and message on bad input.
package scripts_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestReportRejectsBadArguments: report.sh with more than one argument, or
// a results file that is missing or empty, fails at once with a message
// (before it runs or writes anything).
func TestReportRejectsBadArguments(t *testing.T) {
	empty := filepath.Join(t.TempDir(), "empty.txt")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"a.txt", "b.txt"}, "usage"},
		{[]string{filepath.Join(t.TempDir(), "nope.txt")}, "missing or empty"},
		{[]string{empty}, "missing or empty"},
	} {
		out, err := exec.Command("bash", append([]string{"report.sh"}, tc.args...)...).CombinedOutput()
		if _, ok := err.(*exec.ExitError); !ok || !strings.Contains(string(out), tc.want) {
			t.Errorf("report.sh %q: %v, output %q; want a failure mentioning %q", tc.args, err, out, tc.want)
		}
	}
}

// TestLoadReportRejectsUnknownRuns: load-report.sh names its runs; an
// unknown one fails at once, before it builds or runs anything.
func TestLoadReportRejectsUnknownRuns(t *testing.T) {
	out, err := exec.Command("bash", "load-report.sh", "steady", "stedy").CombinedOutput()
	if _, ok := err.(*exec.ExitError); !ok || !strings.Contains(string(out), "unknown run stedy") {
		t.Errorf("load-report.sh steady stedy: %v, output %q; want a failure naming stedy", err, out)
	}
}
