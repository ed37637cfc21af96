package behaviour

import (
	"bytes"
	"context"
	"crypto/tls"
	"io"
	"maps"
	"net/http"
	"time"

	hclient "github.com/cloudwego/hertz/pkg/app/client"
	"github.com/cloudwego/hertz/pkg/common/config"
	"github.com/cloudwego/hertz/pkg/protocol"
	"github.com/go-resty/resty/v2"
	"github.com/hashicorp/go-retryablehttp"
	"github.com/valyala/fasthttp"
	resty3 "resty.dev/v3"
)

// result is one exchange as a client reports it.
type result struct {
	status  int
	proto   string
	header  http.Header
	trailer http.Header
	body    []byte
	err     error // from the call, or from reading the body
}

// client wraps one library's default client. lib is the library's own
// object, for the fix lines and for reading defaults: *http.Client
// (nethttp, xnethttp2), *fasthttp.Client, *hclient.Client (hertz),
// *resty.Client, *resty3.Client, *retryablehttp.Client.
type client struct {
	name string
	lib  any
	// fasthttp and hertz only: follow redirects the way fasthttp.Get and
	// hertz's Client.Get do (Client.DoRedirects), the fix that makes them
	// follow them.
	redirects int
	// fasthttp and hertz only: ask for gzip and read
	// Response.BodyUncompressed (fasthttp) or Response.BodyGunzip (hertz),
	// the fix that makes them decode bodies.
	decode bool
	// own marks a client brought to Column: an *http.Client of unknown
	// make, whose fields mean what net/http's do but whose transport may
	// be anything.
	own bool
	// base is Brought.Transport, for an own client.
	base func(*http.Client) *http.Transport
}

// callBound bounds every exchange; no default is observed by waiting for
// it (the timeout row reads the library's fields).
const callBound = 10 * time.Second

// newClient builds the library's default client, its column's
// clients.Behaviour.Default. The only departures from the defaults, none
// of which changes a behaviour in the table: the test server's
// certificate is trusted (TLS rows); net/http's DefaultTransport is cloned
// rather than shared, so tests do not share a pool; retryablehttp's logger
// is silenced and its waits shortened so that its retries are counted
// without waiting for them (the wait rows read its Backoff instead).
func newClient(name string, tc *tls.Config) *client {
	lib := columnOf(name).Default
	if lib == nil {
		panic("no behaviour column for client " + name)
	}
	return &client{name: name, lib: lib(tc)}
}

func (c *client) close() {
	switch l := c.lib.(type) {
	case *http.Client:
		l.CloseIdleConnections()
	case *fasthttp.Client:
		l.CloseIdleConnections()
	case *hclient.Client:
		l.CloseIdleConnections()
	case *resty.Client:
		l.GetClient().CloseIdleConnections()
	case *resty3.Client:
		l.Close()
		l.Client().CloseIdleConnections()
	case *retryablehttp.Client:
		l.HTTPClient.CloseIdleConnections()
	}
}

// do sends one request the library's usual way and reads the whole answer.
func (c *client) do(method, url string, body []byte, hdr http.Header) result {
	ctx, cancel := context.WithTimeout(context.Background(), callBound)
	defer cancel()
	switch l := c.lib.(type) {
	case *http.Client:
		return c.doHTTP(ctx, l, method, url, body, hdr)
	case *retryablehttp.Client:
		return c.doRetryable(ctx, l, method, url, body, hdr)
	case *resty.Client:
		return c.doResty(ctx, l, method, url, body, hdr)
	case *resty3.Client:
		return c.doResty3(ctx, l, method, url, body, hdr)
	case *fasthttp.Client:
		return c.doFastHTTP(ctx, l, method, url, body, hdr)
	case *hclient.Client:
		return c.doHertz(ctx, l, method, url, body, hdr)
	}
	panic("unknown library")
}

// doHTTP is do with net/http (nethttp, xnethttp2, a brought client).
func (c *client) doHTTP(ctx context.Context, l *http.Client, method, url string, body []byte, hdr http.Header) result {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, rd)
	if err != nil {
		return result{err: err}
	}
	maps.Copy(req.Header, hdr)
	return fromHTTP(l.Do(req))
}

// doRetryable is do with retryablehttp.
func (c *client) doRetryable(ctx context.Context, l *retryablehttp.Client, method, url string, body []byte, hdr http.Header) result {
	var b any
	if body != nil {
		b = body
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, method, url, b)
	if err != nil {
		return result{err: err}
	}
	maps.Copy(req.Header, hdr)
	return fromHTTP(l.Do(req))
}

// doResty is do with resty v2.
func (c *client) doResty(ctx context.Context, l *resty.Client, method, url string, body []byte, hdr http.Header) result {
	r := l.R().SetContext(ctx)
	if body != nil {
		r.SetBody(body)
	}
	r.SetHeaderMultiValues(hdr)
	resp, err := r.Execute(method, url)
	res := result{err: err}
	if resp != nil && resp.RawResponse != nil {
		res.status, res.proto, res.header, res.body = resp.StatusCode(), resp.Proto(), resp.Header(), resp.Body()
		res.trailer = resp.RawResponse.Trailer
	}
	return res
}

// doResty3 is do with resty v3.
func (c *client) doResty3(ctx context.Context, l *resty3.Client, method, url string, body []byte, hdr http.Header) result {
	r := l.R().SetContext(ctx)
	if body != nil {
		r.SetBody(body)
	}
	r.SetHeaderMultiValues(hdr)
	resp, err := r.Execute(method, url)
	res := result{err: err}
	if resp != nil && resp.RawResponse != nil {
		res.status, res.proto, res.header = resp.StatusCode(), resp.Proto(), resp.Header()
		if resp.Request.IsResponseDoNotParse && resp.Body != nil {
			// The raw-body fix: the body read as net/http's users read it.
			var rerr error
			res.body, rerr = io.ReadAll(resp.Body)
			resp.Body.Close()
			if res.err == nil {
				res.err = rerr
			}
		} else {
			res.body = resp.Bytes()
		}
		res.trailer = resp.RawResponse.Trailer
	}
	return res
}

// fill sets what fasthttp's and hertz's requests carry alike (their
// methods have the same names and types, on types of their own): the
// body, if any, the headers, and Accept-Encoding when c decodes.
func (c *client) fill(setBody func([]byte), add, set func(k, v string), body []byte, hdr http.Header) {
	if body != nil {
		setBody(body)
	}
	for k, v := range hdr {
		for _, s := range v {
			add(k, s)
		}
	}
	if c.decode {
		set("Accept-Encoding", "gzip")
	}
}

// doFastHTTP is do with fasthttp (Client.DoDeadline, or DoRedirects with c.redirects).
func (c *client) doFastHTTP(ctx context.Context, l *fasthttp.Client, method, url string, body []byte, hdr http.Header) result {
	req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
	defer fasthttp.ReleaseRequest(req)
	defer fasthttp.ReleaseResponse(resp)
	req.SetRequestURI(url)
	req.Header.SetMethod(method)
	c.fill(req.SetBody, req.Header.Add, req.Header.Set, body, hdr)
	var err error
	if c.redirects > 0 {
		err = l.DoRedirects(req, resp, c.redirects)
	} else {
		err = l.DoDeadline(req, resp, time.Now().Add(callBound))
	}
	res := result{err: err, status: resp.StatusCode(), proto: string(resp.Header.Protocol()), header: http.Header{}}
	if err != nil {
		res.status = 0
	}
	for k, v := range resp.Header.All() {
		res.header.Add(string(k), string(v))
	}
	for _, k := range resp.Header.PeekTrailerKeys() {
		if res.trailer == nil {
			res.trailer = http.Header{}
		}
		res.trailer.Set(string(k), string(resp.Header.PeekBytes(k)))
	}
	res.body = bytes.Clone(resp.Body())
	if c.decode && err == nil {
		b, derr := resp.BodyUncompressed()
		if derr != nil {
			res.err = derr // not the still-compressed body as if it were the answer
		} else {
			res.body = bytes.Clone(b)
		}
	}
	return res
}

// doHertz is do with hertz (Client.DoDeadline, or DoRedirects with c.redirects).
func (c *client) doHertz(ctx context.Context, l *hclient.Client, method, url string, body []byte, hdr http.Header) result {
	req, resp := protocol.AcquireRequest(), protocol.AcquireResponse()
	defer protocol.ReleaseRequest(req)
	defer protocol.ReleaseResponse(resp)
	req.SetRequestURI(url)
	req.SetMethod(method)
	c.fill(req.SetBody, req.Header.Add, req.Header.Set, body, hdr)
	var err error
	if c.redirects > 0 {
		req.SetOptions(config.WithRequestTimeout(callBound)) // each hop's
		err = l.DoRedirects(ctx, req, resp, c.redirects)
	} else {
		err = l.DoDeadline(ctx, req, resp, time.Now().Add(callBound))
	}
	res := result{err: err, status: resp.StatusCode(), proto: resp.Header.GetProtocol(), header: http.Header{}}
	if err != nil {
		res.status = 0
	}
	resp.Header.VisitAll(func(k, v []byte) { res.header.Add(string(k), string(v)) })
	resp.Header.Trailer().VisitAll(func(k, v []byte) {
		if res.trailer == nil {
			res.trailer = http.Header{}
		}
		res.trailer.Add(string(k), string(v))
	})
	res.body = bytes.Clone(resp.Body())
	if c.decode && err == nil && string(resp.Header.ContentEncoding()) == "gzip" { // BodyGunzip does not check
		b, derr := resp.BodyGunzip()
		if derr != nil {
			res.err = derr
		} else {
			res.body = bytes.Clone(b)
		}
	}
	return res
}

// fromHTTP reads a net/http response whole.
func fromHTTP(resp *http.Response, err error) result {
	if err != nil {
		return result{err: err}
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	return result{status: resp.StatusCode, proto: resp.Proto, header: resp.Header, trailer: resp.Trailer, body: body, err: err}
}
