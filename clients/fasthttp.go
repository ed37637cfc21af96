package clients

import (
	"encoding/json"

	"github.com/valyala/fasthttp"
)

// fastHTTP is valyala/fasthttp's Client, used with pooled Request/Response
// objects and a caller-owned body buffer, as fasthttp's documentation
// recommends. Its defaults already allow 512 connections per host (raised
// only if Config asks for more) and read no proxy settings; only the timeout
// is set, per request with DoTimeout.
type fastHTTP struct {
	hc  *fasthttp.Client
	cfg Config
}

func newFastHTTP(cfg Config) (Client, error) {
	cfg = cfg.withDefaults()
	hc := &fasthttp.Client{}
	if cfg.MaxConnsPerHost > fasthttp.DefaultMaxConnsPerHost {
		hc.MaxConnsPerHost = cfg.MaxConnsPerHost
	}
	return &fastHTTP{hc: hc, cfg: cfg}, nil
}

func (c *fastHTTP) Name() string { return FastHTTP }

// do runs one exchange and hands the response to read before it is released.
func (c *fastHTTP) do(method, url, contentType string, body []byte, read func(*fasthttp.Response) error) (Meta, error) {
	req := fasthttp.AcquireRequest()
	resp := fasthttp.AcquireResponse()
	defer fasthttp.ReleaseRequest(req)
	defer fasthttp.ReleaseResponse(resp)
	req.SetRequestURI(url)
	if method != fasthttp.MethodGet {
		req.Header.SetMethod(method)
		req.Header.SetContentType(contentType)
		req.SetBodyRaw(body)
	}
	if err := c.hc.DoTimeout(req, resp, c.cfg.Timeout); err != nil {
		return Meta{}, err
	}
	m := Meta{Status: resp.StatusCode(), ProtoMajor: 1}
	return m, read(resp)
}

func (c *fastHTTP) GetBytes(url string, dst []byte) (Meta, []byte, error) {
	m, err := c.do(fasthttp.MethodGet, url, "", nil, func(r *fasthttp.Response) error {
		dst = append(dst[:0], r.Body()...)
		return nil
	})
	return m, dst, err
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
