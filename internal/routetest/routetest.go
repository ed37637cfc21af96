// Package routetest is the fixture route table's conformance test, shared by
// every server that serves it (fasthttp, net/http over HTTP/1.1 and h2c,
// cmd/benchserver).
package routetest

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/fixtures"
)

// Run checks every route of the table against the server at base, with hc.
func Run(t *testing.T, base string, hc *http.Client) {
	t.Helper()
	type check struct {
		method, path, body string
		chunked            bool
		status             int
		wantBody           []byte // nil: not checked
		wantLen            int    // -1: not checked
		header, headerVal  string // one response header to check
	}
	checks := []check{
		{method: "GET", path: "/", status: 200, wantBody: fixtures.IndexBody(), wantLen: -1, header: "Content-Type", headerVal: fixtures.ContentTypeText},
		{method: "GET", path: "/json", status: 200, wantBody: []byte(fixtures.JSONBody), wantLen: -1, header: "Content-Type", headerVal: fixtures.ContentTypeJSON},
		{method: "HEAD", path: "/json", status: 200, wantBody: []byte{}, wantLen: -1, header: "Content-Length", headerVal: "30"},
		{method: "GET", path: "/bytes/0", status: 200, wantBody: []byte{}, wantLen: -1},
		{method: "GET", path: "/bytes/1", status: 200, wantBody: fixtures.Bytes(1), wantLen: -1},
		{method: "GET", path: "/bytes/65536", status: 200, wantBody: fixtures.Bytes(65536), wantLen: -1, header: "Content-Type", headerVal: fixtures.ContentTypeBinary},
		{method: "GET", path: fmt.Sprintf("/bytes/%d", fixtures.MaxBytes), status: 200, wantLen: fixtures.MaxBytes},
		{method: "HEAD", path: "/bytes/1048576", status: 200, wantBody: []byte{}, wantLen: -1, header: "Content-Length", headerVal: "1048576"},
		{method: "GET", path: fmt.Sprintf("/bytes/%d", fixtures.MaxBytes+1), status: 400, wantLen: -1},
		{method: "GET", path: "/bytes/-1", status: 400, wantLen: -1},
		{method: "GET", path: "/bytes/abc", status: 400, wantLen: -1},
		{method: "GET", path: "/bytes/", status: 400, wantLen: -1},
		{method: "GET", path: "/bytes/1.5", status: 400, wantLen: -1},
		{method: "GET", path: "/bytes/99999999999999999999", status: 400, wantLen: -1},
		{method: "POST", path: "/bytes/10", status: 405, wantLen: -1, header: "Allow", headerVal: "GET, HEAD"},
		{method: "POST", path: "/echo", body: "hello echo", status: 200, wantBody: []byte("hello echo"), wantLen: -1},
		{method: "POST", path: "/echo", body: string(fixtures.Bytes(100000)), chunked: true, status: 200, wantBody: fixtures.Bytes(100000), wantLen: -1},
		{method: "POST", path: "/echo", status: 200, wantBody: []byte{}, wantLen: -1},
		{method: "GET", path: "/echo", status: 405, wantLen: -1, header: "Allow", headerVal: "POST"},
		{method: "PUT", path: "/json", status: 405, wantLen: -1, header: "Allow", headerVal: "GET, HEAD"},
		{method: "GET", path: "/nope", status: 404, wantLen: -1},
		{method: "GET", path: "/json/extra", status: 404, wantLen: -1},
		{method: "GET", path: "/bytes", status: 404, wantLen: -1},
		{method: "GET", path: "/bytes/1/2", status: 400, wantLen: -1},
		{method: "GET", path: "//json", status: 200, wantBody: []byte(fixtures.JSONBody), wantLen: -1},
		{method: "GET", path: "/./json", status: 200, wantBody: []byte(fixtures.JSONBody), wantLen: -1},
		{method: "GET", path: "/x/../json", status: 200, wantBody: []byte(fixtures.JSONBody), wantLen: -1},
		{method: "DELETE", path: "/echo", status: 405, wantLen: -1, header: "Allow", headerVal: "POST"},
	}
	for _, c := range checks {
		name := fmt.Sprintf("%s %s", c.method, c.path)
		if c.chunked {
			name += " chunked"
		}
		t.Run(name, func(t *testing.T) {
			var body io.Reader
			if c.body != "" {
				body = strings.NewReader(c.body)
				if c.chunked { // hide the length so net/http sends chunks
					body = io.MultiReader(body)
				}
			}
			req, err := http.NewRequest(c.method, base+c.path, body)
			if err != nil {
				t.Fatal(err)
			}
			resp, err := hc.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			got, err := io.ReadAll(resp.Body)
			if err != nil {
				t.Fatal(err)
			}
			if resp.StatusCode != c.status {
				t.Errorf("status %d, want %d (body %.80q)", resp.StatusCode, c.status, got)
			}
			if c.wantBody != nil {
				if err := fixtures.CheckBody(got, c.wantBody, true); err != nil {
					t.Error(err)
				}
			}
			if c.wantLen >= 0 && len(got) != c.wantLen {
				t.Errorf("body length %d, want %d", len(got), c.wantLen)
			}
			if c.header != "" {
				if v := resp.Header.Get(c.header); v != c.headerVal {
					t.Errorf("%s: %q, want %q", c.header, v, c.headerVal)
				}
			}
		})
	}
	if t.Failed() {
		return
	}
	// Every route in the table is on the index page.
	for _, r := range fixtures.Routes {
		if !bytes.Contains(fixtures.IndexBody(), []byte(r.Path)) {
			t.Errorf("index does not list %s", r.Path)
		}
	}
}
