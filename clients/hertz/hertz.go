// Package hertz is the suite's adapter of cloudwego/hertz's client, on
// netpoll (hertz) and on hertz's standard network (hertz_std). Importing
// it registers the clients hertz and hertz_std.
package hertz

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"time"

	"github.com/cloudwego/hertz/pkg/app/client"
	"github.com/cloudwego/hertz/pkg/common/config"
	hertzerrors "github.com/cloudwego/hertz/pkg/common/errors"
	"github.com/cloudwego/hertz/pkg/network/standard"
	"github.com/cloudwego/hertz/pkg/protocol"
	"github.com/cloudwego/hertz/pkg/protocol/consts"
	"github.com/cloudwego/netpoll"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/server"
)

// hertzClient is cloudwego/hertz's client (pkg/app/client), used the way
// its documentation shows: clients.Client.Get(ctx, nil, url) for a body in a new
// slice, and pooled protocol.Request/Response objects with DoTimeout for
// everything else. Its defaults already keep every idle connection (no
// cap on connections per host, idle ones closed after 10 s), read no proxy
// settings and retry nothing (RetryConfig nil: one attempt), so clients.Config
// changes only these:
//
//   - the timeout: every request carries clients.Config.Timeout as hertz's request
//     timeout (config.WithRequestTimeout, what DoTimeout sets), one
//     deadline for its dial, write and read, and clients.Config.Timeout is its
//     dial timeout too (WithDialTimeout; 1 s by default);
//   - clients.Config.MaxConns: WithMaxConnsPerHost, beyond which a request fails
//     at once with errors.ErrNoFreeConns (MaxConnWaitTimeout stays 0);
//   - clients.Config.Fresh: WithKeepAlive(false), Connection: close on every
//     request;
//   - clients.Config.TLS: WithTLSConfig, which also switches the client to hertz's
//     standard dialer (package net, crypto/tls): the default one, netpoll
//     (on Linux and macOS, amd64 and arm64), has no TLS. Cleartext rows
//     keep netpoll, the default hertz users get and the network its
//     documentation recommends but for requests over 1 MiB. hertz gives
//     every TLS config without a session cache one of its own
//     (newClientTLSConfig in pkg/protocol/http1), so without TLS.Resume
//     the config also sets SessionTicketsDisabled, the same full
//     handshakes as the other clients' nil cache.
//
// One retry no setting turns off: a request of an idempotent method (GET,
// HEAD, PUT, ...) without a body stream whose pooled connection the server
// had closed (errors.ErrBadPoolConn: its write fails, or no byte of the
// answer comes) is sent again on another connection, as net/http does;
// fasthttp, with MaxIdemponentCallAttempts 1, does not.
//
// Bodies go into the caller's buffer (GetBytesInto, PostInto) as a copy
// out of the pooled Response, not through clients.Client.Get(ctx, dst, url): Get
// lends dst to a pooled Response whose Reset, before the request, returns
// a body buffer with any capacity beyond maxKeepBodySize (0 by default)
// to hertz's body pool (since cloudwego/hertz#1294). The body is then
// often read into another pooled buffer, which Get returns and a later
// request overwrites (seen with four goroutines on one client), and dst
// may go to another response.
//
// Streams (Streamer) need a client built with WithResponseBodyStream(true)
// (hertz has no per-request switch): GetStream uses a second client with
// the same settings and its own pool.
//
// hertz_std is the same client on hertz's standard network for cleartext
// too (client.WithDialer(standard.NewDialer()): package net, on Go's own
// poller), the one hertz's TLS rows already use: beside hertz on the
// cleartext rows it shows what netpoll costs. netpoll runs an epoll loop
// of its own on a goroutine whose thread blocks in epoll_wait through
// syscall.Syscall6, holding its P until sysmon hands it off (up to 10 ms
// when the process is idle: golang/go#76290; cloudwego/netpoll#284 tried
// an entersyscallblock and was closed); see docs/methodology.md.
type hertzClient struct {
	name       string
	hc, stream *client.Client
	timeout    time.Duration
}

func init() {
	clients.Register(clients.Adapter{
		Name:     "hertz",
		New:      newHertz,
		Timeout:  hertzerrors.ErrTimeout,
		PoolFull: hertzerrors.ErrNoFreeConns,
		// netpoll reports a refused connect as its ErrConnClosed.
		Refused:     netpoll.ErrConnClosed,
		LibraryIdle: func() int { return math.MaxInt },
		TLSMajor:    1,
		Behaviour:   behaviour,
	})
}

func newHertz(name string, cfg clients.Config) (clients.Client, error) {
	return newHertzOn(name, cfg, false)
}

func init() {
	clients.Register(clients.Adapter{
		Name:        "hertz_std",
		New:         newHertzStd,
		Timeout:     hertzerrors.ErrTimeout,
		PoolFull:    hertzerrors.ErrNoFreeConns,
		LibraryIdle: func() int { return math.MaxInt },
		Behaviour:   clients.Behaviour{None: "hertz with its standard network: the library's defaults are hertz's, its column"},
	})
}

func newHertzStd(name string, cfg clients.Config) (clients.Client, error) {
	if cfg.TLS != nil {
		return nil, fmt.Errorf("%s: over TLS hertz is on its standard network already: hertz's TLS rows", name)
	}
	return newHertzOn(name, cfg, true)
}

// newHertzOn is hertz's client, named name: on its default network for
// cleartext (hertz), or on its standard one when std (hertz_std).
func newHertzOn(name string, cfg clients.Config, std bool) (clients.Client, error) {
	if cfg.H2C != nil {
		return nil, clients.Unsupported(name, "HTTP/2")
	}
	// The dial too has the request's timeout, not hertz's 1 s
	// (consts.DefaultDialTimeout), which a SYN lost on a lossy path
	// outlasts: TCP resends it after a second.
	opts := []config.ClientOption{client.WithDialTimeout(cfg.Timeout)}
	if cfg.MaxConns > 0 {
		opts = append(opts, client.WithMaxConnsPerHost(cfg.MaxConns))
	}
	if cfg.Fresh {
		opts = append(opts, client.WithKeepAlive(false))
	}
	if cfg.TLS != nil {
		tc := cfg.TLS.ClientConfig()
		tc.SessionTicketsDisabled = !cfg.TLS.Resume
		opts = append(opts, client.WithTLSConfig(tc))
	}
	if std {
		opts = append(opts, client.WithDialer(standard.NewDialer()))
	}
	if cfg.Net != nil {
		// After WithTLSConfig, which sets its own dialer.
		opts = append(opts, client.WithDialer(hertzDialer{cfg.Net}))
	}
	hc, err := client.NewClient(opts...)
	if err != nil {
		return nil, err
	}
	stream, err := client.NewClient(append(opts, client.WithResponseBodyStream(true))...)
	if err != nil {
		return nil, err
	}
	return &hertzClient{name: name, hc: hc, stream: stream, timeout: cfg.Timeout}, nil
}

func (c *hertzClient) Name() string { return c.name }

// do runs one exchange: prepare (if any) fills in the request beyond its
// URL, read gets the response before it is released.
func (c *hertzClient) do(url string, prepare func(*protocol.Request), read func(*protocol.Response) error) (clients.Meta, error) {
	req := protocol.AcquireRequest()
	resp := protocol.AcquireResponse()
	defer protocol.ReleaseRequest(req)
	defer protocol.ReleaseResponse(resp)
	req.SetRequestURI(url)
	if prepare != nil {
		prepare(req)
	}
	if err := c.hc.DoTimeout(context.Background(), req, resp, c.timeout); err != nil {
		return clients.Meta{}, err
	}
	return clients.Meta{Status: resp.StatusCode(), ProtoMajor: 1}, read(resp)
}

// hertzPost returns a prepare func for a POST of body.
func hertzPost(contentType string, body []byte) func(*protocol.Request) {
	return func(req *protocol.Request) {
		req.SetMethod(consts.MethodPost)
		req.Header.SetContentTypeBytes([]byte(contentType))
		req.SetBodyRaw(body)
	}
}

// hertzAppend returns a read func that sets *dst to the body appended to
// (*dst)[:0]: a new slice when *dst is nil (fresh), the caller's buffer
// otherwise.
func hertzAppend(dst *[]byte) func(*protocol.Response) error {
	return func(r *protocol.Response) error {
		*dst = append((*dst)[:0], r.Body()...)
		return nil
	}
}

// GetBytes is clients.Client.Get(ctx, nil, url): hertz reads the body into a new
// slice.
func (c *hertzClient) GetBytes(url string) (clients.Meta, []byte, error) {
	status, body, err := c.hc.Get(context.Background(), nil, url, config.WithRequestTimeout(c.timeout))
	return clients.Meta{Status: status, ProtoMajor: 1}, body, err
}

// GetBytesInto copies the body out of the pooled Response (see the type's
// doc for why not Get(ctx, dst, url)).
func (c *hertzClient) GetBytesInto(url string, dst []byte) (clients.Meta, []byte, error) {
	m, err := c.do(url, nil, hertzAppend(&dst))
	return m, dst, err
}

func (c *hertzClient) GetText(url string) (clients.Meta, string, error) {
	var s string
	m, err := c.do(url, nil, func(r *protocol.Response) error {
		s = string(r.Body())
		return nil
	})
	m.BodyLen = len(s)
	return m, s, err
}

func (c *hertzClient) GetJSON(url string, v any) (clients.Meta, error) {
	n := 0
	m, err := c.do(url, nil, func(r *protocol.Response) error {
		n = len(r.Body())
		return json.Unmarshal(r.Body(), v)
	})
	m.BodyLen = n
	return m, err
}

// Post copies the body out of the pooled Response into a new slice.
func (c *hertzClient) Post(url, contentType string, body []byte) (clients.Meta, []byte, error) {
	return c.PostInto(url, contentType, body, nil)
}

func (c *hertzClient) PostInto(url, contentType string, body, dst []byte) (clients.Meta, []byte, error) {
	m, err := c.do(url, hertzPost(contentType, body), hertzAppend(&dst))
	return m, dst, err
}

// GetStream uses the streaming client: the response's BodyStream reads the
// body as it arrives; closing the stream releases the connection and the
// pooled request and response.
func (c *hertzClient) GetStream(url string) (clients.Meta, io.ReadCloser, error) {
	req := protocol.AcquireRequest()
	resp := protocol.AcquireResponse()
	req.SetRequestURI(url)
	if err := c.stream.DoTimeout(context.Background(), req, resp, c.timeout); err != nil {
		protocol.ReleaseRequest(req)
		protocol.ReleaseResponse(resp)
		return clients.Meta{}, nil, err
	}
	return clients.Meta{Status: resp.StatusCode(), ProtoMajor: 1}, &hertzStream{Reader: resp.BodyStream(), req: req, resp: resp}, nil
}

type hertzStream struct {
	io.Reader
	req  *protocol.Request
	resp *protocol.Response
}

func (s *hertzStream) Close() error {
	err := s.resp.CloseBodyStream()
	protocol.ReleaseRequest(s.req)
	protocol.ReleaseResponse(s.resp)
	return err
}

// Upload streams the reader with SetBodyStream and size -1: chunked.
func (c *hertzClient) Upload(url, contentType string, body io.Reader) (clients.Meta, []byte, error) {
	var dst []byte
	m, err := c.do(url, func(req *protocol.Request) {
		req.SetMethod(consts.MethodPost)
		req.Header.SetContentTypeBytes([]byte(contentType))
		req.SetBodyStream(body, -1)
	}, hertzAppend(&dst))
	return m, dst, err
}

// PostMultipart gives hertz the form's parts with SetMultipartField (what
// SetMultipartFormData does for each text field, and the way to keep a
// file part's Content-Type) and lets it encode them.
func (c *hertzClient) PostMultipart(url string, form server.Form) (clients.Meta, []byte, error) {
	var dst []byte
	m, err := c.do(url, func(req *protocol.Request) {
		req.SetMethod(consts.MethodPost)
		for _, f := range form.Fields {
			req.SetMultipartField(f.Name, "", "", bytes.NewReader([]byte(f.Value)))
		}
		for _, f := range form.Files {
			req.SetMultipartField(f.Field, f.Filename, f.ContentType, bytes.NewReader(f.Content))
		}
	}, hertzAppend(&dst))
	return m, dst, err
}

func (c *hertzClient) Head(url string) (clients.Meta, int64, error) {
	var n int64
	m, err := c.do(url, func(req *protocol.Request) {
		req.SetMethod(consts.MethodHead)
	}, func(r *protocol.Response) error {
		n = int64(r.Header.ContentLength())
		return nil
	})
	return m, n, err
}

func (c *hertzClient) GetRange(url string, start int64, dst []byte) (clients.Meta, string, error) {
	var cr string
	m, err := c.do(url, func(req *protocol.Request) {
		req.Header.SetByteRange(int(start), int(start)+len(dst)-1)
	}, func(r *protocol.Response) error {
		cr = string(r.Header.Peek("Content-Range"))
		if len(r.Body()) != len(dst) {
			return fmt.Errorf("range body: %d bytes, asked for %d", len(r.Body()), len(dst))
		}
		copy(dst, r.Body())
		return nil
	})
	return m, cr, err
}

func (c *hertzClient) Close() error {
	c.hc.CloseIdleConnections()
	c.stream.CloseIdleConnections()
	return nil
}
