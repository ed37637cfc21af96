package registry

import (
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestEntries: names are benchmark-name values, unique; colours are
// distinct #rrggbb; every client has rows in some protocol; only the
// standard library's and the floor's entries lack a module.
func TestEntries(t *testing.T) {
	name := regexp.MustCompile(`^[a-z][a-z0-9_]*$`) // a benchmark-name value: no "-", "/" or space
	colour := regexp.MustCompile(`^#[0-9a-f]{6}$`)
	seenName, seenColour := map[string]bool{}, map[string]bool{}
	for _, c := range All() {
		if !name.MatchString(c.Name) || seenName[c.Name] {
			t.Errorf("name %q: not a benchmark-name value, or twice", c.Name)
		}
		if !colour.MatchString(c.Colour) || seenColour[c.Colour] {
			t.Errorf("%s: colour %q not #rrggbb, or shared", c.Name, c.Colour)
		}
		seenName[c.Name], seenColour[c.Colour] = true, true
		if c.Protos == 0 || c.Package == "" {
			t.Errorf("%s: no protocol or no package", c.Name)
		}
		if (c.Module == "") != (c.Role == Floor || !strings.Contains(c.Package, ".")) {
			t.Errorf("%s: module %q for package %q", c.Name, c.Module, c.Package)
		}
		if c.Module != "" && !strings.HasPrefix(c.Package, c.Module) {
			t.Errorf("%s: package %q is not in module %q", c.Name, c.Package, c.Module)
		}
	}
	if Of(BaselineName).Role != Baseline || Of(FloorName).Role != Floor {
		t.Errorf("baseline %q, floor %q", BaselineName, FloorName)
	}
}

// TestModulesInGoMod: every library's module is a requirement of go.mod,
// which gives its version.
func TestModulesInGoMod(t *testing.T) {
	b, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range All() {
		if c.Module != "" && !regexp.MustCompile(`(?m)^\s*(require\s+)?`+regexp.QuoteMeta(c.Module)+` v`).Match(b) {
			t.Errorf("%s: module %s is not required by go.mod", c.Name, c.Module)
		}
	}
}

// TestLookup: a protocol set prints in order; an unknown name is not a
// client; the floor is no library.
func TestLookup(t *testing.T) {
	if got := (H1 | H2C | H3).String(); got != "h1, h2c, h3" {
		t.Errorf("(H1|H2C|H3).String() = %q", got)
	}
	if _, ok := Lookup("nope"); ok || Of("nope").Protos != 0 {
		t.Error("an unknown client found")
	}
	if slices.Contains(Libraries(0), FloorName) || !slices.Contains(Names(0), FloorName) {
		t.Errorf("the floor %s among the libraries %v, or not among the clients", FloorName, Libraries(0))
	}
}

// reportTools are the packages that draw results: they learn the clients
// from the registry and must build without any client library.
var reportTools = []string{"./cmd/benchreport", "./cmd/benchjson", "./cmd/benchdiff", "./loadbench/report", "./internal/results", "./internal/palette", "./dashboard", "./loadbench/load"}

// TestReportToolsImportNoClient: go list -deps of the report tools names
// not the clients package, nor any package of a client's library module.
// x/net is the one library module with other uses: of it, only its http2
// package, xnethttp2's, is banned.
func TestReportToolsImportNoClient(t *testing.T) {
	cmd := exec.Command("go", append([]string{"list", "-deps"}, reportTools...)...)
	cmd.Dir = "../.."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	banned := func(dep string) bool {
		if dep == "github.com/httpclientbench/httpclientbench/clients" {
			return true
		}
		for _, c := range All() {
			switch {
			case c.Module == "":
			case c.Module == "golang.org/x/net":
				if dep == c.Package || strings.HasPrefix(dep, c.Package+"/") {
					return true
				}
			case dep == c.Module || strings.HasPrefix(dep, c.Module+"/"):
				return true
			}
		}
		return false
	}
	for _, dep := range strings.Fields(string(out)) {
		if banned(dep) {
			t.Errorf("the report tools (%s) import %s", strings.Join(reportTools, " "), dep)
		}
	}
}
