package suite

import (
	"bytes"
	"fmt"
	"io"

	"github.com/tmaxmax/go-sse"
	"golang.org/x/sync/errgroup"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/server"
)

// The feature families: every library client, each through its own API for
// the feature (the capability interfaces of package clients).

var (
	// SSE: one op is a GET of 100 server-sent events, parsed with
	// github.com/tmaxmax/go-sse and counted.
	SSE = Family{name: "SSE", variants: []variant{
		{levels: []string{"events=100"}, clients: h1Libraries, newOp: sseOp(100)},
	}}

	// Multipart: one op is a multipart/form-data POST (two text fields,
	// or a text field and a 1 MiB file) and the server's summary read
	// back.
	Multipart = Family{name: "Multipart", process: true, variants: []variant{
		{levels: []string{"form=small"}, clients: h1Libraries, newOp: multipartOp(server.FormSmall)},
		{levels: []string{"form=file1MiB"}, clients: h1Libraries, bytes: 1 << 20, newOp: multipartOp(server.FormFile1MiB)},
	}}

	// Upload: one op sends 1 MiB to /echo and reads the echo: a byte
	// slice with its Content-Length (length=known, each library's Post:
	// aioduct's upload row) or an io.Reader that hides its size, sent
	// chunked over HTTP/1.1 (length=unknown). The same on a path (net=).
	Upload = Family{name: "Upload", process: true, variants: uploadRows, net: onPaths(uploadRows)}

	// RangeDownload: one op is a HEAD and then 1, 4 or 8 range GETs in
	// parallel, assembled into one 1 MiB buffer. The single-GET baseline
	// is H1Download/size=1MiB. On a path (net=) each on kept-alive
	// connections and on a new connection per request (netRange).
	RangeDownload = Family{name: "RangeDownload",
		variants: []variant{rangeVariant("1MiB", 1<<20, 1), rangeVariant("1MiB", 1<<20, 4), rangeVariant("1MiB", 1<<20, 8)},
		net:      onPaths(netRange()),
	}

	// BodyStream: one op GETs 64 KiB and reads it through a fixed 16 KiB
	// buffer as it arrives (read=frames), or whole with the client's usual
	// API (read=collect).
	BodyStream = Family{name: "BodyStream", variants: []variant{
		{levels: []string{"size=64KiB", "read=frames"}, clients: h1Libraries, bytes: 64 << 10, newOp: framesOp(64 << 10)},
		{levels: []string{"size=64KiB", "read=collect"}, clients: h1Libraries, bytes: 64 << 10, newOp: func(c clients.Client, t target) op {
			return getBytesOp(c, fmt.Sprintf("%s/bytes/%d", t.base, 64<<10), server.Bytes(64<<10), t.proto, bufFresh)
		}},
	}}
)

var uploadRows = []variant{
	{levels: []string{"size=1MiB", "length=known"}, clients: h1Libraries, bytes: 1 << 20, newOp: post(1<<20, bufFresh)},
	{levels: []string{"size=1MiB", "length=unknown"}, clients: h1Libraries, bytes: 1 << 20, newOp: uploadOp(1 << 20)},
}

// netRange: RangeDownload's 1, 4 and 8 chunks on kept-alive connections
// (conn=pooled, as on loopback) and on a new connection per request
// (conn=fresh: the HEAD and every range GET each open one, and no more).
func netRange() []variant {
	var out []variant
	for _, chunks := range []int{1, 4, 8} {
		for _, fresh := range []bool{false, true} {
			v := rangeVariant("1MiB", 1<<20, chunks).with("conn=" + connLabel(fresh))
			if fresh {
				v.cfg.Fresh, v.manyConns, v.connsPerOp = true, false, chunks+1
			}
			out = append(out, v)
		}
	}
	return out
}

// sseOp: one op is a GET of /sse/n consumed with go-sse's parser, every
// event checked (type, data, order), and the stream's length checked, so
// neither a lost nor an extra byte passes.
func sseOp(n int) func(clients.Client, target) op {
	want, _ := server.SSEStream(n)
	data := make([]string, n)
	for i := range data {
		data[i] = server.SSEData(i)
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
			cr := &server.CountingReader{R: body}
			i := 0
			for ev, err := range sse.Read(cr, nil) {
				if err != nil {
					return fmt.Errorf("event %d: %w", i, err)
				}
				if i >= n || ev.Type != server.SSEEventType || ev.Data != data[i] {
					return fmt.Errorf("event %d: type %q, data %q", i, ev.Type, ev.Data)
				}
				i++
			}
			if i != n || cr.N != len(want) {
				return fmt.Errorf("%d events in %d bytes, want %d in %d", i, cr.N, n, len(want))
			}
			return nil
		}
	}
}

// multipartOp: one op POSTs form to /multipart and compares the server's
// summary of what it parsed (names, file names, sizes, CRC-32s) with the
// form's.
func multipartOp(form server.Form) func(clients.Client, target) op {
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
	payload := server.Bytes(n)
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
			return up.Upload(url, server.ContentTypeBinary, body)
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
	want := server.Bytes(size)
	starts := make([]int, chunks+1)
	wantCR := make([]string, chunks)
	for i := range chunks + 1 {
		starts[i] = i * size / chunks
	}
	for i := range chunks {
		wantCR[i] = server.ContentRange(starts[i], starts[i+1]-1, size)
	}
	return variant{
		levels: []string{"size=" + label, fmt.Sprintf("chunks=%d", chunks)}, clients: h1Libraries, bytes: int64(size),
		manyConns: chunks > 1, requestsPerOp: chunks + 1, // the HEAD and the chunks
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
					server.Poison(buf[starts[i]:starts[i+1]], want[starts[i]:starts[i+1]], full)
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
					if err := server.CheckBody(buf[starts[i]:starts[i+1]], want[starts[i]:starts[i+1]], full); err != nil {
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
	want := server.Bytes(n)
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
				if err := server.CheckBodyAt(frame[:k], want, total, full); err != nil {
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
