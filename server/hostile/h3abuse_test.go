package hostile

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/quic-go/qpack"
	"github.com/quic-go/quic-go"
	"github.com/quic-go/quic-go/http3"
	"github.com/quic-go/quic-go/quicvarint"

	"github.com/httpclientbench/httpclientbench/server"
)

// h3RequestCancelled is H3_REQUEST_CANCELLED, the code a client resets a
// request stream with when it gives the request up (RFC 9114, 8.1).
const h3RequestCancelled = 0x10c

// dialQUIC opens a QUIC connection to the HTTP/3 front end, ALPN h3, on
// which the test writes HTTP/3 frames by hand; it is closed when t ends.
func dialQUIC(t *testing.T, fe *frontEnd) *quic.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), bound)
	defer cancel()
	conn, err := quic.DialAddr(ctx, fe.addr, &tls.Config{RootCAs: fe.pool, NextProtos: []string{http3.NextProtoH3}}, &quic.Config{MaxIncomingStreams: -1})
	if err != nil {
		t.Fatalf("QUIC handshake: %v", err)
	}
	t.Cleanup(func() { conn.CloseWithError(0, "") })
	return conn
}

// h3Headers is an HTTP/3 HEADERS frame (type 0x01) of payload.
func h3Headers(payload []byte) []byte {
	return append(quicvarint.Append(quicvarint.Append(nil, 0x01), uint64(len(payload))), payload...)
}

// qpackFields is the QPACK field section of a request to fe: the
// pseudo-headers of method and path, and fields.
func qpackFields(t *testing.T, fe *frontEnd, method, path string, fields ...qpack.HeaderField) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := qpack.NewEncoder(&b)
	for _, f := range append([]qpack.HeaderField{
		{Name: ":method", Value: method}, {Name: ":scheme", Value: "https"},
		{Name: ":authority", Value: fe.addr}, {Name: ":path", Value: path},
	}, fields...) {
		if err := enc.WriteField(f); err != nil {
			t.Fatal(err)
		}
	}
	return b.Bytes()
}

// h3Outcome is how the server ended a request stream written by hand.
type h3Outcome struct {
	status int   // the answer's status, 0 if none
	err    error // how reading the stream ended, nil at its end
}

func (o h3Outcome) String() string {
	return fmt.Sprintf("status %d, then %v", o.status, o.err)
}

// refused says whether the server refused: a 4xx, a reset stream or a closed
// connection, never an answer of another class, and never silence until
// the deadline (which fails t).
func (o h3Outcome) refused(t *testing.T) bool {
	t.Helper()
	if isTimeout(o.err) {
		t.Fatalf("neither answered nor ended at the deadline: %s", o)
	}
	var se *quic.StreamError
	var ae *quic.ApplicationError
	var te *quic.TransportError
	return o.status >= 400 && o.status < 500 || o.status == 0 && (errors.As(o.err, &se) || errors.As(o.err, &ae) || errors.As(o.err, &te))
}

// rawRequest sends data on a new request stream of conn, ends the
// stream's sending side, and reads what comes back until the stream ends.
func rawRequest(t *testing.T, conn *quic.Conn, data []byte) h3Outcome {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), bound)
	defer cancel()
	str, err := conn.OpenStreamSync(ctx)
	if err != nil {
		return h3Outcome{err: err}
	}
	str.SetDeadline(time.Now().Add(bound))
	str.Write(data) // an error shows as the read's
	str.Close()
	answer, err := io.ReadAll(str)
	var o h3Outcome
	o.err = err
	// The answer's first frame: HEADERS with :status.
	typ, n, perr := quicvarint.Parse(answer)
	if perr == nil && typ == 0x01 {
		length, m, lerr := quicvarint.Parse(answer[n:])
		if lerr == nil && len(answer) >= n+m+int(length) {
			decode := qpack.NewDecoder().Decode(answer[n+m : n+m+int(length)])
			for f, err := decode(); err == nil; f, err = decode() {
				if f.Name == ":status" {
					fmt.Sscan(f.Value, &o.status)
				}
			}
		}
	}
	return o
}

// TestQPACKAbuse: request header sections no honest client sends over
// HTTP/3 — a reference into a QPACK dynamic table the server never
// allowed (its capacity is 0: RFC 9204 makes that a connection error), a
// string whose length prefix claims 1 TiB, a HEADERS frame announcing 1
// TiB — are refused at once: a 4xx, a reset stream or a closed
// connection, never served and never waited on until the deadline.
func TestQPACKAbuse(t *testing.T) {
	t.Parallel()
	fe := start(t, endH3, 0)
	const tib = 1 << 40
	cases := []struct {
		name string
		data func() []byte
	}{
		{"dynamic-table-reference", func() []byte {
			// Required Insert Count 1 (encoded 2), base 0, then an
			// indexed field line of the dynamic table, index 0.
			return h3Headers([]byte{0x02, 0x00, 0x80})
		}},
		{"string-length-1TiB", func() []byte {
			// A literal field line with a reference to the static
			// table's name 2 ("age"), its value's length 1 TiB (a
			// 7-bit prefix integer), then 10 bytes of it.
			block := qpackFields(t, fe, "GET", "/json")
			block = append(block, 0x52) // 01 N=0 T=1, index 2
			block = append(block, prefixInt(0x00, 7, tib)...)
			return h3Headers(append(block, "0123456789"...))
		}},
		{"headers-frame-1TiB", func() []byte {
			block := qpackFields(t, fe, "GET", "/json")
			frame := quicvarint.Append(quicvarint.Append(nil, 0x01), tib)
			return append(frame, block...)
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out := rawRequest(t, dialQUIC(t, fe), tc.data())
			t.Logf("%s: %s", tc.name, out)
			if !out.refused(t) {
				t.Errorf("%s; want a 4xx, a reset stream or a closed connection", out)
			}
			checkAlive(t, fe)
		})
	}
	// The helpers themselves: a well-formed request written by hand is
	// served.
	if out := rawRequest(t, dialQUIC(t, fe), h3Headers(qpackFields(t, fe, "GET", "/json"))); out.status != http.StatusOK || out.err != nil {
		t.Errorf("a well-formed request written by hand: %s, want 200", out)
	}
}

// prefixInt is the QPACK (HPACK) integer i with an n-bit prefix, the
// first byte's other bits first.
func prefixInt(first byte, n uint, i uint64) []byte {
	max := uint64(1)<<n - 1
	if i < max {
		return []byte{first | byte(i)}
	}
	b := []byte{first | byte(max)}
	for i -= max; i >= 128; i >>= 7 {
		b = append(b, byte(i%128)|0x80)
	}
	return append(b, byte(i))
}

// TestH3StreamLimit: a client that opens request streams and never
// finishes their headers (a HEADERS frame announcing 100 bytes, 10 sent)
// can hold only as many at once as the server's MAX_STREAMS grants —
// quic-go's client opens no stream past the peer's limit, so the count
// it reaches is the server's bound — and the server still serves a new
// connection.
func TestH3StreamLimit(t *testing.T) {
	t.Parallel()
	const tries = 10_000
	fe := start(t, endH3, 0)
	conn := dialQUIC(t, fe)
	half := append(quicvarint.Append(quicvarint.Append(nil, 0x01), 100), "0123456789"...)
	opened := 0
	for ; opened < tries; opened++ {
		str, err := conn.OpenStream() // refused past the server's limit
		if err != nil {
			t.Logf("stream %d: %v", opened+1, err)
			break
		}
		if _, err := str.Write(half); err != nil {
			t.Fatalf("stream %d: %v", opened+1, err)
		}
	}
	t.Logf("%d streams held open with unfinished headers", opened)
	if opened >= tries {
		t.Errorf("the server let one connection open %d request streams at once: no bound", opened)
	}
	checkAlive(t, fe)
}

// TestH3RapidReset: 2,000 requests on one HTTP/3 connection, each reset
// by the client as soon as it is sent (H3_REQUEST_CANCELLED both ways),
// as in HTTP/2's rapid reset. The connection then still serves a request,
// or the server has closed it; either way a new connection is served.
func TestH3RapidReset(t *testing.T) {
	t.Parallel()
	const requests = 2000
	computing(t)
	fe := start(t, endH3, 0)
	conn := dialQUIC(t, fe)
	req := h3Headers(qpackFields(t, fe, "GET", "/json"))
	ctx, cancel := context.WithTimeout(context.Background(), bound)
	defer cancel()
	sent := 0
	var err error
	for ; sent < requests; sent++ {
		var str *quic.Stream
		if str, err = conn.OpenStreamSync(ctx); err != nil {
			break
		}
		str.Write(req)
		str.CancelWrite(h3RequestCancelled)
		str.CancelRead(h3RequestCancelled)
	}
	if ctx.Err() != nil {
		t.Fatalf("%d of %d requests sent and reset before the deadline: the server gave no new streams (%v)", sent, requests, err)
	}
	hc := &http.Client{Transport: new(http3.Transport).NewClientConn(conn), Timeout: bound}
	resp, gerr := hc.Get(fe.url + "/json")
	if gerr == nil {
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	t.Logf("%d requests sent and reset (%v); then GET /json: %v", sent, err, gerr)
	switch {
	case err != nil && conn.Context().Err() == nil:
		t.Errorf("opening a stream failed on an open connection: %v", err)
	case gerr != nil && conn.Context().Err() == nil:
		t.Errorf("GET /json on the same connection after the resets: %v, and the connection is open", gerr)
	case gerr == nil && resp.StatusCode != http.StatusOK:
		t.Errorf("GET /json on the same connection after the resets: %d", resp.StatusCode)
	}
	checkAlive(t, fe)
}

// TestOversizedBodyH3: over HTTP/3, a POST /echo or /multipart body that
// declares more than server.MaxBytes (16 MiB) gets 413, and one of
// unknown length that grows past it gets 413 (/multipart) or is cut off
// (/echo, whose answer has begun: the stream is reset or the echo is
// short). The other front ends' limits are server/routetest's, which
// their packages run.
func TestOversizedBodyH3(t *testing.T) {
	t.Parallel()
	computing(t)
	fe := start(t, endH3, 0)
	const over = server.MaxBytes + 1
	for _, tc := range []struct {
		path   string
		length int64 // -1: unknown
	}{
		{"/echo", over}, {"/multipart", over}, {"/echo", -1}, {"/multipart", -1},
	} {
		t.Run(fmt.Sprintf("%s/length=%d", strings.TrimPrefix(tc.path, "/"), tc.length), func(t *testing.T) {
			// A form's first part begun, then zeros: the body is well
			// formed as far as it goes.
			prefix := "--" + boundary + "\r\nContent-Disposition: form-data; name=\"f\"; filename=\"f.bin\"\r\n\r\n"
			req, err := http.NewRequest("POST", fe.url+tc.path, io.MultiReader(strings.NewReader(prefix), io.LimitReader(zeros{}, over)))
			if err != nil {
				t.Fatal(err)
			}
			req.ContentLength = tc.length
			req.Header.Set("Content-Type", formType)
			resp, err := fe.client(t).Do(req)
			var n int64
			if err == nil {
				n, err = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
			switch {
			case err == nil && resp.StatusCode == http.StatusRequestEntityTooLarge:
			case tc.path == "/echo" && tc.length < 0 && (err != nil || n < over):
				// cut off mid-echo
			default:
				t.Errorf("status %v, %d bytes back, %v; want 413 (or, for an echo of unknown length, cut off)", statusOf(resp), n, err)
			}
			t.Logf("%s length %d: status %v, %d bytes back, %v", tc.path, tc.length, statusOf(resp), n, err)
			checkAlive(t, fe)
		})
	}
}

// zeros reads as endless zero bytes.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// statusOf is resp's status code, 0 for no answer.
func statusOf(resp *http.Response) int {
	if resp == nil {
		return 0
	}
	return resp.StatusCode
}
