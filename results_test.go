package httpclientbench_test

import (
	"cmp"
	"flag"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/registry"
	"github.com/httpclientbench/httpclientbench/internal/results"
	"github.com/httpclientbench/httpclientbench/suite"
)

// leavesFile is the suite's leaves, one a line: cmd/benchreport reads it
// (its -leaves default) to show the leaves a recorded run lacks without
// building the suite and its client libraries.
const leavesFile = "docs/leaves.txt"

var update = flag.Bool("update", false, "rewrite "+leavesFile+" from the suite")

// TestLeavesFile: leavesFile is suite.Leaves(), one a line; with -update
// (go test . -run '^TestLeavesFile$' -update) it is rewritten.
func TestLeavesFile(t *testing.T) {
	want := strings.Join(suite.Leaves(), "\n") + "\n"
	if *update {
		if err := os.WriteFile(leavesFile, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(leavesFile)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("%s is not the suite's leaves (suite.Leaves): rewrite it with go test . -run '^TestLeavesFile$' -update", leavesFile)
	}
}

// recordedRun is the results file the README's and docs/REPORT.md's
// numbers are generated from.
const recordedRun = "docs/results.txt"

// reportPages are the pages cmd/benchreport generates from recordedRun, or
// generates blocks of, and reportCommand how.
func reportPages(t *testing.T) (pages []string, reportCommand string) {
	t.Helper()
	pages, err := results.Pages(".")
	if err != nil {
		t.Fatal(err)
	}
	return append(pages, "docs/REPORT.md"), results.ReportCommand(pages)
}

// TestRecordedRunIsThisSuite: the recorded run was made by cmd/benchrun
// (interleaved rounds, so it says how many), every leaf in it is one this
// suite has, with one sample per round, so the published tables describe
// the benchmarks as they are, not as they were. A leaf the suite has and
// the run lacks, one added since the recording, is not a failure: the
// report and the README show it as not recorded yet, and this test logs it
// (the staleness report; cmd/benchreport prints it too). The report pages
// may list as not recorded yet only leaves the suite has and the run lacks.
func TestRecordedRunIsThisSuite(t *testing.T) {
	f, err := os.Open(recordedRun)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	series, config, err := results.Read(f, recordedRun)
	if err != nil {
		t.Fatal(err)
	}
	fix := "; make a new one: scripts/report.sh"
	if config["rounds"] == "" {
		t.Fatalf("%s has no rounds: line: it was not made by cmd/benchrun%s", recordedRun, fix)
	}
	samples := map[string]int{}
	for _, s := range series {
		if s.Unit == "sec/op" || s.Unit == "ns/op" {
			samples[s.Name] = len(s.Values)
		}
	}
	leaves := suite.Leaves()
	var pending []string
	for _, name := range leaves {
		switch n, ok := samples[name]; {
		case !ok:
			pending = append(pending, name)
		case strconv.Itoa(n) != config["rounds"]:
			t.Errorf("%s: %d samples of %s, want one per round (%s)", recordedRun, n, name, config["rounds"])
		}
	}
	for _, s := range series {
		if _, ok := samples[s.Name]; ok && !slices.Contains(leaves, s.Name) {
			t.Errorf("%s has %s, which this suite does not%s", recordedRun, s.Name, fix)
			delete(samples, s.Name)
		}
	}
	if len(pending) > 0 {
		t.Logf("%s (run of commit %s) lacks %d leaves of this suite, shown as %q until a run records them (scripts/report.sh):\n\t%s",
			recordedRun, config["commit"], len(pending), results.NotRecorded, strings.Join(pending, "\n\t"))
	}
	reportPages, reportCommand := reportPages(t)
	for _, page := range reportPages {
		b, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		shown := results.PendingIn(string(b))
		for _, name := range shown {
			if !slices.Contains(pending, name) {
				t.Errorf("%s shows %s as %s, but it is not a leaf of this suite that %s lacks; run\n\t%s", page, name, results.NotRecorded, recordedRun, reportCommand)
			}
		}
		if missing := slices.DeleteFunc(slices.Clone(pending), func(n string) bool { return slices.Contains(shown, n) }); len(missing) > 0 {
			t.Logf("%s does not show yet %d of them (%s adds them): %s", page, len(missing), reportCommand, strings.Join(missing, ", "))
		}
	}
}

// netRuns are the recorded runs of the net= rows.
var netRuns = []string{"docs/network.txt", "docs/network-lossy.txt"}

// TestNetworkRunIsThisSuite: the recorded runs of the net= rows
// (docs/network.txt, lan and wan; docs/network-lossy.txt, lossy: both
// scripts/net-report.sh's) were made by cmd/benchrun and hold only net=
// leaves of this suite, each in one run, one sample per round: their
// tables (docs/network.md, docs/network/, docs/network-lossy/, README.md's
// "On a real path") describe the rows as they are. A leaf no run has yet
// (one added since) is logged, and the tables show it as —.
func TestNetworkRunIsThisSuite(t *testing.T) {
	fix := "; make new runs: scripts/net-report.sh"
	samples := map[string]int{}
	for _, run := range netRuns {
		f, err := os.Open(run)
		if err != nil {
			t.Fatal(err)
		}
		series, config, err := results.Read(f, run)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if config["rounds"] == "" {
			t.Fatalf("%s has no rounds: line: it was not made by cmd/benchrun%s", run, fix)
		}
		for _, s := range series {
			if s.Unit != "sec/op" && s.Unit != "ns/op" {
				continue
			}
			if _, dup := samples[s.Name]; dup {
				t.Errorf("%s has %s, which an earlier run has too%s", run, s.Name, fix)
			}
			samples[s.Name] = len(s.Values)
			if strconv.Itoa(len(s.Values)) != config["rounds"] {
				t.Errorf("%s: %d samples of %s, want one per round (%s)%s", run, len(s.Values), s.Name, config["rounds"], fix)
			}
		}
	}
	want := suite.NetLeaves()
	var pending []string
	for _, name := range want {
		if _, ok := samples[name]; !ok {
			pending = append(pending, name)
		}
	}
	if len(pending) > 0 {
		t.Logf("no run has %d net= leaves of this suite yet; the tables show them as — (scripts/net-report.sh records them):\n\t%s",
			len(pending), strings.Join(pending, "\n\t"))
	}
	for name := range samples {
		if !slices.Contains(want, name) {
			t.Errorf("a run has %s, which is not a net= leaf of this suite%s", name, fix)
		}
	}
}

// TestLeavesFlag: the test binary's -leaves, which cmd/benchreport runs,
// prints the suite's leaves and runs nothing.
func TestLeavesFlag(t *testing.T) {
	out, err := exec.Command(os.Args[0], "-leaves").Output()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Fields(string(out)), suite.Leaves(); !slices.Equal(got, want) {
		t.Errorf("-leaves printed %d leaves, want the suite's %d:\n%s", len(got), len(want), out)
	}
}

// TestHeadlineRowsInSuite: every row of the headline findings
// (results.Headline) is a variant the suite has, with a leaf of the
// baseline to take its ratios to, in process and with the server in its
// own process, so that a renamed or dropped leaf fails here and not only
// when the report is next made.
func TestHeadlineRowsInSuite(t *testing.T) {
	leaves := suite.Leaves()
	seen := map[string]bool{}
	for _, row := range results.Headline {
		if seen[row.Row] || row.Title == "" || row.Why == "" {
			t.Errorf("headline row %s: listed twice, or without a title or a reason", row.Row)
		}
		seen[row.Row] = true
		if !slices.ContainsFunc(leaves, func(l string) bool { return strings.HasPrefix(l, row.Row+"/client=") }) {
			t.Errorf("headline row %s (%s): the suite has no leaf %s/client=…", row.Row, row.Title, row.Row)
		}
		base := cmp.Or(row.Base, row.Row)
		if !slices.Contains(leaves, base+"/client="+registry.BaselineName) {
			t.Errorf("headline row %s (%s): the suite has no leaf %s/client=%s to take its ratios to", row.Row, row.Title, base, registry.BaselineName)
		}
		// Both placements: the row's family has server=process rows.
		family, rest, _ := strings.Cut(base, "/")
		placed := strings.Join(slices.DeleteFunc([]string{family, suite.ProcessLevel, rest, "client=" + registry.BaselineName}, func(s string) bool { return s == "" }), "/")
		if !slices.Contains(leaves, placed) {
			t.Errorf("headline row %s (%s): the suite has no leaf %s: set process on its family (package suite)", row.Row, row.Title, placed)
		}
	}
}
