package scripts_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/rhysd/actionlint"
)

// nightly is one machine's job of the nightly workflow, run step by step
// the way GitHub runs it: the alert check and, when the workflow would run
// it, the notify job, both the workflow's own scripts from bench.yml.
type nightly struct {
	t        *testing.T
	w        *actionlint.Workflow
	machine  string
	ws       string // the job's workspace: previous.txt, results.txt, alert.md
	path     string // PATH with the fake gh first
	ghState  string
	previous string // the previous stored run's results, "" on the first
}

func newNightly(t *testing.T, machine, path, ghState string) *nightly {
	ws := t.TempDir()
	scripts, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	// The steps call scripts/…, from the checkout's root.
	if err := os.Symlink(scripts, filepath.Join(ws, "scripts")); err != nil {
		t.Fatal(err)
	}
	return &nightly{t: t, w: parseWorkflow(t, "bench.yml"), machine: machine, ws: ws, path: path, ghState: ghState}
}

// bashStep runs a run: step's script as GitHub does (bash -eo pipefail
// from a file), in dir, with env, and returns GITHUB_OUTPUT's lines, the
// job summary and whether it succeeded.
func (n *nightly) bashStep(script, dir string, env ...string) (outputs map[string]string, summary string, ok bool) {
	t := n.t
	t.Helper()
	tmp := t.TempDir()
	file := filepath.Join(tmp, "step.sh")
	out, sum := filepath.Join(tmp, "output"), filepath.Join(tmp, "summary")
	for _, f := range []string{out, sum} {
		if err := os.WriteFile(f, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(file, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", file)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), append([]string{"GITHUB_OUTPUT=" + out, "GITHUB_STEP_SUMMARY=" + sum, "PATH=" + n.path, "MACHINE=" + n.machine}, env...)...)
	log, err := cmd.CombinedOutput()
	if err != nil {
		if _, isExit := err.(*exec.ExitError); !isExit {
			t.Fatal(err)
		}
		t.Logf("step failed: %v\n%s", err, log)
	}
	b, _ := os.ReadFile(out)
	outputs = map[string]string{}
	for _, l := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(l, "="); ok {
			outputs[k] = v
		}
	}
	s, _ := os.ReadFile(sum)
	return outputs, string(s), err == nil
}

// run is one nightly of n.machine on results (a file of one commit): the
// job's steps from "Keep these results for the next run" on. It returns
// the alert's Markdown (the job summary's) and whether the job failed;
// when the workflow's notify job would run, it runs it.
func (n *nightly) run(results string) (alert string, failed bool) {
	t := n.t
	t.Helper()
	bench := job(t, n.w, "bench")
	// The job's workspace after the suite ran and the cache was restored:
	// results.txt, and previous/results.txt unless this is the machine's
	// first run.
	for _, f := range []string{"previous", "previous.txt", "next", "alert.md"} {
		if err := os.RemoveAll(filepath.Join(n.ws, f)); err != nil {
			t.Fatal(err)
		}
	}
	copyFile(t, results, filepath.Join(n.ws, "results.txt"))
	if n.previous != "" {
		if err := os.Mkdir(filepath.Join(n.ws, "previous"), 0o755); err != nil {
			t.Fatal(err)
		}
		copyFile(t, n.previous, filepath.Join(n.ws, "previous", "results.txt"))
	}
	// "Keep these results for the next run" puts this run's results where
	// the cache saves them and the previous ones aside for the alert.
	if _, _, ok := n.bashStep(runStep(t, bench, "Keep these results for the next run"), n.ws); !ok {
		t.Fatal("the step keeping the results failed")
	}
	if b, err := os.ReadFile(filepath.Join(n.ws, "previous", "results.txt")); err != nil || !bytesEqualFile(t, b, results) {
		t.Fatalf("previous/results.txt, which the cache saves as the next baseline, is not this run's results (%v)", err)
	}
	outputs, summary, ok := n.bashStep(runStep(t, bench, "Alert check (more than 2x worse than the previous run)"), n.ws)
	if !ok {
		t.Fatalf("the alert check step failed (an error, not an alert):\n%s", summary)
	}
	ctx := map[string]any{"steps": map[string]any{"alert": map[string]any{"outputs": toAny(outputs)}}}
	failed = evalCond(t, stepIf(t, bench, "Fail on the alert"), ctx)
	upload := evalCond(t, stepIf(t, bench, "Keep the alert for the notify job"), ctx)
	if upload != failed {
		t.Errorf("the alert is kept for the notify job: %v, the job fails: %v", upload, failed)
	}
	n.previous = results // stored: the next run's baseline

	notify := job(t, n.w, "notify")
	result := "success"
	if failed {
		result = "failure"
	}
	if notify.If == nil || !evalCond(t, notify.If.Value, map[string]any{"needs": map[string]any{"bench": map[string]any{"result": result}}}) {
		return summary, failed
	}
	// The notify job downloads every bench-alert-* artifact into alerts/.
	nws := t.TempDir()
	if err := os.Symlink(filepath.Join(n.ws, "scripts"), filepath.Join(nws, "scripts")); err != nil {
		t.Fatal(err)
	}
	if upload {
		dir := filepath.Join(nws, "alerts", "bench-alert-"+n.machine)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		copyFile(t, filepath.Join(n.ws, "alert.md"), filepath.Join(dir, "alert.md"))
	}
	if _, _, ok := n.bashStep(runStep(t, notify, "Open or update each machine's alert issue"), nws,
		"GH_TOKEN=fake", "REPO=httpclientbench/httpclientbench", "RUN_URL=https://github.invalid/runs/1", FakeGHEnv+"="); !ok {
		t.Fatal("the notify step failed")
	}
	return summary, failed
}

// bytesEqualFile reports whether b is the content of the file at path.
func bytesEqualFile(t *testing.T, b []byte, path string) bool {
	t.Helper()
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b) == string(want)
}

func toAny(m map[string]string) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		out[k] = v
	}
	return out
}

// stepIf is the if: of the step named name.
func stepIf(t *testing.T, j *actionlint.Job, name string) string {
	t.Helper()
	for _, s := range j.Steps {
		if s.Name != nil && s.Name.Value == name {
			if s.If == nil {
				t.Fatalf("step %q has no if:", name)
			}
			return s.If.Value
		}
	}
	t.Fatalf("no step %q", name)
	return ""
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// slowed writes a copy of the recorded run as commit, with the times of
// the named benchmarks multiplied (and their throughput divided) by their
// factor.
func slowed(t *testing.T, commit string, factors map[string]float64) string {
	t.Helper()
	b, err := os.ReadFile("../docs/results.txt")
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	hit := map[string]bool{}
	for _, l := range strings.SplitAfter(string(b), "\n") {
		f := strings.Fields(l)
		switch {
		case len(f) == 2 && f[0] == "commit:":
			l = "commit: " + commit + "\n"
		case len(f) > 3 && strings.HasPrefix(f[0], "Benchmark"):
			name := strings.TrimPrefix(f[0][:strings.LastIndex(f[0], "-")], "Benchmark")
			x, ok := factors[name]
			if !ok {
				break
			}
			hit[name] = true
			for i := 3; i < len(f); i += 2 {
				v, err := strconv.ParseFloat(f[i-1], 64)
				if err != nil {
					t.Fatal(err)
				}
				switch f[i] {
				case "ns/op":
					f[i-1] = strconv.FormatFloat(v*x, 'f', -1, 64)
				case "MB/s":
					f[i-1] = strconv.FormatFloat(v/x, 'f', -1, 64)
				}
			}
			l = strings.Join(f, " ") + "\n"
		}
		out.WriteString(l)
	}
	for name := range factors {
		if !hit[name] {
			t.Fatalf("docs/results.txt has no %s", name)
		}
	}
	p := filepath.Join(t.TempDir(), commit+".txt")
	if err := os.WriteFile(p, []byte(out.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// alertRows is the rows an alert's table names, as "name unit".
func alertRows(md string) []string {
	var rows []string
	for _, l := range strings.Split(md, "\n") {
		if c := strings.Split(l, " | "); len(c) > 2 && strings.HasPrefix(c[0], "| `") {
			rows = append(rows, strings.Trim(c[0], "|` ")+" "+c[1])
		}
	}
	slices.Sort(rows)
	return rows
}

// TestNightlyAlerts runs a series of simulated nightlies through the
// workflow's alert check and notify job (bench.yml's own steps, its
// scripts, a fake gh): a run with rows more than 2× worse than the
// previous stored run fails its job, its summary names exactly those rows
// with their factor, both commits and benchstat's verdict, and it opens
// one issue; the next nightly on the same commit without a new crossing
// passes and notifies no one; a later crossing comments on the open issue;
// the other machine's alert opens its own issue; once the issue is closed
// the next alert opens a new one.
func TestNightlyAlerts(t *testing.T) {
	if testing.Short() {
		t.Skip("runs cmd/benchdiff on the recorded suite five times")
	}
	path, ghState := fakeGHDir(t)
	x64 := newNightly(t, "linux-x64", path, ghState)

	// Night 1: the machine's first run; nothing to compare with.
	if md, failed := x64.run(slowed(t, "aaaaaaaaaaaa", nil)); failed || !strings.Contains(md, "No previous results for linux-x64") {
		t.Fatalf("first run: failed %v\n%s", failed, md)
	}
	// Night 2: three rows 3× and 2.5× slower, one 1.9×: exactly the three
	// cross (the download in ns/op and in MB/s).
	md, failed := x64.run(slowed(t, "bbbbbbbbbbbb", map[string]float64{
		"H1GetBytes/buf=fresh/client=fasthttp":        3,
		"H1Download/size=1MiB/buf=fresh/client=resty": 3,
		"TLSGet/proto=h2/client=nethttp":              2.5,
		"JSON/client=hertz":                           1.9,
	}))
	want := []string{
		"H1Download/size=1MiB/buf=fresh/client=resty MB/s",
		"H1Download/size=1MiB/buf=fresh/client=resty ns/op",
		"H1GetBytes/buf=fresh/client=fasthttp ns/op",
		"TLSGet/proto=h2/client=nethttp ns/op",
	}
	if got := alertRows(md); !failed || !slices.Equal(got, want) {
		t.Fatalf("night 2: failed %v, rows %q, want %q\n%s", failed, got, want, md)
	}
	for _, s := range []string{"linux-x64", "previous `aaaaaaaaaaaa`", "this run `bbbbbbbbbbbb`", "**3.00×**", "**2.50×**", "+200.0% (p=0.002)", "4 of "} {
		if !strings.Contains(md, s) {
			t.Errorf("night 2's summary lacks %q:\n%s", s, md)
		}
	}
	st := readGHState(t, ghState)
	if len(st.Issues) != 1 || !strings.HasPrefix(st.Issues[0].Body, "<!-- httpclientbench:nightly-alert:linux-x64 -->") ||
		!strings.Contains(st.Issues[0].Body, "TLSGet/proto=h2/client=nethttp") || !strings.Contains(st.Issues[0].Title, "linux-x64") {
		t.Fatalf("night 2 notified: %+v", st.Issues)
	}

	// Night 3: the same commit measured again, no new crossing: the job
	// passes and nobody is notified.
	calls := len(readGHState(t, ghState).Calls)
	if md, failed := x64.run(slowed(t, "bbbbbbbbbbbb", map[string]float64{
		"H1GetBytes/buf=fresh/client=fasthttp":        3,
		"H1Download/size=1MiB/buf=fresh/client=resty": 3,
		"TLSGet/proto=h2/client=nethttp":              2.5,
		"JSON/client=hertz":                           1.9,
	})); failed || !strings.Contains(md, "**No alert**") {
		t.Errorf("night 3 (same commit, no new crossing): failed %v\n%s", failed, md)
	}
	if st := readGHState(t, ghState); len(st.Calls) != calls {
		t.Errorf("night 3 called gh: %q", st.Calls[calls:])
	}

	// Night 4: a new crossing comments on the open issue.
	if _, failed := x64.run(slowed(t, "cccccccccccc", map[string]float64{"Multipart/form=small/client=nethttp": 3})); !failed {
		t.Error("night 4 did not fail")
	}
	st = readGHState(t, ghState)
	if len(st.Issues) != 1 || len(st.Issues[0].Comments) != 1 || !strings.Contains(st.Issues[0].Comments[0], "Multipart/form=small/client=nethttp") {
		t.Fatalf("night 4: %d issues, %+v", len(st.Issues), st.Issues)
	}

	// The other machine's alert has an issue of its own.
	arm := newNightly(t, "linux-arm64", path, ghState)
	arm.previous = slowed(t, "bbbbbbbbbbbb", nil)
	if _, failed := arm.run(slowed(t, "cccccccccccc", map[string]float64{"H2Get/window=tuned/client=resty": 4})); !failed {
		t.Error("arm64 did not fail")
	}
	st = readGHState(t, ghState)
	if len(st.Issues) != 2 || !strings.HasPrefix(st.Issues[1].Body, "<!-- httpclientbench:nightly-alert:linux-arm64 -->") || len(st.Issues[0].Comments) != 1 {
		t.Fatalf("arm64's alert: %+v", st.Issues)
	}

	// A closed issue is not reopened: the next alert opens a new one.
	st.Issues[0].State = "closed"
	writeGHState(t, ghState, st)
	x64.run(slowed(t, "dddddddddddd", map[string]float64{"Multipart/form=small/client=nethttp": 9}))
	st = readGHState(t, ghState)
	if len(st.Issues) != 3 || !strings.HasPrefix(st.Issues[2].Body, "<!-- httpclientbench:nightly-alert:linux-x64 -->") || len(st.Issues[0].Comments) != 1 {
		t.Fatalf("after closing: %+v", st.Issues)
	}
}

// TestAlertScriptsRejectBadInput: usage errors and missing files exit 2
// with a message; the notify script needs REPO and RUN_URL.
func TestAlertScriptsRejectBadInput(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		env  []string
		want string
	}{
		{[]string{"bench-alert.sh", "a"}, nil, "usage"},
		{[]string{"bench-alert.sh", "a", filepath.Join(dir, "none.txt"), "m", filepath.Join(dir, "o.md")}, nil, "none.txt: no such file"},
		{[]string{"bench-notify.sh", "a"}, nil, "usage"},
		{[]string{"bench-notify.sh", filepath.Join(dir, "none.md"), "m"}, nil, "missing or empty"},
		{[]string{"bench-notify.sh", "bench-notify.sh", "m"}, []string{"REPO=", "RUN_URL=x"}, "REPO=owner/name is required"},
	} {
		cmd := exec.Command("bash", c.args...)
		cmd.Env = append(os.Environ(), c.env...)
		out, err := cmd.CombinedOutput()
		if e, ok := err.(*exec.ExitError); !ok || !strings.Contains(string(out), c.want) || (c.want != "REPO=owner/name is required" && e.ExitCode() != 2) {
			t.Errorf("%q: %v, %q; want %q", c.args, err, out, c.want)
		}
	}
}

func writeGHState(t *testing.T, path string, st ghState) {
	t.Helper()
	b := fmt.Appendf(nil, "%s", mustJSON(t, st))
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
