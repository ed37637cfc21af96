package clients

import (
	"net/http"

	"github.com/httpclientbench/httpclientbench/h2c"
)

// configureTransport applies the fairness settings, Fresh and H2C to a
// net/http transport (net/http's own, resty's, retryablehttp's).
func configureTransport(t *http.Transport, cfg Config) {
	t.Proxy = nil
	t.MaxIdleConnsPerHost = cfg.MaxConnsPerHost
	if t.MaxIdleConns != 0 && t.MaxIdleConns < cfg.MaxConnsPerHost {
		t.MaxIdleConns = cfg.MaxConnsPerHost
	}
	t.DisableKeepAlives = cfg.Fresh
	if cfg.H2C != nil {
		h2c.ConfigureTransport(t, *cfg.H2C)
	}
}
