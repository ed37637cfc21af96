package httpclientbench_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/httpclientbench/httpclientbench"

// layers is the whiteboard of docs/architecture.md ("Architecture"): the
// module's packages by floor, lowest first. A package's code (its _test.go
// files aside) imports packages of its own floor or of a lower one, never
// of a higher one; each floor is named by the directories whose packages
// it holds (a directory holds the packages under it too).
var layers = []struct {
	name string
	dirs []string
}{
	{"shared helpers", []string{"internal"}},
	{"servers", []string{"server"}},
	{"network paths", []string{"netem"}},
	{"clients", []string{"clients"}},
	{"load", []string{"loadbench"}},
	{"suite", []string{"suite"}},
	{"behaviour", []string{"behaviour"}},
	{"commands", []string{"cmd", "dashboard", "scripts", "."}},
}

// floor is the index in layers of the package in dir (relative to the
// module root, "." for the root package), -1 if no floor names it.
func floor(dir string) int {
	for i, l := range layers {
		for _, d := range l.dirs {
			if dir == d || d != "." && strings.HasPrefix(dir, d+"/") {
				return i
			}
		}
	}
	return -1
}

// tree is the command that dir is part of: cmd/NAME, or the top
// directory (dashboard, scripts, the root package ".").
func tree(dir string) string {
	parts := strings.SplitN(dir, "/", 3)
	if parts[0] == "cmd" && len(parts) > 1 {
		return "cmd/" + parts[1]
	}
	return parts[0]
}

// TestLayers: no package imports one of a higher floor, nor a command's
// package from outside that command's tree, and every package has a
// floor. It reads the import lines of every non-test file of the
// module's own packages (moduleFiles).
func TestLayers(t *testing.T) {
	imports := map[string]map[string]bool{} // dir -> the module's packages it imports
	for path, f := range moduleFiles(t, parser.ImportsOnly) {
		dir := filepath.ToSlash(filepath.Dir(path))
		if imports[dir] == nil {
			imports[dir] = map[string]bool{}
		}
		for _, imp := range f.Imports {
			p, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				t.Fatal(err)
			}
			if p == module {
				imports[dir]["."] = true
			} else if rel, ok := strings.CutPrefix(p, module+"/"); ok {
				imports[dir][rel] = true
			}
		}
	}
	if len(imports) < 10 {
		t.Fatalf("found %d packages, want the module's", len(imports))
	}
	for _, dir := range slices.Sorted(maps.Keys(imports)) {
		from := floor(dir)
		if from < 0 {
			t.Errorf("%s: on no floor of layers_test.go's layers; add it to one", dir)
			continue
		}
		for _, imp := range slices.Sorted(maps.Keys(imports[dir])) {
			switch to := floor(imp); {
			case to > from:
				t.Errorf("%s (%s) imports %s (%s), a higher floor", dir, layers[from].name, imp, layers[to].name)
			case to == len(layers)-1 && tree(imp) != tree(dir):
				t.Errorf("%s imports %s, a command's (or the benchmarks') package: nothing outside its tree may", dir, imp)
			}
		}
	}
}

// TestFloor: the floors the directories get.
func TestFloor(t *testing.T) {
	for dir, want := range map[string]string{
		".":                         "commands",
		"internal/markdown":         "shared helpers",
		"server":                    "servers",
		"server/h2c/h2wire":         "servers",
		"clients/clienttest":        "clients",
		"loadbench/load":            "load",
		"cmd/coldstart/rusage":      "commands",
		"dashboard/internal/sample": "commands",
		"serverless":                "",
		"internal2":                 "",
	} {
		got := ""
		if i := floor(dir); i >= 0 {
			got = layers[i].name
		}
		if got != want {
			t.Errorf("floor(%q) = %q, want %q", dir, got, want)
		}
	}
}

// maxFuncLines is the most lines a function of the module's non-test code
// may take, from its func line to its closing brace: past it, a function
// is steps that want names.
const maxFuncLines = 100

// TestFunctionsShort: no function of the module's non-test code is longer
// than maxFuncLines: no func declaration, nor a function literal outside
// one (a package-level var's; one inside a declaration counts in its
// lines).
func TestFunctionsShort(t *testing.T) {
	fset := token.NewFileSet()
	lines := func(n ast.Node) int { return fset.Position(n.End()).Line - fset.Position(n.Pos()).Line + 1 }
	for path, f := range moduleFilesIn(t, fset, 0) {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				if n := lines(fd); fd.Body != nil && n > maxFuncLines {
					t.Errorf("%s: %s is %d lines, more than %d", path, fd.Name.Name, n, maxFuncLines)
				}
				continue
			}
			ast.Inspect(d, func(n ast.Node) bool {
				if fl, ok := n.(*ast.FuncLit); ok && lines(fl) > maxFuncLines {
					t.Errorf("%s:%d: a function literal of %d lines, more than %d", path, fset.Position(fl.Pos()).Line, lines(fl), maxFuncLines)
				}
				return true
			})
		}
	}
}

// moduleFiles parses, with mode, every non-test Go file of the module's
// own packages whatever its build constraints (the examples are modules
// of their own, testdata is not code), by path.
func moduleFiles(t *testing.T, mode parser.Mode) map[string]*ast.File {
	return moduleFilesIn(t, token.NewFileSet(), mode)
}

func moduleFilesIn(t *testing.T, fset *token.FileSet, mode parser.Mode) map[string]*ast.File {
	t.Helper()
	files := map[string]*ast.File{}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != "." && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "node_modules") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); path != "." && err == nil {
				return filepath.SkipDir // a module of its own
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, mode)
		files[path] = f
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 50 {
		t.Fatalf("found %d Go files, want the module's", len(files))
	}
	return files
}
