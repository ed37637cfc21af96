package nethttp

import (
	"crypto/tls"
	"net/http"

	"github.com/httpclientbench/httpclientbench/clients"
)

// behaviour is nethttp's column of the behaviour matrix (package
// behaviour, docs/behaviour.md): its library's default client and what
// that client did on each row.
var behaviour = clients.Behaviour{
	Default: func(tc *tls.Config) any {
		tr := http.DefaultTransport.(*http.Transport).Clone()
		tr.TLSClientConfig = tc
		return &http.Client{Transport: tr}
	},
	Observed: map[string]string{
		"404":             "response 404, 1 attempt",
		"500":             "response 500, 1 attempt",
		"redirect-301":    "followed as GET, body dropped",
		"redirect-302":    "followed as GET, body dropped",
		"redirect-303":    "followed as GET, body dropped",
		"redirect-307":    "followed as POST, body kept",
		"redirect-308":    "followed as POST, body kept",
		"redirect-hops":   "9; the 10th is an error: Get \"/headers\": stopped after 10 redirects",
		"cross-host-auth": "followed, Authorization dropped",
		"accept-encoding": "`gzip`",
		"gzip":            "decoded, Content-Encoding and Content-Length removed",
		"deflate":         "left encoded, Content-Encoding and Content-Length kept",
		"slow-headers":    "response 200, 1 attempt",
		"slow-body":       "response 200, 1 attempt",
		"timeout":         "none",
		"retry-503":       "response 503, 1 attempt",
		"retry-after":     "response 503, 1 attempt",
		"retry-wait":      "no retry",
		"retry-post":      "response 503, 1 attempt",
		"retry-reset":     "error: Get URL: read tcp ADDR->ADDR: read: connection reset by peer, 2 attempts",
		"proxy":           "yes: HTTP_PROXY, HTTPS_PROXY, NO_PROXY",
		"cookies":         "no",
		"user-agent":      "`Go-http-client/1.1`",
		"idle-conns":      "2 (of 100 in all), closed after 1m30s idle",
		"idle-kept":       "8 for 8 parallel requests; 2 kept idle and reused, the rest closed",
		"max-conns":       "unlimited",
		"cut-body":        "error: unexpected EOF (500 of 1000 bytes read), 1 attempt",
		"header-8k":       "response 200, 1 attempt",
		"header-1m":       "response 200, 1 attempt",
		"1xx":             "response 200 with its body; the 103 is not returned",
		"trailers":        "delivered",
		"http2":           "HTTP/2.0",
	},
}
