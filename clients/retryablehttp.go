package clients

import (
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
)

// retryableHTTP is hashicorp/go-retryablehttp with retries off: the suite
// measures its wrapping cost (its Request type, body rewinding, hooks) and
// must never turn a failed request into a slow success. Bodies are passed as
// []byte, which retryablehttp sends without copying; an io.Reader body would
// be read into memory first.
type retryableHTTP struct {
	rc *retryablehttp.Client
}

func newRetryableHTTP(cfg Config) (Client, error) {
	cfg = cfg.withDefaults()
	rc := retryablehttp.NewClient()
	rc.Logger = nil // the default logs a DEBUG line per request
	rc.RetryMax = 0 // one attempt per request
	rc.HTTPClient.Timeout = cfg.Timeout
	configureTransport(rc.HTTPClient.Transport.(*http.Transport), cfg)
	return &retryableHTTP{rc: rc}, nil
}

func (c *retryableHTTP) Name() string { return RetryableHTTP }

func (c *retryableHTTP) GetBytes(url string, _ []byte) (Meta, []byte, error) {
	return readAll(c.rc.Get(url))
}

func (c *retryableHTTP) GetText(url string) (Meta, string, error) {
	m, b, err := readAll(c.rc.Get(url))
	return m, string(b), err
}

func (c *retryableHTTP) GetJSON(url string, v any) (Meta, error) {
	return decodeJSON(c.rc.Get(url))(v)
}

func (c *retryableHTTP) Post(url, contentType string, body, _ []byte) (Meta, []byte, error) {
	return readAll(c.rc.Post(url, contentType, body))
}

func (c *retryableHTTP) Close() error {
	c.rc.HTTPClient.CloseIdleConnections()
	return nil
}
