package scripts_test

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/rhysd/actionlint"

	"github.com/httpclientbench/httpclientbench/dashboard"
)

// parseWorkflow reads a workflow of .github/workflows with actionlint's
// parser (go tool actionlint lints the same files in .ci/run).
func parseWorkflow(t *testing.T, name string) *actionlint.Workflow {
	t.Helper()
	w, errs := actionlint.Parse([]byte(readFile(t, filepath.Join("..", ".github", "workflows", name))))
	if len(errs) > 0 {
		t.Fatalf("%s: %v", name, errs[0])
	}
	return w
}

func job(t *testing.T, w *actionlint.Workflow, id string) *actionlint.Job {
	t.Helper()
	j := w.Jobs[id]
	if j == nil {
		t.Fatalf("no job %s", id)
	}
	return j
}

// step is the step of j named name.
func step(t *testing.T, j *actionlint.Job, name string) *actionlint.Step {
	t.Helper()
	for _, s := range j.Steps {
		if s.Name != nil && s.Name.Value == name {
			return s
		}
	}
	t.Fatalf("no step %q", name)
	return nil
}

// runStep is the script of the run: step named name.
func runStep(t *testing.T, j *actionlint.Job, name string) string {
	t.Helper()
	r, ok := step(t, j, name).Exec.(*actionlint.ExecRun)
	if !ok {
		t.Fatalf("step %q is no run: step", name)
	}
	return r.Run.Value
}

// stepIf is the if: of the step named name.
func stepIf(t *testing.T, j *actionlint.Job, name string) string {
	t.Helper()
	s := step(t, j, name)
	if s.If == nil {
		t.Fatalf("step %q has no if:", name)
	}
	return s.If.Value
}

// stepEnv is a step's env: section, name to value.
func stepEnv(s *actionlint.Step) map[string]string {
	env := map[string]string{}
	if s.Env != nil {
		for _, v := range s.Env.Vars {
			env[v.Name.Value] = v.Value.Value
		}
	}
	return env
}

// inputs is the with: of a uses: step, nil for a run: step.
func inputs(s *actionlint.Step) (uses string, in map[string]string) {
	a, ok := s.Exec.(*actionlint.ExecAction)
	if !ok {
		return "", nil
	}
	in = map[string]string{}
	for k, v := range a.Inputs {
		in[k] = v.Value.Value
	}
	return a.Uses.Value, in
}

// benchmarkSteps is the inputs of each github-action-benchmark step of j.
func benchmarkSteps(j *actionlint.Job) []map[string]string {
	var steps []map[string]string
	for _, s := range j.Steps {
		if uses, in := inputs(s); strings.HasPrefix(uses, "benchmark-action/github-action-benchmark@") {
			steps = append(steps, in)
		}
	}
	return steps
}

// TestWorkflowPermissions: every workflow reads only; each job widens that
// to what it needs, within a timeout; the jobs that run the suite's or a
// pull request's code ask for nothing more and keep no credentials in
// their checkout, and the PR's comment job checks out nothing.
func TestWorkflowPermissions(t *testing.T) {
	for _, c := range []struct {
		file, job, perms string // job "": the workflow's own permissions
		checkout         string // "none", "no credentials" or "any"
	}{
		{"bench.yml", "", "map[contents:read]", ""},
		{"bench.yml", "bench", "map[contents:read]", "no credentials"},
		{"bench.yml", "store", "map[actions:read contents:write]", "no credentials"},
		{"bench.yml", "notify", "map[contents:read issues:write]", "no credentials"},
		{"bench.yml", "dashboard", "map[contents:write]", "any"},
		{"fuzz.yml", "", "map[contents:read]", ""},
		{"fuzz.yml", "fuzz", "map[]", "no credentials"},
		{"pr-bench.yml", "", "map[contents:read]", ""},
		{"pr-bench.yml", "bench", "map[]", "no credentials"},
		{"pr-bench.yml", "comment", "map[pull-requests:write]", "none"},
	} {
		t.Run(c.file+"/"+c.job, func(t *testing.T) {
			w := parseWorkflow(t, c.file)
			p := w.Permissions
			if c.job != "" {
				j := job(t, w, c.job)
				p = j.Permissions
				if j.TimeoutMinutes == nil || j.TimeoutMinutes.Value > 120 {
					t.Error("no timeout well under the runner's limit")
				}
				for _, s := range j.Steps {
					if uses, in := inputs(s); strings.HasPrefix(uses, "actions/checkout@") &&
						(c.checkout == "none" || c.checkout == "no credentials" && in["persist-credentials"] != "false") {
						t.Errorf("a checkout, with persist-credentials %q: want %s", in["persist-credentials"], c.checkout)
					}
				}
			}
			got := map[string]string{}
			if p != nil {
				for k, v := range p.Scopes {
					got[k] = v.Value.Value
				}
			}
			if fmt.Sprint(got) != c.perms {
				t.Errorf("permissions %v, want %s", got, c.perms)
			}
		})
	}
}

// TestBenchStoresFeedTheAction runs the nightly's conversion step (bench.yml's
// own, scripts/bench-stores.sh) on a recorded run of the whole suite with
// its counters, against the same commit's other run as the baseline, and
// checks the file each github-action-benchmark step reads: it
// is there, not empty, its entries carry the run id, machine and previous
// run the step passes, it holds MB/s exactly when the step's tool is
// bigger-is-better, and the script reports it. Which entries go into which
// file is cmd/benchjson's tests'.
func TestBenchStoresFeedTheAction(t *testing.T) {
	t.Parallel()
	w := parseWorkflow(t, "bench.yml")
	bench, store := job(t, w, "bench"), job(t, w, "store")
	ctx := map[string]any{"github": map[string]any{"run_id": "42", "run_attempt": "1"}}
	script := evalTemplate(t, runStep(t, bench, "Medians per benchmark and unit, by store"), ctx)
	ws, machine := t.TempDir(), dashboard.Machines[1].ID
	writeFile(t, filepath.Join(ws, "results.txt"), readFile(t, "../docs/ab/aa-counters-2.txt"))
	writeFile(t, filepath.Join(ws, "baseline.txt"), readFile(t, "../docs/ab/aa-counters-1.txt"))
	s := bashStep(t, script, ws, "MACHINE="+machine)
	if !s.ok {
		t.Fatal("the conversion step failed")
	}
	var files []string
	_, up := inputs(step(t, bench, "Hand the results to the store job"))
	for _, in := range benchmarkSteps(store) {
		file := in["output-file-path"]
		if !slices.Contains(lines(up["path"]), file) {
			t.Errorf("the store job reads %s, which the bench job does not hand over", file)
		}
		files = append(files, file)
		var es []struct{ Name, Unit, Extra string }
		b, err := os.ReadFile(filepath.Join(ws, file))
		if err == nil {
			err = json.Unmarshal(b, &es)
		}
		if err != nil || len(es) == 0 {
			t.Errorf("the step %q reads %s, which the conversion step left with %d entries (%v)", in["name"], file, len(es), err)
		}
		for _, e := range es {
			if !strings.HasSuffix(e.Extra, "; run=42-1") || !strings.Contains(e.Extra, "; machine="+machine+";") || !strings.Contains(e.Extra, "; previous=") {
				t.Errorf("%s: %s's extra %q lacks the run id 42-1, the machine %s or the change since the previous run", file, e.Name, e.Extra, machine)
				break
			}
			if bigger := in["tool"] == "customBiggerIsBetter"; (e.Unit == "MB/s") != bigger {
				t.Errorf("%s (tool %s) holds %s: MB/s belongs in the bigger-is-better files, and only there", file, in["tool"], e.Unit)
				break
			}
		}
		if !strings.Contains(s.log, file+": ") {
			t.Errorf("the conversion step does not report %s:\n%s", file, s.log)
		}
	}
	if want := []string{"allocs.json", "bytes.json", "counters.json", "throughput.json", "time.json"}; !slices.Equal(slices.Sorted(slices.Values(files)), want) {
		t.Errorf("the steps read %q, want %q", files, want)
	}
}

// TestBenchWorkflowStores: every store credits the commit measured, has its
// own name and machine's directory, and is bounded (TestBenchStoresQuiet:
// it leaves the alert to the workflow's own check); the suite's step sees
// no token; the stores run even
// when benchstat's summary fails, and the cache, of each machine, is saved
// after them under a key of this attempt.
func TestBenchWorkflowStores(t *testing.T) {
	w := parseWorkflow(t, "bench.yml")
	bench, j := job(t, w, "bench"), job(t, w, "store")
	names := map[string]bool{}
	for _, in := range benchmarkSteps(j) {
		if in["ref"] != "${{ github.sha }}" {
			t.Errorf("%q: ref %q, want ${{ github.sha }}", in["name"], in["ref"])
		}
		if names[in["name"]] {
			t.Errorf("two stores named %q", in["name"])
		}
		names[in["name"]] = true
		if in["max-items-in-chart"] == "" {
			t.Errorf("%q: no max-items-in-chart", in["name"])
		}
		if d := in["benchmark-data-dir-path"]; d != "dev/bench/${{ matrix.machine }}" {
			t.Errorf("%q: stores into %q, want each machine's own directory dev/bench/${{ matrix.machine }}", in["name"], d)
		}
	}
	if len(benchmarkSteps(bench)) != 0 {
		t.Error("the bench job, which runs the suite, stores: the stores need a token that writes")
	}
	if r := runStep(t, bench, "Run the suite"); strings.Contains(r, "token") {
		t.Errorf("the suite's step sees a token: %q", r)
	}
	// The hand-off: the bench job's artifact, of one name per machine, is
	// the store job's download.
	_, up := inputs(step(t, bench, "Hand the results to the store job"))
	_, down := inputs(step(t, j, "Download the machine's results"))
	if !strings.HasPrefix(down["path"], "${{ runner.temp }}/") {
		t.Errorf("the store job downloads the bench job's artifact into %q, its checkout: want it under ${{ runner.temp }}, read by scripts/bench-handoff.sh", down["path"])
	}
	if down == nil || down["name"] != up["name"] || !strings.Contains(up["name"], "matrix.machine") || strings.Contains(up["name"], "run_attempt") {
		t.Errorf("the bench job uploads %q, the store job downloads %q: want one name per machine, without the attempt (a re-run of the store job alone downloads an earlier attempt's)", up["name"], down["name"])
	}
	if !slices.Contains(lines(up["path"]), "previous/run") {
		t.Error("the bench job does not hand over previous/run, which the store job's save decides by")
	}
	for _, jb := range []*actionlint.Job{bench, j} {
		save, lastStore := -1, -1
		for i, s := range jb.Steps {
			uses, in := inputs(s)
			switch {
			case strings.HasPrefix(uses, "actions/cache/"):
				for _, k := range []string{in["key"], in["restore-keys"]} {
					if k != "" && !strings.Contains(k, "matrix.machine") {
						t.Errorf("%s: key %q: each machine needs its own previous results", uses, k)
					}
				}
				if !strings.Contains(in["key"], "github.run_attempt") {
					t.Errorf("%s: key %q without the run attempt", uses, in["key"])
				}
				if strings.HasPrefix(uses, "actions/cache/save@") {
					save = i
				}
			case strings.HasPrefix(uses, "benchmark-action/"):
				lastStore = i
			case uses == "" && strings.Contains(s.Exec.(*actionlint.ExecRun).Run.Value, "benchstat") &&
				(s.ContinueOnError == nil || !s.ContinueOnError.Value) && (s.If == nil || !strings.Contains(s.If.Value, "always()")):
				t.Errorf("step %d, which runs benchstat, can fail the job before the hand-off", i)
			}
		}
		if jb == j && (save < 0 || save < lastStore) {
			t.Errorf("the cache is saved at step %d, the last store is step %d: save after storing", save, lastStore)
		}
		if jb == bench && save >= 0 {
			t.Error("the bench job saves the cache: results count as the previous run once stored, by the store job")
		}
	}
}

// TestBenchStoresQuiet: every github-action-benchmark step of the nightly
// stores and says nothing of its own: comment-on-alert, fail-on-alert and
// summary-always false (the action compares with the last stored run of
// another commit, so its alert would repeat every night on an unchanged
// commit and its summary would contradict the workflow's verdict;
// scripts/bench-alert.sh compares with the previous run). Every store runs
// whenever the job gets there with results an earlier attempt did not
// store (scripts/bench-handoff.sh), and the counters' only where the run
// has them (cmd/benchjson leaves counters.json out otherwise).
func TestBenchStoresQuiet(t *testing.T) {
	j := job(t, parseWorkflow(t, "bench.yml"), "store")
	var files []string
	for _, s := range j.Steps {
		uses, in := inputs(s)
		if !strings.HasPrefix(uses, "benchmark-action/github-action-benchmark@") {
			continue
		}
		file := in["output-file-path"]
		files = append(files, file)
		for _, k := range []string{"comment-on-alert", "fail-on-alert", "summary-always"} {
			if v, ok := in[k]; !ok || v != "false" {
				t.Errorf("the store of %s: %s %q, want false", file, k, v)
			}
		}
		cond := ""
		if s.If != nil {
			cond = strings.Join(strings.Fields(strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(s.If.Value), "${{"), "}}")), " ")
		}
		want := "steps.take.outputs.stored != 'true'"
		if file == "counters.json" {
			want += " && hashFiles('counters.json') != ''"
		}
		if cond != want {
			t.Errorf("the store of %s runs if %q, want %q", file, cond, want)
		}
	}
	if want := []string{"allocs.json", "bytes.json", "counters.json", "throughput.json", "time.json"}; !slices.Equal(slices.Sorted(slices.Values(files)), want) {
		t.Errorf("the stores read %q, want %q", files, want)
	}
}

// TestBenchWorkflowMachines: the nightly's matrix is the dashboard's list
// of machines (dashboard.Machines), each on its runner with its CPU count
// (a shape's), one machine's failure does not cancel the other's run, and
// the suite's step runs a shape's headline rows on its CPUs.
func TestBenchWorkflowMachines(t *testing.T) {
	j := job(t, parseWorkflow(t, "bench.yml"), "bench")
	if j.Strategy == nil || j.Strategy.Matrix == nil || j.Strategy.Matrix.Include == nil {
		t.Fatal("the bench job has no matrix of machines (strategy.matrix.include)")
	}
	if j.Strategy.FailFast == nil || j.Strategy.FailFast.Value {
		t.Error("fail-fast is not false: one machine's alert would cancel the other's run")
	}
	var got, want, ids []string
	for _, combo := range j.Strategy.Matrix.Include.Combinations {
		m, r := combo.Assigns["machine"], combo.Assigns["runner"]
		if m == nil || r == nil {
			t.Fatalf("a matrix entry without machine or runner: %v", combo.Assigns)
		}
		entry := m.Value.String() + " " + r.Value.String()
		if c := combo.Assigns["cpus"]; c != nil {
			entry += " cpus " + c.Value.String()
		}
		got = append(got, entry)
	}
	for _, m := range dashboard.Machines {
		entry := strconv.Quote(m.ID) + " " + strconv.Quote(m.Runner)
		if m.CPUs != 0 {
			entry += " cpus " + strconv.Quote(strconv.Itoa(m.CPUs))
		}
		want = append(want, entry)
		ids = append(ids, m.ID)
	}
	if !slices.Equal(got, want) {
		t.Errorf("the matrix is %q, dashboard.Machines %q", got, want)
	}
	// The store job, one per machine, stores what the bench job measured.
	store := job(t, parseWorkflow(t, "bench.yml"), "store")
	var stored []string
	if m := store.Strategy; m != nil && m.Matrix != nil {
		if r := m.Matrix.Rows["machine"]; r != nil {
			for _, v := range r.Values {
				s, err := strconv.Unquote(v.String())
				if err != nil {
					t.Fatalf("store job matrix value %s: %v", v.String(), err)
				}
				stored = append(stored, s)
			}
		}
	}
	if !slices.Equal(stored, ids) {
		t.Errorf("the store job's machines are %q, dashboard.Machines %q", stored, ids)
	}
	if r := runStep(t, j, "Run the suite"); !strings.Contains(r, `${CPUS:+-headline -cpus "$CPUS"}`) {
		t.Errorf("the suite's step does not run a shape's headline rows on its CPUs: %q", r)
	}
	const runner = "${{ matrix.runner }}"
	if r := j.RunsOn; r == nil || !(r.LabelsExpr != nil && r.LabelsExpr.Value == runner || len(r.Labels) == 1 && r.Labels[0].Value == runner) {
		t.Error("the bench job does not run on ${{ matrix.runner }}")
	}
}

// TestCacheKeysPerMachine: no machine's cache restore can find another
// machine's saved results. actions/cache matches restore keys as
// prefixes, so each machine's keys and prefixes are evaluated and
// checked against every other machine's save key of the same cache
// version (path): linux-x64's prefix must not be the start of
// linux-x64-cpus2's keys.
func TestCacheKeysPerMachine(t *testing.T) {
	w := parseWorkflow(t, "bench.yml")
	type step struct {
		job  *actionlint.Job
		uses string
		in   map[string]string
	}
	var steps []step
	for _, id := range []string{"bench", "store"} {
		j := job(t, w, id)
		for _, s := range j.Steps {
			if uses, in := inputs(s); strings.HasPrefix(uses, "actions/cache/") {
				steps = append(steps, step{j, uses, in})
			}
		}
	}
	eval := func(in map[string]string, machine string) map[string]string {
		return evalInputs(t, in, map[string]any{
			"github": map[string]any{"run_id": "7", "run_attempt": "1"},
			"matrix": map[string]any{"machine": machine}})
	}
	saves := 0
	for _, a := range dashboard.Machines {
		for _, b := range dashboard.Machines {
			if a.ID == b.ID {
				continue
			}
			for _, save := range steps {
				if !strings.HasPrefix(save.uses, "actions/cache/save@") {
					continue
				}
				saves++
				saved := eval(save.in, b.ID)
				for _, restore := range steps {
					if !strings.HasPrefix(restore.uses, "actions/cache/restore@") || cacheVersion(restore.in["path"]) != cacheVersion(save.in["path"]) {
						continue
					}
					r := eval(restore.in, a.ID)
					for _, prefix := range append([]string{r["key"]}, lines(r["restore-keys"])...) {
						if strings.HasPrefix(saved["key"], prefix) {
							t.Errorf("%s's restore key %q finds %s's results, saved as %q", a.ID, prefix, b.ID, saved["key"])
						}
					}
				}
			}
		}
	}
	if saves == 0 {
		t.Fatal("no cache save step")
	}
}

// TestHandoff: the store job's step that takes the bench job's artifact
// (scripts/bench-handoff.sh, as the workflow runs it) copies the named
// files only, refuses a link or a previous/run that is no run id, needs
// results.txt, and says stored=true only for results an earlier attempt
// marked.
func TestHandoff(t *testing.T) {
	t.Parallel()
	script := runStep(t, job(t, parseWorkflow(t, "bench.yml"), "store"), "Take the results")
	take := func(t *testing.T, files map[string]string, link, mark string) (stepResult, string) {
		t.Helper()
		handoff, stored, ws := t.TempDir(), t.TempDir(), t.TempDir()
		for f, text := range files {
			writeFile(t, filepath.Join(handoff, f), text)
		}
		if link != "" {
			if err := os.Symlink("/etc/passwd", filepath.Join(handoff, link)); err != nil {
				t.Fatal(err)
			}
		}
		if mark != "" {
			writeFile(t, filepath.Join(stored, "stored.sha256"), mark)
		}
		return bashStep(t, script, ws, "HANDOFF="+handoff, "STORED="+stored), ws
	}
	good := map[string]string{"results.txt": "BenchmarkX 1 2 ns/op\n", "time.json": "[]", "previous/run": "41\n", "scripts/bench-pages-prepare.sh": "evil"}
	s, ws := take(t, good, "", "")
	if !s.ok || s.outputs["stored"] != "false" || readFile(t, filepath.Join(ws, "time.json")) != "[]" {
		t.Errorf("a good hand-off: ok %v, outputs %v:\n%s", s.ok, s.outputs, s.log)
	}
	if _, err := os.Stat(filepath.Join(ws, "scripts")); err == nil {
		t.Error("a file the artifact should not have (scripts/…) was taken")
	}
	sum := fmt.Sprintf("%x\n", sha256.Sum256([]byte(good["results.txt"])))
	if s, _ := take(t, good, "", sum); !s.ok || s.outputs["stored"] != "true" {
		t.Errorf("the mark of these results: outputs %v, want stored=true", s.outputs)
	}
	if s, _ := take(t, good, "", strings.Repeat("0", 64)+"\n"); !s.ok || s.outputs["stored"] != "false" {
		t.Errorf("a mark of other results: outputs %v, want stored=false", s.outputs)
	}
	for name, c := range map[string]struct {
		files map[string]string
		link  string
	}{
		"no results":     {map[string]string{"time.json": "[]"}, ""},
		"a link":         {map[string]string{"results.txt": "x\n"}, "baseline.txt"},
		"a bad run file": {map[string]string{"results.txt": "x\n", "previous/run": "$(reboot)\n"}, ""},
	} {
		if s, _ := take(t, c.files, c.link, ""); s.ok {
			t.Errorf("%s: taken", name)
		}
	}
}
