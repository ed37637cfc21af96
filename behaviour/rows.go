package behaviour

import (
	"bytes"
	"compress/zlib"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	hclient "github.com/cloudwego/hertz/pkg/app/client"
	"github.com/cloudwego/hertz/pkg/protocol/consts"
	"github.com/go-resty/resty/v2"
	"github.com/hashicorp/go-retryablehttp"
	"github.com/valyala/fasthttp"
	"github.com/valyala/fasthttp/fasthttpproxy"
	"golang.org/x/net/http2"
	resty3 "resty.dev/v3"

	"github.com/httpclientbench/httpclientbench/clients/hertz"
	"github.com/httpclientbench/httpclientbench/server"
)

// observe runs one behaviour against one client and describes what it did,
// in words that do not depend on the run (no ports, no timings).
type observe func(t *testing.T, e *env, c *client) string

// fix is the configuration line that makes a client behave like net/http
// in a row, and what the row then observes (net/http's value unless want
// says otherwise: a fix that only gets part of the way).
type fix struct {
	line  string
	apply func(c *client)
	want  string
}

// row is one behaviour of the table.
type row struct {
	id    string // stable, the subtest's name
	title string // the table's first column
	tls   bool   // against the TLS server (HTTP/2 offered) for every client
	bites bool   // in docs/clients.md's summary
	obs   observe
	na    map[string]string // client → why the row does not apply
	want  map[string]string // client → observation
	fixes map[string]fix
	nofix map[string]string // client → why no line makes it behave like net/http here
}

// noRetry is retryablehttp's fix for every retry row.
var noRetry = fix{
	line: "c.CheckRetry = func(context.Context, *http.Response, error) (bool, error) { return false, nil }",
	apply: func(c *client) {
		c.lib.(*retryablehttp.Client).CheckRetry = func(context.Context, *http.Response, error) (bool, error) { return false, nil }
	},
}

const naCert = "the test certificate does not name localhost"

// Fixes for fasthttp.
var (
	fastFollow = fix{
		line:  "c.DoRedirects(req, resp, 16) instead of c.Do (what fasthttp.Get does)",
		apply: func(c *client) { c.redirects = 16 },
	}
	fastDecode = fix{
		line:  `req.Header.Set("Accept-Encoding", "gzip"), then resp.BodyUncompressed() instead of resp.Body()`,
		apply: func(c *client) { c.decode = true },
	}
	fastBuffer = fix{
		line:  "c.ReadBufferSize = 2 << 20",
		apply: func(c *client) { c.lib.(*fasthttp.Client).ReadBufferSize = 2 << 20 },
	}
	fastProxy = fix{
		line:  "c.Dial = fasthttpproxy.FasthttpProxyHTTPDialer() (the test checks the field: loopback is never proxied)",
		apply: func(c *client) { c.lib.(*fasthttp.Client).Dial = fasthttpproxy.FasthttpProxyHTTPDialer() },
	}
)

// Fixes for hertz.
var (
	hertzFollow = fix{
		line:  "c.DoRedirects(ctx, req, resp, 16) instead of c.Do (what Client.Get does)",
		apply: func(c *client) { c.redirects = 16 },
	}
	hertzDecode = fix{
		line:  `req.Header.Set("Accept-Encoding", "gzip"), then resp.BodyGunzip() instead of resp.Body() when resp.Header.ContentEncoding() is gzip`,
		apply: func(c *client) { c.decode = true },
	}
)

// with is f expecting want: a fix that gets only part of the way.
func (f fix) with(want string) fix { f.want = want; return f }

// idleFix gives a client net/http's idle connections per host.
func idleFix(name string) fix {
	return fix{
		line:  "transport.MaxIdleConnsPerHost = 0 (http.DefaultMaxIdleConnsPerHost, 2), on the client's *http.Transport",
		apply: func(c *client) { transportOf(c).MaxIdleConnsPerHost = 0 },
	}
}

// userAgent makes a client send net/http's User-Agent over HTTP/1.1.
func userAgent(name string) fix {
	const ua = "Go-http-client/1.1"
	line := `c.SetHeader("User-Agent", "` + ua + `")`
	switch name {
	case "fasthttp":
		return fix{line: `c.Name = "` + ua + `"`, apply: func(c *client) { c.lib.(*fasthttp.Client).Name = ua }}
	case "hertz":
		return fix{line: `client.NewClient(client.WithName("` + ua + `"))`, apply: func(c *client) { c.lib = hertz.DefaultClient(nil, hclient.WithName(ua)) }}
	case "resty3":
		return fix{line: line, apply: func(c *client) { c.lib.(*resty3.Client).SetHeader("User-Agent", ua) }}
	}
	return fix{line: line, apply: func(c *client) { c.lib.(*resty.Client).SetHeader("User-Agent", ua) }}
}

// Fixes for resty v3.
var (
	// resty3Raw reads the body as net/http's users do. resty v3 (rc.4)
	// reads it with Response.readAll, which takes io.ErrUnexpectedEOF for
	// its end, and Bytes and String, which read a JSON or XML body on
	// first use, drop any error from that read.
	resty3Raw = fix{
		line:  "c.SetResponseDoNotParse(true), then io.ReadAll(resp.Body) (and resp.Body.Close()) instead of resp.Bytes()",
		apply: func(c *client) { c.lib.(*resty3.Client).SetResponseDoNotParse(true) },
	}
	// resty3Keys asks for gzip only, as net/http does.
	resty3Keys = fix{
		line:  `c.SetContentDecompresserKeys([]string{"gzip"})`,
		apply: func(c *client) { c.lib.(*resty3.Client).SetContentDecompresserKeys([]string{"gzip"}) },
	}
	// resty3Zlib decodes HTTP's deflate, which is the zlib format (RFC
	// 9110 8.4.1.2); resty v3's own decompresser reads raw DEFLATE
	// (compress/flate), so a conformant body fails to decode.
	resty3Zlib = fix{
		line: `c.AddContentDecompresser("deflate", func(r io.ReadCloser) (io.ReadCloser, error) { z, err := zlib.NewReader(r); return struct{ io.Reader; io.Closer }{z, r}, err })`,
		apply: func(c *client) {
			c.lib.(*resty3.Client).AddContentDecompresser("deflate", func(r io.ReadCloser) (io.ReadCloser, error) {
				z, err := zlib.NewReader(r)
				return struct {
					io.Reader
					io.Closer
				}{z, r}, err
			})
		},
		want: "decoded, Content-Encoding and Content-Length removed",
	}
)

var rows = []row{
	{id: "404", title: "404", obs: statusObs("GET", "/status/404")},
	{id: "500", title: "500", bites: true, obs: statusObs("GET", "/status/500"), fixes: map[string]fix{"retryablehttp": noRetry}},
	{id: "redirect-301", title: "301 to a POST with a body", bites: true, obs: redirectObs(301), fixes: map[string]fix{
		"fasthttp": fastFollow.with("followed as GET, body kept"), "hertz": hertzFollow.with("followed as POST, body kept")}},
	{id: "redirect-302", title: "302 to a POST with a body", obs: redirectObs(302), fixes: map[string]fix{
		"fasthttp": fastFollow.with("followed as GET, body kept"), "hertz": hertzFollow.with("followed as POST, body kept")}},
	{id: "redirect-303", title: "303 to a POST with a body", obs: redirectObs(303), fixes: map[string]fix{"fasthttp": fastFollow, "hertz": hertzFollow.with("followed as POST, body kept")}},
	{id: "redirect-307", title: "307 to a POST with a body", bites: true, obs: redirectObs(307), fixes: map[string]fix{"fasthttp": fastFollow, "hertz": hertzFollow}},
	{id: "redirect-308", title: "308 to a POST with a body", obs: redirectObs(308), fixes: map[string]fix{"fasthttp": fastFollow, "hertz": hertzFollow}},
	{id: "redirect-hops", title: "302 chain: most hops followed", obs: hopsObs,
		nofix: map[string]string{"retryablehttp": "the same 9 hops; only the error is wrapped (giving up after 1 attempt)"},
		fixes: map[string]fix{"fasthttp": {
			line:  "c.DoRedirects(req, resp, 9) instead of c.Do",
			apply: func(c *client) { c.redirects = 9 },
			want:  "9; the 10th is an error: fasthttp: too many redirects detected when doing the request",
		}, "hertz": {
			line:  "c.DoRedirects(ctx, req, resp, 9) instead of c.Do",
			apply: func(c *client) { c.redirects = 9 },
			want:  "9; the 10th is an error: too many redirects detected when doing the request",
		}}},
	{id: "cross-host-auth", title: "Authorization on a cross-host redirect", bites: true, obs: crossHostObs,
		na: map[string]string{"xnethttp2": naCert}, fixes: map[string]fix{"fasthttp": fastFollow, "hertz": hertzFollow.with("followed, Authorization kept")}},
	{id: "accept-encoding", title: "Accept-Encoding sent by default", obs: headerObs("Accept-Encoding"), fixes: map[string]fix{"fasthttp": fastDecode, "hertz": hertzDecode, "resty3": resty3Keys}},
	{id: "gzip", title: "gzip body", bites: true, obs: encodedObs("/gzip"), fixes: map[string]fix{
		"fasthttp": fastDecode.with("decoded, Content-Encoding and Content-Length kept"), "hertz": hertzDecode.with("decoded, Content-Encoding and Content-Length kept")}},
	{id: "deflate", title: "deflate body", obs: encodedObs("/deflate"), fixes: map[string]fix{"resty3": resty3Zlib}},
	{id: "timeout", title: "default timeout", bites: true, obs: timeoutObs,
		nofix: map[string]string{"fasthttp": "no whole-request timeout either; its dial gives up after 3 s where net/http's DefaultTransport dialer waits 30 s " +
			"(a custom c.Dial calling fasthttp.DialTimeout(addr, 30*time.Second) would match; not tested)",
			"hertz": "no whole-request timeout either; its dial gives up after 1 s where net/http's DefaultTransport dialer waits 30 s " +
				"(client.WithDialTimeout(30*time.Second) would match; not tested)"}},
	{id: "slow-headers", title: "headers 300 ms late", obs: statusObs("GET", "/slow/300")},
	{id: "slow-body", title: "second half of the body 300 ms late", obs: statusObs("GET", "/slow-body/300")},
	{id: "retry-503", title: "GET answered 503", bites: true, obs: statusObs("GET", "/status/503"), fixes: map[string]fix{"retryablehttp": noRetry}},
	{id: "retry-after", title: "GET answered 503 with Retry-After: 0", obs: statusObs("GET", "/retry-after/0"), fixes: map[string]fix{"retryablehttp": noRetry}},
	{id: "retry-wait", title: "wait before a retry after 503 with Retry-After: 7", obs: retryWaitObs,
		nofix: map[string]string{"retryablehttp": "the wait comes with the retries: the retry rows' line turns both off"}},
	{id: "retry-post", title: "POST answered 503", obs: statusObs("POST", "/status/503"), fixes: map[string]fix{"retryablehttp": noRetry}},
	{id: "retry-reset", title: "GET on a kept-alive connection, reset", bites: true, obs: resetObs,
		nofix: map[string]string{"xnethttp2": "HTTP/2: the server resets the stream, not the connection, and the request is not retried",
			"hertz": "the same 2 attempts (a GET whose pooled connection the server closed is sent again on a new one, as net/http does; no setting turns that off); only the error differs"},
		fixes: map[string]fix{
			"retryablehttp": noRetry.with("error: GET URL giving up after 1 attempt(s): Get URL: read tcp ADDR->ADDR: read: connection reset by peer, 2 attempts"),
			"fasthttp": {line: "c.MaxIdemponentCallAttempts = 2", apply: func(c *client) { c.lib.(*fasthttp.Client).MaxIdemponentCallAttempts = 2 },
				want: "error: fasthttp: the server closed connection before returning the first response byte. make sure the server returns 'connection: close' response header before closing…, 2 attempts"},
		}},
	{id: "proxy", title: "proxy from the environment", obs: proxyObs, fixes: map[string]fix{"fasthttp": fastProxy},
		nofix: map[string]string{"xnethttp2": "http2.Transport has no Proxy field; net/http's own Transport speaks HTTP/2 and has one",
			"hertz": "hertz reads no proxy setting; c.SetProxy(protocol.ProxyURI(u)) sends every request through one fixed proxy, with nothing like NO_PROXY"}},
	{id: "cookies", title: "cookies kept without configuration", bites: true, obs: cookieObs, fixes: map[string]fix{
		"resty":  {line: "c.SetCookieJar(nil)", apply: func(c *client) { c.lib.(*resty.Client).SetCookieJar(nil) }},
		"resty3": {line: "c.SetCookieJar(nil)", apply: func(c *client) { c.lib.(*resty3.Client).SetCookieJar(nil) }},
	}},
	{id: "user-agent", title: "default User-Agent", obs: headerObs("User-Agent"), fixes: map[string]fix{"fasthttp": userAgent("fasthttp"), "hertz": userAgent("hertz"), "resty": userAgent("resty"), "resty3": userAgent("resty3")},
		nofix: map[string]string{"xnethttp2": "net/http's own name over HTTP/2"}},
	{id: "idle-conns", title: "idle connections kept per host", obs: idleObs,
		nofix: map[string]string{
			"fasthttp":  "keeps every idle connection up to MaxConnsPerHost; MaxIdleConnDuration only shortens how long",
			"hertz":     "keeps every idle connection, without limit; client.WithMaxIdleConnDuration only shortens how long",
			"xnethttp2": "one multiplexed connection per host",
		},
		fixes: map[string]fix{"resty": idleFix("resty"), "resty3": idleFix("resty3"), "retryablehttp": idleFix("retryablehttp")}},
	{id: "idle-kept", title: "connections kept between two rounds of 8 parallel requests", bites: true, obs: keptObs,
		nofix: map[string]string{
			"fasthttp":  "keeps every idle connection up to MaxConnsPerHost; MaxIdleConnDuration only shortens how long",
			"hertz":     "keeps every idle connection, without limit; client.WithMaxIdleConnDuration only shortens how long",
			"xnethttp2": "one multiplexed connection per host",
		},
		fixes: map[string]fix{"resty": idleFix("resty"), "resty3": idleFix("resty3"), "retryablehttp": idleFix("retryablehttp")}},
	{id: "max-conns", title: "connections per host", obs: maxConnsObs,
		nofix: map[string]string{
			"fasthttp":  "no unlimited setting: a larger MaxConnsPerHost, or MaxConnWaitTimeout to wait for a free connection instead of failing",
			"xnethttp2": "multiplexes requests on one connection until the server's stream limit",
		}},
	{id: "cut-body", title: "body that stops early", bites: true, obs: cutObs,
		fixes: map[string]fix{"fasthttp": {line: "c.MaxIdemponentCallAttempts = 1",
			apply: func(c *client) { c.lib.(*fasthttp.Client).MaxIdemponentCallAttempts = 1 }}, "resty3": resty3Raw},
		nofix: map[string]string{"xnethttp2": "HTTP/2 reports the reset stream instead of an unexpected EOF",
			"hertz": "the same error after 1 attempt; hertz hands over none of the 500 bytes that came"}},
	{id: "header-8k", title: "8 KiB response header", bites: true, obs: statusObs("GET", "/huge-header/8192"), fixes: map[string]fix{"fasthttp": fastBuffer}},
	{id: "header-1m", title: "1 MiB response header", obs: statusObs("GET", "/huge-header/1048576"), fixes: map[string]fix{"fasthttp": fastBuffer}},
	{id: "1xx", title: "103 Early Hints before the answer", obs: earlyObs,
		nofix: map[string]string{"hertz": "hertz passes over a 100 Continue only (ReadHeaders in pkg/protocol/http1/resp): a 103 is returned as the answer"}},
	{id: "trailers", title: "trailers", obs: trailerObs},
	{id: "http2", title: "HTTP/2 by default over TLS", tls: true, bites: true, obs: protoObs,
		nofix: map[string]string{"fasthttp": "fasthttp speaks HTTP/1.1 only", "hertz": "hertz's client (pkg/app/client) speaks HTTP/1.1 only"}},
}

// errText describes an error without what varies between runs (addresses,
// ports, URLs).
var (
	reURL  = regexp.MustCompile(`"?https?://[^\s"]*"?`)
	reAddr = regexp.MustCompile(`(\[[0-9a-f:]+\]|[0-9]+(\.[0-9]+){3}|localhost):[0-9]+`)
)

func errText(err error) string {
	s := err.Error()
	if i := strings.Index(s, ", contents:"); i >= 0 { // fasthttp quotes the header it could not read
		s = s[:i]
	}
	s = reURL.ReplaceAllString(s, "URL")
	s = reAddr.ReplaceAllString(s, "ADDR")
	if r := []rune(s); len(r) > 160 {
		s = string(r[:160]) + "…"
	}
	return "error: " + s
}

// outcome is a result in words: the status, or the error.
func outcome(r result) string {
	if r.err != nil {
		return errText(r.err)
	}
	return fmt.Sprintf("response %d", r.status)
}

func attempts(n int) string {
	if n == 1 {
		return "1 attempt"
	}
	return fmt.Sprintf("%d attempts", n)
}

// statusObs: the outcome of method path, and how many requests the server
// saw.
func statusObs(method, path string) observe {
	return func(t *testing.T, e *env, c *client) string {
		var body []byte
		if method == "POST" {
			body = []byte("hello")
		}
		r := c.do(method, e.base+path, body, nil)
		return outcome(r) + ", " + attempts(e.attempts(path))
	}
}

// seen decodes a /headers answer.
func seen(r result) (server.Seen, bool) {
	var s server.Seen
	return s, r.err == nil && r.status == 200 && json.Unmarshal(r.body, &s) == nil
}

func redirectObs(code int) observe {
	return func(t *testing.T, e *env, c *client) string {
		r := c.do("POST", fmt.Sprintf("%s/redirect/%d/1", e.base, code), []byte("hello"), http.Header{"Content-Type": {"text/plain"}})
		if r.err != nil {
			return errText(r.err)
		}
		if r.status == code {
			return fmt.Sprintf("not followed: the %d is the response", code)
		}
		s, ok := seen(r)
		if !ok {
			return fmt.Sprintf("response %d", r.status)
		}
		body := "body dropped"
		if s.Body == "hello" {
			body = "body kept"
		}
		return fmt.Sprintf("followed as %s, %s", s.Method, body)
	}
}

// hopsObs finds the longest /redirect/302/{n} chain that ends in a 200.
func hopsObs(t *testing.T, e *env, c *client) string {
	for n := 1; n <= server.MaxRedirects; n++ {
		r := c.do("GET", fmt.Sprintf("%s/redirect/302/%d", e.base, n), nil, nil)
		if r.err == nil && r.status == 200 {
			continue
		}
		if n == 1 {
			return "none (not followed)"
		}
		end := fmt.Sprintf("the %s", ordinal(n))
		if r.err != nil {
			end += " is an " + errText(r.err)
		} else {
			end += fmt.Sprintf(" is returned (%d)", r.status)
		}
		return fmt.Sprintf("%d; %s", n-1, end)
	}
	return fmt.Sprintf("at least %d", server.MaxRedirects)
}

func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprintf("%d%s", n, suffix)
}

func crossHostObs(t *testing.T, e *env, c *client) string {
	r := c.do("GET", e.base+"/cross-host/302", nil, http.Header{"Authorization": {"Bearer secret"}})
	if r.err != nil {
		return errText(r.err)
	}
	if r.status == 302 {
		return "not followed"
	}
	s, ok := seen(r)
	if !ok {
		return fmt.Sprintf("response %d", r.status)
	}
	if strings.HasPrefix(e.base, "http://"+s.Host) {
		t.Errorf("the redirect stayed on %s", s.Host)
	}
	if len(s.Headers["Authorization"]) > 0 {
		return "followed, Authorization kept"
	}
	return "followed, Authorization dropped"
}

// headerObs: the request header as the server saw it.
func headerObs(name string) observe {
	return func(t *testing.T, e *env, c *client) string {
		s, ok := seen(c.do("GET", e.base+"/headers", nil, nil))
		if !ok {
			t.Fatal("GET /headers failed")
		}
		if v := s.Headers[name]; len(v) > 0 {
			return "`" + strings.Join(v, ", ") + "`"
		}
		return "none"
	}
}

func encodedObs(path string) observe {
	return func(t *testing.T, e *env, c *client) string {
		r := c.do("GET", e.base+path, nil, nil)
		if r.err != nil {
			return errText(r.err)
		}
		var what string
		switch {
		case bytes.Equal(r.body, server.CompressedPlain):
			what = "decoded"
		case bytes.Equal(r.body, server.GzipBody()), bytes.Equal(r.body, server.DeflateBody()):
			what = "left encoded"
		default:
			return fmt.Sprintf("response %d, a body of %d bytes neither encoded nor decoded", r.status, len(r.body))
		}
		ce, cl := r.header.Get("Content-Encoding"), r.header.Get("Content-Length")
		switch {
		case ce == "" && cl == "":
			what += ", Content-Encoding and Content-Length removed"
		case ce == "":
			what += ", Content-Encoding removed, Content-Length kept"
		case cl == "":
			what += ", Content-Encoding kept, Content-Length removed"
		default:
			what += ", Content-Encoding and Content-Length kept"
		}
		return what
	}
}

// dur renders a duration the way the table does: 0 is "none".
func dur(d time.Duration) string {
	if d == 0 {
		return "none"
	}
	return d.String()
}

// timeoutObs reads the library's whole-request timeout (waiting for it
// would be a timing test).
func timeoutObs(t *testing.T, e *env, c *client) string {
	switch l := c.lib.(type) {
	case *http.Client:
		return dur(l.Timeout)
	case *fasthttp.Client:
		if l.ReadTimeout != 0 || l.WriteTimeout != 0 {
			return fmt.Sprintf("read %s, write %s", dur(l.ReadTimeout), dur(l.WriteTimeout))
		}
		return fmt.Sprintf("none; dial %s (fasthttp.DefaultDialTimeout)", fasthttp.DefaultDialTimeout)
	case *hclient.Client:
		o := l.GetOptions()
		if o.ReadTimeout != 0 || o.WriteTimeout != 0 {
			return fmt.Sprintf("read %s, write %s", dur(o.ReadTimeout), dur(o.WriteTimeout))
		}
		if o.DialTimeout == consts.DefaultDialTimeout {
			return fmt.Sprintf("none; dial %s (consts.DefaultDialTimeout)", o.DialTimeout)
		}
		return fmt.Sprintf("none; dial %s", o.DialTimeout)
	case *resty.Client:
		return dur(l.GetClient().Timeout)
	case *resty3.Client:
		return dur(l.Timeout()) // a context deadline per request; http.Client.Timeout stays 0
	case *retryablehttp.Client:
		return dur(l.HTTPClient.Timeout)
	}
	panic("unknown library")
}

// retryWaitObs reads the wait before the first retry of a 503 with
// Retry-After: 7 from the library's backoff.
func retryWaitObs(t *testing.T, e *env, c *client) string {
	l, ok := c.lib.(*retryablehttp.Client)
	if !ok && c.own {
		// A brought client may retry in a middleware: count, and say
		// what cannot be read.
		if r := c.do("GET", e.base+"/retry-after/0", nil, nil); e.attempts("/retry-after/0") > 1 {
			return fmt.Sprintf("retried (%s); the wait is not read (only retryablehttp's Backoff is)", outcome(r))
		}
		return "no retry"
	}
	if !ok {
		return "no retry"
	}
	resp := &http.Response{StatusCode: 503, Header: http.Header{"Retry-After": {"7"}}}
	// The defaults, not the test's shortened waits.
	d := l.Backoff(retryablehttp.NewClient().RetryWaitMin, retryablehttp.NewClient().RetryWaitMax, 1, resp)
	return fmt.Sprintf("%s (the Retry-After; 1 s doubling to 30 s without one)", d)
}

// resetObs: a GET on a connection the pool kept, which the server resets
// without answering (on HTTP/2 the stream is reset).
func resetObs(t *testing.T, e *env, c *client) string {
	if r := c.do("GET", e.base+"/json", nil, nil); r.err != nil {
		t.Fatal(r.err)
	}
	r := c.do("GET", e.base+"/reset", nil, nil)
	return outcome(r) + ", " + attempts(e.attempts("/reset"))
}

func funcIs(f, g any) bool {
	return reflect.ValueOf(f).Pointer() == reflect.ValueOf(g).Pointer()
}

const notRead = "not read:"

// unread is the cell of a row that reads a transport's fields, for a
// brought client whose transport is not an *http.Transport (a middleware
// chain, say): what it is, and that its fields were not read.
func unread(c *client) (string, bool) {
	l, ok := c.lib.(*http.Client)
	if !c.own || !ok {
		return "", false
	}
	if c.base != nil {
		return notRead + " Brought.Transport returned no *http.Transport", true
	}
	if _, h2 := l.Transport.(*http2.Transport); h2 {
		return "", false
	}
	return fmt.Sprintf("%s the transport is a %T, not an *http.Transport", notRead, l.Transport), true
}

// transportOf is the *http.Transport under a net/http-based client.
func transportOf(c *client) *http.Transport {
	switch l := c.lib.(type) {
	case *http.Client:
		if c.base != nil {
			return c.base(l)
		}
		rt := l.Transport
		if rt == nil {
			rt = http.DefaultTransport
		}
		tr, _ := rt.(*http.Transport)
		return tr
	case *resty.Client:
		tr, _ := l.GetClient().Transport.(*http.Transport)
		return tr
	case *resty3.Client:
		tr, _ := l.HTTPTransport()
		return tr
	case *retryablehttp.Client:
		tr, _ := l.HTTPClient.Transport.(*http.Transport)
		return tr
	}
	return nil
}

func proxyObs(t *testing.T, e *env, c *client) string {
	if l, ok := c.lib.(*hclient.Client); ok {
		if l.Proxy != nil {
			return "one proxy, set with SetProxy"
		}
		return "no"
	}
	if l, ok := c.lib.(*fasthttp.Client); ok {
		if l.Dial != nil && funcIs(l.Dial, fasthttpproxy.FasthttpProxyHTTPDialer()) {
			return "yes: HTTP_PROXY, HTTPS_PROXY, NO_PROXY"
		}
		return "no"
	}
	tr := transportOf(c)
	if tr == nil {
		if r, ok := unread(c); ok {
			return r
		}
		return "no (http2.Transport has no proxy)"
	}
	if tr.Proxy != nil && funcIs(tr.Proxy, http.ProxyFromEnvironment) {
		return "yes: HTTP_PROXY, HTTPS_PROXY, NO_PROXY"
	}
	return "no"
}

func cookieObs(t *testing.T, e *env, c *client) string {
	if r := c.do("GET", e.base+"/set-cookie", nil, nil); r.err != nil || r.status != 200 {
		t.Fatalf("GET /set-cookie: %s", outcome(r))
	}
	r := c.do("GET", e.base+"/cookies", nil, nil)
	if r.err != nil {
		t.Fatal(r.err)
	}
	if bytes.Contains(r.body, []byte(server.CookieName)) {
		return "yes (a cookie jar)"
	}
	return "no"
}

// gomaxprocs renders a count that resty and cleanhttp derive from
// GOMAXPROCS in terms of it, so that the table does not depend on the
// machine.
func gomaxprocs(n int) string {
	if n == runtime.GOMAXPROCS(0)+1 {
		return "GOMAXPROCS+1"
	}
	return fmt.Sprint(n)
}

func idleObs(t *testing.T, e *env, c *client) string {
	switch l := c.lib.(type) {
	case *fasthttp.Client:
		n, d := l.MaxConnsPerHost, l.MaxIdleConnDuration
		if n == 0 {
			n = fasthttp.DefaultMaxConnsPerHost
		}
		if d == 0 {
			d = fasthttp.DefaultMaxIdleConnDuration
		}
		return fmt.Sprintf("all (up to %d), closed after %s idle", n, d)
	case *hclient.Client:
		o := l.GetOptions()
		if o.MaxConnsPerHost > 0 {
			return fmt.Sprintf("all (up to %d), closed after %s idle", o.MaxConnsPerHost, o.MaxIdleConnDuration)
		}
		return fmt.Sprintf("all (no limit), closed after %s idle", o.MaxIdleConnDuration)
	case *http.Client:
		if tr, ok := l.Transport.(*http2.Transport); ok {
			if tr.IdleConnTimeout == 0 {
				return "1, multiplexed; kept until the server closes it"
			}
			return fmt.Sprintf("1, multiplexed; closed after %s idle", tr.IdleConnTimeout)
		}
	}
	tr := transportOf(c)
	if r, ok := unread(c); ok && tr == nil {
		return r
	}
	n := fmt.Sprint(http.DefaultMaxIdleConnsPerHost) // the field's 0
	if tr.MaxIdleConnsPerHost != 0 {
		n = gomaxprocs(tr.MaxIdleConnsPerHost)
	}
	return fmt.Sprintf("%s (of %d in all), closed after %s idle", n, tr.MaxIdleConns, dur(tr.IdleConnTimeout))
}

// keptObs sends two rounds of parallelRound requests, each held by the
// server until all of its round are in, and counts the connections each
// round opened: the second round reuses what the pool kept idle.
func keptObs(t *testing.T, e *env, c *client) string {
	const n = parallelRound
	round := func() int {
		before := e.opened()
		e.newRound(n)
		var wg sync.WaitGroup
		codes := make([]int, n)
		for i := range n {
			wg.Go(func() {
				r := c.do("GET", e.base+barrierPath, nil, nil)
				if r.err != nil {
					t.Error(r.err)
				}
				codes[i] = r.status
			})
		}
		wg.Wait()
		for _, code := range codes {
			if code != 200 {
				t.Fatalf("a round's request got %d (the round never filled)", code)
			}
		}
		return e.opened() - before
	}
	first := round()
	second := round()
	if first < n {
		return fmt.Sprintf("%d connection(s) for %d parallel requests; %d new in the second round", first, n, second)
	}
	kept := n - second
	// A count derived from GOMAXPROCS renders as such before anything
	// else: with GOMAXPROCS >= n-1 it is all n, which must not read
	// differently on a machine with more CPUs.
	if tr := transportOf(c); tr != nil && tr.MaxIdleConnsPerHost == runtime.GOMAXPROCS(0)+1 && kept == min(n, tr.MaxIdleConnsPerHost) {
		return fmt.Sprintf("%d for %d parallel requests; min(%d, GOMAXPROCS+1) kept idle and reused, the rest closed", first, n, n)
	}
	if kept == n {
		return fmt.Sprintf("%d for %d parallel requests; all kept idle and reused", first, n)
	}
	return fmt.Sprintf("%d for %d parallel requests; %d kept idle and reused, the rest closed", first, n, kept)
}

const parallelRound = 8

func maxConnsObs(t *testing.T, e *env, c *client) string {
	switch l := c.lib.(type) {
	case *fasthttp.Client:
		n := l.MaxConnsPerHost
		if n == 0 {
			n = fasthttp.DefaultMaxConnsPerHost
		}
		if l.MaxConnWaitTimeout == 0 {
			return fmt.Sprintf("%d, then ErrNoFreeConns at once", n)
		}
		return fmt.Sprintf("%d, then wait up to %s", n, l.MaxConnWaitTimeout)
	case *hclient.Client:
		o := l.GetOptions()
		switch {
		case o.MaxConnsPerHost <= 0:
			return "unlimited"
		case o.MaxConnWaitTimeout == 0:
			return fmt.Sprintf("%d, then ErrNoFreeConns at once", o.MaxConnsPerHost)
		}
		return fmt.Sprintf("%d, then wait up to %s", o.MaxConnsPerHost, o.MaxConnWaitTimeout)
	case *http.Client:
		if tr, ok := l.Transport.(*http2.Transport); ok {
			if tr.StrictMaxConcurrentStreams {
				return "1; requests past the server's stream limit wait"
			}
			return "unlimited: another connection when the server's stream limit is reached"
		}
	}
	tr := transportOf(c)
	if r, ok := unread(c); ok && tr == nil {
		return r
	}
	if n := tr.MaxConnsPerHost; n > 0 {
		return fmt.Sprintf("%d", n)
	}
	return "unlimited"
}

func cutObs(t *testing.T, e *env, c *client) string {
	r := c.do("GET", e.base+"/close-mid-body", nil, nil)
	n := attempts(e.attempts("/close-mid-body"))
	if r.err != nil {
		return fmt.Sprintf("%s (%d of %d bytes read), %s", errText(r.err), len(r.body), server.CloseMidLength, n)
	}
	return fmt.Sprintf("no error: a short body of %d bytes, %s", len(r.body), n)
}

// earlyObs: the final answer after a 103, and whether its body is whole.
func earlyObs(t *testing.T, e *env, c *client) string {
	r := c.do("GET", e.base+"/1xx", nil, nil)
	if r.err != nil {
		return errText(r.err)
	}
	if string(r.body) != server.JSONBody {
		return fmt.Sprintf("response %d, a wrong body of %d bytes", r.status, len(r.body))
	}
	return fmt.Sprintf("response %d with its body; the 103 is not returned", r.status)
}

func trailerObs(t *testing.T, e *env, c *client) string {
	r := c.do("GET", e.base+"/trailers", nil, nil)
	if r.err != nil {
		return errText(r.err)
	}
	if string(r.body) != server.TrailerBody {
		return fmt.Sprintf("response %d, wrong body", r.status)
	}
	if r.trailer.Get(server.TrailerName) == server.TrailerValue {
		return "delivered"
	}
	if r.header.Get(server.TrailerName) == server.TrailerValue {
		return "delivered, merged into the header"
	}
	return "dropped"
}

func protoObs(t *testing.T, e *env, c *client) string {
	r := c.do("GET", e.base+"/json", nil, nil)
	if r.err != nil {
		return errText(r.err)
	}
	return r.proto
}
