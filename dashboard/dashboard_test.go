// Package dashboard_test checks the dashboard's static files. The page
// test, which drives the page in a headless Chromium (browser_test.go), is
// built only with -tags browser, so that a plain go test ./... neither
// downloads nor compiles chromedp.
package dashboard_test

import (
	"bytes"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/dashboard"
	"github.com/httpclientbench/httpclientbench/internal/registry"
)

// TestPageFiles: every script and stylesheet index.html loads is a file
// of this directory (nothing from another host), and the page loads each
// machine's stores itself, from ../<machine>/data.js (dashboard.js adds a
// script element per machine when it is selected), not from a fixed path.
func TestPageFiles(t *testing.T) {
	html, err := os.ReadFile("index.html")
	if err != nil {
		t.Fatal(err)
	}
	refs := regexp.MustCompile(`(?:src|href)="([^"]+)"`).FindAllStringSubmatch(string(html), -1)
	for _, m := range refs {
		ref := m[1]
		switch {
		case strings.HasPrefix(ref, "data:"): // inline
		case strings.Contains(ref, "://") || strings.HasPrefix(ref, "//"):
			t.Errorf("index.html refers to %q: the page must load nothing from another host", ref)
		case strings.Contains(ref, "data.js"):
			t.Errorf("index.html loads %q: dashboard.js loads the selected machine's ../<machine>/data.js", ref)
		default:
			if _, err := os.Stat(ref); err != nil {
				t.Errorf("index.html loads %q: %v", ref, err)
			}
		}
	}
	js, err := os.ReadFile("dashboard.js")
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`'\.\./' \+ [^;]*\+ '/data\.js'`).Match(js) {
		t.Error("dashboard.js does not build the path '../' + machine + '/data.js'")
	}
}

// TestBrowserTestIsTagged says where the page test is when it is not built.
func TestBrowserTestIsTagged(t *testing.T) {
	t.Skip("the page test drives a headless Chromium and is built only with -tags browser: go test -tags browser ./dashboard")
}

// TestClientsJSIsGenerated: clients.js, which gives the page each client's
// colour, is what go generate ./dashboard writes from the registry now,
// and the page loads it before dashboard.js.
func TestClientsJSIsGenerated(t *testing.T) {
	got, err := os.ReadFile("clients.js")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, dashboard.ClientsJS()) {
		t.Error("clients.js is not what the registry gives: run go generate ./dashboard")
	}
	html, err := os.ReadFile("index.html")
	if err != nil {
		t.Fatal(err)
	}
	if i, j := bytes.Index(html, []byte(`src="clients.js"`)), bytes.Index(html, []byte(`src="dashboard.js"`)); i < 0 || j < i {
		t.Error("index.html does not load clients.js before dashboard.js")
	}
}

// TestMachinesJSIsGenerated: machines.js, the page's list of machines, is
// what go generate ./dashboard writes from dashboard.Machines now, and the
// page loads it before dashboard.js. Each machine's id is a directory name
// of the gh-pages branch (dev/bench/<id>/data.js) and a hash value of the
// page (machine=<id>), so it is a plain word, and the ids are unique.
func TestMachinesJSIsGenerated(t *testing.T) {
	got, err := os.ReadFile("machines.js")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, dashboard.MachinesJS()) {
		t.Error("machines.js is not what dashboard.Machines gives: run go generate ./dashboard")
	}
	html, err := os.ReadFile("index.html")
	if err != nil {
		t.Fatal(err)
	}
	if i, j := bytes.Index(html, []byte(`src="machines.js"`)), bytes.Index(html, []byte(`src="dashboard.js"`)); i < 0 || j < i {
		t.Error("index.html does not load machines.js before dashboard.js")
	}
	if len(dashboard.Machines) == 0 {
		t.Fatal("dashboard.Machines is empty")
	}
	seen := map[string]bool{}
	for _, m := range dashboard.Machines {
		if !regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`).MatchString(m.ID) || m.ID == "dashboard" {
			t.Errorf("machine id %q: want lower-case letters, digits and dashes, and not the dashboard's own directory", m.ID)
		}
		if seen[m.ID] {
			t.Errorf("machine id %q twice", m.ID)
		}
		seen[m.ID] = true
		if m.Runner == "" || m.Name == "" {
			t.Errorf("machine %q has no runner or name", m.ID)
		}
	}
}

// TestColoursAreDistinct: every line of the charts has a colour of its
// own, and the crossing marker one no line has: the registry's clients',
// the page's own for the TCP floor and for clients the registry lacks
// (OTHER_COLOR), and CROSSED_COLOR are all different.
func TestColoursAreDistinct(t *testing.T) {
	js, err := os.ReadFile("dashboard.js")
	if err != nil {
		t.Fatal(err)
	}
	colour := func(name string) string {
		m := regexp.MustCompile(name + ` = '(#[0-9a-fA-F]{6})'`).FindSubmatch(js)
		if m == nil {
			t.Fatalf("dashboard.js sets no %s", name)
		}
		return strings.ToLower(string(m[1]))
	}
	owner := map[string]string{}
	add := func(who, c string) {
		if prev, ok := owner[c]; ok {
			t.Errorf("%s and %s share the colour %s (a client's is in internal/registry)", prev, who, c)
		}
		owner[c] = who
	}
	add("dashboard.js's CROSSED_COLOR", colour("CROSSED_COLOR"))
	add("dashboard.js's OTHER_COLOR", colour("OTHER_COLOR"))
	add("dashboard.js's TCP floor", colour(`COLORS\[TCP_FLOOR\]`))
	for _, c := range registry.All() {
		add("client "+c.Name, strings.ToLower(c.Colour))
	}
}
