package clients

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"

	"github.com/httpclientbench/httpclientbench/h2c"
)

// netHTTP is an http.Client: the standard library's client on a clone of
// http.DefaultTransport (nethttp), or the same with x/net's HTTP/2
// implementation registered on that transport (xnethttp2).
type netHTTP struct {
	name string
	hc   *http.Client
}

func newNetHTTP(cfg Config) (Client, error) {
	cfg = cfg.withDefaults()
	t := http.DefaultTransport.(*http.Transport).Clone()
	configureTransport(t, cfg)
	return &netHTTP{name: NetHTTP, hc: &http.Client{Transport: t, Timeout: cfg.Timeout}}, nil
}

// newXNetHTTP2 is golang.org/x/net/http2's client over h2c; see
// h2c.ConfigureXNetTransport for why it is set up through an http.Transport.
func newXNetHTTP2(cfg Config) (Client, error) {
	cfg = cfg.withDefaults()
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
	return nil
}

func meta(resp *http.Response) Meta {
	return Meta{Status: resp.StatusCode, ProtoMajor: resp.ProtoMajor}
}

// readAll reads and closes a net/http response the way its users usually
// do: io.ReadAll, a new slice per response.
func readAll(resp *http.Response, err error) (Meta, []byte, error) {
	if err != nil {
		return Meta{}, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return meta(resp), b, err
}

// readInto returns a function that reads and closes a net/http response
// into dst[:0] (see readBodyInto). (A closure so callers can pass a
// (resp, err) pair.)
func readInto(dst []byte) func(*http.Response, error) (Meta, []byte, error) {
	return func(resp *http.Response, err error) (Meta, []byte, error) {
		if err != nil {
			return Meta{}, dst[:0], err
		}
		defer resp.Body.Close()
		b, err := readBodyInto(resp.Body, resp.ContentLength, dst)
		return meta(resp), b, err
	}
}

// maxPresize bounds how much readBodyInto reserves from a Content-Length
// before any byte arrived, so a lying header cannot exhaust memory.
const maxPresize = 64 << 20

// readBodyInto reads body to its end into dst[:0] with
// bytes.Buffer.ReadFrom, the standard library's way to read into a
// caller's buffer. With the length known it reserves the whole body (plus
// the bytes.MinRead that ReadFrom wants free before it sees EOF) up front,
// so a buffer kept from an earlier answer of the same size is filled
// without a new allocation.
func readBodyInto(body io.Reader, length int64, dst []byte) ([]byte, error) {
	buf := bytes.NewBuffer(dst[:0])
	if length >= 0 && length <= maxPresize {
		buf.Grow(int(length) + bytes.MinRead)
	}
	_, err := buf.ReadFrom(body)
	return buf.Bytes(), err
}

// decodeJSON returns a function that decodes the response into v with
// json.NewDecoder, reading the body to its end so the connection can be
// reused. (Returned as a closure so callers can pass a (resp, err) pair.)
func decodeJSON(resp *http.Response, err error) func(v any) (Meta, error) {
	return func(v any) (Meta, error) {
		if err != nil {
			return Meta{}, err
		}
		defer resp.Body.Close()
		body := io.Reader(resp.Body)
		var counted *countingReader
		if resp.ContentLength < 0 { // no header to hold the length to: count
			counted = &countingReader{r: body}
			body = counted
		}
		m := meta(resp)
		dec := json.NewDecoder(body)
		if err := dec.Decode(v); err != nil {
			return m, err
		}
		// The body must hold one JSON value and nothing else, as
		// json.Unmarshal (fasthttp, resty, raw) requires.
		if _, err := dec.Token(); err != io.EOF {
			return m, fmt.Errorf("clients: data after the JSON value (%v)", err)
		}
		// At io.EOF net/http has checked that exactly Content-Length bytes
		// arrived.
		m.BodyLen = int(resp.ContentLength)
		if counted != nil {
			m.BodyLen = counted.n
		}
		return m, nil
	}
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}
