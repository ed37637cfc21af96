package behaviour

import (
	"crypto/tls"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// defaultNetHTTP is what Column's net/http column runs: a brought client
// that is it must differ nowhere.
func defaultNetHTTP(tc *tls.Config) (*http.Client, error) {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.TLSClientConfig = tc
	return &http.Client{Transport: tr}, nil
}

// tunedNoGzipNoH2 is examples/tuned's transport: no compression, no HTTP/2.
func tunedNoGzipNoH2(tc *tls.Config) (*http.Client, error) {
	hc, err := defaultNetHTTP(tc)
	tr := hc.Transport.(*http.Transport)
	tr.DisableCompression = true
	tr.ForceAttemptHTTP2 = false
	tr.TLSNextProto = map[string]func(string, *tls.Conn) http.RoundTripper{}
	return hc, err
}

func differing(tab Table) []string {
	var ids []string
	for _, c := range tab.Cells {
		if c.Differs() {
			ids = append(ids, c.ID)
		}
	}
	return ids
}

func TestColumnNetHTTPIsNetHTTP(t *testing.T) {
	t.Parallel() // every observation has a server and a client of its own
	tab := Column(t, Brought{Name: "same", New: defaultNetHTTP})
	if len(tab.Cells) != len(rows) {
		t.Fatalf("%d cells for %d rows", len(tab.Cells), len(rows))
	}
	if d := differing(tab); len(d) > 0 {
		t.Errorf("net/http's own default client differs from net/http on %v", d)
	}
	// On this toolchain the net/http column is the table's, but for a
	// change of Go that the table would catch too.
	for _, c := range tab.Cells {
		if want := columnOf("nethttp").Observed[c.ID]; c.NetHTTP != want {
			t.Logf("row %s: net/http observed %q here, the table says %q", c.ID, c.NetHTTP, want)
		}
	}
	if md := tab.Markdown(); !strings.Contains(md, "same does what net/http does on every row it observed.") {
		t.Errorf("Markdown of a column that differs nowhere:\n%s", md)
	}
}

// TestColumnTuned: the rows a transport setting changes differ, and only
// they; a fix line that works is shown working, one that does not, a
// fix for a row that does not exist, and a failing New are errors.
func TestColumnTuned(t *testing.T) {
	t.Parallel()
	gzipBack := Fix{Line: "tr.DisableCompression = false", Apply: func(hc *http.Client) {
		hc.Transport.(*http.Transport).DisableCompression = false
	}}
	noop := Fix{Line: "nothing", Apply: func(*http.Client) {}}
	tab, errs := column(t, Brought{Name: "tuned", New: tunedNoGzipNoH2, Fixes: map[string]Fix{
		"gzip": gzipBack, "http2": noop, "no-such-row": noop,
	}})
	got := strings.Join(differing(tab), " ")
	if want := "accept-encoding gzip http2"; got != want {
		t.Errorf("rows that differ: %q, want %q", got, want)
	}
	var msgs []string
	for _, err := range errs {
		msgs = append(msgs, err.Error())
	}
	all := strings.Join(msgs, "\n")
	if len(errs) != 2 || !strings.Contains(all, `Fixes names row "no-such-row"`) ||
		!strings.Contains(all, `row http2: with nothing: observed "HTTP/1.1", net/http "HTTP/2.0"`) {
		t.Errorf("errors:\n%s\nwant the unknown row and the http2 fix that fixes nothing", all)
	}
	md := tab.Markdown()
	for _, want := range []string{
		"| gzip | gzip body | decoded, Content-Encoding and Content-Length removed | **",
		fmt.Sprintf("3 of %d rows differ from net/http.", len(rows)),
		"| gzip | `tr.DisableCompression = false` | as net/http |",
		"| http2 | `nothing` | HTTP/1.1 |",
		"| accept-encoding | none given (Brought.Fixes) |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("Markdown has no %q:\n%s", want, md)
		}
	}
}

type wrapped struct{ http.RoundTripper }

// TestColumnMiddleware: a transport whose fields cannot be read says so
// on the rows that read them, and is observed on every other row; with
// Brought.Transport they are read from the transport under it.
func TestColumnMiddleware(t *testing.T) {
	t.Parallel()
	b := Brought{Name: "mw", New: func(tc *tls.Config) (*http.Client, error) {
		hc, err := defaultNetHTTP(tc)
		hc.Transport = wrapped{hc.Transport}
		return hc, err
	}}
	tab := Column(t, b)
	var unread []string
	for _, c := range tab.Cells {
		if c.Unread() {
			unread = append(unread, c.ID)
			if c.Brought != "not read: the transport is a behaviour.wrapped, not an *http.Transport" {
				t.Errorf("row %s: %q", c.ID, c.Brought)
			}
		}
	}
	if got, want := strings.Join(unread, " "), "proxy idle-conns max-conns"; got != want {
		t.Errorf("rows not read: %q, want %q", got, want)
	}
	if d := differing(tab); len(d) > 0 {
		t.Errorf("rows that differ: %v, want none", d)
	}
	if md := tab.Markdown(); !strings.Contains(md, "3 rows read a transport's fields and could not") || !strings.Contains(md, "| proxy | proxy from the environment | yes: HTTP_PROXY, HTTPS_PROXY, NO_PROXY | _not read:") {
		t.Errorf("Markdown:\n%s", md)
	}
	b.Transport = func(hc *http.Client) *http.Transport { return hc.Transport.(wrapped).RoundTripper.(*http.Transport) }
	tab = Column(t, b)
	for _, c := range tab.Cells {
		if c.Unread() || c.Differs() {
			t.Errorf("with Brought.Transport, row %s: %q, net/http %q", c.ID, c.Brought, c.NetHTTP)
		}
	}
}

// TestColumnRefusesItsSetUp: a client that does not trust the TLS rows'
// server, a New that fails and a fix with no Apply are errors of the
// set-up, not behaviours.
func TestColumnRefusesItsSetUp(t *testing.T) {
	for _, b := range []Brought{
		{Name: "none", New: func(*tls.Config) (*http.Client, error) { return nil, errors.New("no config file") }},
		{Name: "nofix", New: defaultNetHTTP, Fixes: map[string]Fix{"gzip": {Line: "x"}}},
		{New: defaultNetHTTP},
		{Name: "notransport", New: defaultNetHTTP, Transport: func(*http.Client) *http.Transport { return nil }},
	} {
		if err := b.check(); err == nil {
			t.Errorf("%q: Column would run it", b.Name)
		}
	}
	if err := (Brought{Name: "ok", New: defaultNetHTTP}).check(); err != nil {
		t.Error(err)
	}
	var h2 row
	for _, r := range rows {
		if r.id == "http2" {
			h2 = r
		}
	}
	// r.obs, not observeWith, which would fail this test with the error.
	got := h2.obs(t, startTLS(t), &client{name: "untrusting", lib: &http.Client{}, own: true})
	if err := setUpError("untrusting", h2, got); err == nil {
		t.Errorf("a client of http.DefaultTransport on the TLS row observed %q, and no error", got)
	}
}
