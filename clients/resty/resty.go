// Package resty is the suite's adapter of go-resty/resty v2. Importing it
// registers the client resty.
package resty

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"runtime"

	"github.com/go-resty/resty/v2"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/server"
)

// restyClient is go-resty/resty v2 on its own transport, with the fairness
// settings applied to that transport.
type restyClient struct {
	name string
	rc   *resty.Client
}

func init() {
	clients.Register(clients.Adapter{
		Name:        "resty",
		New:         newResty,
		Timeout:     context.DeadlineExceeded,
		LibraryIdle: func() int { return runtime.GOMAXPROCS(0) + 1 },
		TLSMajor:    2,
		Behaviour:   behaviour,
	})
}

func newResty(name string, cfg clients.Config) (clients.Client, error) {
	rc := resty.New().SetTimeout(cfg.Timeout)
	t, err := rc.Transport()
	if err != nil {
		return nil, fmt.Errorf("resty: %w", err)
	}
	clients.ConfigureTransport(t, cfg)
	return &restyClient{name: name, rc: rc}, nil
}

func (c *restyClient) Name() string { return c.name }

func restyMeta(r *resty.Response) clients.Meta {
	return clients.Meta{Status: r.StatusCode(), ProtoMajor: r.RawResponse.ProtoMajor}
}

func (c *restyClient) GetBytes(url string) (clients.Meta, []byte, error) {
	r, err := c.rc.R().Get(url)
	if err != nil {
		return clients.Meta{}, nil, err
	}
	return restyMeta(r), r.Body(), nil
}

// GetBytesInto reads through resty's raw body (SetDoNotParseResponse), the
// one way resty lets a caller choose where the body goes.
func (c *restyClient) GetBytesInto(url string, dst []byte) (clients.Meta, []byte, error) {
	return restyInto(c.rc.R().SetDoNotParseResponse(true).Get(url))(dst)
}

// GetText returns resty's Response.String, which trims surrounding
// whitespace; BodyLen is the length of what arrived.
func (c *restyClient) GetText(url string) (clients.Meta, string, error) {
	r, err := c.rc.R().Get(url)
	if err != nil {
		return clients.Meta{}, "", err
	}
	m := restyMeta(r)
	m.BodyLen = len(r.Body())
	return m, r.String(), nil
}

// GetJSON decodes with resty's own result handling (SetResult), the way its
// users do.
func (c *restyClient) GetJSON(url string, v any) (clients.Meta, error) {
	r, err := c.rc.R().SetResult(v).Get(url)
	if err != nil {
		return clients.Meta{}, err
	}
	m := restyMeta(r)
	m.BodyLen = len(r.Body())
	return m, nil
}

func (c *restyClient) Post(url, contentType string, body []byte) (clients.Meta, []byte, error) {
	r, err := c.rc.R().SetHeader("Content-Type", contentType).SetBody(body).Post(url)
	if err != nil {
		return clients.Meta{}, nil, err
	}
	return restyMeta(r), r.Body(), nil
}

func (c *restyClient) PostInto(url, contentType string, body, dst []byte) (clients.Meta, []byte, error) {
	return restyInto(c.rc.R().SetDoNotParseResponse(true).SetHeader("Content-Type", contentType).SetBody(body).Post(url))(dst)
}

// restyInto returns a function that reads an unparsed resty response's raw
// body into dst[:0] and closes it.
func restyInto(r *resty.Response, err error) func(dst []byte) (clients.Meta, []byte, error) {
	return func(dst []byte) (clients.Meta, []byte, error) {
		if err != nil {
			if r != nil && r.RawBody() != nil {
				r.RawBody().Close()
			}
			return clients.Meta{}, dst[:0], err
		}
		body := r.RawBody()
		defer body.Close()
		b, err := clients.ReadBodyInto(body, r.RawResponse.ContentLength, dst)
		return restyMeta(r), b, err
	}
}

func (c *restyClient) Close() error {
	c.rc.GetClient().CloseIdleConnections()
	return nil
}

// GetStream asks resty not to read the body (SetDoNotParseResponse), its
// documented way to stream.
func (c *restyClient) GetStream(url string) (clients.Meta, io.ReadCloser, error) {
	r, err := c.rc.R().SetDoNotParseResponse(true).Get(url)
	if err != nil {
		return clients.Meta{}, nil, err
	}
	return restyMeta(r), r.RawBody(), nil
}

// Upload passes the reader to SetBody. resty sends it chunked, but first
// reads all of it into memory to be able to set Request.GetBody (for
// redirects): measured, resty had consumed the whole 1 MiB before the
// server's answer arrived. That copy is its real cost.
func (c *restyClient) Upload(url, contentType string, body io.Reader) (clients.Meta, []byte, error) {
	r, err := c.rc.R().SetHeader("Content-Type", contentType).SetBody(body).Post(url)
	if err != nil {
		return clients.Meta{}, nil, err
	}
	return restyMeta(r), r.Body(), nil
}

// PostMultipart uses resty's own multipart support: SetMultipartFormData for
// the text fields, SetMultipartField for the files.
func (c *restyClient) PostMultipart(url string, form server.Form) (clients.Meta, []byte, error) {
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
	return restyMeta(r), r.Body(), nil
}

func (c *restyClient) Head(url string) (clients.Meta, int64, error) {
	r, err := c.rc.R().Head(url)
	if err != nil {
		return clients.Meta{}, 0, err
	}
	return restyMeta(r), r.RawResponse.ContentLength, nil
}

func (c *restyClient) GetRange(url string, start int64, dst []byte) (clients.Meta, string, error) {
	r, err := c.rc.R().SetHeader("Range", clients.RangeHeader(start, len(dst))).Get(url)
	if err != nil {
		return clients.Meta{}, "", err
	}
	m, cr := restyMeta(r), r.Header().Get("Content-Range")
	if len(r.Body()) != len(dst) {
		return m, cr, fmt.Errorf("range body: %d bytes, asked for %d", len(r.Body()), len(dst))
	}
	copy(dst, r.Body())
	return m, cr, nil
}
