package xnethttp2

import (
	"crypto/tls"
	"net/http"

	"golang.org/x/net/http2"

	"github.com/httpclientbench/httpclientbench/clients"
)

// behaviour is xnethttp2's column of the behaviour matrix (package
// behaviour, docs/behaviour.md): its library's default client and what
// that client did on each row.
var behaviour = clients.Behaviour{
	Default: func(tc *tls.Config) any { return &http.Client{Transport: &http2.Transport{TLSClientConfig: tc}} },
	Observed: map[string]string{
		"404":             "response 404, 1 attempt",
		"500":             "response 500, 1 attempt",
		"redirect-301":    "followed as GET, body dropped",
		"redirect-302":    "followed as GET, body dropped",
		"redirect-303":    "followed as GET, body dropped",
		"redirect-307":    "followed as POST, body kept",
		"redirect-308":    "followed as POST, body kept",
		"redirect-hops":   "9; the 10th is an error: Get \"/headers\": stopped after 10 redirects",
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
		"retry-reset":     "error: Get URL: stream error: stream ID 3; INTERNAL_ERROR; received from peer, 1 attempt",
		"proxy":           "no (http2.Transport has no proxy)",
		"cookies":         "no",
		"user-agent":      "`Go-http-client/2.0`",
		"idle-conns":      "1, multiplexed; kept until the server closes it",
		"idle-kept":       "1 connection(s) for 8 parallel requests; 0 new in the second round",
		"max-conns":       "unlimited: another connection when the server's stream limit is reached",
		"cut-body":        "error: stream error: stream ID 1; INTERNAL_ERROR; received from peer (500 of 1000 bytes read), 1 attempt",
		"header-8k":       "response 200, 1 attempt",
		"header-1m":       "response 200, 1 attempt",
		"1xx":             "response 200 with its body; the 103 is not returned",
		"trailers":        "delivered",
		"http2":           "HTTP/2.0",
	},
}
