package clients

import (
	"encoding/json"
	"time"

	"github.com/valyala/fasthttp"
)

// fastHTTP is valyala/fasthttp's Client, used the way its documentation
// recommends for speed: Get(dst, url) reads the body straight into a
// caller-owned buffer, and other requests use pooled Request/Response
// objects. Its defaults already allow 512 connections per host (raised only
// if Config asks for more) and read no proxy settings.
//
// Deviations from the defaults: MaxIdemponentCallAttempts 5 → 1, because
// fasthttp otherwise retries a failed GET up to five times; the timeout.
// Requests built with Acquire* run with DoTimeout (a whole-request timeout);
// Get(dst, url) has none without GetTimeout, which starts a goroutine per
// request, so the client's ReadTimeout and WriteTimeout bound it instead.
type fastHTTP struct {
	hc      *fasthttp.Client
	timeout time.Duration
	fresh   bool // Connection: close on every request
}

func newFastHTTP(cfg Config) (Client, error) {
	cfg = cfg.withDefaults()
	if cfg.H2C != nil {
		return nil, errNoH2C(FastHTTP)
	}
	hc := &fasthttp.Client{
		ReadTimeout:               cfg.Timeout,
		WriteTimeout:              cfg.Timeout,
		MaxIdemponentCallAttempts: 1,
	}
	if cfg.MaxConnsPerHost > fasthttp.DefaultMaxConnsPerHost {
		hc.MaxConnsPerHost = cfg.MaxConnsPerHost
	}
	return &fastHTTP{hc: hc, timeout: cfg.Timeout, fresh: cfg.Fresh}, nil
}

func (c *fastHTTP) Name() string { return FastHTTP }

// do runs one exchange and hands the response to read before it is released.
func (c *fastHTTP) do(method, url, contentType string, body []byte, read func(*fasthttp.Response) error) (Meta, error) {
	req := fasthttp.AcquireRequest()
	resp := fasthttp.AcquireResponse()
	defer fasthttp.ReleaseRequest(req)
	defer fasthttp.ReleaseResponse(resp)
	req.SetRequestURI(url)
	if c.fresh {
		req.SetConnectionClose()
	}
	if method != fasthttp.MethodGet {
		req.Header.SetMethod(method)
		req.Header.SetContentType(contentType)
		req.SetBodyRaw(body)
	}
	if err := c.hc.DoTimeout(req, resp, c.timeout); err != nil {
		return Meta{}, err
	}
	m := Meta{Status: resp.StatusCode(), ProtoMajor: 1}
	return m, read(resp)
}

func (c *fastHTTP) GetBytes(url string, dst []byte) (Meta, []byte, error) {
	if c.fresh { // Get has no way to ask for Connection: close
		m, err := c.do(fasthttp.MethodGet, url, "", nil, func(r *fasthttp.Response) error {
			dst = append(dst[:0], r.Body()...)
			return nil
		})
		return m, dst, err
	}
	status, body, err := c.hc.Get(dst[:0], url)
	return Meta{Status: status, ProtoMajor: 1}, body, err
}

func (c *fastHTTP) GetText(url string) (Meta, string, error) {
	var s string
	m, err := c.do(fasthttp.MethodGet, url, "", nil, func(r *fasthttp.Response) error {
		s = string(r.Body())
		return nil
	})
	return m, s, err
}

func (c *fastHTTP) GetJSON(url string, v any) (Meta, error) {
	return c.do(fasthttp.MethodGet, url, "", nil, func(r *fasthttp.Response) error {
		return json.Unmarshal(r.Body(), v)
	})
}

func (c *fastHTTP) Post(url, contentType string, body, dst []byte) (Meta, []byte, error) {
	m, err := c.do(fasthttp.MethodPost, url, contentType, body, func(r *fasthttp.Response) error {
		dst = append(dst[:0], r.Body()...)
		return nil
	})
	return m, dst, err
}

func (c *fastHTTP) Close() error {
	c.hc.CloseIdleConnections()
	return nil
}
