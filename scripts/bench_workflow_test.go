package scripts_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
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
	b, err := os.ReadFile(filepath.Join("..", ".github", "workflows", name))
	if err != nil {
		t.Fatal(err)
	}
	w, errs := actionlint.Parse(b)
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

// benchmarkSteps is the workflow's github-action-benchmark steps, each as
// its inputs.
func benchmarkSteps(t *testing.T, w *actionlint.Workflow) []map[string]string {
	t.Helper()
	var steps []map[string]string
	for _, j := range w.Jobs {
		for _, s := range j.Steps {
			a, ok := s.Exec.(*actionlint.ExecAction)
			if !ok || !strings.HasPrefix(a.Uses.Value, "benchmark-action/github-action-benchmark@") {
				continue
			}
			in := map[string]string{}
			for k, v := range a.Inputs {
				in[k] = v.Value.Value
			}
			steps = append(steps, in)
		}
	}
	return steps
}

// runStep is the script of the step named name.
func runStep(t *testing.T, j *actionlint.Job, name string) string {
	t.Helper()
	for _, s := range j.Steps {
		if r, ok := s.Exec.(*actionlint.ExecRun); ok && s.Name != nil && s.Name.Value == name {
			return r.Run.Value
		}
	}
	t.Fatalf("no run step %q", name)
	return ""
}

type entry struct {
	Name, Unit, Extra string
	Value             float64
}

// countCut keeps the first n result lines of each benchmark of a benchrun
// file: the output of a -count=n run of the same suite.
func countCut(t *testing.T, path string, n int) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	seen := map[string]int{}
	for _, l := range strings.SplitAfter(string(b), "\n") {
		if f := strings.Fields(l); len(f) > 0 && strings.HasPrefix(f[0], "Benchmark") {
			if seen[f[0]]++; seen[f[0]] > n {
				continue
			}
		}
		out.WriteString(l)
	}
	return out.String()
}

// TestBenchStoresFeedTheAction runs the nightly workflow's conversion step,
// scripts/bench-stores.sh, as the workflow calls it, on the recorded full
// run of the suite (6 rounds) and on a -count=2 cut of it, and checks every
// file a github-action-benchmark step of the workflow reads: it exists and
// is not empty, no two of its entries share a name, it holds one unit, and
// throughput (MB/s) is in bigger-is-better files only and only there.
func TestBenchStoresFeedTheAction(t *testing.T) {
	w := parseWorkflow(t, "bench.yml")
	script := runStep(t, job(t, w, "bench"), "Medians per benchmark and unit, by store")
	if strings.TrimSpace(script) != `bash scripts/bench-stores.sh results.txt . "${{ github.run_id }}-${{ github.run_attempt }}" "$MACHINE" previous/results.txt` {
		t.Fatalf("the conversion step is %q, not the script this test runs", script)
	}
	steps := benchmarkSteps(t, w)
	if len(steps) != 4 {
		t.Fatalf("%d github-action-benchmark steps, want 4 (time, throughput, bytes, allocations)", len(steps))
	}
	count2 := filepath.Join(t.TempDir(), "count2.txt")
	if err := os.WriteFile(count2, []byte(countCut(t, "../docs/results.txt", 2)), 0o644); err != nil {
		t.Fatal(err)
	}
	// One machine each: the stores of both carry their machine's id.
	for _, tc := range []struct{ name, in, median, machine string }{
		{"6 rounds", "../docs/results.txt", "median of 6", dashboard.Machines[0].ID},
		{"count=2", count2, "median of 2", dashboard.Machines[1].ID},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			out, err := exec.Command("bash", "bench-stores.sh", tc.in, dir, "42-1", tc.machine, tc.in).CombinedOutput()
			if err != nil {
				t.Fatalf("bench-stores.sh: %v\n%s", err, out)
			}
			var files []string
			for _, in := range steps {
				file := in["output-file-path"]
				files = append(files, file)
				b, err := os.ReadFile(filepath.Join(dir, file))
				if err != nil {
					t.Errorf("the step %q reads %s: %v", in["name"], file, err)
					continue
				}
				var es []entry
				if err := json.Unmarshal(b, &es); err != nil {
					t.Fatalf("%s: %v", file, err)
				}
				if len(es) == 0 {
					t.Errorf("%s is empty", file)
				}
				names, units := map[string]bool{}, map[string]bool{}
				for _, e := range es {
					if names[e.Name] {
						t.Errorf("%s: two entries named %q", file, e.Name)
					}
					names[e.Name] = true
					units[e.Unit] = true
					if !strings.HasPrefix(e.Extra, tc.median) || !strings.HasSuffix(e.Extra, "; run=42-1") ||
						!strings.Contains(e.Extra, "; machine="+tc.machine+";") || !strings.Contains(e.Extra, "; previous=+0.0% p=") {
						t.Errorf("%s: %s's extra %q, want %q, the machine %s, no change since the previous run (itself) and the run id", file, e.Name, e.Extra, tc.median, tc.machine)
					}
				}
				if len(units) != 1 {
					t.Errorf("%s holds units %v, want one", file, units)
				}
				bigger := in["tool"] == "customBiggerIsBetter"
				if units["MB/s"] != bigger {
					t.Errorf("%s (tool %s) holds %v: MB/s belongs in the bigger-is-better files, and only there", file, in["tool"], units)
				}
			}
			if want := []string{"allocs.json", "bytes.json", "throughput.json", "time.json"}; !slices.Equal(slices.Sorted(slices.Values(files)), want) {
				t.Errorf("the steps read %q, want %q", files, want)
			}
			for _, f := range []string{"time", "throughput", "bytes", "allocs"} {
				if !strings.Contains(string(out), f+".json: ") {
					t.Errorf("bench-stores.sh does not report %s.json:\n%s", f, out)
				}
			}
		})
	}
}

// TestBenchStoresRejectsBadInput: a missing results file fails at once; a
// file with no throughput fails instead of handing the action an empty file.
func TestBenchStoresRejectsBadInput(t *testing.T) {
	dir := t.TempDir()
	out, err := exec.Command("bash", "bench-stores.sh", filepath.Join(dir, "nope.txt"), dir).CombinedOutput()
	if _, ok := err.(*exec.ExitError); !ok || !strings.Contains(string(out), "missing or empty") {
		t.Errorf("missing file: %v, %q", err, out)
	}
	in := filepath.Join(dir, "in.txt")
	if err := os.WriteFile(in, []byte("BenchmarkA-2 10 5 ns/op 1 B/op 1 allocs/op\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err = exec.Command("bash", "bench-stores.sh", in, dir).CombinedOutput()
	if _, ok := err.(*exec.ExitError); !ok || !strings.Contains(string(out), "throughput.json would have no entries") {
		t.Errorf("no throughput: %v, %q", err, out)
	}
}

// TestBenchWorkflowStores: every store credits the commit measured, has its
// own name, is bounded, and comments on alerts on pushes only; the stores
// run even when benchstat's summary fails, and the cache is saved after
// them under a key of this attempt.
func TestBenchWorkflowStores(t *testing.T) {
	w := parseWorkflow(t, "bench.yml")
	names := map[string]bool{}
	for _, in := range benchmarkSteps(t, w) {
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
		// The alert is the workflow's own (scripts/bench-alert.sh): the
		// action's would compare with another commit's run and repeat.
		if in["comment-on-alert"] != "false" || in["fail-on-alert"] != "false" {
			t.Errorf("%q: comment-on-alert %q, fail-on-alert %q, want both false", in["name"], in["comment-on-alert"], in["fail-on-alert"])
		}
		if d := in["benchmark-data-dir-path"]; d != "dev/bench/${{ matrix.machine }}" {
			t.Errorf("%q: stores into %q, want each machine's own directory dev/bench/${{ matrix.machine }}", in["name"], d)
		}
	}
	j := job(t, w, "bench")
	for _, c := range []struct {
		job   string
		perms map[string]string
	}{{"bench", map[string]string{"contents": "write"}}, {"notify", map[string]string{"contents": "read", "issues": "write"}}, {"dashboard", map[string]string{"contents": "write"}}} {
		got := map[string]string{}
		if p := job(t, w, c.job).Permissions; p != nil {
			for k, v := range p.Scopes {
				got[k] = v.Value.Value
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(c.perms) {
			t.Errorf("the %s job's permissions are %v, want %v", c.job, got, c.perms)
		}
	}
	// The bench job runs the suite's third-party code: no credentials in
	// its checkout, the token only where it pushes.
	for _, st := range j.Steps {
		a, ok := st.Exec.(*actionlint.ExecAction)
		if !ok || !strings.HasPrefix(a.Uses.Value, "actions/checkout@") {
			continue
		}
		if p := a.Inputs["persist-credentials"]; p == nil || p.Value.Value != "false" {
			t.Error("the bench job's checkout keeps its credentials")
		}
	}
	if r := runStep(t, j, "Run the suite"); strings.Contains(r, "token") {
		t.Errorf("the suite's step sees a token: %q", r)
	}
	if p := w.Permissions; p == nil || len(p.Scopes) != 1 || p.Scopes["contents"] == nil || p.Scopes["contents"].Value.Value != "read" {
		t.Error("the workflow's permissions are not contents: read alone")
	}
	if k := cacheKeys(t, j); len(k) != 3 || !strings.Contains(k[0], "matrix.machine") || !strings.Contains(k[1], "matrix.machine") || !strings.Contains(k[2], "matrix.machine") {
		t.Errorf("cache keys %q: each machine needs its own previous results", k)
	}
	var order []string
	for _, s := range j.Steps {
		name := ""
		switch e := s.Exec.(type) {
		case *actionlint.ExecAction:
			name = e.Uses.Value
			if strings.HasPrefix(name, "actions/cache/") {
				if k := e.Inputs["key"].Value.Value; !strings.Contains(k, "github.run_attempt") {
					t.Errorf("%s: key %q without the run attempt", name, k)
				}
			}
		case *actionlint.ExecRun:
			if s.Name != nil {
				name = s.Name.Value
			}
			if strings.Contains(e.Run.Value, "benchstat") && (s.ContinueOnError == nil || !s.ContinueOnError.Value) && (s.If == nil || !strings.Contains(s.If.Value, "always()")) {
				t.Errorf("step %q can fail the job before the stores", name)
			}
		}
		order = append(order, name)
	}
	save := slices.Index(order, "actions/cache/save@v4")
	lastStore := -1
	for i, n := range order {
		if strings.HasPrefix(n, "benchmark-action/") {
			lastStore = i
		}
	}
	if save < 0 || save < lastStore {
		t.Errorf("the cache is saved at step %d, the last store is step %d: save after storing", save, lastStore)
	}
}

// cacheKeys is every key and restore-keys of the job's cache steps.
func cacheKeys(t *testing.T, j *actionlint.Job) []string {
	t.Helper()
	var keys []string
	for _, s := range j.Steps {
		if e, ok := s.Exec.(*actionlint.ExecAction); ok && strings.HasPrefix(e.Uses.Value, "actions/cache/") {
			for _, in := range []string{"key", "restore-keys"} {
				if v := e.Inputs[in]; v != nil {
					keys = append(keys, v.Value.Value)
				}
			}
		}
	}
	return keys
}

// TestBenchWorkflowMachines: the nightly's matrix is the dashboard's list
// of machines (dashboard.Machines), each on its runner, and the stores
// and the notify job go by the machine's id.
func TestBenchWorkflowMachines(t *testing.T) {
	w := parseWorkflow(t, "bench.yml")
	j := job(t, w, "bench")
	if j.Strategy == nil || j.Strategy.Matrix == nil || j.Strategy.Matrix.Include == nil {
		t.Fatal("the bench job has no matrix of machines (strategy.matrix.include)")
	}
	if j.Strategy.FailFast == nil || j.Strategy.FailFast.Value {
		t.Error("fail-fast is not false: one machine's alert would cancel the other's run")
	}
	var got []string
	for _, combo := range j.Strategy.Matrix.Include.Combinations {
		m, r := combo.Assigns["machine"], combo.Assigns["runner"]
		if m == nil || r == nil {
			t.Fatalf("a matrix entry without machine or runner: %v", combo.Assigns)
		}
		got = append(got, m.Value.String()+" "+r.Value.String())
	}
	var want []string
	for _, m := range dashboard.Machines {
		want = append(want, strconv.Quote(m.ID)+" "+strconv.Quote(m.Runner))
	}
	if !slices.Equal(got, want) {
		t.Errorf("the matrix is %q, dashboard.Machines %q", got, want)
	}
	const runner = "${{ matrix.runner }}"
	if r := j.RunsOn; r == nil || !(r.LabelsExpr != nil && r.LabelsExpr.Value == runner || len(r.Labels) == 1 && r.Labels[0].Value == runner) {
		t.Error("the bench job does not run on ${{ matrix.runner }}")
	}
}
