// Package fasthttp is the suite's adapter of valyala/fasthttp's Client.
// Importing it registers the client fasthttp.
package fasthttp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"time"

	"github.com/valyala/fasthttp"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/server"
)

// fastHTTP is valyala/fasthttp's clients.Client, used the way its documentation
// recommends for speed: Get(dst, url) reads the body straight into a
// caller-owned buffer, and other requests use pooled Request/Response
// objects. Its defaults already allow 512 connections per host (raised only
// if clients.Config asks for more, set by clients.Config.MaxConns) and read no proxy
// settings.
//
// Deviations from the defaults: MaxIdemponentCallAttempts 5 → 1, because
// fasthttp otherwise retries a failed GET up to five times; the timeout.
// Requests built with Acquire* run with DoTimeout (a whole-request timeout);
// Get(dst, url) has none without GetTimeout, which starts a goroutine per
// request, so the client's ReadTimeout and WriteTimeout bound it instead.
type fastHTTP struct {
	name    string
	hc      *fasthttp.Client
	timeout time.Duration
	fresh   bool // Connection: close on every request
}

func init() {
	clients.Register(clients.Adapter{
		Name:        "fasthttp",
		New:         newFastHTTP,
		Timeout:     fasthttp.ErrTimeout,
		PoolFull:    fasthttp.ErrNoFreeConns,
		LibraryIdle: func() int { return fasthttp.DefaultMaxConnsPerHost },
		TLSMajor:    1,
		Behaviour:   behaviour,
	})
}

func newFastHTTP(name string, cfg clients.Config) (clients.Client, error) {
	if cfg.H2C != nil {
		return nil, clients.Unsupported(name, "HTTP/2")
	}
	hc := &fasthttp.Client{
		ReadTimeout:               cfg.Timeout,
		WriteTimeout:              cfg.Timeout,
		MaxIdemponentCallAttempts: 1,
	}
	if cfg.TLS != nil {
		hc.TLSConfig = cfg.TLS.ClientConfig()
	}
	if n := cfg.Net; n != nil {
		// fasthttp does TLS itself over what its dialer returns. The dial
		// has the request's timeout, as every client's does, not the one
		// fasthttp passes (ReadTimeout+WriteTimeout, else 3 s: two lost
		// SYNs on a lossy path).
		hc.DialTimeout = func(addr string, _ time.Duration) (net.Conn, error) {
			return clients.DialTimeout(n, addr, cfg.Timeout)
		}
	}
	if !cfg.LibraryPool && cfg.MaxConnsPerHost > fasthttp.DefaultMaxConnsPerHost {
		hc.MaxConnsPerHost = cfg.MaxConnsPerHost
	}
	if cfg.MaxConns > 0 {
		// Beyond it, fasthttp.ErrNoFreeConns at once: MaxConnWaitTimeout
		// stays 0, fasthttp's default.
		hc.MaxConnsPerHost = cfg.MaxConns
	}
	return &fastHTTP{name: name, hc: hc, timeout: cfg.Timeout, fresh: cfg.Fresh}, nil
}

func (c *fastHTTP) Name() string { return c.name }

// do runs one exchange: prepare (if any) fills in the request beyond its
// URL, read gets the response before it is released.
func (c *fastHTTP) do(url string, prepare func(*fasthttp.Request) error, read func(*fasthttp.Response) error) (clients.Meta, error) {
	req := fasthttp.AcquireRequest()
	resp := fasthttp.AcquireResponse()
	defer fasthttp.ReleaseRequest(req)
	defer fasthttp.ReleaseResponse(resp)
	req.SetRequestURI(url)
	if c.fresh {
		req.SetConnectionClose()
	}
	if prepare != nil {
		if err := prepare(req); err != nil {
			return clients.Meta{}, err
		}
	}
	if err := c.hc.DoTimeout(req, resp, c.timeout); err != nil {
		return clients.Meta{}, err
	}
	m := clients.Meta{Status: resp.StatusCode(), ProtoMajor: 1}
	return m, read(resp)
}

// post returns a prepare func for a POST of body.
func post(contentType string, body []byte) func(*fasthttp.Request) error {
	return func(req *fasthttp.Request) error {
		req.Header.SetMethod(fasthttp.MethodPost)
		req.Header.SetContentType(contentType)
		req.SetBodyRaw(body)
		return nil
	}
}

// appendBody returns a read func that sets *dst to the body appended to
// (*dst)[:0]: a new slice when *dst is nil (fresh), the caller's buffer
// otherwise.
func appendBody(dst *[]byte) func(*fasthttp.Response) error {
	return func(r *fasthttp.Response) error {
		*dst = append((*dst)[:0], r.Body()...)
		return nil
	}
}

// GetBytes is Get(nil, url): fasthttp appends the body to a nil slice, a
// new one per request.
func (c *fastHTTP) GetBytes(url string) (clients.Meta, []byte, error) {
	return c.get(url, nil)
}

// GetBytesInto is Get(dst, url), fasthttp's documented fast path.
func (c *fastHTTP) GetBytesInto(url string, dst []byte) (clients.Meta, []byte, error) {
	return c.get(url, dst[:0])
}

func (c *fastHTTP) get(url string, dst []byte) (clients.Meta, []byte, error) {
	if c.fresh { // Get has no way to ask for Connection: close
		m, err := c.do(url, nil, appendBody(&dst))
		return m, dst, err
	}
	status, body, err := c.hc.Get(dst, url)
	return clients.Meta{Status: status, ProtoMajor: 1}, body, err
}

func (c *fastHTTP) GetText(url string) (clients.Meta, string, error) {
	var s string
	m, err := c.do(url, nil, func(r *fasthttp.Response) error {
		s = string(r.Body())
		return nil
	})
	m.BodyLen = len(s)
	return m, s, err
}

func (c *fastHTTP) GetJSON(url string, v any) (clients.Meta, error) {
	n := 0
	m, err := c.do(url, nil, func(r *fasthttp.Response) error {
		n = len(r.Body())
		return json.Unmarshal(r.Body(), v)
	})
	m.BodyLen = n
	return m, err
}

// Post copies the body out of the pooled Response into a new slice.
func (c *fastHTTP) Post(url, contentType string, body []byte) (clients.Meta, []byte, error) {
	return c.PostInto(url, contentType, body, nil)
}

func (c *fastHTTP) PostInto(url, contentType string, body, dst []byte) (clients.Meta, []byte, error) {
	m, err := c.do(url, post(contentType, body), appendBody(&dst))
	return m, dst, err
}

// GetStream sets Response.StreamBody, fasthttp's way to read a body as it
// arrives; closing the stream releases the connection and the pooled
// request and response.
func (c *fastHTTP) GetStream(url string) (clients.Meta, io.ReadCloser, error) {
	req := fasthttp.AcquireRequest()
	resp := fasthttp.AcquireResponse()
	req.SetRequestURI(url)
	if c.fresh {
		req.SetConnectionClose()
	}
	resp.StreamBody = true
	if err := c.hc.DoTimeout(req, resp, c.timeout); err != nil {
		fasthttp.ReleaseRequest(req)
		fasthttp.ReleaseResponse(resp)
		return clients.Meta{}, nil, err
	}
	body := resp.BodyStream()
	if body == nil { // the whole body came with the headers
		body = bytes.NewReader(resp.Body())
	}
	return clients.Meta{Status: resp.StatusCode(), ProtoMajor: 1}, &fastStream{Reader: body, req: req, resp: resp}, nil
}

type fastStream struct {
	io.Reader
	req  *fasthttp.Request
	resp *fasthttp.Response
}

func (s *fastStream) Close() error {
	err := s.resp.CloseBodyStream()
	fasthttp.ReleaseRequest(s.req)
	fasthttp.ReleaseResponse(s.resp)
	return err
}

// Upload streams the reader with SetBodyStream and size -1: chunked.
func (c *fastHTTP) Upload(url, contentType string, body io.Reader) (clients.Meta, []byte, error) {
	var dst []byte
	m, err := c.do(url, func(req *fasthttp.Request) error {
		req.Header.SetMethod(fasthttp.MethodPost)
		req.Header.SetContentType(contentType)
		req.SetBodyStream(body, -1)
		return nil
	}, appendBody(&dst))
	return m, dst, err
}

// PostMultipart encodes the form with mime/multipart straight into the
// request's body buffer, as fasthttp's users do.
func (c *fastHTTP) PostMultipart(url string, form server.Form) (clients.Meta, []byte, error) {
	var dst []byte
	m, err := c.do(url, func(req *fasthttp.Request) error {
		req.Header.SetMethod(fasthttp.MethodPost)
		mw, err := clients.EncodeForm(req.BodyWriter(), form)
		if err != nil {
			return err
		}
		req.Header.SetMultipartFormBoundary(mw.Boundary())
		return nil
	}, appendBody(&dst))
	return m, dst, err
}

func (c *fastHTTP) Head(url string) (clients.Meta, int64, error) {
	var n int64
	m, err := c.do(url, func(req *fasthttp.Request) error {
		req.Header.SetMethod(fasthttp.MethodHead)
		return nil
	}, func(r *fasthttp.Response) error {
		n = int64(r.Header.ContentLength())
		return nil
	})
	return m, n, err
}

func (c *fastHTTP) GetRange(url string, start int64, dst []byte) (clients.Meta, string, error) {
	var cr string
	m, err := c.do(url, func(req *fasthttp.Request) error {
		req.Header.SetByteRange(int(start), int(start)+len(dst)-1)
		return nil
	}, func(r *fasthttp.Response) error {
		cr = string(r.Header.Peek("Content-Range"))
		if len(r.Body()) != len(dst) {
			return fmt.Errorf("range body: %d bytes, asked for %d", len(r.Body()), len(dst))
		}
		copy(dst, r.Body())
		return nil
	})
	return m, cr, err
}

func (c *fastHTTP) Close() error {
	c.hc.CloseIdleConnections()
	return nil
}
