package behaviour

import (
	"flag"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/behaviour/matrix"
	"github.com/httpclientbench/httpclientbench/internal/registry"
	"github.com/httpclientbench/httpclientbench/internal/testkit"
)

// recordedPath is the matrix the docs subtest records (with -update) or
// checks: cmd/benchreport renders docs/behaviour.md and docs/clients.md's
// behaviour block from it.
const recordedPath = "../docs/behaviour.json"

// fixCommand records the matrix and renders the pages (go generate runs
// go test ./behaviour -run '^TestBehaviour$/^docs$' -update, then
// benchreport -behaviour).
const fixCommand = "go generate ./..."

var update = flag.Bool("update", false, "rewrite docs/behaviour.json, the recorded matrix, from the table")

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
		testkit.Golden(t, recordedPath, matrixOf(rows).Encode(), *update)
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

// matrixOf is the table as docs/behaviour.json records it: rs with every
// column's cells, fix lines and reasons for none, and the modules whose
// versions the page lists.
func matrixOf(rs []row) matrix.Matrix {
	m := matrix.Matrix{Clients: clientNames, Modules: map[string][]string{}}
	for _, name := range clientNames {
		if mod := registry.Of(name).Module; mod != "" { // "": the standard library, the go line
			m.Modules[name] = append([]string{mod}, columnOf(name).AlsoUses...)
		}
	}
	for _, r := range rs {
		mr := matrix.Row{ID: r.id, Title: r.title, Bites: r.bites}
		for _, n := range clientNames {
			v := r.want[n]
			if why, na := r.na[n]; na {
				v = "n/a: " + why
			}
			mr.Cells = append(mr.Cells, v)
		}
		for _, n := range clientNames {
			if fx, ok := r.fixes[n]; ok {
				then := fx.want
				if then == "" {
					then = "as net/http: " + r.want["nethttp"]
				}
				mr.Fixes = append(mr.Fixes, matrix.Fix{Client: n, Line: "`" + fx.line + "`", Then: then})
			}
		}
		for _, n := range clientNames {
			if why, ok := r.nofix[n]; ok {
				mr.Fixes = append(mr.Fixes, matrix.Fix{Client: n, Line: "none", Then: why})
			}
		}
		m.Rows = append(m.Rows, mr)
	}
	return m
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
