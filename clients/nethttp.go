package clients

import (
	"bytes"
	"io"
	"net/http"

	"github.com/httpclientbench/httpclientbench/server"
)

// netHTTP is a client on an http.Client (NewNetHTTP): the standard
// library's client on a clone of http.DefaultTransport (nethttp), x/net's
// HTTP/2 client (xnethttp2), quic-go's HTTP/3 transport (http3) or a
// brought client's.
type netHTTP struct {
	name string
	hc   *http.Client
	// closeEach sets Close on every request: a connection of its own,
	// closed after it, for a transport that has no DisableKeepAlives
	// (xnethttp2 over TLS).
	closeEach bool
	// closeTransport, if set, releases the transport for good (http3's
	// UDP socket); Close calls it after closing idle connections.
	closeTransport func() error
	// getMethod, if set, is the method of every GET: http3's
	// http3.MethodGet0RTT with TLS.EarlyData.
	getMethod string
}

// NetHTTPOptions are the ways an adapter on an *http.Client differs from
// nethttp's; the zero value is nethttp's.
type NetHTTPOptions struct {
	// CloseEach sets Close on every request: a connection of its own,
	// closed after it, for a transport that has no DisableKeepAlives
	// (xnethttp2 over TLS).
	CloseEach bool
	// CloseTransport, if set, releases the transport for good (http3's
	// UDP socket); Close calls it after closing idle connections.
	CloseTransport func() error
	// GetMethod, if set, is the method of every GET: http3's
	// http3.MethodGet0RTT with TLS.EarlyData.
	GetMethod string
}

// NewNetHTTP is the adapter of a client on hc, named name: requests go
// through hc as nethttp's do (http.Client's Get, Post and Head, bodies read
// with io.ReadAll or into the caller's buffer, JSON with json.NewDecoder),
// with o's differences. The adapters of nethttp, xnethttp2 and http3 are
// this on their own transports, and so is every brought client built on
// net/http (HTTPClient).
func NewNetHTTP(name string, hc *http.Client, o NetHTTPOptions) Client {
	return &netHTTP{name: name, hc: hc, closeEach: o.CloseEach, closeTransport: o.CloseTransport, getMethod: o.GetMethod}
}

// send is http.Client's Get, Post and Head (a Content-Type only if
// contentType is not empty), with Close set on the request if closeEach.
func (c *netHTTP) send(method, url, contentType string, body io.Reader) (*http.Response, error) {
	req, err := http.NewRequest(method, url, body)
	if err != nil {
		return nil, err
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	req.Close = c.closeEach
	return c.hc.Do(req)
}

func (c *netHTTP) get(url string) (*http.Response, error) {
	if c.getMethod != "" {
		return c.send(c.getMethod, url, "", nil)
	}
	return c.send(http.MethodGet, url, "", nil)
}

func (c *netHTTP) Name() string { return c.name }

func (c *netHTTP) GetBytes(url string) (Meta, []byte, error) {
	return ReadAll(c.get(url))
}

func (c *netHTTP) GetBytesInto(url string, dst []byte) (Meta, []byte, error) {
	return ReadInto(dst)(c.get(url))
}

func (c *netHTTP) GetText(url string) (Meta, string, error) {
	m, b, err := ReadAll(c.get(url))
	m.BodyLen = len(b)
	return m, string(b), err
}

func (c *netHTTP) GetJSON(url string, v any) (Meta, error) {
	return DecodeJSON(c.get(url))(v)
}

func (c *netHTTP) Post(url, contentType string, body []byte) (Meta, []byte, error) {
	return ReadAll(c.send(http.MethodPost, url, contentType, bytes.NewReader(body)))
}

func (c *netHTTP) PostInto(url, contentType string, body, dst []byte) (Meta, []byte, error) {
	return ReadInto(dst)(c.send(http.MethodPost, url, contentType, bytes.NewReader(body)))
}

func (c *netHTTP) Close() error {
	c.hc.CloseIdleConnections()
	if c.closeTransport != nil {
		return c.closeTransport()
	}
	return nil
}

func (c *netHTTP) GetStream(url string) (Meta, io.ReadCloser, error) {
	return OpenStream(c.get(url))
}

func (c *netHTTP) Upload(url, contentType string, body io.Reader) (Meta, []byte, error) {
	return ReadAll(c.send(http.MethodPost, url, contentType, body))
}

func (c *netHTTP) PostMultipart(url string, form server.Form) (Meta, []byte, error) {
	body, ct, err := FormBody(form)
	if err != nil {
		return Meta{}, nil, err
	}
	return ReadAll(c.send(http.MethodPost, url, ct, body))
}

func (c *netHTTP) Head(url string) (Meta, int64, error) {
	return HeadLength(c.send(http.MethodHead, url, "", nil))
}

func (c *netHTTP) GetRange(url string, start int64, dst []byte) (Meta, string, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return Meta{}, "", err
	}
	req.Header.Set("Range", RangeHeader(start, len(dst)))
	req.Close = c.closeEach
	resp, err := c.hc.Do(req)
	return ReadRange(resp, err, dst)
}
