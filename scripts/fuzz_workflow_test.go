package scripts_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rhysd/actionlint"
)

// fuzzTarget is one entry of the fuzz workflow's matrix.
type fuzzTarget struct{ pkg, target string }

// fuzzFunctions finds every fuzz target of the module: each func
// FuzzXxx(f *testing.F) of a _test.go file, gofmt'ed, with its package
// directory as go test names it ("./fixtures").
func fuzzFunctions(t *testing.T) []fuzzTarget {
	t.Helper()
	var found []fuzzTarget
	fuzz := regexp.MustCompile(`(?m)^func (Fuzz\w*)\(\w+ \*testing\.F\)`)
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || path == ".." {
			return err
		}
		if _, mod := os.Stat(filepath.Join(path, "go.mod")); d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || mod == nil) {
			return filepath.SkipDir // not the module's code, or another module
		}
		if !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, err := filepath.Rel("..", filepath.Dir(path))
		for _, m := range fuzz.FindAllStringSubmatch(readFile(t, path), -1) {
			found = append(found, fuzzTarget{"./" + filepath.ToSlash(rel), m[1]})
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return found
}

// TestFuzzWorkflow: the fuzz workflow runs weekly and on demand, and its
// matrix is every fuzz target of the module, once each (the artifact is
// named after the target); each job fuzzes its target for the dispatch's
// time, 3m by default; on failure it turns the new input into a patch and
// uploads both.
func TestFuzzWorkflow(t *testing.T) {
	w := parseWorkflow(t, "fuzz.yml")
	var schedule, dispatch bool
	for _, e := range w.On {
		switch e := e.(type) {
		case *actionlint.ScheduledEvent:
			schedule = len(e.Schedules) > 0
		case *actionlint.WorkflowDispatchEvent:
			in := e.Inputs["fuzztime"]
			dispatch = in != nil && in.Default != nil && in.Default.Value == "3m"
		}
	}
	if !schedule || !dispatch {
		t.Errorf("the workflow is not scheduled (%v), or its dispatch has no fuzztime input defaulting to 3m (%v)", schedule, dispatch)
	}
	j := job(t, w, "fuzz")

	var matrix []fuzzTarget
	for _, c := range j.Strategy.Matrix.Include.Combinations {
		var e fuzzTarget
		for _, a := range c.Assigns {
			v, _ := a.Value.(*actionlint.RawYAMLString)
			switch {
			case v == nil:
			case a.Key.Value == "pkg":
				e.pkg = v.Value
			case a.Key.Value == "target":
				e.target = v.Value
			}
		}
		if slices.ContainsFunc(matrix, func(m fuzzTarget) bool { return m.target == e.target }) {
			t.Errorf("%s twice in the matrix", e.target)
		}
		matrix = append(matrix, e)
	}
	funcs := fuzzFunctions(t)
	for _, f := range funcs {
		if !slices.Contains(matrix, f) {
			t.Errorf("fuzz target %s of %s is not in fuzz.yml's matrix: add - { pkg: %s, target: %s }", f.target, f.pkg, f.pkg, f.target)
		}
	}
	for _, m := range matrix {
		if !slices.Contains(funcs, m) {
			t.Errorf("fuzz.yml's matrix has %+v, which is no fuzz target of the module", m)
		}
	}

	fuzz := step(t, j, "Fuzz")
	run, _ := fuzz.Exec.(*actionlint.ExecRun)
	if run == nil || !strings.Contains(run.Run.Value, `go test -run='^$' -fuzz="^${TARGET}\$" -fuzztime="$FUZZTIME" "$PKG"`) {
		t.Errorf("the Fuzz step runs %v", run)
	}
	env := stepEnv(fuzz)
	ctx := map[string]any{"matrix": map[string]any{"pkg": "./p", "target": "FuzzX"}, "inputs": map[string]any{}}
	if evalTemplate(t, env["PKG"], ctx) != "./p" || evalTemplate(t, env["TARGET"], ctx) != "FuzzX" || evalTemplate(t, env["FUZZTIME"], ctx) != "3m" {
		t.Errorf("the Fuzz step's env %q does not give the matrix's package and target, and 3m", env)
	}
	ctx["inputs"] = map[string]any{"fuzztime": "20m"}
	if got := evalTemplate(t, env["FUZZTIME"], ctx); got != "20m" {
		t.Errorf("a dispatch's fuzztime 20m gives -fuzztime %q", got)
	}
	patch := step(t, j, "The failing input, as a patch")
	if patch.If == nil || patch.If.Value != "failure()" || stepEnv(patch)["TARGET"] != env["TARGET"] || stepEnv(patch)["PKG"] != env["PKG"] {
		t.Error("the patch step does not run on failure for the job's target")
	}
	var upload bool
	for _, s := range j.Steps {
		if uses, in := inputs(s); strings.HasPrefix(uses, "actions/upload-artifact@") {
			upload = s.If != nil && s.If.Value == "failure()" && in["path"] == "fuzz-crasher/"
		}
	}
	if !upload {
		t.Error("no upload of fuzz-crasher/ on failure")
	}
}

// TestFuzzCrasherPatch runs the workflow's patch step in a repository
// where a fuzz target has just written a failing input: the artifact holds
// that input alone (not the ones committed before) and a patch that adds it
// to a fresh checkout, and the summary says how. Without a new input the
// step says so and uploads nothing.
func TestFuzzCrasherPatch(t *testing.T) {
	t.Parallel()
	script := runStep(t, job(t, parseWorkflow(t, "fuzz.yml"), "fuzz"), "The failing input, as a patch")
	runPatch := func(dir string) string {
		t.Helper()
		s := bashStep(t, script, dir, "PKG=./fixtures", "TARGET=FuzzX")
		if !s.ok {
			t.Fatal("the patch step failed")
		}
		return s.summary
	}
	repo := t.TempDir()
	git(t, repo, "init", "-q")
	writeFile(t, filepath.Join(repo, "fixtures/f.go"), "package fixtures\n")
	const old = "fixtures/testdata/fuzz/FuzzX/old"
	writeFile(t, filepath.Join(repo, old), "go test fuzz v1\n[]byte(\"old\")\n")
	git(t, repo, "add", ".")
	git(t, repo, "commit", "-q", "-m", "base")

	writeFile(t, filepath.Join(repo, "fuzz.log"), "--- FAIL: FuzzX (0.01s)\n")
	if s := runPatch(repo); !strings.Contains(s, "failed without writing an input") {
		t.Errorf("no new input: summary %q", s)
	}
	if _, err := os.Stat(filepath.Join(repo, "fuzz-crasher")); err == nil {
		t.Error("no new input, but a fuzz-crasher directory to upload")
	}

	const crasher = "fixtures/testdata/fuzz/FuzzX/1a2b3c"
	const content = "go test fuzz v1\n[]byte(\"boom\")\n"
	writeFile(t, filepath.Join(repo, crasher), content)
	s := runPatch(repo)
	for _, want := range []string{"**fuzz-FuzzX**", "`git apply crasher.patch`", crasher, "`go test -run='^FuzzX/1a2b3c$' ./fixtures`", "--- FAIL: FuzzX"} {
		if !strings.Contains(s, want) {
			t.Errorf("summary lacks %q:\n%s", want, s)
		}
	}
	if b, err := os.ReadFile(filepath.Join(repo, "fuzz-crasher", crasher)); err != nil || string(b) != content {
		t.Errorf("the artifact's copy of the input: %q, %v", b, err)
	}
	if _, err := os.Stat(filepath.Join(repo, "fuzz-crasher", old)); err == nil {
		t.Error("the artifact holds an input committed before")
	}
	clone := filepath.Join(t.TempDir(), "clone")
	git(t, repo, "clone", "-q", repo, clone)
	git(t, clone, "apply", filepath.Join(repo, "fuzz-crasher", "crasher.patch"))
	if b, err := os.ReadFile(filepath.Join(clone, crasher)); err != nil || string(b) != content {
		t.Errorf("git apply crasher.patch gives %q, %v", b, err)
	}
}
