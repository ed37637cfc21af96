package behaviour

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/markdown"
	"github.com/httpclientbench/httpclientbench/internal/registry"
)

// docPath is generated whole; summaryPath holds the summary block, and
// routesPath the fixture server's route table that docPath points to.
const (
	docPath     = "../docs/behaviour.md"
	summaryPath = "../docs/clients.md"
	routesPath  = "../docs/fixture-server.md"
)

// summaryName is summaryPath as the repository names it.
var summaryName = strings.TrimPrefix(summaryPath, "../")

// fixCommand regenerates both from the table (go generate runs
// go test ./behaviour -run '^TestBehaviour$/^docs$' -update).
const fixCommand = "go generate ./..."

var update = flag.Bool("update", false, "rewrite docs/behaviour.md and docs/clients.md's behaviour block from the table")

// TestBehaviour observes every row with every client's library defaults,
// compares each observation with the table, then with -update rewrites
// docs/behaviour.md and docs/clients.md's behaviour block from the table, or
// without it checks that they are current.
func TestBehaviour(t *testing.T) {
	for _, r := range rows {
		t.Run(r.id, func(t *testing.T) {
			// Each row has its own servers and clients, and what it
			// observes is what came back, never how long it took.
			t.Parallel()
			for _, name := range clientNames {
				if _, na := r.na[name]; na {
					continue
				}
				t.Run(name, func(t *testing.T) {
					t.Parallel() // a server and a client of its own
					if err := check(r, name, observeRow(t, r, name, nil)); err != nil {
						t.Error(err)
					}
				})
				fx, ok := r.fixes[name]
				if !ok {
					continue
				}
				t.Run(name+"/fixed", func(t *testing.T) {
					t.Parallel()
					want := fx.want
					if want == "" {
						want = r.want["nethttp"]
					}
					if got := observeRow(t, r, name, fx.apply); got != want {
						t.Errorf("with %s: observed %q, want %q", fx.line, got, want)
					}
				})
			}
		})
	}
	t.Run("docs", func(t *testing.T) {
		if _, err := versions(); err != nil {
			t.Fatal(err)
		}
		doc := renderDoc(rows)
		page, err := os.ReadFile(summaryPath)
		if err != nil {
			t.Fatal(err)
		}
		newPage, _, err := summaryMarkers.Rewrite(page, summaryName, func(string, []markdown.Option) (string, error) {
			return renderSummary(rows), nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if *update {
			if err := os.WriteFile(docPath, doc, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(summaryPath, newPage, 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		if old, err := os.ReadFile(docPath); err != nil || !bytes.Equal(old, doc) {
			t.Errorf("%s is not the table's rendering (%v): run %s", filepath.Base(docPath), err, fixCommand)
		}
		if !bytes.Equal(page, newPage) {
			t.Errorf("%s's behaviour block is not the table's rendering: run %s", summaryName, fixCommand)
		}
		if !bytes.Contains(page, []byte("<!-- behaviour:summary -->")) {
			t.Errorf("%s has no behaviour:summary block", summaryName)
		}
	})
}

// observeRow runs r's observation for one client, built with its library
// defaults (and apply, a fix), against a fresh server of its own.
func observeRow(t *testing.T, r row, name string, apply func(*client)) string {
	t.Helper()
	e := startPlainOrTLS(t, r.tls || name == "xnethttp2")
	c := newClient(name, e.tls)
	t.Cleanup(c.close)
	if apply != nil {
		apply(c)
	}
	return r.obs(t, e, c)
}

// check compares one observation with the table.
func check(r row, name, got string) error {
	want, ok := r.want[name]
	if !ok {
		return fmt.Errorf("%s/%s: observed %q; the table has no entry", r.id, name, got)
	}
	if got != want {
		return fmt.Errorf("%s/%s: observed %q; the table says %q", r.id, name, got, want)
	}
	return nil
}

// TestBehaviourCheckFails: the comparison TestBehaviour makes reports a
// library that behaves otherwise than the table says, and a missing entry.
func TestBehaviourCheckFails(t *testing.T) {
	r := rows[0] // 404
	got := observeRow(t, r, "nethttp", nil)
	if err := check(r, "nethttp", got); err != nil {
		t.Fatalf("the real observation fails: %v", err)
	}
	wrong := r
	wrong.want = map[string]string{"nethttp": "error: a 404 is an error"}
	if err := check(wrong, "nethttp", got); err == nil || !strings.Contains(err.Error(), "the table says") {
		t.Errorf("a wrong expectation passed: %v", err)
	}
	wrong.want = nil
	if check(wrong, "nethttp", got) == nil {
		t.Error("a missing expectation passed")
	}
	// A library whose default changed: resty without its cookie jar, as if
	// a release dropped it, no longer matches the table's row.
	for _, r := range rows {
		if r.id != "cookies" {
			continue
		}
		changed := observeRow(t, r, "resty", r.fixes["resty"].apply)
		if err := check(r, "resty", changed); err == nil {
			t.Errorf("resty without a cookie jar observed %q and the table's row still passed", changed)
		}
	}
}

// TestBehaviourTableComplete: every applicable cell has an observation, and
// every cell that differs from net/http's has a fix line or says why none.
func TestBehaviourTableComplete(t *testing.T) {
	for _, r := range rows {
		for _, n := range clientNames {
			if _, na := r.na[n]; na {
				continue
			}
			w, ok := r.want[n]
			if !ok {
				t.Errorf("%s/%s: no observation in the table", r.id, n)
				continue
			}
			_, fixed := r.fixes[n]
			_, why := r.nofix[n]
			if fixed && why {
				t.Errorf("%s/%s: both a fix and a reason for none", r.id, n)
			}
			if w != r.want["nethttp"] && !fixed && !why {
				t.Errorf("%s/%s: %q differs from net/http's %q, with no fix line and no reason", r.id, n, w, r.want["nethttp"])
			}
		}
	}
}

var summaryMarkers = markdown.Syntax{Tool: "behaviour", Kinds: map[string][]string{"summary": nil}}

// versions are the libraries' versions as go.mod states them: its go line
// for Go (net/http), and the version it selects for each library (test
// binaries carry no dependency list in their build info; since Go 1.17
// go.mod lists every selected module). Not the toolchain running the test:
// the file must render the same wherever the test runs (CI's setup-go
// installs the go line's version, a developer may have a later patch
// release), and every run checks the cells on the toolchain it runs with.
var versions = sync.OnceValues(func() (string, error) {
	mod, err := os.ReadFile("../go.mod")
	if err != nil {
		return "", err
	}
	return versionsOf(mod)
})

// goLine is go.mod's go directive ("1.26.0", say), or "".
func goLine(mod []byte) string {
	for _, line := range strings.Split(string(mod), "\n") {
		if f := strings.Fields(line); len(f) == 2 && f[0] == "go" {
			return f[1]
		}
	}
	return ""
}

func versionsOf(mod []byte) (string, error) {
	selected := map[string]string{}
	for _, line := range strings.Split(string(mod), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && strings.Contains(f[0], ".") && strings.HasPrefix(f[1], "v") {
			selected[f[0]] = f[1]
		}
	}
	g := goLine(mod)
	if g == "" {
		return "", fmt.Errorf("go.mod has no go line")
	}
	var b strings.Builder
	fmt.Fprintf(&b, "- Go %s or later, go.mod's go line (net/http)\n", g)
	for _, name := range clientNames { // each column's library module, in the table's order
		c, _ := registry.Lookup(name)
		if c.Module == "" {
			continue // the standard library: the go line
		}
		for _, p := range append([]string{c.Module}, alsoUsed[name]...) {
			v, ok := selected[p]
			if !ok {
				return "", fmt.Errorf("go.mod does not require %s", p)
			}
			fmt.Fprintf(&b, "- %s %s\n", p, v)
		}
	}
	return b.String(), nil
}

// alsoUsed are the modules a column's library does its work with, whose
// version matters to what the table shows: listed after its own.
var alsoUsed = map[string][]string{
	"hertz":         {"github.com/cloudwego/netpoll"},      // its default network
	"retryablehttp": {"github.com/hashicorp/go-cleanhttp"}, // its default transport
}

func writeTable(b *strings.Builder, rs []row) {
	t := markdown.NewTable(append([]string{"behaviour"}, clientNames...)...)
	for _, r := range rs {
		cells := []string{r.title}
		for _, n := range clientNames {
			v := r.want[n]
			if why, na := r.na[n]; na {
				v = "n/a: " + why
			}
			cells = append(cells, v)
		}
		t.Row(cells...)
	}
	b.WriteString(t.String())
}

// renderDoc is docs/behaviour.md.
func renderDoc(rs []row) []byte {
	var b strings.Builder
	b.WriteString("# What each HTTP client does by default\n\n")
	b.WriteString("<!-- Generated by `go test ./behaviour -run TestBehaviour -update` from the rows in behaviour/rows.go and the columns in clients/NAME/behaviour.go. Do not edit. -->\n\n")
	b.WriteString("Observed by `TestBehaviour` against the fixture server's behaviour routes (see [the route table](" + markdown.Link(filepath.Dir(docPath), routesPath) + ")), " +
		"with each library's own default client: `http.Client{}` (nethttp; `http.DefaultTransport`, cloned), `fasthttp.Client{}` " +
		"(requests sent with `Client.DoDeadline`, which is `Client.Do` with the test's bound; `Do` does not follow redirects, " +
		"`fasthttp.Get` and `Client.DoRedirects` do: see the fix lines), hertz's `client.NewClient()` (pkg/app/client, on its " +
		"default network, netpoll, but over TLS, which takes `client.WithTLSConfig` and with it hertz's standard dialer; requests sent " +
		"with `Client.DoDeadline`, `Do` with the test's bound, which follows no redirects: `Client.Get` and `Client.DoRedirects` do), `resty.New()` (resty v2, and resty v3 " +
		"for resty3, bodies read with `Response.Bytes`), " +
		"`retryablehttp.NewClient()`, and `http.Client{Transport: &http2.Transport{}}` (xnethttp2, from golang.org/x/net/http2, " +
		"always over TLS). The test fails when a library stops doing what a cell says, so a dependency update that changes a " +
		"default shows up here as a diff. Library versions:\n\n")
	v, err := versions()
	if err != nil {
		v = "- unknown: " + err.Error() + "\n"
	}
	b.WriteString(v)
	b.WriteString("\nHow the cells were observed: plain HTTP/1.1 against the fasthttp front end on 127.0.0.1, except xnethttp2 and " +
		"the HTTP/2 row (net/http front end, TLS, HTTP/2 offered). Attempts are the requests the server received. " +
		"retryablehttp's waits are shortened to 1-10 ms in the test (its defaults are 1 s doubling to 30 s) so that its " +
		"retries are counted without waiting; the wait row reads its `Backoff` instead. The timeout, proxy, idle-limit and " +
		"per-host limit rows read the library's fields rather than wait or dial; the kept-connections row is observed (two rounds of 8 " +
		"requests held by the server until all 8 are in, connections counted by the server). Every call is bounded at 10 s by the " +
		"test (a context or deadline), which no row comes near. `ADDR` and `URL` stand for a run's addresses.\n\n")
	writeTable(&b, rs)
	b.WriteString("\n## The line that makes a client behave like net/http\n\n" +
		"Each line is tested: with it applied the row observes what net/http does (or, where it says so, gets as far as it can). " +
		"Every cell that differs from net/http has a line here, or \"none\" and why (a test checks it).\n\n")
	fixes := markdown.NewTable("behaviour", "client", "line", "then")
	for _, r := range rs {
		for _, n := range clientNames {
			fx, ok := r.fixes[n]
			if !ok {
				continue
			}
			then := fx.want
			if then == "" {
				then = "as net/http: " + r.want["nethttp"]
			}
			fixes.Row(r.title, n, "`"+fx.line+"`", then)
		}
		for _, n := range clientNames {
			if why, ok := r.nofix[n]; ok {
				fixes.Row(r.title, n, "none", why)
			}
		}
	}
	b.WriteString(fixes.String())
	return []byte(b.String())
}

// renderSummary is summaryPath's block: the rows that bite most.
func renderSummary(rs []row) string {
	var b strings.Builder
	var bites []row
	for _, r := range rs {
		if r.bites {
			bites = append(bites, r)
		}
	}
	writeTable(&b, bites)
	link := markdown.Link(filepath.Dir(summaryPath), docPath)
	fmt.Fprintf(&b, "\nEvery row, the library versions and the line that makes each client behave like net/http: [%s](%s).", link, link)
	return b.String()
}

// TestBehaviourDocGoVersion: docs/behaviour.md names go.mod's go line, not
// the toolchain running the test, so that the docs check passes wherever
// the test runs: CI's setup-go installs the go line's version (1.26.0),
// while a developer may have a later patch release.
func TestBehaviourDocGoVersion(t *testing.T) {
	mod, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	line := goLine(mod)
	doc, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	want := "\n- Go " + line + " or later, go.mod's go line (net/http)\n"
	if line == "" || !strings.Contains(string(doc), want) {
		t.Errorf("%s does not name go.mod's go line %q as %q", filepath.Base(docPath), line, strings.TrimSpace(want))
	}
}

// TestBehaviourKeptAnyGOMAXPROCS: the kept-connections row reads the same
// whatever GOMAXPROCS is. resty (v2 and v3) and cleanhttp keep
// GOMAXPROCS+1 idle connections per host, so from GOMAXPROCS 7 on all 8 of
// a round are kept.
func TestBehaviourKeptAnyGOMAXPROCS(t *testing.T) {
	var r row
	for _, x := range rows {
		if x.id == "idle-kept" {
			r = x
		}
	}
	for _, procs := range []int{1, 7, 8, 16} {
		t.Run(fmt.Sprint(procs), func(t *testing.T) {
			// Restored once the clients' parallel subtests are done,
			// and before the next GOMAXPROCS: not by a defer, which
			// would run before they start.
			prev := runtime.GOMAXPROCS(procs)
			t.Cleanup(func() { runtime.GOMAXPROCS(prev) })
			for _, name := range []string{"resty", "resty3", "retryablehttp"} {
				t.Run(name, func(t *testing.T) {
					t.Parallel()
					if err := check(r, name, observeRow(t, r, name, nil)); err != nil {
						t.Errorf("GOMAXPROCS %d: %v", procs, err)
					}
				})
			}
		})
	}
}

// TestColumnsAreTheRegistry: every client of the registry has a column,
// built from its library, or says why it has none (Behaviour.None); never
// both; and a column's cells are the rows', none left over from a row
// that is gone.
func TestColumnsAreTheRegistry(t *testing.T) {
	ids := map[string]bool{}
	for _, r := range rows {
		ids[r.id] = true
	}
	for _, name := range registry.Names(0) {
		c := columnOf(name)
		if (c.Default != nil) == (c.None != "") {
			t.Errorf("%s: a library for a column %v, a reason for none %q: want exactly one", name, c.Default != nil, c.None)
		}
		for id := range c.Observed {
			if !ids[id] {
				t.Errorf("%s observed row %q, which the table does not have", name, id)
			}
		}
	}
}
