package httpclientbench_test

import (
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

// TestLayers: no package imports one of a higher floor, and every package
// has a floor. It reads the import lines of every non-test file, whatever
// its build constraints, of the module's own packages (the examples are
// modules of their own).
func TestLayers(t *testing.T) {
	imports := map[string]map[string]bool{} // dir -> the module's packages it imports
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
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		dir := filepath.ToSlash(filepath.Dir(path))
		if imports[dir] == nil {
			imports[dir] = map[string]bool{}
		}
		for _, imp := range f.Imports {
			p, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				return err
			}
			if p == module {
				imports[dir]["."] = true
			} else if rel, ok := strings.CutPrefix(p, module+"/"); ok {
				imports[dir][rel] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
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
			if to := floor(imp); to > from {
				t.Errorf("%s (%s) imports %s (%s), a higher floor", dir, layers[from].name, imp, layers[to].name)
			}
		}
	}
}

// TestFloor: the floors the directories get.
func TestFloor(t *testing.T) {
	for dir, want := range map[string]string{
		".":                      "commands",
		"internal/markdown":      "shared helpers",
		"server":                 "servers",
		"server/h2c/h2wire":      "servers",
		"clients/clienttest":     "clients",
		"loadbench/load":         "load",
		"cmd/coldstart/rusage":   "commands",
		"dashboard/internal/gen": "commands",
		"serverless":             "",
		"internal2":              "",
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
