package scripts_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rhysd/actionlint"
)

// fuzzTarget is one entry of the fuzz workflow's matrix.
type fuzzTarget struct{ pkg, target string }

// fuzzFunctions finds every fuzz target of the module: each func
// FuzzXxx(*testing.F) of a _test.go file, with its package directory as go
// test names it ("./fixtures").
func fuzzFunctions(t *testing.T) []fuzzTarget {
	t.Helper()
	var found []fuzzTarget
	fset := token.NewFileSet()
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != ".." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil && path != ".." {
				return filepath.SkipDir // another module
			}
			return nil
		}
		if !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || !strings.HasPrefix(fn.Name.Name, "Fuzz") || len(fn.Type.Params.List) != 1 {
				continue
			}
			if star, ok := fn.Type.Params.List[0].Type.(*ast.StarExpr); !ok {
				continue
			} else if sel, ok := star.X.(*ast.SelectorExpr); !ok || sel.Sel.Name != "F" {
				continue
			}
			rel, err := filepath.Rel("..", filepath.Dir(path))
			if err != nil {
				return err
			}
			found = append(found, fuzzTarget{"./" + filepath.ToSlash(rel), fn.Name.Name})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return found
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

// TestFuzzWorkflow: the fuzz workflow runs weekly and on demand, reads
// only, has a timeout, and its matrix is every fuzz target of the module,
// once each (the artifact is named after the target); each job fuzzes its
// target for the dispatch's time, 3m by default; on failure it turns the
// new input into a patch and uploads both.
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
	if w.Permissions == nil || len(w.Permissions.Scopes) != 1 || w.Permissions.Scopes["contents"] == nil || w.Permissions.Scopes["contents"].Value.Value != "read" {
		t.Error("the workflow's permissions are not contents: read alone")
	}
	j := job(t, w, "fuzz")
	if j.Permissions != nil {
		t.Error("the fuzz job asks for permissions")
	}
	if j.TimeoutMinutes == nil || j.TimeoutMinutes.Value > 120 {
		t.Error("the fuzz job has no timeout")
	}

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
		if a, ok := s.Exec.(*actionlint.ExecAction); ok && strings.HasPrefix(a.Uses.Value, "actions/upload-artifact@") {
			upload = s.If != nil && s.If.Value == "failure()" && a.Inputs["path"] != nil && a.Inputs["path"].Value.Value == "fuzz-crasher/"
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
	script := runStep(t, job(t, parseWorkflow(t, "fuzz.yml"), "fuzz"), "The failing input, as a patch")
	git := func(dir string, args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1",
			"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %q: %v\n%s", args, err, out)
		}
	}
	write := func(path, s string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	runPatch := func(dir string) string {
		t.Helper()
		summary := filepath.Join(t.TempDir(), "summary")
		cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "PKG=./fixtures", "TARGET=FuzzX", "GITHUB_STEP_SUMMARY="+summary,
			"GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("patch step: %v\n%s", err, out)
		}
		b, err := os.ReadFile(summary)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}

	repo := t.TempDir()
	git(repo, "init", "-q")
	write(filepath.Join(repo, "fixtures/f.go"), "package fixtures\n")
	const old = "fixtures/testdata/fuzz/FuzzX/old"
	write(filepath.Join(repo, old), "go test fuzz v1\n[]byte(\"old\")\n")
	git(repo, "add", ".")
	git(repo, "commit", "-q", "-m", "base")

	write(filepath.Join(repo, "fuzz.log"), "--- FAIL: FuzzX (0.01s)\n")
	if s := runPatch(repo); !strings.Contains(s, "failed without writing an input") {
		t.Errorf("no new input: summary %q", s)
	}
	if _, err := os.Stat(filepath.Join(repo, "fuzz-crasher")); err == nil {
		t.Error("no new input, but a fuzz-crasher directory to upload")
	}

	const crasher = "fixtures/testdata/fuzz/FuzzX/1a2b3c"
	const content = "go test fuzz v1\n[]byte(\"boom\")\n"
	write(filepath.Join(repo, crasher), content)
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
	git(repo, "clone", "-q", repo, clone)
	git(clone, "apply", filepath.Join(repo, "fuzz-crasher", "crasher.patch"))
	if b, err := os.ReadFile(filepath.Join(clone, crasher)); err != nil || string(b) != content {
		t.Errorf("git apply crasher.patch gives %q, %v", b, err)
	}
}
