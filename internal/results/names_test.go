package results

import (
	"os"
	"regexp"
	"testing"
)

// TestModuleIsGoMod: Module, the package whose benchmarks get no prefix,
// is the module go.mod declares.
func TestModuleIsGoMod(t *testing.T) {
	b, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^module (\S+)$`).FindSubmatch(b)
	if m == nil || string(m[1]) != Module {
		t.Fatalf("go.mod declares module %q, results.Module is %q", m, Module)
	}
}

func TestName(t *testing.T) {
	for _, tc := range []struct{ pkg, name, want string }{
		{Module, "H1GetBytes/buf=fresh/client=raw", "H1GetBytes/buf=fresh/client=raw"},
		{"", "X", "X"},
		{Module + "/loadbench/load", "Schedule/n=1", "loadbench/load.Schedule/n=1"},
		{Module + "/h2c", "Frame", "h2c.Frame"},
		{Module + "x/y", "A", Module + "x/y.A"}, // a module whose path starts like ours
		{"example.com/other", "A", "example.com/other.A"},
	} {
		if got := Name(tc.pkg, tc.name); got != tc.want {
			t.Errorf("Name(%q, %q) = %q, want %q", tc.pkg, tc.name, got, tc.want)
		}
	}
}
