package retryablehttp

import (
	"crypto/tls"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/httpclientbench/httpclientbench/clients"
)

// behaviour is retryablehttp's column of the behaviour matrix (package
// behaviour, docs/behaviour.md): its library's default client and what
// that client did on each row.
var behaviour = clients.Behaviour{
	Default: func(tc *tls.Config) any {
		// Its logger silenced and its waits (RetryWaitMin 1 s, RetryWaitMax
		// 30 s) shortened to 1-10 ms, so that its retries are counted
		// without waiting for them (the wait rows read its Backoff).
		r := retryablehttp.NewClient()
		r.Logger = nil
		r.RetryWaitMin, r.RetryWaitMax = time.Millisecond, 10*time.Millisecond
		if tc != nil {
			r.HTTPClient.Transport.(*http.Transport).TLSClientConfig = tc
		}
		return r
	},
	AlsoUses: []string{"github.com/hashicorp/go-cleanhttp"}, // its default transport
	Observed: map[string]string{
		"404":             "response 404, 1 attempt",
		"500":             "error: GET URL giving up after 5 attempt(s), 5 attempts",
		"redirect-301":    "followed as GET, body dropped",
		"redirect-302":    "followed as GET, body dropped",
		"redirect-303":    "followed as GET, body dropped",
		"redirect-307":    "followed as POST, body kept",
		"redirect-308":    "followed as POST, body kept",
		"redirect-hops":   "9; the 10th is an error: GET URL giving up after 1 attempt(s): Get \"/headers\": stopped after 10 redirects",
		"cross-host-auth": "followed, Authorization dropped",
		"accept-encoding": "`gzip`",
		"gzip":            "decoded, Content-Encoding and Content-Length removed",
		"deflate":         "left encoded, Content-Encoding and Content-Length kept",
		"slow-headers":    "response 200, 1 attempt",
		"slow-body":       "response 200, 1 attempt",
		"timeout":         "none",
		"retry-503":       "error: GET URL giving up after 5 attempt(s), 5 attempts",
		"retry-after":     "error: GET URL giving up after 5 attempt(s), 5 attempts",
		"retry-wait":      "7s (the Retry-After; 1 s doubling to 30 s without one)",
		"retry-post":      "error: POST URL giving up after 5 attempt(s), 5 attempts",
		"retry-reset":     "error: GET URL giving up after 5 attempt(s): Get URL: read tcp ADDR->ADDR: read: connection reset by peer, 6 attempts",
		"proxy":           "yes: HTTP_PROXY, HTTPS_PROXY, NO_PROXY",
		"cookies":         "no",
		"user-agent":      "`Go-http-client/1.1`",
		"idle-conns":      "GOMAXPROCS+1 (of 100 in all), closed after 1m30s idle",
		"idle-kept":       "8 for 8 parallel requests; min(8, GOMAXPROCS+1) kept idle and reused, the rest closed",
		"max-conns":       "unlimited",
		"cut-body":        "error: unexpected EOF (500 of 1000 bytes read), 1 attempt",
		"header-8k":       "response 200, 1 attempt",
		"header-1m":       "response 200, 1 attempt",
		"1xx":             "response 200 with its body; the 103 is not returned",
		"trailers":        "delivered",
		"http2":           "HTTP/2.0",
	},
}
