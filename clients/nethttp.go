package clients

import (
	"bytes"
	"fmt"
	"io"
	"net/http"

	"github.com/httpclientbench/httpclientbench/fixtures"
	"github.com/httpclientbench/httpclientbench/h2c"
)

// netHTTP is an http.Client: the standard library's client on a clone of
// http.DefaultTransport (nethttp), the same with x/net's HTTP/2
// implementation registered on that transport (xnethttp2), or on quic-go's
// HTTP/3 transport (http3, see newHTTP3).
type netHTTP struct {
	name string
	hc   *http.Client
	// closeTransport, if set, releases the transport for good (http3's
	// UDP socket); Close calls it after closing idle connections.
	closeTransport func() error
}

func newNetHTTP(cfg Config) (Client, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	t := http.DefaultTransport.(*http.Transport).Clone()
	configureTransport(t, cfg)
	return &netHTTP{name: NetHTTP, hc: &http.Client{Transport: t, Timeout: cfg.Timeout}}, nil
}

// newXNetHTTP2 is golang.org/x/net/http2's client over h2c; see
// h2c.ConfigureXNetTransport for why it is set up through an http.Transport.
func newXNetHTTP2(cfg Config) (Client, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	if cfg.H2C == nil {
		return nil, fmt.Errorf("clients: %s speaks only HTTP/2: set Config.H2C", XNetHTTP2)
	}
	t := http.DefaultTransport.(*http.Transport).Clone()
	h2cWindow := *cfg.H2C
	cfg.H2C = nil // configured below, by x/net
	configureTransport(t, cfg)
	if err := h2c.ConfigureXNetTransport(t, h2cWindow); err != nil {
		return nil, err
	}
	return &netHTTP{name: XNetHTTP2, hc: &http.Client{Transport: t, Timeout: cfg.Timeout}}, nil
}

func (c *netHTTP) Name() string { return c.name }

func (c *netHTTP) GetBytes(url string) (Meta, []byte, error) {
	return readAll(c.hc.Get(url))
}

func (c *netHTTP) GetBytesInto(url string, dst []byte) (Meta, []byte, error) {
	return readInto(dst)(c.hc.Get(url))
}

func (c *netHTTP) GetText(url string) (Meta, string, error) {
	m, b, err := readAll(c.hc.Get(url))
	m.BodyLen = len(b)
	return m, string(b), err
}

func (c *netHTTP) GetJSON(url string, v any) (Meta, error) {
	return decodeJSON(c.hc.Get(url))(v)
}

func (c *netHTTP) Post(url, contentType string, body []byte) (Meta, []byte, error) {
	return readAll(c.hc.Post(url, contentType, bytes.NewReader(body)))
}

func (c *netHTTP) PostInto(url, contentType string, body, dst []byte) (Meta, []byte, error) {
	return readInto(dst)(c.hc.Post(url, contentType, bytes.NewReader(body)))
}

func (c *netHTTP) Close() error {
	c.hc.CloseIdleConnections()
	if c.closeTransport != nil {
		return c.closeTransport()
	}
	return nil
}

func (c *netHTTP) GetStream(url string) (Meta, io.ReadCloser, error) {
	return openStream(c.hc.Get(url))
}

func (c *netHTTP) Upload(url, contentType string, body io.Reader) (Meta, []byte, error) {
	return readAll(c.hc.Post(url, contentType, body))
}

func (c *netHTTP) PostMultipart(url string, form fixtures.Form) (Meta, []byte, error) {
	body, ct, err := formBody(form)
	if err != nil {
		return Meta{}, nil, err
	}
	return readAll(c.hc.Post(url, ct, body))
}

func (c *netHTTP) Head(url string) (Meta, int64, error) { return headLength(c.hc.Head(url)) }

func (c *netHTTP) GetRange(url string, start int64, dst []byte) (Meta, string, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return Meta{}, "", err
	}
	req.Header.Set("Range", rangeHeader(start, len(dst)))
	resp, err := c.hc.Do(req)
	return readRange(resp, err, dst)
}
