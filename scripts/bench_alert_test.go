package scripts_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// nightResults is a run of commit, 6 rounds of three benchmarks at 100 ns/op
// each, the named ones times their factor.
func nightResults(commit string, factors map[string]float64) string {
	var b strings.Builder
	b.WriteString("commit: " + commit + "\nUnit ns/op better=lower\n")
	for r := range 6 {
		for _, n := range []string{"Get/client=a", "Get/client=b", "Post/client=a"} {
			x := factors[n]
			if x == 0 {
				x = 1
			}
			fmt.Fprintf(&b, "Benchmark%s-2 100 %v ns/op\n", n, (100+float64(r))*x)
		}
	}
	return b.String()
}

// TestNightlyAlerts runs a series of simulated nightlies through bench.yml's
// alert check and notify job, step by step as GitHub runs them from "Keep
// these results for the next run" on (the workflow's own steps and scripts,
// a fake gh): a run that alerts fails its job, its summary is the alert of
// this run against the previous stored one, for the machine, and it opens
// one issue; the next nightly on the same commit without a new crossing
// passes and calls no one; a later crossing comments on the open issue; the
// other machine's alert opens its own issue; once the issue is closed the
// next alert opens a new one. An error of the check fails its step. Which
// rows alert, and the alert's text, are cmd/benchdiff's tests' (TestAlert).
func TestNightlyAlerts(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs cmd/benchdiff seven times")
	}
	w := parseWorkflow(t, "bench.yml")
	bench, notify := job(t, w, "bench"), job(t, w, "notify")
	const alertStep, keep = "Alert check (more than 2x worse than the previous run)", "Keep the alert for the notify job"
	path, ghState := fakeGHDir(t)
	previous := map[string]string{} // each machine's previous stored run, "" before its first
	ws := map[string]string{}       // each machine's job workspace
	// night runs machine's job on results; it returns the job summary and
	// whether the job failed, and runs the notify job when the workflow would.
	night := func(machine, results string) (summary string, failed bool) {
		t.Helper()
		if ws[machine] == "" {
			ws[machine] = t.TempDir()
		}
		dir, env := ws[machine], []string{"PATH=" + path, "MACHINE=" + machine}
		// The workspace after the suite ran and the cache was restored:
		// results.txt, and previous/results.txt unless this is the first run.
		for _, f := range []string{"previous", "previous.txt", "next", "alert.md"} {
			if err := os.RemoveAll(filepath.Join(dir, f)); err != nil {
				t.Fatal(err)
			}
		}
		writeFile(t, filepath.Join(dir, "results.txt"), results)
		if previous[machine] != "" {
			writeFile(t, filepath.Join(dir, "previous", "results.txt"), previous[machine])
		}
		if !bashStep(t, runStep(t, bench, "Keep these results for the next run"), dir, env...).ok {
			t.Fatal("the step keeping the results failed")
		}
		if readFile(t, filepath.Join(dir, "previous", "results.txt")) != results {
			t.Fatal("previous/results.txt, which the cache saves as the next baseline, is not this run's results")
		}
		s := bashStep(t, runStep(t, bench, alertStep), dir, env...)
		if !s.ok {
			t.Fatalf("the alert check step failed (an error, not an alert):\n%s", s.summary)
		}
		ctx := map[string]any{"steps": map[string]any{"alert": map[string]any{"outputs": s.outputs}}, "matrix": map[string]any{"machine": machine}}
		failed = evalCond(t, stepIf(t, bench, "Fail on the alert"), ctx)
		upload := evalCond(t, stepIf(t, bench, keep), ctx)
		if upload != failed {
			t.Errorf("the alert is kept for the notify job: %v, the job fails: %v", upload, failed)
		}
		previous[machine] = results // stored: the next run's baseline
		result := map[bool]string{false: "success", true: "failure"}[failed]
		if notify.If == nil || !evalCond(t, notify.If.Value, map[string]any{"needs": map[string]any{"bench": map[string]any{"result": result}}}) {
			return s.summary, failed
		}
		// The notify job downloads every bench-alert-* artifact into alerts/.
		nws := t.TempDir()
		if _, in := inputs(step(t, bench, keep)); upload {
			writeFile(t, filepath.Join(nws, "alerts", evalTemplate(t, in["name"], ctx), in["path"]), readFile(t, filepath.Join(dir, in["path"])))
		}
		if !bashStep(t, runStep(t, notify, "Open or update each machine's alert issue"), nws,
			append(env, "GH_TOKEN=fake", "REPO=httpclientbench/httpclientbench", "RUN_URL=https://github.invalid/runs/1")...).ok {
			t.Fatal("the notify step failed")
		}
		return s.summary, failed
	}
	issues := func() []ghIssue { return readGHState(t, ghState).Issues }
	marked := func(is ghIssue, machine string) bool {
		return strings.HasPrefix(is.Body, "<!-- httpclientbench:nightly-alert:"+machine+" -->")
	}

	// Night 1: the machine's first run, nothing to compare with.
	if md, failed := night("linux-x64", nightResults("aaaaaaaaaaaa", nil)); failed || !strings.Contains(md, "linux-x64") {
		t.Fatalf("first run: failed %v, or a summary not naming the machine:\n%s", failed, md)
	}
	// Night 2: a row 3× slower.
	slow := nightResults("bbbbbbbbbbbb", map[string]float64{"Get/client=b": 3})
	md, failed := night("linux-x64", slow)
	if !failed {
		t.Errorf("night 2 (a row 3× slower) did not fail the job:\n%s", md)
	}
	for _, s := range []string{"linux-x64", "previous `aaaaaaaaaaaa`", "this run `bbbbbbbbbbbb`", "Get/client=b"} {
		if !strings.Contains(md, s) {
			t.Errorf("night 2's summary lacks %q:\n%s", s, md)
		}
	}
	if is := issues(); len(is) != 1 || !marked(is[0], "linux-x64") || !strings.Contains(is[0].Body, "Get/client=b") || !strings.Contains(is[0].Title, "linux-x64") {
		t.Fatalf("night 2: issues %+v, want one for linux-x64 with the alert", is)
	}
	// Night 3: the same commit measured again, no new crossing.
	calls := len(readGHState(t, ghState).Calls)
	if md, failed := night("linux-x64", slow); failed {
		t.Errorf("night 3 (same commit, no new crossing) failed:\n%s", md)
	}
	if st := readGHState(t, ghState); len(st.Calls) != calls {
		t.Errorf("night 3 called gh: %q", st.Calls[calls:])
	}
	// Night 4: a new crossing comments on the open issue.
	if _, failed := night("linux-x64", nightResults("cccccccccccc", map[string]float64{"Get/client=b": 3, "Post/client=a": 3})); !failed {
		t.Error("night 4 did not fail")
	}
	if is := issues(); len(is) != 1 || len(is[0].Comments) != 1 || !strings.Contains(is[0].Comments[0], "Post/client=a") {
		t.Fatalf("night 4: %d issues, %+v", len(is), is)
	}
	// The other machine's alert has an issue of its own.
	previous["linux-arm64"] = nightResults("bbbbbbbbbbbb", nil)
	if _, failed := night("linux-arm64", nightResults("cccccccccccc", map[string]float64{"Get/client=a": 4})); !failed {
		t.Error("arm64 did not fail")
	}
	if is := issues(); len(is) != 2 || !marked(is[1], "linux-arm64") || len(is[0].Comments) != 1 {
		t.Fatalf("arm64's alert: %+v", is)
	}
	// A closed issue is not reopened: the next alert opens a new one.
	st := readGHState(t, ghState)
	st.Issues[0].State = "closed"
	if err := st.save(ghState); err != nil {
		t.Fatal(err)
	}
	night("linux-x64", nightResults("dddddddddddd", map[string]float64{"Get/client=b": 27, "Post/client=a": 9}))
	if is := issues(); len(is) != 3 || !marked(is[2], "linux-x64") || len(is[0].Comments) != 1 {
		t.Fatalf("after closing: %+v", is)
	}

	// An error (bad results: benchdiff's status 2) fails the check's step
	// instead of passing for "no alert".
	writeFile(t, filepath.Join(ws["linux-x64"], "results.txt"), "no results\n")
	if s := bashStep(t, runStep(t, bench, alertStep), ws["linux-x64"], "PATH="+path, "MACHINE=linux-x64"); s.ok || s.outputs["crossed"] != nil {
		t.Errorf("the alert check on bad results: passed %v, outputs %v", s.ok, s.outputs)
	}
}
