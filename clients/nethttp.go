package clients

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
)

// netHTTP is the standard library's client on a clone of
// http.DefaultTransport.
type netHTTP struct {
	hc *http.Client
}

func newNetHTTP(cfg Config) (Client, error) {
	cfg = cfg.withDefaults()
	t := http.DefaultTransport.(*http.Transport).Clone()
	configureTransport(t, cfg)
	return &netHTTP{hc: &http.Client{Transport: t, Timeout: cfg.Timeout}}, nil
}

// configureTransport applies the fairness settings to a net/http transport
// (net/http's own, resty's, retryablehttp's).
func configureTransport(t *http.Transport, cfg Config) {
	t.Proxy = nil
	t.MaxIdleConnsPerHost = cfg.MaxConnsPerHost
	if t.MaxIdleConns != 0 && t.MaxIdleConns < cfg.MaxConnsPerHost {
		t.MaxIdleConns = cfg.MaxConnsPerHost
	}
}

func (c *netHTTP) Name() string { return NetHTTP }

func (c *netHTTP) GetBytes(url string, _ []byte) (Meta, []byte, error) {
	return readAll(c.hc.Get(url))
}

func (c *netHTTP) GetText(url string) (Meta, string, error) {
	m, b, err := readAll(c.hc.Get(url))
	return m, string(b), err
}

func (c *netHTTP) GetJSON(url string, v any) (Meta, error) {
	return decodeJSON(c.hc.Get(url))(v)
}

func (c *netHTTP) Post(url, contentType string, body, _ []byte) (Meta, []byte, error) {
	return readAll(c.hc.Post(url, contentType, bytes.NewReader(body)))
}

func (c *netHTTP) Close() error {
	c.hc.CloseIdleConnections()
	return nil
}

func meta(resp *http.Response) Meta {
	return Meta{Status: resp.StatusCode, ProtoMajor: resp.ProtoMajor}
}

// readAll reads and closes a net/http response the way its users do.
func readAll(resp *http.Response, err error) (Meta, []byte, error) {
	if err != nil {
		return Meta{}, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return meta(resp), b, err
}

// decodeJSON returns a function that decodes the response into v with
// json.NewDecoder, then drains and closes the body so the connection can be
// reused. (Returned as a closure so callers can pass a (resp, err) pair.)
func decodeJSON(resp *http.Response, err error) func(v any) (Meta, error) {
	return func(v any) (Meta, error) {
		if err != nil {
			return Meta{}, err
		}
		defer resp.Body.Close()
		if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
			return meta(resp), err
		}
		_, err := io.Copy(io.Discard, resp.Body)
		return meta(resp), err
	}
}
