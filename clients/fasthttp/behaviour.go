package fasthttp

import (
	"crypto/tls"

	"github.com/valyala/fasthttp"

	"github.com/httpclientbench/httpclientbench/clients"
)

// behaviour is fasthttp's column of the behaviour matrix (package
// behaviour, docs/behaviour.md): its library's default client and what
// that client did on each row.
var behaviour = clients.Behaviour{
	Default: func(tc *tls.Config) any { return &fasthttp.Client{TLSConfig: tc} },
	Observed: map[string]string{
		"404":             "response 404, 1 attempt",
		"500":             "response 500, 1 attempt",
		"redirect-301":    "not followed: the 301 is the response",
		"redirect-302":    "not followed: the 302 is the response",
		"redirect-303":    "not followed: the 303 is the response",
		"redirect-307":    "not followed: the 307 is the response",
		"redirect-308":    "not followed: the 308 is the response",
		"redirect-hops":   "none (not followed)",
		"cross-host-auth": "not followed",
		"accept-encoding": "none",
		"gzip":            "left encoded, Content-Encoding and Content-Length kept",
		"deflate":         "left encoded, Content-Encoding and Content-Length kept",
		"slow-headers":    "response 200, 1 attempt",
		"slow-body":       "response 200, 1 attempt",
		"timeout":         "none; dial 3s (fasthttp.DefaultDialTimeout)",
		"retry-503":       "response 503, 1 attempt",
		"retry-after":     "response 503, 1 attempt",
		"retry-wait":      "no retry",
		"retry-post":      "response 503, 1 attempt",
		"retry-reset":     "error: fasthttp: the server closed connection before returning the first response byte. make sure the server returns 'connection: close' response header before closing…, 5 attempts",
		"proxy":           "no",
		"cookies":         "no",
		"user-agent":      "`fasthttp`",
		"idle-conns":      "all (up to 512), closed after 10s idle",
		"idle-kept":       "8 for 8 parallel requests; all kept idle and reused",
		"max-conns":       "512, then ErrNoFreeConns at once",
		"cut-body":        "error: unexpected EOF (500 of 1000 bytes read), 5 attempts",
		"header-8k":       "error: error when reading response headers: fasthttp: small read buffer. increase readbuffersize: buffer size=4096, 5 attempts",
		"header-1m":       "error: error when reading response headers: fasthttp: small read buffer. increase readbuffersize: buffer size=4096, 5 attempts",
		"1xx":             "response 200 with its body; the 103 is not returned",
		"trailers":        "delivered",
		"http2":           "HTTP/1.1",
	},
}
