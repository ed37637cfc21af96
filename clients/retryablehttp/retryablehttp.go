// Package retryablehttp is the suite's adapter of hashicorp/go-
// retryablehttp. Importing it registers the client retryablehttp.
package retryablehttp

import (
	"context"
	"io"
	"net/http"
	"runtime"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/httpclientbench/httpclientbench/clients"
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

func init() {
	clients.Register(clients.Adapter{
		Name:        "retryablehttp",
		New:         newRetryableHTTP,
		Timeout:     context.DeadlineExceeded,
		LibraryIdle: func() int { return runtime.GOMAXPROCS(0) + 1 },
		TLSMajor:    2,
		Behaviour:   behaviour,
	})
}

func newRetryableHTTP(name string, cfg clients.Config) (clients.Client, error) {
	rc := retryablehttp.NewClient()
	rc.Logger = nil // the default logs a DEBUG line per request
	rc.RetryMax = 0 // one attempt per request
	rc.HTTPClient.Timeout = cfg.Timeout
	clients.ConfigureTransport(rc.HTTPClient.Transport.(*http.Transport), cfg)
	return &retryableHTTP{name: name, rc: rc}, nil
}

func (c *retryableHTTP) Name() string { return c.name }

func (c *retryableHTTP) GetBytes(url string) (clients.Meta, []byte, error) {
	return clients.ReadAll(c.rc.Get(url))
}

func (c *retryableHTTP) GetBytesInto(url string, dst []byte) (clients.Meta, []byte, error) {
	return clients.ReadInto(dst)(c.rc.Get(url))
}

func (c *retryableHTTP) GetText(url string) (clients.Meta, string, error) {
	m, b, err := clients.ReadAll(c.rc.Get(url))
	m.BodyLen = len(b)
	return m, string(b), err
}

func (c *retryableHTTP) GetJSON(url string, v any) (clients.Meta, error) {
	return clients.DecodeJSON(c.rc.Get(url))(v)
}

func (c *retryableHTTP) Post(url, contentType string, body []byte) (clients.Meta, []byte, error) {
	return clients.ReadAll(c.rc.Post(url, contentType, body))
}

func (c *retryableHTTP) PostInto(url, contentType string, body, dst []byte) (clients.Meta, []byte, error) {
	return clients.ReadInto(dst)(c.rc.Post(url, contentType, body))
}

func (c *retryableHTTP) Close() error {
	c.rc.HTTPClient.CloseIdleConnections()
	return nil
}

func (c *retryableHTTP) GetStream(url string) (clients.Meta, io.ReadCloser, error) {
	return clients.OpenStream(c.rc.Get(url))
}

// Upload passes the io.Reader as is: retryablehttp reads it into memory
// before sending (to be able to rewind it for a retry). That copy is its
// real cost for a streamed upload.
func (c *retryableHTTP) Upload(url, contentType string, body io.Reader) (clients.Meta, []byte, error) {
	return clients.ReadAll(c.rc.Post(url, contentType, body))
}

func (c *retryableHTTP) PostMultipart(url string, form server.Form) (clients.Meta, []byte, error) {
	body, ct, err := clients.FormBody(form)
	if err != nil {
		return clients.Meta{}, nil, err
	}
	return clients.ReadAll(c.rc.Post(url, ct, body))
}

func (c *retryableHTTP) Head(url string) (clients.Meta, int64, error) {
	return clients.HeadLength(c.rc.Head(url))
}

func (c *retryableHTTP) GetRange(url string, start int64, dst []byte) (clients.Meta, string, error) {
	req, err := retryablehttp.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return clients.Meta{}, "", err
	}
	req.Header.Set("Range", clients.RangeHeader(start, len(dst)))
	resp, err := c.rc.Do(req)
	return clients.ReadRange(resp, err, dst)
}
