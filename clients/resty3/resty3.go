// Package resty3 is the suite's adapter of resty v3 (resty.dev/v3).
// Importing it registers the client resty3.
package resty3

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"runtime"

	"resty.dev/v3"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/server"
)

// resty3Client is resty v3 (resty.dev/v3, a release candidate) on its own
// transport, with the fairness settings applied to that transport. Its
// defaults never retry (retry count 0) and set no circuit breaker, rate
// limiter, load balancer or hedging. Its clients.Client starts no goroutine of its
// own unless a certificate watcher or an SRV load balancer is set; a
// multipart upload with a file part runs one for the request.
type resty3Client struct {
	name string
	rc   *resty.Client
}

func init() {
	clients.Register(clients.Adapter{
		Name:        "resty3",
		New:         newResty3,
		Timeout:     context.DeadlineExceeded,
		LibraryIdle: func() int { return runtime.GOMAXPROCS(0) + 1 },
		TLSMajor:    2,
		Behaviour:   behaviour,
	})
}

func newResty3(name string, cfg clients.Config) (clients.Client, error) {
	// resty v3 bounds a request with a context deadline, not
	// http.Client.Timeout; the deadline covers the body too (it ends when
	// the body is closed).
	rc := resty.New().SetTimeout(cfg.Timeout)
	t, err := rc.HTTPTransport()
	if err != nil {
		rc.Close()
		return nil, fmt.Errorf("resty3: %w", err)
	}
	clients.ConfigureTransport(t, cfg)
	return &resty3Client{name: name, rc: rc}, nil
}

func (c *resty3Client) Name() string { return c.name }

func resty3Meta(r *resty.Response) clients.Meta {
	return clients.Meta{Status: r.StatusCode(), ProtoMajor: r.RawResponse.ProtoMajor}
}

// GetBytes returns Response.Bytes. resty v3 (rc.4) reads a body with
// Response.readAll, which takes io.ErrUnexpectedEOF for its end, and Bytes
// and String, which read a JSON or XML body on first use, drop any error
// from that read: a body cut short comes back short, without an error.
// The ops' body checks catch it, as they would for any client.
func (c *resty3Client) GetBytes(url string) (clients.Meta, []byte, error) {
	r, err := c.rc.R().Get(url)
	if err != nil {
		return clients.Meta{}, nil, err
	}
	return resty3Meta(r), r.Bytes(), nil
}

// GetBytesInto reads resty's Response.Body unparsed (SetResponseDoNotParse),
// the one way resty lets a caller choose where the body goes.
func (c *resty3Client) GetBytesInto(url string, dst []byte) (clients.Meta, []byte, error) {
	return resty3Into(c.rc.R().SetResponseDoNotParse(true).Get(url))(dst)
}

// GetText returns resty's Response.String, which trims surrounding
// whitespace; BodyLen is the length of what arrived.
func (c *resty3Client) GetText(url string) (clients.Meta, string, error) {
	r, err := c.rc.R().Get(url)
	if err != nil {
		return clients.Meta{}, "", err
	}
	m := resty3Meta(r)
	s := r.String()
	m.BodyLen = len(r.Bytes())
	return m, s, nil
}

// GetJSON decodes with resty's own result handling (SetResult), the way its
// users do. resty v3 decodes from the body as it arrives, value after value
// to its end (a second value is decoded into v too; what is not JSON is an
// error), and keeps no copy: BodyLen is Response.Size, the bytes it read.
func (c *resty3Client) GetJSON(url string, v any) (clients.Meta, error) {
	r, err := c.rc.R().SetResult(v).Get(url)
	if err != nil {
		return clients.Meta{}, err
	}
	m := resty3Meta(r)
	m.BodyLen = int(r.Size())
	return m, nil
}

// Post, like PostInto, passes the body as a *bytes.Reader (see PostInto):
// with the answer parsed, resty v3 puts its pooled copy of a []byte back as
// soon as Execute returns too, and a server that answered before reading
// the whole request (or closed the connection) leaves net/http's transport
// still copying from the released buffer: a data race under -race
// (TestValidationCatchesBadAnswers' conn_close fault on Upload/length=known,
// 1 run in 5).
func (c *resty3Client) Post(url, contentType string, body []byte) (clients.Meta, []byte, error) {
	r, err := c.rc.R().SetContentType(contentType).SetBody(bytes.NewReader(body)).Post(url)
	if err != nil {
		return clients.Meta{}, nil, err
	}
	return resty3Meta(r), r.Bytes(), nil
}

// PostInto passes the body as a *bytes.Reader, which resty v3 sends as it
// is (net/http still sets its Content-Length). A []byte it copies into a
// pooled buffer, which Execute puts back in the pool as it returns (rc.4,
// Request.Execute's releaseBuffer; no upstream issue found): with the
// answer unparsed, that is as soon as its headers are in, and a server
// that answers before it has read the whole request (/echo streams its
// answer back) then gets a body cut short; the transport closes the
// connection under the answer being read ("use of closed network
// connection", every time for a 4 MiB body: TestResty3PostIntoFullDuplex).
func (c *resty3Client) PostInto(url, contentType string, body, dst []byte) (clients.Meta, []byte, error) {
	return resty3Into(c.rc.R().SetResponseDoNotParse(true).SetContentType(contentType).SetBody(bytes.NewReader(body)).Post(url))(dst)
}

// resty3Into returns a function that reads an unparsed resty v3
// response's Body into dst[:0] and closes it.
func resty3Into(r *resty.Response, err error) func(dst []byte) (clients.Meta, []byte, error) {
	return func(dst []byte) (clients.Meta, []byte, error) {
		if err != nil {
			if r != nil && r.Body != nil {
				r.Body.Close()
			}
			return clients.Meta{}, dst[:0], err
		}
		defer r.Body.Close()
		b, err := clients.ReadBodyInto(r.Body, r.RawResponse.ContentLength, dst)
		return resty3Meta(r), b, err
	}
}

// Close runs resty's Close (its close hooks; it stops a certificate watcher
// or load balancer, which the suite never sets, and leaves the transport
// alone) and closes the transport's idle connections.
func (c *resty3Client) Close() error {
	err := c.rc.Close()
	c.rc.Client().CloseIdleConnections()
	return err
}

// GetStream asks resty not to read the body (SetResponseDoNotParse), its
// documented way to stream; the caller closes Response.Body.
func (c *resty3Client) GetStream(url string) (clients.Meta, io.ReadCloser, error) {
	r, err := c.rc.R().SetResponseDoNotParse(true).Get(url)
	if err != nil {
		return clients.Meta{}, nil, err
	}
	return resty3Meta(r), r.Body, nil
}

// Upload passes the reader to SetBody, which resty v3 sends as it is
// (chunked unless net/http knows its length), without reading it into
// memory first as v2 does.
func (c *resty3Client) Upload(url, contentType string, body io.Reader) (clients.Meta, []byte, error) {
	r, err := c.rc.R().SetContentType(contentType).SetBody(body).Post(url)
	if err != nil {
		return clients.Meta{}, nil, err
	}
	return resty3Meta(r), r.Bytes(), nil
}

// PostMultipart uses resty's own multipart support: SetMultipartFormData for
// the text fields, SetMultipartField for the files (which resty v3 streams
// through a pipe, chunked).
func (c *resty3Client) PostMultipart(url string, form server.Form) (clients.Meta, []byte, error) {
	req := c.rc.R()
	if len(form.Fields) > 0 {
		req.SetMultipartFormData(form.FieldMap())
	}
	for _, f := range form.Files {
		req.SetMultipartField(f.Field, f.Filename, f.ContentType, bytes.NewReader(f.Content))
	}
	r, err := req.Post(url)
	if err != nil {
		return clients.Meta{}, nil, err
	}
	return resty3Meta(r), r.Bytes(), nil
}

func (c *resty3Client) Head(url string) (clients.Meta, int64, error) {
	r, err := c.rc.R().Head(url)
	if err != nil {
		return clients.Meta{}, 0, err
	}
	return resty3Meta(r), r.RawResponse.ContentLength, nil
}

func (c *resty3Client) GetRange(url string, start int64, dst []byte) (clients.Meta, string, error) {
	r, err := c.rc.R().SetHeader("Range", clients.RangeHeader(start, len(dst))).Get(url)
	if err != nil {
		return clients.Meta{}, "", err
	}
	m, cr, b := resty3Meta(r), r.Header().Get("Content-Range"), r.Bytes()
	if len(b) != len(dst) {
		return m, cr, fmt.Errorf("range body: %d bytes, asked for %d", len(b), len(dst))
	}
	copy(dst, b)
	return m, cr, nil
}
