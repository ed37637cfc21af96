package clients

import (
	"net/http"

	"github.com/httpclientbench/httpclientbench/server/h2c"
)

// ConfigureTransport applies the fairness settings, LibraryPool, MaxConns,
// Fresh, H2C and TLS to a net/http transport (net/http's own, resty's,
// retryablehttp's).
func ConfigureTransport(t *http.Transport, cfg Config) {
	t.Proxy = nil
	if !cfg.LibraryPool {
		t.MaxIdleConnsPerHost = cfg.MaxConnsPerHost
		raiseIdle(t, cfg.MaxConnsPerHost)
	}
	if cfg.MaxConns > 0 {
		t.MaxConnsPerHost = cfg.MaxConns // beyond it, a request waits
		raiseIdle(t, cfg.MaxConns)
	}
	t.DisableKeepAlives = cfg.Fresh
	if cfg.Net != nil {
		t.DialContext = cfg.Net.DialContext
	}
	if cfg.H2C != nil {
		h2c.ConfigureTransport(t, *cfg.H2C)
	}
	if cfg.TLS != nil {
		// ForceAttemptHTTP2 (set on every transport this package
		// configures) keeps h2 in ALPN despite the custom config.
		t.TLSClientConfig = cfg.TLS.ClientConfig()
		if cfg.TLS.HTTP1 {
			var p http.Protocols
			p.SetHTTP1(true)
			t.Protocols = &p
		}
	}
}

// raiseIdle makes t keep at least n idle connections per host: per host
// and, when it has a total limit, in all.
func raiseIdle(t *http.Transport, n int) {
	perHost := t.MaxIdleConnsPerHost
	if perHost == 0 {
		perHost = http.DefaultMaxIdleConnsPerHost
	}
	if perHost < n {
		t.MaxIdleConnsPerHost = n
	}
	if t.MaxIdleConns != 0 && t.MaxIdleConns < n {
		t.MaxIdleConns = n
	}
}
