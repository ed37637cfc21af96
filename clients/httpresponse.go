package clients

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"

	"github.com/httpclientbench/httpclientbench/server"
)

// Reading a net/http response, shared by the clients built on net/http
// (nethttp, xnethttp2, retryablehttp; resty for a body read into the
// caller's buffer).

func meta(resp *http.Response) Meta {
	return Meta{Status: resp.StatusCode, ProtoMajor: resp.ProtoMajor}
}

// ReadAll reads and closes a net/http response the way its users usually
// do: io.ReadAll, a new slice per response.
func ReadAll(resp *http.Response, err error) (Meta, []byte, error) {
	if err != nil {
		return Meta{}, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return meta(resp), b, err
}

// ReadInto returns a function that reads and closes a net/http response
// into dst[:0] (see ReadBodyInto). (A closure so callers can pass a
// (resp, err) pair.)
func ReadInto(dst []byte) func(*http.Response, error) (Meta, []byte, error) {
	return func(resp *http.Response, err error) (Meta, []byte, error) {
		if err != nil {
			return Meta{}, dst[:0], err
		}
		defer resp.Body.Close()
		b, err := ReadBodyInto(resp.Body, resp.ContentLength, dst)
		return meta(resp), b, err
	}
}

// maxPresize bounds how much ReadBodyInto reserves from a Content-Length
// before any byte arrived, so a lying header cannot exhaust memory.
const maxPresize = 64 << 20

// ReadBodyInto reads body to its end into dst[:0] with
// bytes.Buffer.ReadFrom, the standard library's way to read into a
// caller's buffer. With the length known it reserves the whole body (plus
// the bytes.MinRead that ReadFrom wants free before it sees EOF) up front,
// so a buffer kept from an earlier answer of the same size is filled
// without a new allocation.
func ReadBodyInto(body io.Reader, length int64, dst []byte) ([]byte, error) {
	buf := bytes.NewBuffer(dst[:0])
	if length >= 0 && length <= maxPresize {
		buf.Grow(int(length) + bytes.MinRead)
	}
	_, err := buf.ReadFrom(body)
	return buf.Bytes(), err
}

// DecodeJSON returns a function that decodes the response into v with
// json.NewDecoder, reading the body to its end so the connection can be
// reused. (Returned as a closure so callers can pass a (resp, err) pair.)
func DecodeJSON(resp *http.Response, err error) func(v any) (Meta, error) {
	return func(v any) (Meta, error) {
		if err != nil {
			return Meta{}, err
		}
		defer resp.Body.Close()
		body := io.Reader(resp.Body)
		var counted *server.CountingReader
		if resp.ContentLength < 0 { // no header to hold the length to: count
			counted = &server.CountingReader{R: body}
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
			m.BodyLen = counted.N
		}
		return m, nil
	}
}

// ReadRange reads a net/http range answer into dst, exactly.
func ReadRange(resp *http.Response, err error, dst []byte) (Meta, string, error) {
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

// HeadLength closes a net/http HEAD answer and returns its Content-Length.
func HeadLength(resp *http.Response, err error) (Meta, int64, error) {
	if err != nil {
		return Meta{}, 0, err
	}
	resp.Body.Close()
	return meta(resp), resp.ContentLength, nil
}

// OpenStream returns a net/http answer's body unread.
func OpenStream(resp *http.Response, err error) (Meta, io.ReadCloser, error) {
	if err != nil {
		return Meta{}, nil, err
	}
	return meta(resp), resp.Body, nil
}
