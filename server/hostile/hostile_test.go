package hostile

import (
	"bufio"
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/quic-go/quic-go"
	"github.com/quic-go/quic-go/http3"
	"golang.org/x/net/http2"
	"golang.org/x/net/http2/hpack"

	"github.com/httpclientbench/httpclientbench/server"
	"github.com/httpclientbench/httpclientbench/server/h2c"
	"github.com/httpclientbench/httpclientbench/server/servertest"
	"github.com/httpclientbench/httpclientbench/server/tlsserver"
)

const (
	// readTimeout is the read timeout (WithReadTimeout) of the servers
	// TestStalledBody starts: how long a stalled body may hold a request.
	// fasthttp's ReadTimeout also bounds the wait for a new connection's
	// first byte, so checkAlive's GET on a new connection, sent right after
	// its connect, must arrive within it: 1 s is a liveness bound on a gap
	// of microseconds. The other tests keep the servers' default (30 s).
	readTimeout = time.Second
	// margin is how much longer than readTimeout a stalled request may
	// take to end. Nothing asserts speed: it only bounds the wait.
	margin = 5 * time.Second
	// bound is the deadline of every raw connection and the timeout of
	// every client: no case can hang the run.
	bound = 10 * time.Second
)

// The front ends.
const (
	endH1    = "h1"     // fasthttp, cleartext HTTP/1.1 (server.Start)
	endTLSH1 = "tls-h1" // net/http over TLS, ALPN http/1.1 (tlsserver.Start)
	endH2C   = "h2c"    // net/http, HTTP/2 with prior knowledge (h2c.Start)
	endTLSH2 = "tls-h2" // net/http over TLS, ALPN h2 (tlsserver.Start)
	endH3    = "h3"     // quic-go's http3.Server (tlsserver.StartH3)
)

var (
	h1Ends  = []string{endH1, endTLSH1}
	h2Ends  = []string{endH2C, endTLSH2}
	allEnds = []string{endH1, endTLSH1, endH2C, endTLSH2, endH3}
)

// compute has a slot for each case that computes rather than waits (a
// flood of thousands of frames, a body of megabytes) while it runs: those
// run GOMAXPROCS at a time, however many waiting cases run beside them
// (TestMain), so that what they take stays far from their deadlines,
// also under -race.
var compute = make(chan struct{}, runtime.GOMAXPROCS(0))

// computing takes a slot of compute for the rest of t.
func computing(t *testing.T) {
	compute <- struct{}{}
	t.Cleanup(func() { <-compute })
}

// frontEnd is one started front end and how to reach it.
type frontEnd struct {
	name  string
	major int            // the HTTP version it is spoken to in: 1, 2 or 3
	addr  string         // host:port, TCP (UDP for h3)
	url   string         // base URL
	pool  *x509.CertPool // the certificate to trust; nil: cleartext
}

// start starts front end name on loopback for the life of t, with read
// timeout rt (0: the server's default).
func start(t *testing.T, name string, rt time.Duration) *frontEnd {
	t.Helper()
	return startWith(t, name, rt, 0)
}

// startWith is start with write timeout wt too (0: the server's default).
func startWith(t *testing.T, name string, rt, wt time.Duration) *frontEnd {
	t.Helper()
	fe := &frontEnd{name: name}
	switch name {
	case endH1:
		var opts []server.Option
		if rt > 0 {
			opts = append(opts, server.WithReadTimeout(rt))
		}
		if wt > 0 {
			opts = append(opts, server.WithWriteTimeout(wt))
		}
		fe.major, fe.url = 1, servertest.Start(t, opts...).URL()
	case endH2C:
		var opts []h2c.Option
		if rt > 0 {
			opts = append(opts, h2c.WithReadTimeout(rt))
		}
		if wt > 0 {
			opts = append(opts, h2c.WithWriteTimeout(wt))
		}
		fe.major, fe.url = 2, servertest.StartH2C(t, h2c.WindowDefault, opts...).URL()
	case endTLSH1, endTLSH2, endH3:
		cert := servertest.NewCert(t)
		opts := []tlsserver.Option{tlsserver.WithAddr("127.0.0.1:0")}
		if rt > 0 {
			opts = append(opts, tlsserver.WithReadTimeout(rt))
		}
		if wt > 0 {
			opts = append(opts, tlsserver.WithWriteTimeout(wt))
		}
		var srv interface {
			URL() string
			Close() error
		}
		var err error
		if name == endH3 {
			fe.major = 3
			srv, err = tlsserver.StartH3(cert, opts...)
		} else {
			fe.major = map[string]int{endTLSH1: 1, endTLSH2: 2}[name]
			srv, err = tlsserver.Start(cert, opts...)
		}
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			if err := srv.Close(); err != nil {
				t.Errorf("closing the %s server: %v", name, err)
			}
		})
		fe.url, fe.pool = srv.URL(), cert.Pool()
	default:
		t.Fatalf("no front end %q", name)
	}
	fe.addr = fe.url[strings.Index(fe.url, "//")+2:]
	return fe
}

// eachEnd runs f in a parallel subtest per front end of ends, named for
// it, on that front end started with the server's default read timeout.
func eachEnd(t *testing.T, ends []string, f func(t *testing.T, fe *frontEnd)) {
	t.Helper()
	for _, name := range ends {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			f(t, start(t, name, 0))
		})
	}
}

// forEachEnd runs f as eachEnd does, and under each front end's subtest
// in a subtest per case of cases, named name(tc): the cases run one after
// the other on that one front end.
func forEachEnd[C any](t *testing.T, ends []string, cases []C, name func(C) string, f func(t *testing.T, fe *frontEnd, tc C)) {
	t.Helper()
	eachEnd(t, ends, func(t *testing.T, fe *frontEnd) {
		for _, tc := range cases {
			t.Run(name(tc), func(t *testing.T) { f(t, fe, tc) })
		}
	})
}

// dial opens a raw connection to a TCP front end, over TLS with the ALPN
// protocol of its HTTP version if it has a certificate, with the deadline
// bound; it is closed when t ends.
func (fe *frontEnd) dial(t *testing.T) *rawConn {
	t.Helper()
	nc, err := net.DialTimeout("tcp", fe.addr, bound)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { nc.Close() })
	nc.SetDeadline(time.Now().Add(bound))
	c := nc
	if fe.pool != nil {
		proto := map[int]string{1: "http/1.1", 2: "h2"}[fe.major]
		tc := tls.Client(nc, &tls.Config{RootCAs: fe.pool, ServerName: "127.0.0.1", NextProtos: []string{proto}, MinVersion: tls.VersionTLS13})
		if err := tc.Handshake(); err != nil {
			t.Fatalf("TLS handshake: %v", err)
		}
		if got := tc.ConnectionState().NegotiatedProtocol; got != proto {
			t.Fatalf("ALPN: %q, want %q", got, proto)
		}
		c = tc
	}
	return &rawConn{Conn: c, br: bufio.NewReader(c)}
}

// client is a client of the front end's protocol on a transport of its
// own, so its first request opens a new connection; the transport is
// closed when t ends.
//
// For HTTP/3 it is quic-go's client on a QUIC connection of its own, which
// it closes: after a request fails, http3.Transport drops the connection
// from its pool without closing it, and its Close then closes the socket
// under it without a CONNECTION_CLOSE, so that the server holds the
// connection until its idle timeout (and its Shutdown waits for it).
func (fe *frontEnd) client(t *testing.T) *http.Client {
	t.Helper()
	if fe.major == 3 {
		ctx, cancel := context.WithTimeout(context.Background(), bound)
		defer cancel()
		conn, err := quic.DialAddr(ctx, fe.addr, &tls.Config{RootCAs: fe.pool, NextProtos: []string{http3.NextProtoH3}},
			&quic.Config{MaxIncomingStreams: -1})
		if err != nil {
			t.Fatalf("QUIC handshake: %v", err)
		}
		t.Cleanup(func() { conn.CloseWithError(0, "") })
		return &http.Client{Transport: new(http3.Transport).NewClientConn(conn), Timeout: bound}
	}
	var p http.Protocols
	switch {
	case fe.major == 1:
		p.SetHTTP1(true)
	case fe.pool == nil:
		p.SetUnencryptedHTTP2(true)
	default:
		p.SetHTTP2(true)
	}
	tr := &http.Transport{Protocols: &p}
	if fe.pool != nil {
		tr.TLSClientConfig = &tls.Config{RootCAs: fe.pool}
		if fe.major == 1 {
			tr.TLSClientConfig.NextProtos = []string{"http/1.1"}
		}
	}
	t.Cleanup(tr.CloseIdleConnections)
	return &http.Client{Transport: tr, Timeout: bound}
}

// checkAlive: a normal GET /json on a new connection still gets the JSON
// body, over the front end's protocol.
func checkAlive(t *testing.T, fe *frontEnd) {
	t.Helper()
	resp, err := fe.client(t).Get(fe.url + "/json")
	if err != nil {
		t.Fatalf("%s: GET /json on a new connection afterwards: %v", fe.name, err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || resp.StatusCode != http.StatusOK || string(body) != server.JSONBody || resp.ProtoMajor != fe.major {
		t.Fatalf("%s: GET /json on a new connection afterwards: %s %d, body %.80q, %v; want HTTP/%d 200 %s",
			fe.name, resp.Proto, resp.StatusCode, body, err, fe.major, server.JSONBody)
	}
}

// isTimeout says whether err is a deadline that ran out.
func isTimeout(err error) bool {
	var ne net.Error
	return errors.Is(err, context.DeadlineExceeded) || errors.As(err, &ne) && ne.Timeout()
}

// rawConn is a connection a test writes bytes or frames to by hand.
type rawConn struct {
	net.Conn
	br *bufio.Reader
}

func (c *rawConn) send(t *testing.T, b []byte) {
	t.Helper()
	if _, err := c.Write(b); err != nil {
		t.Fatalf("write: %v", err)
	}
}

// answer reads one HTTP/1.1 answer whole and returns its status, or 0 if
// the connection ended without one. A deadline that runs out fails t.
func (c *rawConn) answer(t *testing.T) int {
	t.Helper()
	resp, err := http.ReadResponse(c.br, nil)
	if err != nil {
		if isTimeout(err) {
			t.Fatalf("no answer and no close before the deadline: %v", err)
		}
		return 0 // EOF or reset: closed without an answer
	}
	defer resp.Body.Close()
	if _, err := io.Copy(io.Discard, resp.Body); err != nil {
		t.Fatalf("%d answer: reading its body: %v", resp.StatusCode, err)
	}
	return resp.StatusCode
}

// wantClosed: the server has ended the connection; nothing more comes.
func (c *rawConn) wantClosed(t *testing.T) {
	t.Helper()
	n, err := io.Copy(io.Discard, c.br)
	switch {
	case n > 0:
		t.Errorf("%d more bytes after the answer, want the connection closed", n)
	case isTimeout(err):
		t.Errorf("connection still open at the deadline, want it closed: %v", err)
	}
}

// Case 1: malformed request and header lines over HTTP/1.1.

// malformedRequest is a raw request and the status it gets.
type malformedRequest struct {
	name, raw string
	status    int
}

var malformedRequests = []malformedRequest{
	{"garbage", "GARBAGE\r\n\r\n", 400},
	{"binary", "\x16\x03\x01\x00\xff\x01\x00\x00\xfb\x03\x03\r\n\r\n", 400},
	{"no-version", "GET /json\r\nHost: x\r\n\r\n", 400},
	{"no-target", "GET HTTP/1.1\r\nHost: x\r\n\r\n", 400},
	{"version-9.9", "GET /json HTTP/9.9\r\nHost: x\r\n\r\n", 505},
	{"version-2.0", "GET /json HTTP/2.0\r\nHost: x\r\n\r\n", 505},
	{"version-0.9", "GET /json HTTP/0.9\r\nHost: x\r\n\r\n", 505},
	{"version-garbage", "GET /json HTTP/x.y\r\nHost: x\r\n\r\n", 400},
	{"header-no-colon", "GET /json HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n", 400},
	{"header-no-name", "GET /json HTTP/1.1\r\nHost: x\r\n: value\r\n\r\n", 400},
	{"header-space-before-colon", "GET /json HTTP/1.1\r\nHost: x\r\nX-A : b\r\n\r\n", 400},
	{"two-content-lengths", "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab", 400},
	{"negative-content-length", "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n", 400},
	{"nul-in-method", "G\x00T /json HTTP/1.1\r\nHost: x\r\n\r\n", 400},
	{"nul-in-target", "GET /js\x00on HTTP/1.1\r\nHost: x\r\n\r\n", 400},
	{"nul-in-header-name", "GET /json HTTP/1.1\r\nHost: x\r\nX-\x00A: b\r\n\r\n", 400},
	{"nul-in-header-value", "GET /json HTTP/1.1\r\nHost: x\r\nX-A: a\x00b\r\n\r\n", 400},
}

// TestMinorVersion: a request in a later HTTP/1.x is served, as RFC 9110
// (section 2.5) asks and net/http does, on both HTTP/1.1 front ends.
func TestMinorVersion(t *testing.T) {
	t.Parallel()
	eachEnd(t, h1Ends, func(t *testing.T, fe *frontEnd) {
		c := fe.dial(t)
		c.send(t, []byte("GET /json HTTP/1.2\r\nHost: x\r\nConnection: close\r\n\r\n"))
		if got := c.answer(t); got != 200 {
			t.Errorf("GET /json HTTP/1.2: status %d, want 200", got)
		}
	})
}

// TestMalformedRequestLines: each malformed request gets its status and a
// closed connection on both HTTP/1.1 front ends.
func TestMalformedRequestLines(t *testing.T) {
	t.Parallel()
	forEachEnd(t, h1Ends, malformedRequests, func(tc malformedRequest) string { return tc.name },
		func(t *testing.T, fe *frontEnd, tc malformedRequest) {
			c := fe.dial(t)
			c.send(t, []byte(tc.raw))
			if got := c.answer(t); got != tc.status {
				t.Errorf("%q: status %d, want %d", tc.raw, got, tc.status)
			}
			c.wantClosed(t)
			checkAlive(t, fe)
		})
}

// Case 2: malformed bodies.

const boundary = "hostileboundary"

var formType = "multipart/form-data; boundary=" + boundary

var badChunked = []struct{ name, body string }{
	{"bad-size", "zz\r\nhello\r\n0\r\n\r\n"},
	{"size-overflow", "fffffffffffffffffffff\r\nhello\r\n0\r\n\r\n"},
	{"negative-size", "-5\r\nhello\r\n0\r\n\r\n"},
	{"no-size", "\r\nhello\r\n0\r\n\r\n"},
}

// TestMalformedChunked: a malformed chunked body to POST /echo and POST
// /multipart gets 400 and a closed connection on both HTTP/1.1 front ends.
func TestMalformedChunked(t *testing.T) {
	t.Parallel()
	eachEnd(t, h1Ends, func(t *testing.T, fe *frontEnd) {
		for _, path := range []string{"/echo", "/multipart"} {
			for _, tc := range badChunked {
				t.Run(path[1:]+"/"+tc.name, func(t *testing.T) {
					c := fe.dial(t)
					c.send(t, []byte("POST "+path+" HTTP/1.1\r\nHost: x\r\nContent-Type: "+formType+
						"\r\nTransfer-Encoding: chunked\r\n\r\n"+tc.body))
					if got := c.answer(t); got != http.StatusBadRequest {
						t.Errorf("status %d, want 400 (0: closed without an answer)", got)
					}
					c.wantClosed(t)
					checkAlive(t, fe)
				})
			}
		}
	})
}

// part is one form-data part of the multipart body.
func part(name, content string) string {
	return "--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + name + "\"\r\n\r\n" + content + "\r\n"
}

const closing = "--" + boundary + "--\r\n"

// badForm is a malformed form and its Content-Type.
type badForm struct{ name, contentType, body string }

var badForms = []badForm{
	{"not-multipart", "text/plain", part("a", "b") + closing},
	{"no-boundary", "multipart/form-data", part("a", "b") + closing},
	{"bad-media-type", "multipart/form-data; boundary", part("a", "b") + closing},
	{"empty", formType, ""},
	{"garbage", formType, "this is not a form\r\n"},
	{"truncated", formType, part("a", "b")[:40]},
	{"no-closing-boundary", formType, part("a", "b")},
	{"bad-part-header", formType, "--" + boundary + "\r\nBad Header Line\r\n\r\nx\r\n" + closing},
	{"part-without-name", formType, "--" + boundary + "\r\nContent-Disposition: form-data\r\n\r\nx\r\n" + closing},
	{"too-many-parts", formType, strings.Repeat(part("a", "b"), server.MaxParts+1) + closing},
}

// TestMalformedMultipart: every front end answers a malformed form 400,
// sent by a normal client of its protocol.
func TestMalformedMultipart(t *testing.T) {
	t.Parallel()
	forEachEnd(t, allEnds, badForms, func(tc badForm) string { return tc.name },
		func(t *testing.T, fe *frontEnd, tc badForm) {
			resp, err := fe.client(t).Post(fe.url+"/multipart", tc.contentType, strings.NewReader(tc.body))
			if err != nil {
				t.Fatal(err)
			}
			body, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			if err != nil || resp.StatusCode != http.StatusBadRequest {
				t.Errorf("status %d, body %.80q, %v; want 400", resp.StatusCode, body, err)
			}
			checkAlive(t, fe)
		})
}

// Case 3: oversized headers.

// hugeValue is past net/http's default limit on a request's header bytes
// (http.DefaultMaxHeaderBytes, 1 MiB, plus the 4 KiB it allows on top);
// fasthttp's limit is its 4 KiB read buffer.
var hugeValue = strings.Repeat("a", http.DefaultMaxHeaderBytes+8<<10)

// manyHeaders is the same number of bytes as 4,097 header lines of 256.
var manyHeaders = func() string {
	var b strings.Builder
	for i := 0; b.Len() <= http.DefaultMaxHeaderBytes+8<<10; i++ {
		fmt.Fprintf(&b, "X-H%d: %s\r\n", i, strings.Repeat("b", 256))
	}
	return b.String()
}()

// TestHugeHeaderH1: a request header past the server's limit gets 431 and
// a closed connection on both HTTP/1.1 front ends, whether it is one huge
// line or many.
func TestHugeHeaderH1(t *testing.T) {
	t.Parallel()
	type hugeHeader struct{ name, headers string }
	cases := []hugeHeader{
		{"one-line", "X-Huge: " + hugeValue + "\r\n"},
		{"many-lines", manyHeaders},
	}
	forEachEnd(t, h1Ends, cases, func(tc hugeHeader) string { return tc.name },
		func(t *testing.T, fe *frontEnd, tc hugeHeader) {
			c := fe.dial(t)
			// The server answers before it has read the whole request,
			// so it is written while the answer is read.
			wrote := make(chan error, 1)
			go func() {
				_, err := io.WriteString(c, "GET /json HTTP/1.1\r\nHost: x\r\n"+tc.headers+"\r\n")
				wrote <- err
			}()
			got := c.answer(t)
			c.wantClosed(t)
			c.Close() // ends the write, if it is still blocked
			if err := <-wrote; err != nil && isTimeout(err) {
				t.Errorf("writing the request: %v", err)
			}
			if got != http.StatusRequestHeaderFieldsTooLarge {
				t.Errorf("status %d, want 431 (0: closed without an answer)", got)
			}
			checkAlive(t, fe)
		})
}

// TestHugeHeaderH2: a header list of 1 MiB and more, in a HEADERS frame
// and CONTINUATION frames (a Go client would refuse to send it past the
// server's SETTINGS_MAX_HEADER_LIST_SIZE), is refused on both HTTP/2 front
// ends: a 431 answer, a reset stream, or a GOAWAY and a closed connection.
func TestHugeHeaderH2(t *testing.T) {
	t.Parallel()
	eachEnd(t, h2Ends, func(t *testing.T, fe *frontEnd) {
		c := dialH2(t, fe)
		var block []byte
		for i := 0; len(block) <= http.DefaultMaxHeaderBytes+8<<10; i++ {
			block = c.encode(block, hpack.HeaderField{Name: fmt.Sprintf("x-h%d", i), Value: strings.Repeat("b", 4096)})
		}
		c.writeBlock(t, 1, c.requestBlock("GET", "/json"), block, true)
		out := c.outcome(t, 1)
		t.Logf("%s: %s", fe.name, out)
		if out.status != http.StatusRequestHeaderFieldsTooLarge && !out.reset && !(out.goAway && out.closed) {
			t.Errorf("%s; want a 431, a RST_STREAM, or a GOAWAY and a close", out)
		}
		checkAlive(t, fe)
	})
}

// TestHugeHeaderH3: over HTTP/3 (quic-go's client sends what it is given)
// a header past the server's limit gets 431.
func TestHugeHeaderH3(t *testing.T) {
	t.Parallel()
	fe := start(t, endH3, 0)
	req, err := http.NewRequest("GET", fe.url+"/json", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("X-Huge", hugeValue)
	resp, err := fe.client(t).Do(req)
	if err != nil {
		t.Fatalf("want a 431 answer: %v", err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("status %d, want 431", resp.StatusCode)
	}
	checkAlive(t, fe)
}

// Case 4: a stalled body.

// stalled is a request that announces 1000 bytes of body and sends 10:
// what its path needs to start reading them (for /multipart, a form's
// Content-Type and a first boundary begun).
var stalled = []struct{ path, contentType, first10 string }{
	{"/echo", "application/octet-stream", "0123456789"},
	{"/multipart", formType, "--" + boundary[:8]},
}

const stalledLength = 1000

// TestStalledBody: a request body that stops after 10 of its 1000 bytes is
// ended by every front end once its read timeout has run out: a 408, or
// the connection closed (HTTP/1.1) or the stream reset (HTTP/2, HTTP/3).
func TestStalledBody(t *testing.T) {
	t.Parallel()
	for _, name := range allEnds {
		for _, s := range stalled {
			t.Run(name+s.path, func(t *testing.T) {
				t.Parallel()
				fe := start(t, name, readTimeout)
				switch fe.major {
				case 1:
					c := fe.dial(t)
					c.SetDeadline(time.Now().Add(readTimeout + margin))
					c.send(t, fmt.Appendf(nil, "POST %s HTTP/1.1\r\nHost: x\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n%s",
						s.path, s.contentType, stalledLength, s.first10))
					// (net/http's TLS h1 /echo closes without an answer: the
					// 10 bytes were echoed into its response buffer, so the
					// echo had begun when the read failed.)
					got := c.answer(t)
					t.Logf("%s %s: status %d (0: closed without an answer)", name, s.path, got)
					if got != 0 && got != http.StatusRequestTimeout {
						t.Errorf("status %d, want 408 or a close", got)
					}
					c.wantClosed(t)
				case 2:
					c := dialH2(t, fe)
					c.SetDeadline(time.Now().Add(readTimeout + margin))
					c.writeBlock(t, 1, c.requestBlock("POST", s.path,
						hpack.HeaderField{Name: "content-type", Value: s.contentType},
						hpack.HeaderField{Name: "content-length", Value: fmt.Sprint(stalledLength)}), nil, false)
					if err := c.fr.WriteData(1, false, []byte(s.first10)); err != nil {
						t.Fatal(err)
					}
					c.flush(t)
					out := c.outcome(t, 1)
					t.Logf("%s %s: %s", name, s.path, out)
					if out.status != http.StatusRequestTimeout && !out.reset {
						t.Errorf("%s; want a 408 or a RST_STREAM", out)
					}
				case 3:
					stallH3(t, fe, s.path, s.contentType, s.first10)
				}
				checkAlive(t, fe)
			})
		}
	}
}

// stallH3 sends the stalled request with quic-go's client: its body is a
// pipe that gets 10 bytes and is never closed (until the test is done).
func stallH3(t *testing.T, fe *frontEnd, path, contentType, first10 string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), readTimeout+margin)
	defer cancel()
	pr, pw := io.Pipe()
	wrote := make(chan error, 1)
	go func() {
		_, err := io.WriteString(pw, first10)
		wrote <- err
	}()
	defer func() {
		pw.CloseWithError(errors.New("test done"))
		<-wrote
	}()
	req, err := http.NewRequestWithContext(ctx, "POST", fe.url+path, pr)
	if err != nil {
		t.Fatal(err)
	}
	req.ContentLength = stalledLength
	req.Header.Set("Content-Type", contentType)
	resp, err := fe.client(t).Do(req)
	if err != nil {
		if ctx.Err() != nil {
			t.Fatalf("the request was neither answered nor reset within %v: %v", readTimeout+margin, err)
		}
		var se *quic.StreamError
		var he *http3.Error
		if !errors.As(err, &se) && !errors.As(err, &he) {
			t.Errorf("want a 408 or a reset stream: %v", err)
		}
		t.Logf("h3 %s: %v", path, err)
		return
	}
	defer resp.Body.Close()
	_, err = io.Copy(io.Discard, resp.Body)
	t.Logf("h3 %s: status %d, body read: %v", path, resp.StatusCode, err)
	if resp.StatusCode != http.StatusRequestTimeout || err != nil {
		t.Errorf("status %d, body %v; want 408", resp.StatusCode, err)
	}
}

// Cases 5 and 6: HTTP/2 floods.

// TestRapidReset: 2,000 HEADERS and RST_STREAM pairs on one HTTP/2
// connection (CVE-2023-44487). The server either stays responsive on that
// connection (it answers a PING sent after the burst) or ends it with
// GOAWAY ENHANCE_YOUR_CALM; either way a new connection is served.
func TestRapidReset(t *testing.T) {
	t.Parallel()
	const pairs = 2000
	eachEnd(t, h2Ends, func(t *testing.T, fe *frontEnd) {
		computing(t)
		c := dialH2(t, fe)
		ping := [8]byte{'h', 'o', 's', 't', 'i', 'l', 'e', '!'}
		var r struct {
			goAway  *http2.ErrCode
			ponged  bool
			streams int // answers begun
			err     error
		}
		done := c.readFrames(func(f http2.Frame) bool {
			switch f := f.(type) {
			case *http2.GoAwayFrame:
				code := f.ErrCode
				r.goAway = &code
			case *http2.MetaHeadersFrame:
				r.streams++
			case *http2.PingFrame:
				r.ponged = f.IsAck() && f.Data == ping
			}
			return !r.ponged
		})
		sent := 0
		block := c.requestBlock("GET", "/json")
		for id := uint32(1); sent < pairs; id += 2 {
			if c.fr.WriteHeaders(http2.HeadersFrameParam{StreamID: id, BlockFragment: block, EndStream: true, EndHeaders: true}) != nil ||
				c.fr.WriteRSTStream(id, http2.ErrCodeCancel) != nil {
				break
			}
			sent++
			if sent%100 == 0 && c.bw.Flush() != nil {
				break
			}
		}
		c.fr.WritePing(false, ping)
		c.bw.Flush() // an error shows as the reader's
		r.err = <-done
		t.Logf("%s: %d pairs sent, %d answers begun, GOAWAY %v, PING answered %v, end %v", fe.name, sent, r.streams, r.goAway, r.ponged, r.err)
		switch {
		case r.goAway != nil && *r.goAway != http2.ErrCodeEnhanceYourCalm:
			t.Errorf("GOAWAY %v, want ENHANCE_YOUR_CALM or none", *r.goAway)
		case r.goAway == nil && !r.ponged:
			t.Errorf("no GOAWAY and no PING answer after the burst: %v", r.err)
		case r.goAway != nil && isTimeout(r.err):
			t.Errorf("GOAWAY but the connection not closed: %v", r.err)
		}
		checkAlive(t, fe)
	})
}

// TestContinuationFlood: a HEADERS frame without END_HEADERS followed by
// CONTINUATION frames that never end the header block (CVE-2023-45288),
// up to 16 MiB of them: the server closes the connection long before.
func TestContinuationFlood(t *testing.T) {
	t.Parallel()
	const flood = 16 << 20
	eachEnd(t, h2Ends, func(t *testing.T, fe *frontEnd) {
		computing(t)
		c := dialH2(t, fe)
		// One CONTINUATION payload: never-indexed literal fields, so
		// that every frame is new header bytes (16 of about 1 KB
		// each, under the 16 KiB default frame size).
		var frag []byte
		for range 16 {
			frag = c.encode(frag, hpack.HeaderField{Name: "x-flood", Value: strings.Repeat("c", 1000), Sensitive: true})
		}
		var r struct {
			goAway *http2.ErrCode
			err    error
		}
		done := c.readFrames(func(f http2.Frame) bool {
			if g, ok := f.(*http2.GoAwayFrame); ok {
				code := g.ErrCode
				r.goAway = &code
			}
			return true
		})
		sent := 0
		err := c.fr.WriteHeaders(http2.HeadersFrameParam{StreamID: 1, BlockFragment: c.requestBlock("GET", "/json"), EndStream: true})
		for err == nil && sent < flood {
			if err = c.fr.WriteContinuation(1, false, frag); err == nil {
				err = c.bw.Flush()
				sent += len(frag)
			}
		}
		r.err = <-done
		t.Logf("%s: %d KiB of CONTINUATION sent (%v), GOAWAY %v, end %v", fe.name, sent>>10, err, r.goAway, r.err)
		if isTimeout(r.err) {
			t.Errorf("the connection was still open at the deadline, after %d KiB of header block", sent>>10)
		}
		if sent >= flood {
			t.Errorf("the server took all %d MiB of the header block", flood>>20)
		}
		checkAlive(t, fe)
	})
}

// h2Conn is a raw HTTP/2 connection: frames written through a buffer
// (flush sends them), frames read with HPACK decoding.
type h2Conn struct {
	*rawConn
	fe   *frontEnd
	bw   *bufio.Writer
	fr   *http2.Framer
	enc  *hpack.Encoder
	hbuf bytes.Buffer
}

// readFrames reads c's frames on a goroutine of its own, handing each to
// on until on returns false or a read fails, and then sends the read's
// error (nil when on stopped) on the channel it returns. What on records
// is the caller's to read once the channel has sent.
func (c *h2Conn) readFrames(on func(http2.Frame) bool) <-chan error {
	done := make(chan error, 1)
	go func() {
		for {
			f, err := c.fr.ReadFrame()
			if err != nil {
				done <- err
				return
			}
			if !on(f) {
				done <- nil
				return
			}
		}
	}()
	return done
}

// dialH2 opens an HTTP/2 connection: preface and SETTINGS (large windows,
// so that the server never waits for a WINDOW_UPDATE), and the server's
// SETTINGS acknowledged.
func dialH2(t *testing.T, fe *frontEnd) *h2Conn {
	t.Helper()
	return dialH2With(t, fe, []http2.Setting{{ID: http2.SettingInitialWindowSize, Val: 1 << 30}}, true)
}

// dialH2With opens an HTTP/2 connection with the client's SETTINGS
// settings, the connection's window widened to 1 GiB if widen, and the
// server's SETTINGS acknowledged.
func dialH2With(t *testing.T, fe *frontEnd, settings []http2.Setting, widen bool) *h2Conn {
	t.Helper()
	c := &h2Conn{rawConn: fe.dial(t), fe: fe}
	c.bw = bufio.NewWriterSize(c.rawConn, 64<<10)
	c.fr = http2.NewFramer(c.bw, c.br)
	c.fr.ReadMetaHeaders = hpack.NewDecoder(4096, nil)
	c.enc = hpack.NewEncoder(&c.hbuf)
	c.bw.WriteString(http2.ClientPreface)
	c.fr.WriteSettings(settings...)
	if widen {
		c.fr.WriteWindowUpdate(0, 1<<30)
	}
	c.flush(t)
	f, err := c.fr.ReadFrame()
	if err != nil {
		t.Fatalf("reading the server's SETTINGS: %v", err)
	}
	if s, ok := f.(*http2.SettingsFrame); !ok || s.IsAck() {
		t.Fatalf("first frame from the server: %v, want SETTINGS", f)
	}
	c.fr.WriteSettingsAck()
	c.flush(t)
	return c
}

func (c *h2Conn) flush(t *testing.T) {
	t.Helper()
	if err := c.bw.Flush(); err != nil {
		t.Fatalf("write: %v", err)
	}
}

// encode appends the HPACK encoding of fields to dst.
func (c *h2Conn) encode(dst []byte, fields ...hpack.HeaderField) []byte {
	c.hbuf.Reset()
	for _, f := range fields {
		c.enc.WriteField(f)
	}
	return append(dst, c.hbuf.Bytes()...)
}

// requestBlock is the header block of a request to the front end.
func (c *h2Conn) requestBlock(method, path string, extra ...hpack.HeaderField) []byte {
	scheme := "http"
	if c.fe.pool != nil {
		scheme = "https"
	}
	return c.encode(nil, append([]hpack.HeaderField{
		{Name: ":method", Value: method}, {Name: ":scheme", Value: scheme},
		{Name: ":authority", Value: c.fe.addr}, {Name: ":path", Value: path},
	}, extra...)...)
}

// writeBlock sends head and then rest as one header block on stream id:
// a HEADERS frame and as many CONTINUATION frames as it takes, of the
// default maximum frame size.
func (c *h2Conn) writeBlock(t *testing.T, id uint32, head, rest []byte, endStream bool) {
	t.Helper()
	const max = 16 << 10
	block := append(head, rest...)
	first := block[:min(max, len(block))]
	block = block[len(first):]
	err := c.fr.WriteHeaders(http2.HeadersFrameParam{StreamID: id, BlockFragment: first, EndStream: endStream, EndHeaders: len(block) == 0})
	for err == nil && len(block) > 0 {
		frag := block[:min(max, len(block))]
		block = block[len(frag):]
		err = c.fr.WriteContinuation(id, len(block) == 0, frag)
	}
	if err == nil {
		err = c.bw.Flush()
	}
	if err != nil && !errors.Is(err, net.ErrClosed) {
		// The server may close the connection while it is still written
		// to; what it sent before tells.
		t.Logf("writing the header block: %v", err)
	}
}

// h2Outcome is how the server ended a stream.
type h2Outcome struct {
	status int // the answer's status, 0 if none
	reset  bool
	code   http2.ErrCode // RST_STREAM's
	goAway bool
	gaCode http2.ErrCode
	closed bool // the connection ended (EOF or a reset)
	err    error
}

func (o h2Outcome) String() string {
	var parts []string
	if o.status != 0 {
		parts = append(parts, fmt.Sprintf("status %d", o.status))
	}
	if o.reset {
		parts = append(parts, "RST_STREAM "+o.code.String())
	}
	if o.goAway {
		parts = append(parts, "GOAWAY "+o.gaCode.String())
	}
	if o.closed {
		parts = append(parts, fmt.Sprintf("connection closed (%v)", o.err))
	}
	if len(parts) == 0 {
		return fmt.Sprintf("nothing (%v)", o.err)
	}
	return strings.Join(parts, ", ")
}

// outcome reads frames until stream id is over: its answer ended
// (END_STREAM), it was reset, or the connection went away (a GOAWAY, then
// the end of the connection). A deadline that runs out fails t.
func (c *h2Conn) outcome(t *testing.T, id uint32) h2Outcome {
	t.Helper()
	var o h2Outcome
	for {
		f, err := c.fr.ReadFrame()
		if err != nil {
			if isTimeout(err) {
				t.Fatalf("stream %d not ended before the deadline (so far: %s)", id, o)
			}
			o.closed, o.err = true, err
			return o
		}
		switch f := f.(type) {
		case *http2.MetaHeadersFrame:
			if f.StreamID == id {
				fmt.Sscan(f.PseudoValue("status"), &o.status)
				if f.StreamEnded() {
					return o
				}
			}
		case *http2.DataFrame:
			if f.StreamID == id && f.StreamEnded() {
				return o
			}
		case *http2.RSTStreamFrame:
			if f.StreamID == id {
				o.reset, o.code = true, f.ErrCode
				return o
			}
		case *http2.GoAwayFrame:
			o.goAway, o.gaCode = true, f.ErrCode
			// Read on: the server closes the connection next.
		}
	}
}

// Case 7: random datagrams to the HTTP/3 port.

// TestUDPNoise: 10,000 random datagrams of 1 to 1500 bytes, from four
// sockets, and 64 shaped like QUIC v1 Initial packets (long header, the
// version, connection IDs, padded to 1200 bytes, then random: they fail
// decryption) to the HTTP/3 port; it then serves a GET.
func TestUDPNoise(t *testing.T) {
	t.Parallel()
	fe := start(t, endH3, 0)
	to, err := net.ResolveUDPAddr("udp", fe.addr)
	if err != nil {
		t.Fatal(err)
	}
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(19, seed))
	socks := make([]*net.UDPConn, 4)
	for i := range socks {
		s, err := net.ListenUDP("udp", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		s.SetWriteDeadline(time.Now().Add(bound))
		socks[i] = s
	}
	buf := make([]byte, 1500)
	send := func(i int, b []byte) {
		if _, err := socks[i%len(socks)].WriteToUDP(b, to); err != nil {
			t.Fatalf("datagram %d: %v", i, err)
		}
	}
	for i := range 10000 {
		b := buf[:1+rng.IntN(1500)]
		for j := range b {
			b[j] = byte(rng.Uint32())
		}
		send(i, b)
	}
	for i := range 64 {
		send(i, quicInitialLike(rng))
	}
	checkAlive(t, fe)
}

// quicInitialLike is a datagram with a QUIC version 1 Initial packet's
// header (RFC 9000, 17.2.2) and random contents: it reaches the server's
// decryption, and fails there.
func quicInitialLike(rng *rand.Rand) []byte {
	b := make([]byte, 0, 1200)
	b = append(b, 0xc0|byte(rng.IntN(4))) // long header, fixed bit, Initial, packet number length
	b = binary.BigEndian.AppendUint32(b, 1)
	for range 2 { // destination and source connection IDs, 8 bytes each
		b = append(b, 8)
		b = binary.BigEndian.AppendUint64(b, rng.Uint64())
	}
	b = append(b, 0) // no token
	rest := 1200 - len(b) - 2
	b = binary.BigEndian.AppendUint16(b, 0x4000|uint16(rest)) // Length, a two-byte varint
	for len(b) < 1200 {
		b = append(b, byte(rng.Uint32()))
	}
	return b
}
