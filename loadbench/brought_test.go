package loadbench

import (
	"bytes"
	"net/http"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/clients"
)

// TestMainBrought: a program whose main is Main with a client of its own
// (testdata/mine) runs it by default, beside the suite's clients, each
// request checked as theirs are.
func TestMainBrought(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "mine")
	if out, err := exec.Command("go", "build", "-o", bin, "./testdata/mine").CombinedOutput(); err != nil {
		t.Fatalf("go build ./testdata/mine: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "-rate", "200", "-duration", "300ms", "-rounds", "1", "-h")
	help, _ := cmd.CombinedOutput()
	if !strings.Contains(string(help), "nethttp,") || !strings.Contains(string(help), ",tuned") {
		t.Errorf("-h does not list tuned among the default clients:\n%s", help)
	}
	var stdout, stderr bytes.Buffer
	cmd = exec.Command(bin, "-rate", "200", "-duration", "300ms", "-rounds", "1", "-clients", "raw,tuned")
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v\n%s", err, stderr.Bytes())
	}
	p := parse(t, stdout.String())
	if want := []string{"Load/mode=steady/rate=200/payload=json/client=raw", "Load/mode=steady/rate=200/payload=json/client=tuned"}; !slices.Equal(p.names, want) {
		t.Fatalf("results %q, want %q", p.names, want)
	}
	for i, v := range p.values {
		if p.iters[i] < 1 || v["errors"] != 0 {
			t.Errorf("%s: %d answered, %v errors", p.names[i], p.iters[i], v["errors"])
		}
	}
}

// TestBringRefuses: a brought client with no name, no constructor, a name
// loadbench already runs or one that cannot be a -clients item.
func TestBringRefuses(t *testing.T) {
	defer func(f []clients.Factory, d []string) { factories, DefaultClients = f, d }(factories, DefaultClients)
	ok := clients.TunedNetHTTP("brought", func(*http.Transport) {})
	for _, f := range []clients.Factory{{Name: "", New: ok.New}, {Name: "x"}, {Name: "nethttp", New: ok.New}, {Name: "a,b", New: ok.New}} {
		if err := bring([]clients.Factory{f}); err == nil {
			t.Errorf("brought %q: no error", f.Name)
		}
	}
	if err := bring([]clients.Factory{ok}); err != nil || !slices.Contains(DefaultClients, "brought") {
		t.Errorf("bring(brought): %v; default clients %v", err, DefaultClients)
	}
	if err := bring([]clients.Factory{ok}); err == nil {
		t.Errorf("bringing %q twice: no error", ok.Name)
	}
}
