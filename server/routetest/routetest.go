// Package routetest is the fixture route table's conformance test, shared by
// every server that serves it (fasthttp, net/http over HTTP/1.1 and h2c,
// cmd/benchserver).
package routetest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptrace"
	"net/textproto"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/httpclientbench/httpclientbench/server"
)

// Run checks every route of the table against the server at base, with hc.
func Run(t *testing.T, base string, hc *http.Client) {
	t.Helper()
	for _, c := range slices.Concat(basicChecks(), rangeChecks(), sseChecks(), multipartChecks(), statsChecks(), behaviourChecks()) {
		t.Run(c.name(), func(t *testing.T) { c.run(t, base, hc) })
	}
	runEcho(t, base, hc)
	runBehaviourRoutes(t, base, hc)
	runTooLarge(t, base, hc)
	runStats(t, base, hc)
	if t.Failed() {
		return
	}
	// Every route in the table is on the index page.
	for _, r := range server.Routes {
		if !bytes.Contains(server.IndexBody(), []byte(r.Path)) {
			t.Errorf("index does not list %s", r.Path)
		}
	}
}

// A check is one request to a route and what its answer must be.
type check struct {
	method, path, body string
	chunked            bool
	status             int
	wantBody           []byte // nil: not checked
	wantLen            int    // -1: not checked
	header, headerVal  string // one response header to check
	reqHeader, reqVal  string // one request header to send
}

// basicChecks are the payload routes, methods and paths.
func basicChecks() []check {
	return []check{
		{method: "GET", path: "/", status: 200, wantBody: server.IndexBody(), wantLen: -1, header: "Content-Type", headerVal: server.ContentTypeText},
		{method: "GET", path: "/json", status: 200, wantBody: []byte(server.JSONBody), wantLen: -1, header: "Content-Type", headerVal: server.ContentTypeJSON},
		{method: "HEAD", path: "/json", status: 200, wantBody: []byte{}, wantLen: -1, header: "Content-Length", headerVal: "30"},
		{method: "GET", path: "/json600k", status: 200, wantBody: server.JSON600KBody(), wantLen: -1, header: "Content-Type", headerVal: server.ContentTypeJSON},
		{method: "HEAD", path: "/json600k", status: 200, wantBody: []byte{}, wantLen: -1, header: "Content-Length", headerVal: strconv.Itoa(len(server.JSON600KBody()))},
		{method: "POST", path: "/json600k", status: 405, wantLen: -1, header: "Allow", headerVal: "GET, HEAD"},
		{method: "GET", path: "/bytes/0", status: 200, wantBody: []byte{}, wantLen: -1},
		{method: "GET", path: "/bytes/1", status: 200, wantBody: server.Bytes(1), wantLen: -1},
		{method: "GET", path: "/bytes/65536", status: 200, wantBody: server.Bytes(65536), wantLen: -1, header: "Content-Type", headerVal: server.ContentTypeBinary},
		{method: "GET", path: fmt.Sprintf("/bytes/%d", server.MaxBytes), status: 200, wantLen: server.MaxBytes},
		{method: "HEAD", path: "/bytes/1048576", status: 200, wantBody: []byte{}, wantLen: -1, header: "Content-Length", headerVal: "1048576"},
		{method: "GET", path: fmt.Sprintf("/bytes/%d", server.MaxBytes+1), status: 400, wantLen: -1},
		{method: "GET", path: "/bytes/-1", status: 400, wantLen: -1},
		{method: "GET", path: "/bytes/abc", status: 400, wantLen: -1},
		{method: "GET", path: "/bytes/", status: 400, wantLen: -1},
		{method: "GET", path: "/bytes/1.5", status: 400, wantLen: -1},
		{method: "GET", path: "/bytes/99999999999999999999", status: 400, wantLen: -1},
		{method: "POST", path: "/bytes/10", status: 405, wantLen: -1, header: "Allow", headerVal: "GET, HEAD"},
		{method: "POST", path: "/echo", body: "hello echo", status: 200, wantBody: []byte("hello echo"), wantLen: -1},
		{method: "POST", path: "/echo", body: string(server.Bytes(100000)), chunked: true, status: 200, wantBody: server.Bytes(100000), wantLen: -1},
		{method: "POST", path: "/echo", status: 200, wantBody: []byte{}, wantLen: -1},
		{method: "GET", path: "/echo", status: 405, wantLen: -1, header: "Allow", headerVal: "POST"},
		{method: "PUT", path: "/json", status: 405, wantLen: -1, header: "Allow", headerVal: "GET, HEAD"},
		{method: "GET", path: "/nope", status: 404, wantLen: -1},
		{method: "GET", path: "/json/extra", status: 404, wantLen: -1},
		{method: "GET", path: "/bytes", status: 404, wantLen: -1},
		{method: "GET", path: "/bytes/1/2", status: 400, wantLen: -1},
		{method: "GET", path: "//json", status: 200, wantBody: []byte(server.JSONBody), wantLen: -1},
		{method: "GET", path: "/./json", status: 200, wantBody: []byte(server.JSONBody), wantLen: -1},
		{method: "GET", path: "/x/../json", status: 200, wantBody: []byte(server.JSONBody), wantLen: -1},
		{method: "DELETE", path: "/echo", status: 405, wantLen: -1, header: "Allow", headerVal: "POST"},
	}
}

// rangeChecks are the ranges on /bytes/{n}.
func rangeChecks() []check {
	b1000 := server.Bytes(1000)
	return []check{
		{method: "HEAD", path: "/bytes/1000", status: 200, wantBody: []byte{}, wantLen: -1, header: "Accept-Ranges", headerVal: "bytes"},
		{method: "GET", path: "/bytes/1000", reqHeader: "Range", reqVal: "bytes=0-99", status: 206, wantBody: b1000[:100], wantLen: -1, header: "Content-Range", headerVal: "bytes 0-99/1000"},
		{method: "GET", path: "/bytes/1000", reqHeader: "Range", reqVal: "bytes=900-", status: 206, wantBody: b1000[900:], wantLen: -1, header: "Content-Range", headerVal: "bytes 900-999/1000"},
		{method: "GET", path: "/bytes/1000", reqHeader: "Range", reqVal: "bytes=-100", status: 206, wantBody: b1000[900:], wantLen: -1, header: "Content-Range", headerVal: "bytes 900-999/1000"},
		{method: "GET", path: "/bytes/1000", reqHeader: "Range", reqVal: "bytes=990-5000", status: 206, wantBody: b1000[990:], wantLen: -1, header: "Content-Range", headerVal: "bytes 990-999/1000"},
		{method: "GET", path: "/bytes/1000", reqHeader: "Range", reqVal: "bytes=-5000", status: 206, wantBody: b1000, wantLen: -1, header: "Content-Range", headerVal: "bytes 0-999/1000"},
		{method: "GET", path: "/bytes/1000", reqHeader: "Range", reqVal: "bytes=999-999", status: 206, wantBody: b1000[999:], wantLen: -1, header: "Content-Range", headerVal: "bytes 999-999/1000"},
		{method: "HEAD", path: "/bytes/1000", reqHeader: "Range", reqVal: "bytes=0-9", status: 206, wantBody: []byte{}, wantLen: -1, header: "Content-Length", headerVal: "10"},
		{method: "GET", path: "/bytes/1000", reqHeader: "Range", reqVal: "bytes=9-1", status: 416, wantLen: -1, header: "Content-Range", headerVal: "bytes */1000"},
		{method: "GET", path: "/bytes/1000", reqHeader: "Range", reqVal: "bytes=1000-", status: 416, wantLen: -1, header: "Content-Range", headerVal: "bytes */1000"},
		{method: "GET", path: "/bytes/1000", reqHeader: "Range", reqVal: "bytes=99999999-", status: 416, wantLen: -1, header: "Content-Range", headerVal: "bytes */1000"},
		{method: "GET", path: "/bytes/1000", reqHeader: "Range", reqVal: "bytes=abc", status: 416, wantLen: -1, header: "Content-Range", headerVal: "bytes */1000"},
		{method: "GET", path: "/bytes/1000", reqHeader: "Range", reqVal: "bytes=0-1,5-6", status: 416, wantLen: -1, header: "Content-Range", headerVal: "bytes */1000"},
		// A unit the server does not know: the Range is ignored (RFC 9110 §14.2).
		{method: "GET", path: "/bytes/1000", reqHeader: "Range", reqVal: "items=0-1", status: 200, wantBody: b1000, wantLen: -1, header: "Accept-Ranges", headerVal: "bytes"},
		{method: "GET", path: "/bytes/1000", reqHeader: "Range", reqVal: "=0-1", status: 416, wantLen: -1, header: "Content-Range", headerVal: "bytes */1000"},
		{method: "GET", path: "/bytes/1000", reqHeader: "Range", reqVal: "bytes=-0", status: 416, wantLen: -1, header: "Content-Range", headerVal: "bytes */1000"},
		{method: "GET", path: "/bytes/0", reqHeader: "Range", reqVal: "bytes=0-", status: 416, wantLen: -1, header: "Content-Range", headerVal: "bytes */0"},
		{method: "GET", path: "/bytes/10", reqHeader: "Range", reqVal: "", status: 200, wantBody: server.Bytes(10), wantLen: -1},
		{method: "GET", path: "/json/.", status: 404, wantLen: -1},
		{method: "GET", path: "/bytes/5/..", status: 400, wantLen: -1},
		{method: "GET", path: "/bytes/5/./", status: 400, wantLen: -1},
	}
}

// sseChecks are the server-sent events.
func sseChecks() []check {
	sse3, _ := server.SSEStream(3)
	return []check{
		{method: "GET", path: "/sse/3", status: 200, wantBody: sse3, wantLen: -1, header: "Content-Type", headerVal: server.ContentTypeSSE},
		{method: "GET", path: "/sse/0", status: 200, wantBody: []byte{}, wantLen: -1},
		{method: "GET", path: "/sse/-1", status: 400, wantLen: -1},
		{method: "GET", path: "/sse/abc", status: 400, wantLen: -1},
		{method: "GET", path: fmt.Sprintf("/sse/%d", server.MaxEvents+1), status: 400, wantLen: -1},
		{method: "POST", path: "/sse/1", status: 405, wantLen: -1, header: "Allow", headerVal: "GET, HEAD"},
	}
}

// multipartChecks are the multipart forms.
func multipartChecks() []check {
	form, formType := encodeForm(server.Form{
		Fields: []server.FormField{{Name: "b", Value: "second"}, {Name: "a", Value: "first"}},
		Files:  []server.FormFile{{Field: "upload", Filename: "x.bin", Content: server.Bytes(5000)}},
	})
	wantSummary := server.Form{
		Fields: []server.FormField{{Name: "a", Value: "first"}, {Name: "b", Value: "second"}},
		Files:  []server.FormFile{{Field: "upload", Filename: "x.bin", Content: server.Bytes(5000)}},
	}.Summary()
	return []check{
		{method: "POST", path: "/multipart", body: form, reqHeader: "Content-Type", reqVal: formType, status: 200, wantBody: wantSummary, wantLen: -1, header: "Content-Type", headerVal: server.ContentTypeJSON},
		{method: "POST", path: "/multipart", body: form, chunked: true, reqHeader: "Content-Type", reqVal: formType, status: 200, wantBody: wantSummary, wantLen: -1},
		{method: "POST", path: "/multipart", body: form, reqHeader: "Content-Type", reqVal: "text/plain", status: 400, wantLen: -1},
		{method: "POST", path: "/multipart", body: form, reqHeader: "Content-Type", reqVal: "multipart/form-data", status: 400, wantLen: -1},
		{method: "POST", path: "/multipart", body: form, reqHeader: "Content-Type", reqVal: "multipart/form-data; boundary=wrong", status: 400, wantLen: -1},
		{method: "POST", path: "/multipart", body: form[:len(form)/2], reqHeader: "Content-Type", reqVal: formType, status: 400, wantLen: -1},
		{method: "POST", path: "/multipart", body: "garbage", reqHeader: "Content-Type", reqVal: formType, status: 400, wantLen: -1},
		{method: "GET", path: "/multipart", status: 405, wantLen: -1, header: "Allow", headerVal: "POST"},
	}
}

// statsChecks are the counters' route; the values vary (runStats decodes them).
func statsChecks() []check {
	return []check{
		{method: "GET", path: "/stats", status: 200, wantLen: -1, header: "Content-Type", headerVal: server.ContentTypeJSON},
		{method: "HEAD", path: "/stats", status: 200, wantBody: []byte{}, wantLen: -1, header: "Content-Type", headerVal: server.ContentTypeJSON},
		{method: "POST", path: "/stats", status: 405, wantLen: -1, header: "Allow", headerVal: "GET, HEAD"},
		{method: "GET", path: "/stats/", status: 404, wantLen: -1},
		{method: "GET", path: "//stats", status: 200, wantLen: -1, header: "Content-Type", headerVal: server.ContentTypeJSON},
	}
}

// behaviourChecks are the client-behaviour routes: malformed parameters get 400.
func behaviourChecks() []check {
	return []check{
		{method: "GET", path: "/status/404", status: 404, wantBody: []byte("status 404\n"), wantLen: -1},
		{method: "POST", path: "/status/500", body: "x", status: 500, wantLen: -1},
		{method: "DELETE", path: "/status/204", status: 204, wantBody: []byte{}, wantLen: -1},
		{method: "GET", path: "/status/200", status: 200, wantLen: -1},
		{method: "GET", path: "/status/199", status: 400, wantLen: -1},
		{method: "GET", path: "/status/600", status: 400, wantLen: -1},
		{method: "GET", path: "/status/abc", status: 400, wantLen: -1},
		{method: "GET", path: "/status/", status: 400, wantLen: -1},
		{method: "GET", path: "/status/2000", status: 400, wantLen: -1},
		{method: "GET", path: "/redirect/302/3", status: 200, wantLen: -1, header: "Content-Type", headerVal: server.ContentTypeJSON},
		{method: "GET", path: "/redirect/307/0", status: 200, wantLen: -1, header: "Content-Type", headerVal: server.ContentTypeJSON},
		{method: "GET", path: "/redirect/300/1", status: 400, wantLen: -1},
		{method: "GET", path: "/redirect/302", status: 400, wantLen: -1},
		{method: "GET", path: "/redirect/302/", status: 400, wantLen: -1},
		{method: "GET", path: "/redirect/302/51", status: 400, wantLen: -1},
		{method: "GET", path: "/redirect/302/1/2", status: 400, wantLen: -1},
		{method: "GET", path: "/redirect/x/1", status: 400, wantLen: -1},
		{method: "GET", path: "/cross-host/304", status: 400, wantLen: -1},
		{method: "GET", path: "/cross-host/", status: 400, wantLen: -1},
		{method: "GET", path: "/retry-after/2", status: 503, wantLen: -1, header: "Retry-After", headerVal: "2"},
		{method: "POST", path: "/retry-after/0", status: 503, wantLen: -1, header: "Retry-After", headerVal: "0"},
		{method: "GET", path: "/retry-after/3601", status: 400, wantLen: -1},
		{method: "GET", path: "/retry-after/-1", status: 400, wantLen: -1},
		{method: "GET", path: "/gzip", reqHeader: "Accept-Encoding", reqVal: "gzip", status: 200, wantBody: server.GzipBody(), wantLen: -1, header: "Content-Encoding", headerVal: "gzip"},
		{method: "GET", path: "/gzip", reqHeader: "Accept-Encoding", reqVal: "identity", status: 200, wantBody: server.GzipBody(), wantLen: -1, header: "Content-Encoding", headerVal: "gzip"},
		{method: "HEAD", path: "/gzip", reqHeader: "Accept-Encoding", reqVal: "gzip", status: 200, wantBody: []byte{}, wantLen: -1, header: "Content-Length", headerVal: strconv.Itoa(len(server.GzipBody()))},
		{method: "GET", path: "/deflate", reqHeader: "Accept-Encoding", reqVal: "deflate", status: 200, wantBody: server.DeflateBody(), wantLen: -1, header: "Content-Encoding", headerVal: "deflate"},
		{method: "POST", path: "/gzip", status: 405, wantLen: -1, header: "Allow", headerVal: "GET, HEAD"},
		{method: "GET", path: "/slow/0", status: 200, wantBody: []byte(server.JSONBody), wantLen: -1},
		{method: "GET", path: "/slow/20", status: 200, wantBody: []byte(server.JSONBody), wantLen: -1},
		{method: "GET", path: "/slow/5001", status: 400, wantLen: -1},
		{method: "GET", path: "/slow/1s", status: 400, wantLen: -1},
		{method: "GET", path: "/slow-body/20", status: 200, wantBody: []byte(server.JSONBody), wantLen: -1},
		{method: "HEAD", path: "/slow-body/20", status: 200, wantBody: []byte{}, wantLen: -1},
		{method: "GET", path: "/slow-body/99999", status: 400, wantLen: -1},
		{method: "GET", path: "/huge-header/100", status: 200, wantBody: []byte(server.JSONBody), wantLen: -1, header: "X-Huge", headerVal: server.HugeHeader(100)},
		{method: "GET", path: "/huge-header/65536", status: 200, wantLen: -1, header: "X-Huge", headerVal: server.HugeHeader(65536)},
		{method: "GET", path: fmt.Sprintf("/huge-header/%d", server.MaxHugeHeader+1), status: 400, wantLen: -1},
		{method: "GET", path: "/huge-header/x", status: 400, wantLen: -1},
		{method: "GET", path: "/set-cookie", status: 200, wantLen: -1, header: "Set-Cookie", headerVal: server.CookieName + "=" + server.CookieValue + "; Path=/"},
		{method: "GET", path: "/cookies", reqHeader: "Cookie", reqVal: "a=1; b=2", status: 200, wantBody: []byte(`{"a":"1","b":"2"}` + "\n"), wantLen: -1},
		{method: "GET", path: "/cookies", status: 200, wantBody: []byte("{}\n"), wantLen: -1},
		{method: "GET", path: "/cookies", reqHeader: "Cookie", reqVal: "garbage;;=", status: 200, wantLen: -1},
		{method: "POST", path: "/close-mid-body", status: 405, wantLen: -1, header: "Allow", headerVal: "GET"},
		{method: "HEAD", path: "/1xx", status: 405, wantLen: -1, header: "Allow", headerVal: "GET"},
		{method: "PUT", path: "/trailers", status: 405, wantLen: -1, header: "Allow", headerVal: "GET"},
		{method: "GET", path: "/status/200/x", status: 400, wantLen: -1},
	}
}

// name is the check's subtest name.
func (c check) name() string {
	name := fmt.Sprintf("%s %s", c.method, c.path)
	if c.reqHeader != "" {
		name += fmt.Sprintf(" %s: %.30s", c.reqHeader, c.reqVal)
	}
	if c.chunked {
		name += " chunked"
	}
	return name
}

// run sends c's request to base with hc and checks the answer.
func (c check) run(t *testing.T, base string, hc *http.Client) {
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
	if c.reqHeader != "" {
		req.Header.Set(c.reqHeader, c.reqVal)
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
		if err := server.CheckBody(got, c.wantBody, true); err != nil {
			t.Error(err)
		}
	}
	if c.wantLen >= 0 && len(got) != c.wantLen {
		t.Errorf("body length %d, want %d", len(got), c.wantLen)
	}
	if c.header != "" {
		// Cookie attribute names are case-insensitive: fasthttp writes
		// "path=", net/http "Path=".
		if v := resp.Header.Get(c.header); v != c.headerVal && !(c.header == "Set-Cookie" && strings.EqualFold(v, c.headerVal)) {
			t.Errorf("%s: %q, want %q", c.header, v, c.headerVal)
		}
	}
}

// runStats checks that GET /stats is exactly the two counters, plausible
// ones: at least the connection it came on, and a GOMAXPROCS of at least 1.
func runStats(t *testing.T, base string, hc *http.Client) {
	t.Helper()
	t.Run("GET /stats decodes", func(t *testing.T) {
		st := GetStats(t, base, hc)
		if st.ConnsAccepted < 1 || st.GOMAXPROCS < 1 {
			t.Errorf("GET /stats = %+v, want conns_accepted ≥ 1 and gomaxprocs ≥ 1", st)
		}
	})
}

// GetStats gets base+"/stats" with hc and decodes it strictly (see
// fetchStats), failing the test on any error.
func GetStats(t testing.TB, base string, hc *http.Client) server.Stats {
	t.Helper()
	st, err := fetchStats(base, hc)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// fetchStats gets base+"/stats" with hc and requires a 200 whose body is a
// JSON object with exactly the fields of server.Stats, each an integer.
func fetchStats(base string, hc *http.Client) (server.Stats, error) {
	var st server.Stats
	resp, err := hc.Get(base + server.StatsPath)
	if err != nil {
		return st, err
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return st, err
	}
	if resp.StatusCode != 200 {
		return st, fmt.Errorf("GET /stats: status %d (body %.80q)", resp.StatusCode, body)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(body, &fields); err != nil || len(fields) != 2 {
		return st, fmt.Errorf("GET /stats: %q, want an object of conns_accepted and gomaxprocs (%v)", body, err)
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&st); err != nil {
		return st, fmt.Errorf("GET /stats: %q: %w", body, err)
	}
	return st, nil
}

// encodeForm encodes f with mime/multipart and a fixed boundary, and returns
// the body and its Content-Type.
func encodeForm(f server.Form) (string, string) {
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	if err := mw.SetBoundary("routetest-boundary"); err != nil {
		panic(err)
	}
	for _, fl := range f.Fields {
		mw.WriteField(fl.Name, fl.Value)
	}
	for _, fl := range f.Files {
		w, _ := mw.CreateFormFile(fl.Field, fl.Filename)
		w.Write(fl.Content)
	}
	mw.Close()
	return b.String(), mw.FormDataContentType()
}

// runEcho checks POST /echo with bodies of each size, with a Content-Length
// and chunked (of unknown length, over HTTP/2): the exact bytes come back,
// with the same Content-Length or none, and the connection serves the next
// request. (net/http's client sends an empty body of unknown length as no
// body at all; the server package's raw tests send an empty chunked one.)
func runEcho(t *testing.T, base string, hc *http.Client) {
	t.Helper()
	for _, size := range []int{0, 1, 4 << 10, 1 << 20} {
		for _, chunked := range []bool{false, true} {
			if chunked && size == 0 {
				continue
			}
			t.Run(fmt.Sprintf("POST /echo size=%d chunked=%v", size, chunked), func(t *testing.T) {
				want := server.Bytes(size)
				var body io.Reader = bytes.NewReader(want)
				if chunked {
					body = io.MultiReader(body) // hides the length
				}
				req, err := http.NewRequest("POST", base+"/echo", body)
				if err != nil {
					t.Fatal(err)
				}
				if chunked {
					req.ContentLength = -1
				}
				resp, err := hc.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				got, err := io.ReadAll(resp.Body)
				resp.Body.Close()
				if err != nil {
					t.Fatal(err)
				}
				if resp.StatusCode != 200 {
					t.Fatalf("status %d (body %.80q)", resp.StatusCode, got)
				}
				if err := server.CheckBody(got, want, true); err != nil {
					t.Error(err)
				}
				// Chunked in, no Content-Length out; but net/http's server
				// sets one when the whole answer is written before the
				// handler returns, and the echo of a small body can be.
				if l := resp.ContentLength; l != int64(size) && !(chunked && l == -1) {
					t.Errorf("Content-Length %d, want %d", l, size)
				}
				if ct := resp.Header.Get("Content-Type"); ct != server.ContentTypeBinary {
					t.Errorf("Content-Type %q", ct)
				}
				checkReused(t, base, hc, true)
			})
		}
	}
}

// tooLarge is the declared length of the oversize bodies: 18 MB, over
// server.MaxBytes (16 MiB).
const tooLarge = 18_000_000

// The multipart boundary of runTooLarge's forms.
const (
	boundary = "routetest-too-large-boundary"
	formType = "multipart/form-data; boundary=" + boundary
)

// runTooLarge checks the limit on request bodies: a declared length over
// server.MaxBytes gets 413 (over HTTP/1.1 with Connection: close), and so
// does a multipart body of unknown length that grows past it; an echo of
// unknown length that grows past it is cut off. The server serves the next
// request.
func runTooLarge(t *testing.T, base string, hc *http.Client) {
	t.Helper()
	for _, path := range []string{"/echo", "/multipart"} {
		t.Run(fmt.Sprintf("POST %s Content-Length: %d", path, tooLarge), func(t *testing.T) {
			body := io.MultiReader(bytes.NewReader(server.Bytes(server.MaxBytes)), bytes.NewReader(server.Bytes(tooLarge-server.MaxBytes)))
			resp, got := postLength(t, hc, base+path, body, tooLarge)
			if resp.StatusCode != http.StatusRequestEntityTooLarge {
				t.Errorf("status %d, want 413 (body %.80q)", resp.StatusCode, got)
			}
			if resp.ProtoMajor == 1 && !resp.Close {
				t.Errorf("413 without Connection: close (header %q)", resp.Header.Get("Connection"))
			}
			checkReused(t, base, hc, false)
		})
	}
	// Unknown length, one byte past the limit.
	past := func(prefix, suffix string) io.Reader {
		return io.MultiReader(strings.NewReader(prefix), bytes.NewReader(server.Bytes(server.MaxBytes)), strings.NewReader("x"+suffix))
	}
	t.Run("POST /multipart chunked past the limit", func(t *testing.T) {
		body := past("--"+boundary+"\r\nContent-Disposition: form-data; name=\"f\"; filename=\"f.bin\"\r\n\r\n", "\r\n--"+boundary+"--\r\n")
		resp, got := postLength(t, hc, base+"/multipart", body, -1)
		if resp.StatusCode != http.StatusRequestEntityTooLarge {
			t.Errorf("status %d, want 413 (body %.80q)", resp.StatusCode, got)
		}
		checkReused(t, base, hc, false)
	})
	t.Run("POST /echo chunked past the limit", func(t *testing.T) {
		req, err := http.NewRequest("POST", base+"/echo", past("", ""))
		if err != nil {
			t.Fatal(err)
		}
		req.ContentLength = -1
		resp, err := hc.Do(req)
		var got []byte
		if err == nil {
			if resp.StatusCode != 200 {
				t.Errorf("status %d, want 200 then a cut", resp.StatusCode)
			}
			got, err = io.ReadAll(resp.Body)
			resp.Body.Close()
		}
		if err == nil {
			t.Fatalf("the echo of %d bytes ended cleanly after %d bytes; want it cut off", server.MaxBytes+1, len(got))
		}
		if !bytes.Equal(got, server.Bytes(len(got))) {
			t.Errorf("the %d bytes echoed before the cut are not what was sent", len(got))
		}
		checkReused(t, base, hc, false)
	})
}

// checkReused GETs /json, and if reused is set, requires that it went over
// a connection used before: the previous exchange left it usable.
func checkReused(t *testing.T, base string, hc *http.Client, reused bool) {
	t.Helper()
	var info httptrace.GotConnInfo
	trace := &httptrace.ClientTrace{GotConn: func(i httptrace.GotConnInfo) { info = i }}
	req, err := http.NewRequestWithContext(httptrace.WithClientTrace(context.Background(), trace), "GET", base+"/json", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := hc.Do(req)
	if err != nil {
		t.Fatalf("the next request: %v", err)
	}
	got, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || resp.StatusCode != 200 || string(got) != server.JSONBody {
		t.Fatalf("the next request: status %d, body %.80q, %v", resp.StatusCode, got, err)
	}
	if reused && !info.Reused {
		t.Errorf("the next request did not reuse the connection")
	}
}

// postLength POSTs body to url as a multipart form (the Content-Type
// /multipart wants; /echo ignores it) with Content-Length length (-1:
// chunked) and returns the answer with its body read and closed.
func postLength(t *testing.T, hc *http.Client, url string, body io.Reader, length int64) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest("POST", url, body)
	if err != nil {
		t.Fatal(err)
	}
	req.ContentLength = length
	req.Header.Set("Content-Type", formType)
	resp, err := hc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	return resp, got
}

// CheckConnsAccepted opens n connections to base, a GET /json over each
// (every newClient must hold connections of its own), then requires GET
// /stats, sent over the last of them, to report n more than before reports
// (the count the server had when called; pass 0 for a fresh server).
func CheckConnsAccepted(t *testing.T, base string, newClient func() *http.Client, before int64, n int) {
	t.Helper()
	var hc *http.Client
	for range n {
		hc = newClient()
		t.Cleanup(hc.CloseIdleConnections)
		checkReused(t, base, hc, false)
	}
	if got := GetStats(t, base, hc).ConnsAccepted; got != before+int64(n) {
		t.Errorf("%s: conns_accepted %d after %d connections, want %d", base, got, n, before+int64(n))
	}
}

// CheckPause requires that a server started by start(d, period), with d and
// period of its choosing, answers a request sent during a pause only once
// the pause is over, and answers GET /stats sent at the same time before
// that. The first is a lower bound, which holds on any machine; the second
// needs GET /stats answered within what is left of the pause, at least
// minLeft = 500 ms, against the milliseconds it takes: a liveness bound.
// The pause is long enough that starting the server (about 0.5 s under
// -race) still leaves about 1 s of it; a machine too slow to send inside a
// pause gets three tries, then a skip.
func CheckPause(t *testing.T, start func(d, period time.Duration) string, newClient func() *http.Client) {
	t.Helper()
	const d, period, minLeft = 1500 * time.Millisecond, 1750 * time.Millisecond, 500 * time.Millisecond
	before := time.Now()
	base := start(d, period)
	after := time.Now() // the server's pauses start after before, before after
	hcJSON, hcStats := newClient(), newClient()
	t.Cleanup(hcJSON.CloseIdleConnections)
	t.Cleanup(hcStats.CloseIdleConnections)
	GetStats(t, base, hcJSON) // connect now: /stats never pauses
	GetStats(t, base, hcStats)
	for k := range time.Duration(3) {
		time.Sleep(time.Until(after.Add((k + 1) * period)))
		end := before.Add((k+1)*period + d) // the pause ends no earlier
		if time.Until(end) < minLeft {
			continue // too late to tell: the next pause
		}
		t.Logf("pause %d: %v of it left", k+1, time.Until(end))
		jsonDone, statsDone := getBoth(t, base, hcJSON, hcStats)
		if jsonDone.Before(end) {
			t.Errorf("GET /json sent during a pause was answered %v before the pause ended", end.Sub(jsonDone))
		}
		if !statsDone.Before(jsonDone) {
			t.Errorf("GET /stats sent during a pause was answered after the pause ended (%v after GET /json)", statsDone.Sub(jsonDone))
		}
		return
	}
	t.Skip("three requests in a row came too late to land inside a pause")
}

// getBoth gets /json with hcJSON and /stats with hcStats at once, checks the
// answers, and returns when each was complete.
func getBoth(t *testing.T, base string, hcJSON, hcStats *http.Client) (jsonDone, statsDone time.Time) {
	t.Helper()
	errc := make(chan error, 1)
	go func() {
		_, err := fetchStats(base, hcStats)
		statsDone = time.Now()
		errc <- err
	}()
	checkReused(t, base, hcJSON, true)
	jsonDone = time.Now()
	if err := <-errc; err != nil {
		t.Fatal(err)
	}
	return jsonDone, statsDone
}

// runBehaviourRoutes checks the client-behaviour routes a status table
// cannot: what /headers reports, redirects followed, a connection reset or
// cut short, a 1xx, trailers. The server keeps serving after each.
func runBehaviourRoutes(t *testing.T, base string, hc *http.Client) {
	t.Helper()
	t.Run("POST /headers", func(t *testing.T) {
		req, _ := http.NewRequest("POST", base+"/headers", strings.NewReader("hello"))
		req.Header.Set("X-Test", "one")
		req.Header.Set("User-Agent", "routetest")
		s := seenBy(t, hc, req)
		if s.Method != "POST" || s.BodyLen != 5 || s.Body != "hello" || s.Headers["X-Test"][0] != "one" ||
			s.Headers["User-Agent"][0] != "routetest" || !strings.HasPrefix(base, "http://"+s.Host) && !strings.HasPrefix(base, "https://"+s.Host) {
			t.Errorf("/headers saw %+v", s)
		}
	})
	t.Run("GET /redirect/302/3 ends at /headers", func(t *testing.T) {
		hops := 0
		c := *hc
		c.CheckRedirect = func(*http.Request, []*http.Request) error { hops++; return nil }
		req, _ := http.NewRequest("GET", base+"/redirect/302/3", nil)
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if hops != 3 || resp.Request.URL.Path != "/headers" {
			t.Errorf("%d hops to %s, want 3 to /headers", hops, resp.Request.URL.Path)
		}
	})
	t.Run("GET /cross-host/302", func(t *testing.T) {
		req, _ := http.NewRequest("GET", base+"/cross-host/302", nil)
		s := seenBy(t, hc, req)
		if strings.Contains(base, s.Host) {
			t.Errorf("cross-host redirect stayed on %s", s.Host)
		}
	})
	runBrokenAnswers(t, base, hc)
}

// runBrokenAnswers checks the routes that answer out of the ordinary: a
// reset, a body cut short, a 1xx before the answer, trailers after it;
// and that the client still gets an answer after them.
func runBrokenAnswers(t *testing.T, base string, hc *http.Client) {
	t.Helper()
	t.Run("GET /reset", func(t *testing.T) {
		resp, err := hc.Get(base + "/reset")
		if err == nil {
			resp.Body.Close()
			t.Fatalf("status %d, want a reset", resp.StatusCode)
		}
	})
	t.Run("GET /close-mid-body", func(t *testing.T) {
		resp, err := hc.Get(base + "/close-mid-body")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		got, err := io.ReadAll(resp.Body)
		if err == nil || resp.ContentLength != server.CloseMidLength || len(got) != server.CloseMidSent {
			t.Errorf("Content-Length %d, read %d bytes, error %v", resp.ContentLength, len(got), err)
		}
	})
	t.Run("GET /1xx", func(t *testing.T) {
		var codes []int
		var link string
		trace := &httptrace.ClientTrace{Got1xxResponse: func(code int, h textproto.MIMEHeader) error {
			codes = append(codes, code)
			link = h.Get("Link")
			return nil
		}}
		req, _ := http.NewRequestWithContext(httptrace.WithClientTrace(context.Background(), trace), "GET", base+"/1xx", nil)
		resp, err := hc.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil || resp.StatusCode != 200 || string(body) != server.JSONBody || len(codes) != 1 || codes[0] != 103 || link != server.EarlyHintsLink {
			t.Errorf("status %d, body %q (%v), 1xx %v with Link %q", resp.StatusCode, body, err, codes, link)
		}
	})
	t.Run("GET /trailers", func(t *testing.T) {
		resp, err := hc.Get(base + "/trailers")
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil || string(body) != server.TrailerBody || resp.Trailer.Get(server.TrailerName) != server.TrailerValue {
			t.Errorf("body %q (%v), trailer %v", body, err, resp.Trailer)
		}
	})
	t.Run("GET /json after", func(t *testing.T) {
		resp, err := hc.Get(base + "/json")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Errorf("status %d", resp.StatusCode)
		}
	})
}

// seenBy sends req with hc and decodes the server.Seen its route echoes.
func seenBy(t *testing.T, hc *http.Client, req *http.Request) server.Seen {
	t.Helper()
	resp, err := hc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var s server.Seen
	if err := json.NewDecoder(resp.Body).Decode(&s); err != nil || resp.StatusCode != 200 {
		t.Fatalf("status %d, decoding: %v", resp.StatusCode, err)
	}
	return s
}
