package httpclientbench_test

import (
	"bytes"
	"fmt"
	"io"

	"github.com/tmaxmax/go-sse"
	"golang.org/x/sync/errgroup"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/fixtures"
)

// capability returns c as T, or an op that fails saying what c lacks.
func capability[T any](c clients.Client) (T, op) {
	v, ok := c.(T)
	if !ok {
		return v, func(bool) error { return fmt.Errorf("client %s cannot %T", c.Name(), (*T)(nil)) }
	}
	return v, nil
}

// sseOp: one op is a GET of /sse/n consumed with go-sse's parser, every
// event checked (type, data, order), and the stream's length checked, so
// neither a lost nor an extra byte passes.
func sseOp(n int) func(clients.Client, target) op {
	want, _ := fixtures.SSEStream(n)
	data := make([]string, n)
	for i := range data {
		data[i] = fixtures.SSEData(i)
	}
	return func(c clients.Client, t target) op {
		s, fail := capability[clients.Streamer](c)
		if fail != nil {
			return fail
		}
		url := fmt.Sprintf("%s/sse/%d", t.base, n)
		return func(bool) error {
			m, body, err := s.GetStream(url)
			if body != nil {
				defer body.Close()
			}
			if err := checkMeta(m, err, 200, t.proto); err != nil {
				return err
			}
			cr := &countingReader{r: body}
			i := 0
			for ev, err := range sse.Read(cr, nil) {
				if err != nil {
					return fmt.Errorf("event %d: %w", i, err)
				}
				if i >= n || ev.Type != fixtures.SSEEventType || ev.Data != data[i] {
					return fmt.Errorf("event %d: type %q, data %q", i, ev.Type, ev.Data)
				}
				i++
			}
			if i != n || cr.n != len(want) {
				return fmt.Errorf("%d events in %d bytes, want %d in %d", i, cr.n, n, len(want))
			}
			return nil
		}
	}
}

// multipartOp: one op POSTs form to /multipart and compares the server's
// summary of what it parsed (names, file names, sizes, CRC-32s) with the
// form's.
func multipartOp(form fixtures.Form) func(clients.Client, target) op {
	want := form.Summary()
	return func(c clients.Client, t target) op {
		mp, fail := capability[clients.MultipartPoster](c)
		if fail != nil {
			return fail
		}
		url := t.base + "/multipart"
		return bodyOp(want, t.proto, func([]byte) (clients.Meta, []byte, error) {
			return mp.PostMultipart(url, form)
		})
	}
}

// uploadOp: one op streams n bytes of unknown length (an io.Reader that
// hides its size, so HTTP/1.1 sends it chunked) to /echo and reads the echo.
func uploadOp(n int) func(clients.Client, target) op {
	payload := fixtures.Bytes(n)
	return func(c clients.Client, t target) op {
		up, fail := capability[clients.Uploader](c)
		if fail != nil {
			return fail
		}
		url := t.base + "/echo"
		rd := bytes.NewReader(payload)
		body := &struct{ io.Reader }{rd} // no Len method: the clients cannot see the length
		return bodyOp(payload, t.proto, func([]byte) (clients.Meta, []byte, error) {
			rd.Reset(payload)
			return up.Upload(url, fixtures.ContentTypeBinary, body)
		})
	}
}

// rangeVariant: one op is a HEAD for the size, then chunks range GETs in
// parallel, each written into its place in one buffer. Each chunk is
// checked as a body of its own: poisoned before the op (so a chunk that is
// not written cannot pass on an earlier op's bytes), then compared in full
// in the warm-up and at its sampled windows in the loop, as every other
// body is.
func rangeVariant(label string, size, chunks int) variant {
	want := fixtures.Bytes(size)
	starts := make([]int, chunks+1)
	wantCR := make([]string, chunks)
	for i := range chunks + 1 {
		starts[i] = i * size / chunks
	}
	for i := range chunks {
		wantCR[i] = fixtures.ContentRange(starts[i], starts[i+1]-1, size)
	}
	return variant{
		levels: []string{"size=" + label, fmt.Sprintf("chunks=%d", chunks)}, clients: h1Libraries, bytes: int64(size),
		manyConns: chunks > 1,
		newOp: func(c clients.Client, t target) op {
			r, fail := capability[clients.Ranger](c)
			if fail != nil {
				return fail
			}
			url := fmt.Sprintf("%s/bytes/%d", t.base, size)
			buf := make([]byte, size)
			return func(full bool) error {
				m, n, err := r.Head(url)
				if err := checkMeta(m, err, 200, t.proto); err != nil {
					return fmt.Errorf("HEAD: %w", err)
				}
				if n != int64(size) {
					return fmt.Errorf("HEAD: Content-Length %d, want %d", n, size)
				}
				for i := range chunks {
					fixtures.Poison(buf[starts[i]:starts[i+1]], want[starts[i]:starts[i+1]], full)
				}
				var g errgroup.Group
				for i := range chunks {
					g.Go(func() error {
						m, cr, err := r.GetRange(url, int64(starts[i]), buf[starts[i]:starts[i+1]])
						if err := checkMeta(m, err, 206, t.proto); err != nil {
							return fmt.Errorf("chunk %d: %w", i, err)
						}
						if cr != wantCR[i] {
							return fmt.Errorf("chunk %d: Content-Range %q, want %q", i, cr, wantCR[i])
						}
						return nil
					})
				}
				if err := g.Wait(); err != nil {
					return err
				}
				for i := range chunks {
					if err := fixtures.CheckBody(buf[starts[i]:starts[i+1]], want[starts[i]:starts[i+1]], full); err != nil {
						return fmt.Errorf("chunk %d: %w", i, err)
					}
				}
				return nil
			}
		},
	}
}

// frameSize is the fixed buffer read=frames reads through.
const frameSize = 16 << 10

// framesOp: one op GETs n bytes and reads them through a fixed 16 KiB
// buffer as they arrive, never holding the whole body.
func framesOp(n int) func(clients.Client, target) op {
	want := fixtures.Bytes(n)
	return func(c clients.Client, t target) op {
		s, fail := capability[clients.Streamer](c)
		if fail != nil {
			return fail
		}
		url := fmt.Sprintf("%s/bytes/%d", t.base, n)
		frame := make([]byte, frameSize)
		return func(full bool) error {
			m, body, err := s.GetStream(url)
			if body != nil {
				defer body.Close()
			}
			if err := checkMeta(m, err, 200, t.proto); err != nil {
				return err
			}
			total := 0
			for {
				k, err := body.Read(frame)
				if err := fixtures.CheckBodyAt(frame[:k], want, total, full); err != nil {
					return err
				}
				total += k
				if err == io.EOF {
					break
				}
				if err != nil {
					return err
				}
			}
			if total != n {
				return fmt.Errorf("body length %d, want %d", total, n)
			}
			return nil
		}
	}
}
