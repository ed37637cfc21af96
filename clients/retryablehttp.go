package clients

import (
	"io"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/httpclientbench/httpclientbench/server"
)

// retryableHTTP is hashicorp/go-retryablehttp with retries off: the suite
// measures its wrapping cost (its Request type, body rewinding, hooks) and
// must never turn a failed request into a slow success. Bodies are passed as
// []byte, which retryablehttp sends without copying; an io.Reader body would
// be read into memory first.
type retryableHTTP struct {
	name string
	rc   *retryablehttp.Client
}

var _ = register(record{name: "retryablehttp", new: newRetryableHTTP})

func newRetryableHTTP(name string, cfg Config) (Client, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	rc := retryablehttp.NewClient()
	rc.Logger = nil // the default logs a DEBUG line per request
	rc.RetryMax = 0 // one attempt per request
	rc.HTTPClient.Timeout = cfg.Timeout
	configureTransport(rc.HTTPClient.Transport.(*http.Transport), cfg)
	return &retryableHTTP{name: name, rc: rc}, nil
}

func (c *retryableHTTP) Name() string { return c.name }

func (c *retryableHTTP) GetBytes(url string) (Meta, []byte, error) {
	return readAll(c.rc.Get(url))
}

func (c *retryableHTTP) GetBytesInto(url string, dst []byte) (Meta, []byte, error) {
	return readInto(dst)(c.rc.Get(url))
}

func (c *retryableHTTP) GetText(url string) (Meta, string, error) {
	m, b, err := readAll(c.rc.Get(url))
	m.BodyLen = len(b)
	return m, string(b), err
}

func (c *retryableHTTP) GetJSON(url string, v any) (Meta, error) {
	return decodeJSON(c.rc.Get(url))(v)
}

func (c *retryableHTTP) Post(url, contentType string, body []byte) (Meta, []byte, error) {
	return readAll(c.rc.Post(url, contentType, body))
}

func (c *retryableHTTP) PostInto(url, contentType string, body, dst []byte) (Meta, []byte, error) {
	return readInto(dst)(c.rc.Post(url, contentType, body))
}

func (c *retryableHTTP) Close() error {
	c.rc.HTTPClient.CloseIdleConnections()
	return nil
}

func (c *retryableHTTP) GetStream(url string) (Meta, io.ReadCloser, error) {
	return openStream(c.rc.Get(url))
}

// Upload passes the io.Reader as is: retryablehttp reads it into memory
// before sending (to be able to rewind it for a retry). That copy is its
// real cost for a streamed upload.
func (c *retryableHTTP) Upload(url, contentType string, body io.Reader) (Meta, []byte, error) {
	return readAll(c.rc.Post(url, contentType, body))
}

func (c *retryableHTTP) PostMultipart(url string, form server.Form) (Meta, []byte, error) {
	body, ct, err := formBody(form)
	if err != nil {
		return Meta{}, nil, err
	}
	return readAll(c.rc.Post(url, ct, body))
}

func (c *retryableHTTP) Head(url string) (Meta, int64, error) { return headLength(c.rc.Head(url)) }

func (c *retryableHTTP) GetRange(url string, start int64, dst []byte) (Meta, string, error) {
	req, err := retryablehttp.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return Meta{}, "", err
	}
	req.Header.Set("Range", rangeHeader(start, len(dst)))
	resp, err := c.rc.Do(req)
	return readRange(resp, err, dst)
}
