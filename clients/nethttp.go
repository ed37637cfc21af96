package clients

import (
	"bytes"
	"fmt"
	"io"
	"net/http"

	"golang.org/x/net/http2"

	"github.com/httpclientbench/httpclientbench/server"
	"github.com/httpclientbench/httpclientbench/server/h2c"
)

// netHTTP is an http.Client: the standard library's client on a clone of
// http.DefaultTransport (nethttp), x/net's HTTP/2 client (xnethttp2, see
// newXNetHTTP2), or on quic-go's HTTP/3 transport (http3, see newHTTP3).
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

var _ = register(record{name: "nethttp", new: newNetHTTP})

func newNetHTTP(name string, cfg Config) (Client, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	t := http.DefaultTransport.(*http.Transport).Clone()
	configureTransport(t, cfg)
	return &netHTTP{name: name, hc: &http.Client{Transport: t, Timeout: cfg.Timeout}}, nil
}

var _ = register(record{name: "xnethttp2", new: newXNetHTTP2})

// newXNetHTTP2 is golang.org/x/net/http2's client, HTTP/2 only, set up one
// way per kind of row:
//
//   - h2c (Config.H2C): an http.Transport with x/net registered for its
//     unencrypted HTTP/2 connections by http2.ConfigureTransports, because
//     the h2c rows set receive windows and x/net's own Transport cannot
//     (see h2c.ConfigureXNetTransport). The transport's other settings are
//     nethttp's (configureTransport), Fresh its DisableKeepAlives.
//   - TLS (Config.TLS): x/net's own http2.Transport with the tls.Config
//     every client gets as its TLSClientConfig, as its users set it up: it
//     dials TLS itself, offers only h2 by ALPN and fails a connection that
//     does not negotiate it. The TLS rows leave windows at the library's
//     defaults, which are net/http's (h2c's TestWindowsOnTheWire compares
//     them). It has no DisableKeepAlives: Fresh sets Request.Close on every
//     request instead, which makes its pool dial the request a single-use
//     connection and close it after the response. Its pool keeps every
//     connection it opens, with no cap and no idle limit, so the pool
//     settings (MaxConnsPerHost, LibraryPool) have nothing to set;
//     Config.MaxConns, which would, and TLS.HTTP1 are refused.
//
// Either way requests go through an http.Client with the suite's Timeout.
func newXNetHTTP2(name string, cfg Config) (Client, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	switch {
	case cfg.TLS != nil && cfg.TLS.HTTP1:
		return nil, fmt.Errorf("clients: %s: Config.TLS.HTTP1 is not HTTP/2", name)
	case cfg.TLS != nil && cfg.MaxConns > 0:
		return nil, fmt.Errorf("clients: %s: Config.MaxConns is not supported over TLS (http2.Transport has no connection cap)", name)
	case cfg.TLS != nil:
		t := &http2.Transport{TLSClientConfig: cfg.TLS.clientConfig()}
		if cfg.Net != nil {
			t.DialTLSContext = dialH2TLS(cfg.Net)
		}
		return &netHTTP{name: name, hc: &http.Client{Transport: t, Timeout: cfg.Timeout}, closeEach: cfg.Fresh}, nil
	case cfg.H2C == nil:
		return nil, fmt.Errorf("clients: %s speaks only HTTP/2: set Config.H2C or Config.TLS", name)
	}
	t := http.DefaultTransport.(*http.Transport).Clone()
	h2cWindow := *cfg.H2C
	cfg.H2C = nil // configured below, by x/net
	configureTransport(t, cfg)
	if err := h2c.ConfigureXNetTransport(t, h2cWindow); err != nil {
		return nil, err
	}
	return &netHTTP{name: name, hc: &http.Client{Transport: t, Timeout: cfg.Timeout}}, nil
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
	return readAll(c.get(url))
}

func (c *netHTTP) GetBytesInto(url string, dst []byte) (Meta, []byte, error) {
	return readInto(dst)(c.get(url))
}

func (c *netHTTP) GetText(url string) (Meta, string, error) {
	m, b, err := readAll(c.get(url))
	m.BodyLen = len(b)
	return m, string(b), err
}

func (c *netHTTP) GetJSON(url string, v any) (Meta, error) {
	return decodeJSON(c.get(url))(v)
}

func (c *netHTTP) Post(url, contentType string, body []byte) (Meta, []byte, error) {
	return readAll(c.send(http.MethodPost, url, contentType, bytes.NewReader(body)))
}

func (c *netHTTP) PostInto(url, contentType string, body, dst []byte) (Meta, []byte, error) {
	return readInto(dst)(c.send(http.MethodPost, url, contentType, bytes.NewReader(body)))
}

func (c *netHTTP) Close() error {
	c.hc.CloseIdleConnections()
	if c.closeTransport != nil {
		return c.closeTransport()
	}
	return nil
}

func (c *netHTTP) GetStream(url string) (Meta, io.ReadCloser, error) {
	return openStream(c.get(url))
}

func (c *netHTTP) Upload(url, contentType string, body io.Reader) (Meta, []byte, error) {
	return readAll(c.send(http.MethodPost, url, contentType, body))
}

func (c *netHTTP) PostMultipart(url string, form server.Form) (Meta, []byte, error) {
	body, ct, err := formBody(form)
	if err != nil {
		return Meta{}, nil, err
	}
	return readAll(c.send(http.MethodPost, url, ct, body))
}

func (c *netHTTP) Head(url string) (Meta, int64, error) {
	return headLength(c.send(http.MethodHead, url, "", nil))
}

func (c *netHTTP) GetRange(url string, start int64, dst []byte) (Meta, string, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return Meta{}, "", err
	}
	req.Header.Set("Range", rangeHeader(start, len(dst)))
	req.Close = c.closeEach
	resp, err := c.hc.Do(req)
	return readRange(resp, err, dst)
}
