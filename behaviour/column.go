package behaviour

import (
	"crypto/tls"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/markdown"
)

// Brought is a client of your own for Column: one built on an *http.Client
// (a tuned transport, a wrapper, a middleware chain), as your service
// builds it.
type Brought struct {
	// Name is the column's heading.
	Name string
	// New builds the client. tc is the test server's trust for the TLS
	// rows (nil on the others): put it in the transport's TLSClientConfig
	// (or RootCAs), and change nothing else for it.
	New func(tc *tls.Config) (*http.Client, error)
	// Transport, when set, is the *http.Transport under the client's
	// transport (a middleware chain's base), for the rows that read a
	// transport's fields; without it they read the client's Transport if
	// it is one, and say "not read" otherwise.
	Transport func(*http.Client) *http.Transport
	// Fixes are your lines that make a row behave like net/http, keyed by
	// the row's id (the table's first column). Each is tested: with Apply
	// on a client from New the row must observe what net/http does.
	Fixes map[string]Fix
}

// Fix is one line of Brought.Fixes: Line is what you write, Apply does it.
type Fix struct {
	Line  string
	Apply func(*http.Client)
}

// A Cell is one row of a Column: what net/http's default client (on this
// toolchain) and the brought client observed.
type Cell struct {
	ID, Title string
	NetHTTP   string // http.Client{} on a clone of http.DefaultTransport
	Brought   string
	Fix       *Fix   // the row's line from Brought.Fixes, if any
	Fixed     string // what the row observed with Fix applied
}

// Differs reports whether the brought client does otherwise than net/http.
// A cell that was not read does not differ.
func (c Cell) Differs() bool { return !c.Unread() && c.Brought != c.NetHTTP }

// Unread reports whether the row reads a transport's fields and could not
// (see Brought.Transport).
func (c Cell) Unread() bool { return strings.HasPrefix(c.Brought, notRead) }

// Table is a brought client's column beside net/http's.
type Table struct {
	Name  string
	Cells []Cell
}

// Column observes every row of the behaviour table (docs/behaviour.md)
// with the client b.New builds and with net/http's default client, each
// against a fresh fixture server of its own, in parallel subtests of t,
// then logs the column as Markdown (go test -v shows it) and returns it.
// It fails t when New fails, when a row cannot be observed, when Fixes
// names a row the table does not have, and when a fix line does not make
// its row observe what net/http does. A difference from net/http is what
// the table is for, not a failure.
//
//	func TestBehaviour(t *testing.T) {
//		behaviour.Column(t, behaviour.Brought{Name: "mine", New: newMine})
//	}
func Column(t *testing.T, b Brought) Table {
	t.Helper()
	tab, errs := column(t, b)
	for _, err := range errs {
		t.Error(err)
	}
	t.Log("\n" + tab.Markdown()) // also when a fix line fails: the column is what it is fixing
	return tab
}

// column is Column with the fix lines' failures returned, not reported.
func column(t *testing.T, b Brought) (Table, []error) {
	if err := b.check(); err != nil {
		t.Fatal(err)
	}
	var errs []error
	for id := range b.Fixes {
		if !slices.Contains(rowIDs(), id) {
			errs = append(errs, fmt.Errorf("behaviour: Fixes names row %q; the rows are %s", id, strings.Join(rowIDs(), ", ")))
		}
	}
	tab := Table{Name: b.Name, Cells: make([]Cell, len(rows))}
	brought := func(t *testing.T, tc *tls.Config) *client {
		hc, err := b.New(tc)
		if err != nil || hc == nil {
			t.Fatalf("behaviour: %s: New: %v (client %v)", b.Name, err, hc)
		}
		return &client{name: b.Name, lib: hc, own: true, base: b.Transport}
	}
	t.Run(b.Name, func(t *testing.T) {
		for i, r := range rows {
			t.Run(r.id, func(t *testing.T) {
				t.Parallel()
				c := Cell{ID: r.id, Title: r.title}
				c.NetHTTP = observeWith(t, r, func(tc *tls.Config) *client { return newClient("nethttp", tc) })
				c.Brought = observeWith(t, r, func(tc *tls.Config) *client { return brought(t, tc) })
				if fx, ok := b.Fixes[r.id]; ok {
					c.Fix = &fx
					c.Fixed = observeWith(t, r, func(tc *tls.Config) *client {
						cl := brought(t, tc)
						fx.Apply(cl.lib.(*http.Client))
						return cl
					})
				}
				tab.Cells[i] = c
			})
		}
	})
	for _, c := range tab.Cells {
		if c.Fix != nil && c.Fixed != c.NetHTTP {
			errs = append(errs, fmt.Errorf("behaviour: %s, row %s: with %s: observed %q, net/http %q", b.Name, c.ID, c.Fix.Line, c.Fixed, c.NetHTTP))
		}
	}
	return tab, errs
}

// check is what Column refuses before it observes anything: a Brought
// with no Name or New, a New that fails (said once, not once a row), a
// fix with no Apply.
func (b Brought) check() error {
	if b.Name == "" || b.New == nil {
		return errors.New("behaviour: a Brought needs a Name and a New")
	}
	for id, fx := range b.Fixes {
		if fx.Apply == nil {
			return fmt.Errorf("behaviour: %s: the fix of row %s (%q) has no Apply", b.Name, id, fx.Line)
		}
	}
	hc, err := b.New(nil)
	if err != nil || hc == nil {
		return fmt.Errorf("behaviour: %s: New: %v (client %v)", b.Name, err, hc)
	}
	defer hc.CloseIdleConnections()
	if b.Transport != nil && b.Transport(hc) == nil {
		return fmt.Errorf("behaviour: %s: Brought.Transport returned no *http.Transport for New's client", b.Name)
	}
	return nil
}

func rowIDs() []string {
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = r.id
	}
	return ids
}

// setUpError is an observation of row r that is the test's set-up going
// wrong, not a behaviour: a TLS row whose client does not trust the
// server.
func setUpError(name string, r row, got string) error {
	if r.tls && strings.Contains(got, "x509: ") {
		return fmt.Errorf("behaviour: %s, row %s: %s: the client does not trust the test server; New must put its tls.Config argument in the transport's TLSClientConfig", name, r.id, got)
	}
	return nil
}

// observeWith runs r against a fresh server with the client build makes
// (given the server's trust on a TLS row).
func observeWith(t *testing.T, r row, build func(*tls.Config) *client) string {
	t.Helper()
	e := startPlainOrTLS(t, r.tls)
	c := build(e.tls)
	t.Cleanup(c.close)
	got := r.obs(t, e, c)
	if err := setUpError(c.name, r, got); err != nil {
		t.Error(err)
	}
	return got
}

// Markdown is the table: row id, behaviour, net/http, the brought client
// (in bold where it differs), then the fix lines for the rows that differ.
func (tab Table) Markdown() string {
	var b strings.Builder
	t := markdown.NewTable("row", "behaviour", "nethttp", tab.Name)
	var differ []Cell
	unread := 0
	for _, c := range tab.Cells {
		v := markdown.Escape(c.Brought) // before the emphasis: a cell with a pipe
		switch {
		case c.Differs():
			v = "**" + v + "**"
			differ = append(differ, c)
		case c.Unread():
			v = "_" + v + "_"
			unread++
		}
		t.Row(c.ID, c.Title, c.NetHTTP, v)
	}
	b.WriteString(t.String())
	if unread > 0 {
		fmt.Fprintf(&b, "\n%d rows read a transport's fields and could not (Brought.Transport names the *http.Transport under a chain).\n", unread)
	}
	if len(differ) == 0 {
		fmt.Fprintf(&b, "\n%s does what net/http does on every row it observed.\n", tab.Name)
		return b.String()
	}
	fmt.Fprintf(&b, "\n%d of %d rows differ from net/http. The line that makes %s behave like net/http:\n\n",
		len(differ), len(tab.Cells), tab.Name)
	fixes := markdown.NewTable("row", "line", "then")
	for _, c := range differ {
		line, then := "none given (Brought.Fixes)", ""
		if c.Fix != nil {
			line, then = "`"+c.Fix.Line+"`", c.Fixed
			if c.Fixed == c.NetHTTP {
				then = "as net/http"
			}
		}
		fixes.Row(c.ID, line, then)
	}
	b.WriteString(fixes.String())
	return b.String()
}
