package scripts_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rhysd/actionlint"
)

// nightResults is a run of commit, 6 rounds of three benchmarks at 100 ns/op
// and 5 allocs/op each, the named ones times their factor, and one
// allocation more on the rows named in moreAllocs.
func nightResults(commit string, factors map[string]float64, moreAllocs ...string) string {
	var b strings.Builder
	b.WriteString("commit: " + commit + "\nUnit ns/op better=lower\n")
	for r := range 6 {
		for _, n := range []string{"Get/client=a", "Get/client=b", "Post/client=a"} {
			x := factors[n]
			if x == 0 {
				x = 1
			}
			allocs := 5
			for _, m := range moreAllocs {
				if m == n {
					allocs++
				}
			}
			fmt.Fprintf(&b, "Benchmark%s-2 100 %v ns/op 64 B/op %d allocs/op\n", n, (100+float64(r))*x, allocs)
		}
	}
	return b.String()
}

// TestNightlyAlerts runs a series of simulated nightlies through bench.yml's
// cache steps, baseline, alert check, the bench job's hand-off to the store
// job (an artifact) and the notify job, step by step as GitHub runs them (the workflow's own steps and scripts, a fake gh, and
// actions/cache's rules: ghCache): a run that alerts fails its job, its
// summary opens with the alert of this run against the previous stored one,
// for the machine, and it opens one issue; the next nightly on the same
// commit without a new change passes and calls no one; a re-run attempt of
// the alerting night after that nightly alerts again, against what its first
// attempt compared with, and leaves the later nightly's results the next
// run's baseline; so does the re-run of a run that saved nothing, which has
// no baseline then (a later run's results are of a newer commit); a later
// crossing comments on the open issue; one allocation more on one client's
// rows alerts, naming exactly those rows and their counter, once; the other
// machine, whose only cache is of the layout before the run file, alerts
// against it, opening its own issue, and its next run compares with that run
// alone; once the issue is closed the next alert opens a new one. An error
// of the check fails its step. Which rows alert, and the alert's text, are
// cmd/benchdiff's tests'.
func TestNightlyAlerts(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds and runs cmd/benchdiff ten times")
	}
	w := parseWorkflow(t, "bench.yml")
	bench, store, notify := job(t, w, "bench"), job(t, w, "store"), job(t, w, "notify")
	const alertStep, keep = "Alert check (times 2x worse, counters per op that rose)", "Keep the alert for the notify job"
	// The run: steps simulated, beside the cache and artifact steps; the
	// others (the suite, the stores, benchstat) are left out.
	simulated := []string{"Choose the baseline", alertStep, "Take the results", "Keep these results for the next run"}
	runStep(t, bench, simulated[0])
	runStep(t, bench, simulated[1])
	runStep(t, store, simulated[2])
	runStep(t, store, simulated[3])
	path, ghState := fakeGHDir(t)
	cache := &ghCache{}
	ws := map[string]string{} // each machine's bench job workspace
	// artifacts is each workflow run's artifacts, by name: files by path.
	artifacts := map[string]map[string]map[string]string{}
	// runJob runs j's simulated steps in dir: the run: steps named above,
	// the cache steps (ghCache), and the artifact steps: an upload keeps
	// the files of its paths under its name in the run (replacing one of
	// that name, as overwrite: true does), a download writes them into its
	// path, and fails the job if there are none unless the step may fail.
	runJob := func(j *actionlint.Job, dir string, ctx map[string]any, env []string) (alert stepResult) {
		t.Helper()
		steps := map[string]any{}
		ctx["steps"] = steps
		ctx["runner"] = map[string]any{"temp": t.TempDir()}
		run := fmt.Sprint(ctx["github"].(map[string]any)["run_id"])
		if artifacts[run] == nil {
			artifacts[run] = map[string]map[string]string{}
		}
		for _, st := range j.Steps {
			uses, in := inputs(st)
			name := ""
			if st.Name != nil {
				name = st.Name.Value
			}
			if !strings.HasPrefix(uses, "actions/cache/") && !strings.HasPrefix(uses, "actions/download-artifact@") &&
				!(strings.HasPrefix(uses, "actions/upload-artifact@") && name != keep) && (uses != "" || !slices.Contains(simulated, name)) {
				continue
			}
			if st.If != nil && !evalCond(t, st.If.Value, ctx) {
				continue
			}
			var outputs map[string]any
			switch {
			case strings.HasPrefix(uses, "actions/cache/restore@"):
				outputs = cache.restore(t, dir, evalInputs(t, in, ctx))
			case strings.HasPrefix(uses, "actions/cache/save@"):
				cache.save(t, dir, evalInputs(t, in, ctx))
			case strings.HasPrefix(uses, "actions/upload-artifact@"):
				in := evalInputs(t, in, ctx)
				files := map[string]string{}
				for _, f := range lines(in["path"]) {
					if b, err := os.ReadFile(filepath.Join(dir, f)); err == nil {
						files[f] = string(b)
					}
				}
				artifacts[run][in["name"]] = files
			case strings.HasPrefix(uses, "actions/download-artifact@"):
				in := evalInputs(t, in, ctx)
				files, ok := artifacts[run][in["name"]]
				if !ok {
					if st.ContinueOnError == nil || !st.ContinueOnError.Value {
						t.Fatalf("%s: no artifact %s in run %s", name, in["name"], run)
					}
					continue
				}
				for f, text := range files {
					writeFile(t, filepath.Join(in["path"], f), text)
				}
			case uses != "":
				t.Fatalf("%s is not simulated", uses)
			default:
				senv := slices.Clone(env)
				for k, v := range stepEnv(st) {
					senv = append(senv, k+"="+evalTemplate(t, v, ctx))
				}
				r := bashStep(t, evalTemplate(t, runStep(t, j, name), ctx), dir, senv...)
				if !r.ok {
					t.Fatalf("the step %q failed (an error, not an alert):\n%s%s", name, r.log, r.summary)
				}
				if name == alertStep {
					alert = r
				}
				outputs = r.outputs
			}
			if st.ID != nil {
				steps[st.ID.Value] = map[string]any{"outputs": outputs}
			}
		}
		return alert
	}
	// night runs attempt of workflow run id run of machine's bench job on
	// results, then its store job; it returns the bench job's summary and
	// whether it failed, and runs the notify job when the workflow would.
	night := func(machine, results string, run, attempt int) (summary string, failed bool) {
		t.Helper()
		if ws[machine] == "" {
			ws[machine] = t.TempDir()
		}
		dir, env := ws[machine], []string{"PATH=" + path, "MACHINE=" + machine}
		ctx := map[string]any{"github": map[string]any{"run_id": fmt.Sprint(run), "run_attempt": fmt.Sprint(attempt)},
			"matrix": map[string]any{"machine": machine}}
		// A fresh workspace after the suite ran: results.txt.
		for _, f := range []string{"previous", "baseline.txt", "next", "alert.md"} {
			if err := os.RemoveAll(filepath.Join(dir, f)); err != nil {
				t.Fatal(err)
			}
		}
		writeFile(t, filepath.Join(dir, "results.txt"), results)
		saves := len(cache.entries)
		s := runJob(bench, dir, ctx, env)
		failed = evalCond(t, stepIf(t, bench, "Fail on the alert"), ctx)
		upload := evalCond(t, stepIf(t, bench, keep), ctx)
		if upload != failed {
			t.Errorf("the alert is kept for the notify job: %v, the job fails: %v", upload, failed)
		}
		result := map[bool]string{false: "success", true: "failure"}[failed]
		needs := map[string]any{"needs": map[string]any{"bench": map[string]any{"result": result}}}
		if store.If == nil || !evalCond(t, store.If.Value, needs) {
			t.Fatalf("the store job does not run after a bench job's %s", result)
		}
		runJob(store, t.TempDir(), ctx, env)
		if len(cache.entries) > saves && cache.entries[len(cache.entries)-1].files["previous/results.txt"] != results {
			t.Fatal("the cache saved as the next baseline is not this run's results")
		}
		if notify.If == nil || !evalCond(t, notify.If.Value, needs) {
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
	if md, failed := night("linux-x64", nightResults("aaaaaaaaaaaa", nil), 5001, 1); failed || !strings.Contains(md, "linux-x64") {
		t.Fatalf("first run: failed %v, or a summary not naming the machine:\n%s", failed, md)
	}
	// Night 2: a row 3× slower.
	slow := nightResults("bbbbbbbbbbbb", map[string]float64{"Get/client=b": 3})
	md, failed := night("linux-x64", slow, 5002, 1)
	if !failed {
		t.Errorf("night 2 (a row 3× slower) did not fail the job:\n%s", md)
	}
	for _, s := range []string{"linux-x64", "previous `aaaaaaaaaaaa`", "this run `bbbbbbbbbbbb`", "Get/client=b"} {
		if !strings.Contains(md, s) {
			t.Errorf("night 2's summary lacks %q:\n%s", s, md)
		}
	}
	if !strings.HasPrefix(md, "## Alert check on linux-x64: this run against the previous stored run\n\n**1 of 3 rows crossed") {
		t.Errorf("night 2's summary does not open with the verdict:\n%s", md)
	}
	if is := issues(); len(is) != 1 || !marked(is[0], "linux-x64") || !strings.Contains(is[0].Body, "Get/client=b") || !strings.Contains(is[0].Title, "linux-x64") ||
		!strings.Contains(is[0].Body, "Dashboard: https://httpclientbench.github.io/httpclientbench/dev/bench/dashboard/.") {
		t.Fatalf("night 2: issues %+v, want one for linux-x64 with the alert and the dashboard's link", is)
	}
	// "Re-run failed jobs" after another machine's bench job failed in run
	// 5002: every store job runs again, this one on the hand-off it stored
	// already. It finds its mark, and stores and saves nothing.
	saves := len(cache.entries)
	rctx := map[string]any{"github": map[string]any{"run_id": "5002", "run_attempt": "2"}, "matrix": map[string]any{"machine": "linux-x64"}}
	runJob(store, t.TempDir(), rctx, []string{"PATH=" + path, "MACHINE=linux-x64"})
	take, _ := rctx["steps"].(map[string]any)["take"].(map[string]any)
	if outs, _ := take["outputs"].(map[string]any); outs["stored"] != "true" || len(cache.entries) != saves {
		t.Errorf("a re-run of the store job alone: take's outputs %v, %d caches saved; want stored=true and none", take["outputs"], len(cache.entries)-saves)
	}
	// Night 3: the same commit measured again, no new crossing.
	calls := len(readGHState(t, ghState).Calls)
	if md, failed := night("linux-x64", slow, 5004, 1); failed || !strings.Contains(md, "than in the previous run `bbbbbbbbbbbb`") {
		t.Errorf("night 3 (same commit, no new crossing) failed, or compared with another than night 2:\n%s", md)
	}
	if st := readGHState(t, ghState); len(st.Calls) != calls {
		t.Errorf("night 3 called gh: %q", st.Calls[calls:])
	}
	// Night 2's re-run (attempt 2), after night 3 saved, measuring
	// Post/client=a 3× slower too: the cache restores night 2's first
	// attempt, not night 3's newer save, whose baseline is night 1's; the
	// alert stands. It saves nothing: night 3's results stay the newest,
	// the next run's baseline.
	rerun := nightResults("bbbbbbbbbbbb", map[string]float64{"Get/client=b": 3, "Post/client=a": 3})
	if md, failed := night("linux-x64", rerun, 5002, 2); !failed || !strings.Contains(md, "previous `aaaaaaaaaaaa`") || !strings.Contains(md, "Post/client=a") {
		t.Errorf("night 2's re-run after night 3: failed %v (want true, against night 1):\n%s", failed, md)
	}
	if e, _ := cache.newest("bench-results-linux-x64/"); e.key != "bench-results-linux-x64/5004-1" {
		t.Errorf("after night 2's re-run, the machine's newest cache is %q, want night 3's", e.key)
	}
	// A re-run of run 5003, whose first attempt saved nothing (it failed
	// before the stores): the machine's newest cache is night 3's, a later
	// run of a newer commit, which is no baseline; it saves nothing either.
	if md, failed := night("linux-x64", nightResults("bbbbbbbbbbbb", nil), 5003, 2); failed || !strings.Contains(md, "No previous results for linux-x64") {
		t.Errorf("the re-run of a run that saved nothing, after night 3: failed %v; want no baseline, from no later run:\n%s", failed, md)
	}
	if e, _ := cache.newest("bench-results-linux-x64/"); e.key != "bench-results-linux-x64/5004-1" {
		t.Errorf("after run 5003's re-run, the machine's newest cache is %q, want night 3's", e.key)
	}
	// Night 4: a new crossing (Post/client=a, against night 3) comments on
	// the open issue (night 2's re-run commented once already).
	if md, failed := night("linux-x64", nightResults("cccccccccccc", map[string]float64{"Get/client=b": 3, "Post/client=a": 3}), 5005, 1); !failed {
		t.Errorf("night 4 did not fail:\n%s", md)
	}
	if is := issues(); len(is) != 1 || len(is[0].Comments) != 2 || !strings.Contains(is[0].Comments[1], "Post/client=a") {
		t.Fatalf("night 4: %d issues, %+v", len(is), is)
	}
	// Night 5: one allocation more per op on client a's rows, times as
	// they were: the job fails, naming exactly those rows' allocs/op.
	allocs := nightResults("dddddddddddd", map[string]float64{"Get/client=b": 3, "Post/client=a": 3}, "Get/client=a", "Post/client=a")
	md, failed = night("linux-x64", allocs, 5006, 1)
	if !failed || !strings.Contains(md, "**1 counter per op rose**") && !strings.Contains(md, "**2 counters per op rose**") {
		t.Errorf("night 5 (one allocation more on client a's rows): failed %v:\n%s", failed, md)
	}
	if strings.Count(md, "| allocs/op |") != 2 || !strings.Contains(md, "| `Get/client=a` | allocs/op | 5 | 6 | **+1 allocs/op** |") ||
		!strings.Contains(md, "| `Post/client=a` | allocs/op | 5 | 6 | **+1 allocs/op** |") || !strings.Contains(md, "\n- +1 allocs/op on 2 rows of a\n") ||
		strings.Contains(md, "crossed the alert threshold") || strings.Contains(md, "| ns/op |") {
		t.Errorf("night 5's summary does not name exactly client a's two rows and their allocations:\n%s", md)
	}
	if is := issues(); len(is) != 1 || len(is[0].Comments) != 3 || !strings.Contains(is[0].Comments[2], "+1 allocs/op on 2 rows of a") {
		t.Fatalf("night 5: %+v, want a third comment on the open issue", is)
	}
	// Night 6: the same commit again: no alert, no notification.
	calls = len(readGHState(t, ghState).Calls)
	if md, failed := night("linux-x64", allocs, 5007, 1); failed {
		t.Errorf("night 6 (night 5's commit again) failed:\n%s", md)
	}
	if st := readGHState(t, ghState); len(st.Calls) != calls {
		t.Errorf("night 6 called gh: %q", st.Calls[calls:])
	}
	// The other machine's alert has an issue of its own. Its only cache
	// is of the layout before the run file (path: previous/results.txt,
	// another cache version): its results are the baseline, and the run
	// saves the new layout.
	cache.entries = append(cache.entries, cacheEntry{key: "bench-results-linux-arm64-4000-1", version: "previous/results.txt",
		files: map[string]string{"previous/results.txt": nightResults("bbbbbbbbbbbb", nil)}})
	if md, failed := night("linux-arm64", nightResults("cccccccccccc", map[string]float64{"Get/client=a": 4}), 5008, 1); !failed || !strings.Contains(md, "previous `bbbbbbbbbbbb`") {
		t.Errorf("arm64's first run after the cache's layout changed: failed %v, want an alert against the old layout's results:\n%s", failed, md)
	}
	if e, _ := cache.newest("bench-results-linux-arm64/"); e.key != "bench-results-linux-arm64/5008-1" || e.version != "previous" || e.files["previous/run"] != "5008\n" {
		t.Errorf("arm64's newest cache: %q of path %q with run %q, want this run's previous/", e.key, e.version, e.files["previous/run"])
	}
	// Its next run, on the same commit, compares with that run alone.
	if md, failed := night("linux-arm64", nightResults("cccccccccccc", map[string]float64{"Get/client=a": 4}), 5009, 1); failed || !strings.Contains(md, "previous run `cccccccccccc`") {
		t.Errorf("arm64's next run: failed %v, want no alert, against its previous run:\n%s", failed, md)
	}
	if is := issues(); len(is) != 2 || !marked(is[1], "linux-arm64") || len(is[0].Comments) != 3 {
		t.Fatalf("arm64's alert: %+v", is)
	}
	// A closed issue is not reopened: the next alert opens a new one.
	st := readGHState(t, ghState)
	st.Issues[0].State = "closed"
	if err := st.save(ghState); err != nil {
		t.Fatal(err)
	}
	night("linux-x64", nightResults("eeeeeeeeeeee", map[string]float64{"Get/client=b": 27, "Post/client=a": 9}), 5010, 1)
	if is := issues(); len(is) != 3 || !marked(is[2], "linux-x64") || len(is[0].Comments) != 3 {
		t.Fatalf("after closing: %+v", is)
	}

	// An error (bad results: benchdiff's status 2) fails the check's step
	// instead of passing for "no alert".
	writeFile(t, filepath.Join(ws["linux-x64"], "results.txt"), "no results\n")
	if s := bashStep(t, runStep(t, bench, alertStep), ws["linux-x64"], "PATH="+path, "MACHINE=linux-x64"); s.ok || s.outputs["crossed"] != nil {
		t.Errorf("the alert check on bad results: passed %v, outputs %v", s.ok, s.outputs)
	}
}

// TestAANightIsQuiet: the same commit run twice on one machine
// (docs/ab/aa-counters-1.txt and -2.txt, the whole suite at -benchtime
// 100ms on a busy machine) raises nothing through the nightly's alert
// step: no counter, and no time row, though three hertz rows of 64 KiB
// bodies have medians more than 2× apart (their samples are not:
// results.Crossed).
func TestAANightIsQuiet(t *testing.T) {
	t.Parallel()
	bench := job(t, parseWorkflow(t, "bench.yml"), "bench")
	dir := t.TempDir()
	path, _ := fakeGHDir(t)
	writeFile(t, filepath.Join(dir, "baseline.txt"), readFile(t, "../docs/ab/aa-counters-1.txt"))
	writeFile(t, filepath.Join(dir, "results.txt"), readFile(t, "../docs/ab/aa-counters-2.txt"))
	s := bashStep(t, runStep(t, bench, "Alert check (times 2x worse, counters per op that rose)"), dir, "PATH="+path, "MACHINE=linux-x64")
	if !s.ok || s.outputs["crossed"] != "false" || !strings.Contains(s.summary, "**No alert**") {
		t.Errorf("an A/A pair: ok %v, crossed %v:\n%s", s.ok, s.outputs["crossed"], s.summary)
	}
}
