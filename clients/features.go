package clients

import (
	"bytes"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"strconv"

	"github.com/httpclientbench/httpclientbench/fixtures"
)

// Optional capabilities of the feature scenarios. A scenario asserts the one
// it needs; a client without it has no row there (the README's client matrix
// lists which client has which). All four libraries have all four; raw has
// none of them.
type (
	// Streamer hands over a response body unread, to be consumed as it
	// arrives (server-sent events, frame-by-frame reads).
	Streamer interface {
		// GetStream GETs url; the caller reads the body and closes it.
		GetStream(url string) (Meta, io.ReadCloser, error)
	}

	// Uploader sends a body of unknown length: chunked over HTTP/1.1.
	Uploader interface {
		// Upload POSTs body and returns the whole response body in a new
		// slice, like Post.
		Upload(url, contentType string, body io.Reader) (Meta, []byte, error)
	}

	// MultipartPoster POSTs a multipart/form-data form, encoded the way the
	// library's users encode one.
	MultipartPoster interface {
		// PostMultipart POSTs form and returns the whole response body in
		// a new slice, like Post.
		PostMultipart(url string, form fixtures.Form) (Meta, []byte, error)
	}

	// Ranger asks for a resource's size and for byte ranges of it.
	Ranger interface {
		// Head returns url's Content-Length.
		Head(url string) (Meta, int64, error)
		// GetRange GETs bytes start..start+len(dst)-1 of url into dst and
		// returns the answer's Content-Range. It fails unless the body is
		// exactly len(dst) bytes.
		GetRange(url string, start int64, dst []byte) (Meta, string, error)
	}
)

// rangeHeader is the Range header for n bytes from start.
func rangeHeader(start int64, n int) string {
	return "bytes=" + strconv.FormatInt(start, 10) + "-" + strconv.FormatInt(start+int64(n)-1, 10)
}

// encodeForm writes f with mime/multipart, the standard library's encoder,
// and returns the writer (for its boundary and Content-Type).
func encodeForm(w io.Writer, f fixtures.Form) (*multipart.Writer, error) {
	mw := multipart.NewWriter(w)
	for _, fl := range f.Fields {
		if err := mw.WriteField(fl.Name, fl.Value); err != nil {
			return nil, err
		}
	}
	for _, fl := range f.Files {
		part, err := mw.CreateFormFile(fl.Field, fl.Filename)
		if err != nil {
			return nil, err
		}
		if _, err := part.Write(fl.Content); err != nil {
			return nil, err
		}
	}
	return mw, mw.Close()
}

// formBody is encodeForm into a new buffer, for the net/http-based clients.
func formBody(f fixtures.Form) (*bytes.Buffer, string, error) {
	var b bytes.Buffer
	mw, err := encodeForm(&b, f)
	if err != nil {
		return nil, "", err
	}
	return &b, mw.FormDataContentType(), nil
}

// readRange reads a net/http range answer into dst, exactly.
func readRange(resp *http.Response, err error, dst []byte) (Meta, string, error) {
	if err != nil {
		return Meta{}, "", err
	}
	defer resp.Body.Close()
	m, cr := meta(resp), resp.Header.Get("Content-Range")
	if n, err := io.ReadFull(resp.Body, dst); err != nil {
		return m, cr, fmt.Errorf("range body: %d of %d bytes: %w", n, len(dst), err)
	}
	if extra, err := io.Copy(io.Discard, resp.Body); err != nil || extra > 0 {
		return m, cr, fmt.Errorf("range body: %d bytes more than the %d asked for (%v)", extra, len(dst), err)
	}
	return m, cr, nil
}

// headLength closes a net/http HEAD answer and returns its Content-Length.
func headLength(resp *http.Response, err error) (Meta, int64, error) {
	if err != nil {
		return Meta{}, 0, err
	}
	resp.Body.Close()
	return meta(resp), resp.ContentLength, nil
}

// openStream returns a net/http answer's body unread.
func openStream(resp *http.Response, err error) (Meta, io.ReadCloser, error) {
	if err != nil {
		return Meta{}, nil, err
	}
	return meta(resp), resp.Body, nil
}

// net/http

func (c *netHTTP) GetStream(url string) (Meta, io.ReadCloser, error) {
	return openStream(c.hc.Get(url))
}

func (c *netHTTP) Upload(url, contentType string, body io.Reader) (Meta, []byte, error) {
	return readAll(c.hc.Post(url, contentType, body))
}

func (c *netHTTP) PostMultipart(url string, form fixtures.Form) (Meta, []byte, error) {
	body, ct, err := formBody(form)
	if err != nil {
		return Meta{}, nil, err
	}
	return readAll(c.hc.Post(url, ct, body))
}

func (c *netHTTP) Head(url string) (Meta, int64, error) { return headLength(c.hc.Head(url)) }

func (c *netHTTP) GetRange(url string, start int64, dst []byte) (Meta, string, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return Meta{}, "", err
	}
	req.Header.Set("Range", rangeHeader(start, len(dst)))
	resp, err := c.hc.Do(req)
	return readRange(resp, err, dst)
}
