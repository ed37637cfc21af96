package behaviour

import (
	"crypto/tls"
	"net/http"
	"slices"
	"time"

	"github.com/go-resty/resty/v2"
	"github.com/hashicorp/go-retryablehttp"
	"github.com/valyala/fasthttp"
	"golang.org/x/net/http2"
	resty3 "resty.dev/v3"

	"github.com/httpclientbench/httpclientbench/internal/registry"
)

// The table's columns: how each is built (libraries), the registry's
// clients that have none (noColumn), and what each did on every row
// (observed). A library driven through net/http's API needs its entries
// here alone; one with an API of its own also needs its case in do
// (client.go).

// noColumn are the registry's clients that have no column, and why.
var noColumn = map[string]string{
	registry.FloorName: "the floor is the suite's own client, not a library: it handles only the benchmarks' answers",
	"http3":            "quic-go's HTTP/3 client needs the behaviour routes over HTTP/3, which the table does not observe yet",
	"hertz_std":        "hertz with its standard network: the library's defaults are hertz's, its column",
}

// clientNames are the table's columns: the registry's clients in its
// order, but those of noColumn.
var clientNames = slices.DeleteFunc(registry.Names(0), func(n string) bool {
	_, no := noColumn[n]
	return no
})

// libraries builds each column's client with its library's defaults.
var libraries = map[string]func(tc *tls.Config) any{
	"nethttp": func(tc *tls.Config) any {
		tr := http.DefaultTransport.(*http.Transport).Clone()
		tr.TLSClientConfig = tc
		return &http.Client{Transport: tr}
	},
	"fasthttp": func(tc *tls.Config) any { return &fasthttp.Client{TLSConfig: tc} },
	"hertz":    func(tc *tls.Config) any { return newHertz(tc) },
	"resty": func(tc *tls.Config) any {
		r := resty.New()
		if tc != nil {
			r.SetTLSClientConfig(tc)
		}
		return r
	},
	"resty3": func(tc *tls.Config) any {
		r := resty3.New()
		if tc != nil {
			r.SetTLSClientConfig(tc)
		}
		return r
	},
	"retryablehttp": func(tc *tls.Config) any {
		r := retryablehttp.NewClient()
		r.Logger = nil
		r.RetryWaitMin, r.RetryWaitMax = time.Millisecond, 10*time.Millisecond
		if tc != nil {
			r.HTTPClient.Transport.(*http.Transport).TLSClientConfig = tc
		}
		return r
	},
	"xnethttp2": func(tc *tls.Config) any { return &http.Client{Transport: &http2.Transport{TLSClientConfig: tc}} },
}

// observed is what each library did, row by row: TestBehaviour fails when an
// observation differs. Change an entry only when a library really changed
// (a dependency update), and regenerate the docs with -update.
var observed = map[string]map[string]string{
	"404": {
		"nethttp":       "response 404, 1 attempt",
		"fasthttp":      "response 404, 1 attempt",
		"hertz":         "response 404, 1 attempt",
		"resty":         "response 404, 1 attempt",
		"resty3":        "response 404, 1 attempt",
		"retryablehttp": "response 404, 1 attempt",
		"xnethttp2":     "response 404, 1 attempt",
	},
	"500": {
		"nethttp":       "response 500, 1 attempt",
		"fasthttp":      "response 500, 1 attempt",
		"hertz":         "response 500, 1 attempt",
		"resty":         "response 500, 1 attempt",
		"resty3":        "response 500, 1 attempt",
		"retryablehttp": "error: GET URL giving up after 5 attempt(s), 5 attempts",
		"xnethttp2":     "response 500, 1 attempt",
	},
	"redirect-301": {
		"nethttp":       "followed as GET, body dropped",
		"fasthttp":      "not followed: the 301 is the response",
		"hertz":         "not followed: the 301 is the response",
		"resty":         "followed as GET, body dropped",
		"resty3":        "followed as GET, body dropped",
		"retryablehttp": "followed as GET, body dropped",
		"xnethttp2":     "followed as GET, body dropped",
	},
	"redirect-302": {
		"nethttp":       "followed as GET, body dropped",
		"fasthttp":      "not followed: the 302 is the response",
		"hertz":         "not followed: the 302 is the response",
		"resty":         "followed as GET, body dropped",
		"resty3":        "followed as GET, body dropped",
		"retryablehttp": "followed as GET, body dropped",
		"xnethttp2":     "followed as GET, body dropped",
	},
	"redirect-303": {
		"nethttp":       "followed as GET, body dropped",
		"fasthttp":      "not followed: the 303 is the response",
		"hertz":         "not followed: the 303 is the response",
		"resty":         "followed as GET, body dropped",
		"resty3":        "followed as GET, body dropped",
		"retryablehttp": "followed as GET, body dropped",
		"xnethttp2":     "followed as GET, body dropped",
	},
	"redirect-307": {
		"nethttp":       "followed as POST, body kept",
		"fasthttp":      "not followed: the 307 is the response",
		"hertz":         "not followed: the 307 is the response",
		"resty":         "followed as POST, body kept",
		"resty3":        "followed as POST, body kept",
		"retryablehttp": "followed as POST, body kept",
		"xnethttp2":     "followed as POST, body kept",
	},
	"redirect-308": {
		"nethttp":       "followed as POST, body kept",
		"fasthttp":      "not followed: the 308 is the response",
		"hertz":         "not followed: the 308 is the response",
		"resty":         "followed as POST, body kept",
		"resty3":        "followed as POST, body kept",
		"retryablehttp": "followed as POST, body kept",
		"xnethttp2":     "followed as POST, body kept",
	},
	"redirect-hops": {
		"nethttp":       "9; the 10th is an error: Get \"/headers\": stopped after 10 redirects",
		"fasthttp":      "none (not followed)",
		"hertz":         "none (not followed)",
		"resty":         "9; the 10th is an error: Get \"/headers\": stopped after 10 redirects",
		"resty3":        "9; the 10th is an error: Get \"/headers\": stopped after 10 redirects",
		"retryablehttp": "9; the 10th is an error: GET URL giving up after 1 attempt(s): Get \"/headers\": stopped after 10 redirects",
		"xnethttp2":     "9; the 10th is an error: Get \"/headers\": stopped after 10 redirects",
	},
	"cross-host-auth": {
		"nethttp":       "followed, Authorization dropped",
		"fasthttp":      "not followed",
		"hertz":         "not followed",
		"resty":         "followed, Authorization dropped",
		"resty3":        "followed, Authorization dropped",
		"retryablehttp": "followed, Authorization dropped",
	},
	"accept-encoding": {
		"nethttp":       "`gzip`",
		"fasthttp":      "none",
		"hertz":         "none",
		"resty":         "`gzip`",
		"resty3":        "`gzip, deflate`",
		"retryablehttp": "`gzip`",
		"xnethttp2":     "`gzip`",
	},
	"gzip": {
		"nethttp":       "decoded, Content-Encoding and Content-Length removed",
		"fasthttp":      "left encoded, Content-Encoding and Content-Length kept",
		"hertz":         "left encoded, Content-Encoding and Content-Length kept",
		"resty":         "decoded, Content-Encoding and Content-Length removed",
		"resty3":        "decoded, Content-Encoding and Content-Length removed",
		"retryablehttp": "decoded, Content-Encoding and Content-Length removed",
		"xnethttp2":     "decoded, Content-Encoding and Content-Length removed",
	},
	"deflate": {
		"nethttp":       "left encoded, Content-Encoding and Content-Length kept",
		"fasthttp":      "left encoded, Content-Encoding and Content-Length kept",
		"hertz":         "left encoded, Content-Encoding and Content-Length kept",
		"resty":         "left encoded, Content-Encoding and Content-Length kept",
		"resty3":        "response 200, a body of 0 bytes neither encoded nor decoded",
		"retryablehttp": "left encoded, Content-Encoding and Content-Length kept",
		"xnethttp2":     "left encoded, Content-Encoding and Content-Length kept",
	},
	"slow-headers": {
		"nethttp":       "response 200, 1 attempt",
		"fasthttp":      "response 200, 1 attempt",
		"hertz":         "response 200, 1 attempt",
		"resty":         "response 200, 1 attempt",
		"resty3":        "response 200, 1 attempt",
		"retryablehttp": "response 200, 1 attempt",
		"xnethttp2":     "response 200, 1 attempt",
	},
	"slow-body": {
		"nethttp":       "response 200, 1 attempt",
		"fasthttp":      "response 200, 1 attempt",
		"hertz":         "response 200, 1 attempt",
		"resty":         "response 200, 1 attempt",
		"resty3":        "response 200, 1 attempt",
		"retryablehttp": "response 200, 1 attempt",
		"xnethttp2":     "response 200, 1 attempt",
	},
	"timeout": {
		"nethttp":       "none",
		"fasthttp":      "none; dial 3s (fasthttp.DefaultDialTimeout)",
		"hertz":         "none; dial 1s (consts.DefaultDialTimeout)",
		"resty":         "none",
		"resty3":        "none",
		"retryablehttp": "none",
		"xnethttp2":     "none",
	},
	"retry-503": {
		"nethttp":       "response 503, 1 attempt",
		"fasthttp":      "response 503, 1 attempt",
		"hertz":         "response 503, 1 attempt",
		"resty":         "response 503, 1 attempt",
		"resty3":        "response 503, 1 attempt",
		"retryablehttp": "error: GET URL giving up after 5 attempt(s), 5 attempts",
		"xnethttp2":     "response 503, 1 attempt",
	},
	"retry-after": {
		"nethttp":       "response 503, 1 attempt",
		"fasthttp":      "response 503, 1 attempt",
		"hertz":         "response 503, 1 attempt",
		"resty":         "response 503, 1 attempt",
		"resty3":        "response 503, 1 attempt",
		"retryablehttp": "error: GET URL giving up after 5 attempt(s), 5 attempts",
		"xnethttp2":     "response 503, 1 attempt",
	},
	"retry-wait": {
		"nethttp":       "no retry",
		"fasthttp":      "no retry",
		"hertz":         "no retry",
		"resty":         "no retry",
		"resty3":        "no retry",
		"retryablehttp": "7s (the Retry-After; 1 s doubling to 30 s without one)",
		"xnethttp2":     "no retry",
	},
	"retry-post": {
		"nethttp":       "response 503, 1 attempt",
		"fasthttp":      "response 503, 1 attempt",
		"hertz":         "response 503, 1 attempt",
		"resty":         "response 503, 1 attempt",
		"resty3":        "response 503, 1 attempt",
		"retryablehttp": "error: POST URL giving up after 5 attempt(s), 5 attempts",
		"xnethttp2":     "response 503, 1 attempt",
	},
	"retry-reset": {
		"nethttp":       "error: Get URL: read tcp ADDR->ADDR: read: connection reset by peer, 2 attempts",
		"fasthttp":      "error: fasthttp: the server closed connection before returning the first response byte. make sure the server returns 'connection: close' response header before closing…, 5 attempts",
		"hertz":         "error: the server closed connection before returning the first response byte. Make sure the server returns 'Connection: close' response header before closing the conne…, 2 attempts",
		"resty":         "error: Get URL: read tcp ADDR->ADDR: read: connection reset by peer, 2 attempts",
		"resty3":        "error: Get URL: read tcp ADDR->ADDR: read: connection reset by peer, 2 attempts",
		"retryablehttp": "error: GET URL giving up after 5 attempt(s): Get URL: read tcp ADDR->ADDR: read: connection reset by peer, 6 attempts",
		"xnethttp2":     "error: Get URL: stream error: stream ID 3; INTERNAL_ERROR; received from peer, 1 attempt",
	},
	"proxy": {
		"nethttp":       "yes: HTTP_PROXY, HTTPS_PROXY, NO_PROXY",
		"fasthttp":      "no",
		"hertz":         "no",
		"resty":         "yes: HTTP_PROXY, HTTPS_PROXY, NO_PROXY",
		"resty3":        "yes: HTTP_PROXY, HTTPS_PROXY, NO_PROXY",
		"retryablehttp": "yes: HTTP_PROXY, HTTPS_PROXY, NO_PROXY",
		"xnethttp2":     "no (http2.Transport has no proxy)",
	},
	"cookies": {
		"nethttp":       "no",
		"fasthttp":      "no",
		"hertz":         "no",
		"resty":         "yes (a cookie jar)",
		"resty3":        "yes (a cookie jar)",
		"retryablehttp": "no",
		"xnethttp2":     "no",
	},
	"user-agent": {
		"nethttp":       "`Go-http-client/1.1`",
		"fasthttp":      "`fasthttp`",
		"hertz":         "`hertz`",
		"resty":         "`go-resty/2.17.2 (https://github.com/go-resty/resty)`",
		"resty3":        "`go-resty/3.0.0-rc.4 (https://resty.dev)`",
		"retryablehttp": "`Go-http-client/1.1`",
		"xnethttp2":     "`Go-http-client/2.0`",
	},
	"idle-conns": {
		"nethttp":       "2 (of 100 in all), closed after 1m30s idle",
		"fasthttp":      "all (up to 512), closed after 10s idle",
		"hertz":         "all (no limit), closed after 10s idle",
		"resty":         "GOMAXPROCS+1 (of 100 in all), closed after 1m30s idle",
		"resty3":        "GOMAXPROCS+1 (of 100 in all), closed after 1m30s idle",
		"retryablehttp": "GOMAXPROCS+1 (of 100 in all), closed after 1m30s idle",
		"xnethttp2":     "1, multiplexed; kept until the server closes it",
	},
	"idle-kept": {
		"nethttp":       "8 for 8 parallel requests; 2 kept idle and reused, the rest closed",
		"fasthttp":      "8 for 8 parallel requests; all kept idle and reused",
		"hertz":         "8 for 8 parallel requests; all kept idle and reused",
		"resty":         "8 for 8 parallel requests; min(8, GOMAXPROCS+1) kept idle and reused, the rest closed",
		"resty3":        "8 for 8 parallel requests; min(8, GOMAXPROCS+1) kept idle and reused, the rest closed",
		"retryablehttp": "8 for 8 parallel requests; min(8, GOMAXPROCS+1) kept idle and reused, the rest closed",
		"xnethttp2":     "1 connection(s) for 8 parallel requests; 0 new in the second round",
	},
	"max-conns": {
		"nethttp":       "unlimited",
		"fasthttp":      "512, then ErrNoFreeConns at once",
		"hertz":         "unlimited",
		"resty":         "unlimited",
		"resty3":        "unlimited",
		"retryablehttp": "unlimited",
		"xnethttp2":     "unlimited: another connection when the server's stream limit is reached",
	},
	"cut-body": {
		"nethttp":       "error: unexpected EOF (500 of 1000 bytes read), 1 attempt",
		"fasthttp":      "error: unexpected EOF (500 of 1000 bytes read), 5 attempts",
		"hertz":         "error: unexpected EOF (0 of 1000 bytes read), 1 attempt",
		"resty":         "error: unexpected EOF (500 of 1000 bytes read), 1 attempt",
		"resty3":        "no error: a short body of 500 bytes, 1 attempt",
		"retryablehttp": "error: unexpected EOF (500 of 1000 bytes read), 1 attempt",
		"xnethttp2":     "error: stream error: stream ID 1; INTERNAL_ERROR; received from peer (500 of 1000 bytes read), 1 attempt",
	},
	"header-8k": {
		"nethttp":       "response 200, 1 attempt",
		"fasthttp":      "error: error when reading response headers: fasthttp: small read buffer. increase readbuffersize: buffer size=4096, 5 attempts",
		"hertz":         "response 200, 1 attempt",
		"resty":         "response 200, 1 attempt",
		"resty3":        "response 200, 1 attempt",
		"retryablehttp": "response 200, 1 attempt",
		"xnethttp2":     "response 200, 1 attempt",
	},
	"header-1m": {
		"nethttp":       "response 200, 1 attempt",
		"fasthttp":      "error: error when reading response headers: fasthttp: small read buffer. increase readbuffersize: buffer size=4096, 5 attempts",
		"hertz":         "response 200, 1 attempt",
		"resty":         "response 200, 1 attempt",
		"resty3":        "response 200, 1 attempt",
		"retryablehttp": "response 200, 1 attempt",
		"xnethttp2":     "response 200, 1 attempt",
	},
	"1xx": {
		"nethttp":       "response 200 with its body; the 103 is not returned",
		"fasthttp":      "response 200 with its body; the 103 is not returned",
		"hertz":         "response 103, a wrong body of 0 bytes",
		"resty":         "response 200 with its body; the 103 is not returned",
		"resty3":        "response 200 with its body; the 103 is not returned",
		"retryablehttp": "response 200 with its body; the 103 is not returned",
		"xnethttp2":     "response 200 with its body; the 103 is not returned",
	},
	"trailers": {
		"nethttp":       "delivered",
		"fasthttp":      "delivered",
		"hertz":         "delivered",
		"resty":         "delivered",
		"resty3":        "delivered",
		"retryablehttp": "delivered",
		"xnethttp2":     "delivered",
	},
	"http2": {
		"nethttp":       "HTTP/2.0",
		"fasthttp":      "HTTP/1.1",
		"hertz":         "HTTP/1.1",
		"resty":         "HTTP/2.0",
		"resty3":        "HTTP/2.0",
		"retryablehttp": "HTTP/2.0",
		"xnethttp2":     "HTTP/2.0",
	},
}

func init() {
	for i := range rows {
		rows[i].want = observed[rows[i].id]
	}
}
