package loadbench

import (
	"bytes"
	"net/http"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/clients"
)

// TestMainBrought: a program whose main is Main with a client of its own
// (testdata/mine) runs it by default, beside the suite's clients, each
// request checked as theirs are. The program is run with go run, whose
// build the build cache keeps (go build -o links it anew each time, most
// of this test's time): it is the program all the same, and the processes
// of its runs are it started again.
func TestMainBrought(t *testing.T) {
	t.Parallel()
	mine := func(args ...string) *exec.Cmd {
		return exec.Command("go", append([]string{"run", "./testdata/mine"}, args...)...)
	}
	help, _ := mine("-rate", "200", "-duration", "300ms", "-rounds", "1", "-h").CombinedOutput()
	if !strings.Contains(string(help), "nethttp,") || !strings.Contains(string(help), ",tuned") {
		t.Errorf("-h does not list tuned among the default clients:\n%s", help)
	}
	var stdout, stderr bytes.Buffer
	cmd := mine("-rate", "200", "-duration", "300ms", "-rounds", "1", "-clients", "raw,tuned")
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
