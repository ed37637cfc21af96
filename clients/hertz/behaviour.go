package hertz

import (
	"crypto/tls"

	"github.com/cloudwego/hertz/pkg/app/client"
	"github.com/cloudwego/hertz/pkg/common/config"

	"github.com/httpclientbench/httpclientbench/clients"
)

// DefaultClient is hertz's client.NewClient() with opts and, over TLS,
// tc's trust (WithTLSConfig, which also puts the client on hertz's
// standard dialer: netpoll, its default, has no TLS): the behaviour
// matrix's hertz, and its fix lines' with an option.
func DefaultClient(tc *tls.Config, opts ...config.ClientOption) *client.Client {
	if tc != nil {
		opts = append(opts, client.WithTLSConfig(tc))
	}
	c, err := client.NewClient(opts...)
	if err != nil { // NewClient has no error to return
		panic(err)
	}
	return c
}

// behaviour is hertz's column of the behaviour matrix (package
// behaviour, docs/behaviour.md): its library's default client and what
// that client did on each row.
var behaviour = clients.Behaviour{
	Default:  func(tc *tls.Config) any { return DefaultClient(tc) },
	AlsoUses: []string{"github.com/cloudwego/netpoll"}, // its default network
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
		"timeout":         "none; dial 1s (consts.DefaultDialTimeout)",
		"retry-503":       "response 503, 1 attempt",
		"retry-after":     "response 503, 1 attempt",
		"retry-wait":      "no retry",
		"retry-post":      "response 503, 1 attempt",
		"retry-reset":     "error: the server closed connection before returning the first response byte. Make sure the server returns 'Connection: close' response header before closing the conne…, 2 attempts",
		"proxy":           "no",
		"cookies":         "no",
		"user-agent":      "`hertz`",
		"idle-conns":      "all (no limit), closed after 10s idle",
		"idle-kept":       "8 for 8 parallel requests; all kept idle and reused",
		"max-conns":       "unlimited",
		"cut-body":        "error: unexpected EOF (0 of 1000 bytes read), 1 attempt",
		"header-8k":       "response 200, 1 attempt",
		"header-1m":       "response 200, 1 attempt",
		"1xx":             "response 103, a wrong body of 0 bytes",
		"trailers":        "delivered",
		"http2":           "HTTP/1.1",
	},
}
