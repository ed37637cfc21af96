package benchserver

import (
	"bufio"
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/quic-go/quic-go"
	"github.com/quic-go/quic-go/http3"

	"github.com/httpclientbench/httpclientbench/internal/testkit"
	"github.com/httpclientbench/httpclientbench/server"
	"github.com/httpclientbench/httpclientbench/server/h2c"
	"github.com/httpclientbench/httpclientbench/server/routetest"
	"github.com/httpclientbench/httpclientbench/server/tlsserver"
)

// The tests run the program in this process, each with servers of its own
// on ports of their own, in parallel; quic-go's warning is off for all
// of them (a t.Setenv would forbid t.Parallel).
func TestMain(m *testing.M) { testkit.VerifyQUICTestMain(m) }

func TestBadArguments(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-nope"}, "flag provided but not defined"},
		{[]string{"-addr", "0.0.0.0:8080"}, "not a loopback address"},
		{[]string{"-addr", ":8080"}, "not a loopback address"},
		{[]string{"-addr", "example.com:80"}, "not a loopback address"},
		{[]string{"-addr", "127.0.0.1"}, "missing port"},
		{[]string{"-addr", "127.0.0.1:99999"}, "invalid port"},
		{[]string{"extra"}, "unexpected arguments"},
		{[]string{"-proto", "h3c"}, "want h1, h2c or h3"},
		{[]string{"-tls", "-proto", "h2c"}, "-tls with -proto h2c"},
		{[]string{"-tls", "-proto", "h3"}, "-tls with -proto h3"},
		{[]string{"-cert-out", "x.pem"}, "-cert-out needs a certificate"},
		{[]string{"-proto", "h2c", "-cert-out", "x.pem"}, "-cert-out needs a certificate"},
		{[]string{"-window", "tuned"}, "-window applies only to -proto h2c, not -proto h1"},
		{[]string{"-tls", "-window", "default"}, "-window applies only to -proto h2c, not -tls"},
		{[]string{"-proto", "h3", "-window", "default"}, "-window applies only to -proto h2c, not -proto h3"},
		{[]string{"-tls", "-pause", "1s", "-pause-every", "1s"}, "0 < duration < period"},
		{[]string{"-addr", "127.0.0.1:0", "-tls", "-cert-out", "/nonexistent-dir/cert.pem"}, "-cert-out: open /nonexistent-dir/"},
		{[]string{"-proto", "h2c", "-window", "huge"}, "want one of 64KiB, default, tuned"},
		{[]string{"-gomaxprocs", "-1"}, "-gomaxprocs -1: want 0"},
		{[]string{"-max-conns", "-2"}, "-max-conns -2: want 0 (no limit) or more, or -1 (the default)"},
		{[]string{"-gomaxprocs", "two"}, "invalid value"},
		{[]string{"-pause", "100ms"}, "both its duration and its period"},
		{[]string{"-pause-every", "1s"}, "both its duration and its period"},
		{[]string{"-pause", "1s", "-pause-every", "1s"}, "0 < duration < period"},
		{[]string{"-pause", "2s", "-pause-every", "1s"}, "0 < duration < period"},
		{[]string{"-pause", "-1s", "-pause-every", "1s"}, "0 < duration < period"},
		{[]string{"-proto", "h2c", "-pause", "-1s", "-pause-every", "-2s"}, "0 < duration < period"},
		{[]string{"-pause", "soon", "-pause-every", "1s"}, "invalid value"},
		{[]string{"-pause", "30s", "-pause-every", "1m"}, "want less than the servers' read timeout, 30s"},
	} {
		var stderr strings.Builder
		err := Run(context.Background(), tc.args, io.Discard, &stderr)
		if err == nil || !strings.Contains(err.Error()+stderr.String(), tc.want) {
			t.Errorf("Run(%q) = %v (stderr %q), want an error mentioning %q", tc.args, err, stderr.String(), tc.want)
		}
	}
	if err := Run(context.Background(), []string{"-h"}, io.Discard, io.Discard); !errors.Is(err, flag.ErrHelp) {
		t.Errorf("Run(-h) = %v, want flag.ErrHelp", err)
	}
}

// TestServesAndStops starts the program on a free loopback port in each
// protocol, reads the URL it prints, runs the route conformance test against
// it and stops it as a signal would.
func TestServesAndStops(t *testing.T) {
	t.Parallel()
	h2 := &http.Transport{}
	h2c.ConfigureTransport(h2, h2c.WindowDefault)
	for _, tc := range []struct {
		args []string
		rt   *http.Transport
	}{
		{[]string{"-addr", "127.0.0.1:0"}, &http.Transport{}},
		{[]string{"-addr", "127.0.0.1:0", "-proto", "h2c", "-window", "tuned"}, h2},
	} {
		t.Run(strings.Join(tc.args[2:], "_"), func(t *testing.T) {
			t.Parallel()
			servesAndStops(t, tc.args, tc.rt)
		})
	}
}

func servesAndStops(t *testing.T, args []string, rt *http.Transport) {
	url, stop := runInProcess(t, args)
	hc := &http.Client{Timeout: 10 * time.Second, Transport: rt}
	routetest.Run(t, url, hc)
	hc.CloseIdleConnections()
	stop()
}

// runInProcess runs the program with args in this process and returns the
// URL it prints, and a function that stops it as a signal would and
// requires a clean exit.
func runInProcess(t *testing.T, args []string) (string, func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- Run(ctx, args, pw, io.Discard); pw.Close() }()

	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatalf("reading the banner: %v", err)
	}
	go io.Copy(io.Discard, pr)
	fields := strings.Fields(line)
	if len(fields) < 2 || !strings.HasPrefix(fields[1], "http://127.0.0.1:") && !strings.HasPrefix(fields[1], "https://127.0.0.1:") {
		t.Fatalf("banner %q does not give the URL", line)
	}
	return fields[1], func() {
		t.Helper()
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("run returned %v after a clean stop", err)
			}
		case <-time.After(15 * time.Second):
			t.Fatal("run did not return after its context ended")
		}
	}
}

// TestServesTLS runs the route conformance test against -tls, over HTTP/2
// and (a client offering only http/1.1 by ALPN) HTTP/1.1, and against
// -proto h3 with quic-go's client, each trusting only the certificate
// written by -cert-out; the negotiated protocol is the one asked for, and
// GET /stats answers.
func TestServesTLS(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		args  []string
		proto string // resp.Proto wanted
		alpn  string
	}{
		{"tls/h2", []string{"-tls"}, "HTTP/2.0", "h2"},
		{"tls/h1", []string{"-tls"}, "HTTP/1.1", "http/1.1"},
		{"h3", []string{"-proto", "h3"}, "HTTP/3.0", "h3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			certFile := filepath.Join(t.TempDir(), "cert.pem")
			url, stop := runInProcess(t, append([]string{"-addr", "127.0.0.1:0", "-cert-out", certFile}, tc.args...))
			pem, err := os.ReadFile(certFile)
			if err != nil {
				t.Fatal(err)
			}
			pool := x509.NewCertPool()
			if !pool.AppendCertsFromPEM(pem) {
				t.Fatalf("-cert-out wrote no certificate: %q", pem)
			}
			cfg := &tls.Config{RootCAs: pool}
			var rt http.RoundTripper
			switch tc.alpn {
			case "h3":
				tr := &http3.Transport{TLSClientConfig: cfg}
				defer tr.Close()
				rt = tr
			case "h2":
				tr := &http.Transport{TLSClientConfig: cfg, ForceAttemptHTTP2: true}
				defer tr.CloseIdleConnections()
				rt = tr
			default:
				cfg.NextProtos = []string{"http/1.1"}
				tr := &http.Transport{TLSClientConfig: cfg}
				defer tr.CloseIdleConnections()
				rt = tr
			}
			hc := &http.Client{Timeout: 10 * time.Second, Transport: rt}
			resp, err := hc.Get(url + "/json")
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.Proto != tc.proto || resp.TLS == nil || resp.TLS.NegotiatedProtocol != tc.alpn || resp.TLS.Version != tls.VersionTLS13 {
				t.Fatalf("GET /json: %s, TLS %+v; want %s, ALPN %q, TLS 1.3", resp.Proto, resp.TLS, tc.proto, tc.alpn)
			}
			if tc.alpn == "h3" {
				// Over HTTP/3 the route table passes but for GET
				// /close-mid-body: the handler's abort resets the QUIC
				// stream, and a reset may discard the part of the body
				// already sent, so the client sees an error, not a short
				// body. The routes the benchmarks use are checked here.
				checkH3Routes(t, url, hc)
			} else {
				routetest.Run(t, url, hc)
			}
			if st := routetest.GetStats(t, url, hc); st.ConnsAccepted < 1 {
				t.Errorf("GET /stats = %+v, want at least one connection", st)
			}
			stop()
		})
	}
}

// TestCertOutOnlyOnceListening: a second start on a port that is taken
// fails without touching -cert-out, so clients that trust the file keep
// trusting the server already there; a start that listens replaces the
// file whole and leaves no temporary file beside it.
func TestCertOutOnlyOnceListening(t *testing.T) {
	t.Parallel()
	for _, proto := range [][]string{{"-tls"}, {"-proto", "h3"}} {
		t.Run(strings.Join(proto, "_"), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			certFile := filepath.Join(dir, "cert.pem")
			url, stop := runInProcess(t, append([]string{"-addr", "127.0.0.1:0", "-cert-out", certFile}, proto...))
			defer stop()
			first, err := os.ReadFile(certFile)
			if err != nil {
				t.Fatal(err)
			}
			busy := strings.TrimPrefix(url, "https://")
			err = Run(context.Background(), append([]string{"-addr", busy, "-cert-out", certFile}, proto...), io.Discard, io.Discard)
			if err == nil || !strings.Contains(err.Error(), "address already in use") {
				t.Fatalf("a second start on %s: %v, want address already in use", busy, err)
			}
			if now, err := os.ReadFile(certFile); err != nil || !bytes.Equal(now, first) {
				t.Fatalf("the failed start changed -cert-out (err %v)", err)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 1 {
				t.Errorf("%d files beside -cert-out, want none: %v", len(entries)-1, entries)
			}
		})
	}
}

// TestHandshakeErrorsBounded: 60 connections that each abandon their TLS
// handshake print no more than the error log's burst of lines to stderr (net/http
// logs every failed handshake).
func TestHandshakeErrorsBounded(t *testing.T) {
	t.Parallel()
	stderr := &syncBuffer{}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- Run(ctx, []string{"-addr", "127.0.0.1:0", "-tls"}, pw, stderr); pw.Close() }()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	go io.Copy(io.Discard, pr)
	addr := strings.TrimPrefix(strings.Fields(line)[1], "https://")
	for range 60 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		c.Write([]byte{0x16, 0x03, 0x01}) // the start of a ClientHello, then nothing
		c.Close()
	}
	// The server logs each failure as it gets to it: wait for the first
	// line, and for more than ten or a second, whichever comes first.
	lines := func() int { return strings.Count(stderr.String(), "TLS handshake error") }
	for start := time.Now(); lines() == 0 && time.Since(start) < 10*time.Second ||
		lines() <= 10 && time.Since(start) < time.Second; {
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	got := lines()
	if got == 0 || got > 10 {
		t.Errorf("60 abandoned handshakes printed %d lines, want 1 to 10:\n%s", got, stderr)
	}
}

// syncBuffer is a bytes.Buffer safe for the server's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// checkH3Routes gets /json, /bytes/N and POST /echo over hc.
func checkH3Routes(t *testing.T, url string, hc *http.Client) {
	t.Helper()
	for _, tc := range []struct {
		method, path string
		body, want   []byte
	}{
		{"GET", "/json", nil, []byte(server.JSONBody)},
		{"GET", "/bytes/1048576", nil, server.Bytes(1 << 20)},
		{"POST", "/echo", server.Bytes(100_000), server.Bytes(100_000)},
	} {
		req, err := http.NewRequest(tc.method, url+tc.path, bytes.NewReader(tc.body))
		if err != nil {
			t.Fatal(err)
		}
		resp, err := hc.Do(req)
		if err != nil {
			t.Fatalf("%s %s: %v", tc.method, tc.path, err)
		}
		got, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil || resp.StatusCode != 200 || !bytes.Equal(got, tc.want) {
			t.Errorf("%s %s: %s, %d bytes (%v); want 200 and %d bytes", tc.method, tc.path, resp.Status, len(got), err, len(tc.want))
		}
	}
}

// TestPauses: -pause and -pause-every reach both front ends. Each front
// end's check waits out a pause, three and a half seconds mostly asleep:
// the four run at once, subtests started from goroutines of their own (not
// t.Parallel, whose limit, GOMAXPROCS by default, is for tests that keep
// the CPUs busy).
func TestPauses(t *testing.T) {
	t.Parallel()
	var wg sync.WaitGroup
	defer wg.Wait()
	run := func(name string, f func(t *testing.T)) {
		wg.Go(func() { t.Run(name, f) })
	}
	h2 := func() *http.Client {
		tr := &http.Transport{}
		h2c.ConfigureTransport(tr, h2c.WindowDefault)
		return &http.Client{Timeout: 10 * time.Second, Transport: tr}
	}
	h1 := func() *http.Client { return &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{}} }
	for proto, newClient := range map[string]func() *http.Client{"h1": h1, "h2c": h2} {
		run(proto, func(t *testing.T) {
			routetest.CheckPause(t, func(d, period time.Duration) string {
				url, stop := runInProcess(t, []string{"-addr", "127.0.0.1:0", "-proto", proto, "-pause", d.String(), "-pause-every", period.String()})
				t.Cleanup(stop)
				return url
			}, newClient)
		})
	}
	// The TLS front ends: the client trusts the certificate the last start
	// wrote (CheckPause starts the server before it makes its clients).
	for name, args := range map[string][]string{"tls": {"-tls"}, "h3": {"-proto", "h3"}} {
		run(name, func(t *testing.T) {
			certFile := filepath.Join(t.TempDir(), "cert.pem")
			routetest.CheckPause(t, func(d, period time.Duration) string {
				url, stop := runInProcess(t, append([]string{"-addr", "127.0.0.1:0", "-cert-out", certFile, "-pause", d.String(), "-pause-every", period.String()}, args...))
				t.Cleanup(stop)
				return url
			}, func() *http.Client {
				b, err := os.ReadFile(certFile)
				if err != nil {
					t.Fatal(err)
				}
				pool := x509.NewCertPool()
				pool.AppendCertsFromPEM(b)
				cfg := &tls.Config{RootCAs: pool}
				if name == "h3" {
					tr := &http3.Transport{TLSClientConfig: cfg}
					t.Cleanup(func() { tr.Close() })
					return &http.Client{Timeout: 10 * time.Second, Transport: tr}
				}
				tr := &http.Transport{TLSClientConfig: cfg, ForceAttemptHTTP2: true}
				t.Cleanup(tr.CloseIdleConnections)
				return &http.Client{Timeout: 10 * time.Second, Transport: tr}
			})
		})
	}
}

// TestLoopbackByDefault: without -addr the program listens on loopback, and
// -allow-remote is what lets a non-loopback address through (checked
// without listening there).
func TestLoopbackByDefault(t *testing.T) {
	if err := checkAddr(DefaultAddr, false); err != nil {
		t.Errorf("the default -addr %q is refused without -allow-remote: %v", DefaultAddr, err)
	}
	for _, addr := range []string{"0.0.0.0:8080", ":8080", "[::]:8080", "192.0.2.1:8080"} {
		if err := checkAddr(addr, false); err == nil {
			t.Errorf("checkAddr(%q, false) accepted a non-loopback address", addr)
		}
		if err := checkAddr(addr, true); err != nil {
			t.Errorf("checkAddr(%q, true) = %v, want it accepted with -allow-remote", addr, err)
		}
	}
	for _, addr := range []string{"127.0.0.1:0", "[::1]:0", "localhost:0", "LOCALHOST:0", "127.1.2.3:0"} {
		if err := checkAddr(addr, false); err != nil {
			t.Errorf("checkAddr(%q, false) = %v, want a loopback address accepted", addr, err)
		}
	}
}

// TestMaxConns: with -max-conns 2, every front end holds two connections
// and no third while they are open. Over TCP the third waits unaccepted
// (its request is not answered while the two are held) and is served,
// as the third connection accepted, once one of them closes; over HTTP/3
// it is closed at once with H3_EXCESSIVE_LOAD, and a new one is served
// once one of the two closes. And the default: no limit on loopback, the
// limit on any other address (checked on the flag's resolution, since a
// test cannot listen off loopback).
func TestMaxConns(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		n    int
		addr string
		want int
	}{
		{-1, "127.0.0.1:8080", 0}, {-1, "localhost:0", 0}, {-1, "[::1]:80", 0},
		{-1, "0.0.0.0:8080", RemoteMaxConns}, {-1, ":8080", RemoteMaxConns}, {-1, "192.0.2.1:80", RemoteMaxConns},
		{0, "0.0.0.0:8080", 0}, {5, "127.0.0.1:8080", 5},
	} {
		if got := maxConnsAt(c.n, c.addr); got != c.want {
			t.Errorf("-max-conns %d -addr %s: %d, want %d", c.n, c.addr, got, c.want)
		}
	}
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"h1", nil},
		{"h2c", []string{"-proto", "h2c"}},
		{"tls", []string{"-tls"}},
		{"h3", []string{"-proto", "h3"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			certFile := filepath.Join(t.TempDir(), "cert.pem")
			args := []string{"-addr", "127.0.0.1:0", "-max-conns", "2"}
			if tc.name == "tls" || tc.name == "h3" {
				args = append(args, "-cert-out", certFile)
			}
			url, stop := runInProcess(t, append(args, tc.args...))
			defer stop()
			var roots *x509.CertPool
			if pem, err := os.ReadFile(certFile); err == nil {
				roots = x509.NewCertPool()
				roots.AppendCertsFromPEM(pem)
			}
			// Each client has a transport of its own: one connection.
			client := func() (*http.Client, func()) {
				cfg := &tls.Config{RootCAs: roots}
				switch tc.name {
				case "h3":
					tr := &http3.Transport{TLSClientConfig: cfg}
					return &http.Client{Transport: tr}, func() { tr.Close() }
				case "h2c":
					tr := &http.Transport{Protocols: new(http.Protocols)}
					tr.Protocols.SetUnencryptedHTTP2(true)
					return &http.Client{Transport: tr}, tr.CloseIdleConnections
				default:
					tr := &http.Transport{TLSClientConfig: cfg}
					return &http.Client{Transport: tr}, tr.CloseIdleConnections
				}
			}
			get := func(ctx context.Context, c *http.Client) (server.Stats, error) {
				req, _ := http.NewRequestWithContext(ctx, "GET", url+"/stats", nil)
				resp, err := c.Do(req)
				if err != nil {
					return server.Stats{}, err
				}
				defer resp.Body.Close()
				var st server.Stats
				return st, json.NewDecoder(resp.Body).Decode(&st)
			}
			a, closeA := client()
			b, closeB := client()
			defer closeB()
			for _, c := range []*http.Client{a, b} {
				if _, err := get(context.Background(), c); err != nil {
					t.Fatalf("one of the first two connections: %v", err)
				}
			}
			c, closeC := client()
			defer closeC()
			ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
			st, err := get(ctx, c)
			cancel()
			switch {
			case err == nil:
				t.Fatalf("a third connection was served while two were held: %+v", st)
			case tc.name == "h3" && !excessiveLoad(err):
				t.Fatalf("the third QUIC connection: %v, want it closed with H3_EXCESSIVE_LOAD, \"too many connections\"", err)
			case tc.name != "h3" && !errors.Is(err, context.DeadlineExceeded):
				t.Fatalf("the third TCP connection: %v, want it left waiting", err)
			}
			closeA()
			ctx, cancel = context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			if tc.name == "h3" {
				// The server counts the closed connection out once its
				// CONNECTION_CLOSE has arrived, which the client does not
				// wait for: a new connection may still be one too many,
				// and is tried again until the deadline.
				for {
					closeC()
					c, closeC = client()
					if st, err = get(ctx, c); err == nil || !excessiveLoad(err) || ctx.Err() != nil {
						break
					}
					time.Sleep(10 * time.Millisecond)
				}
				defer closeC()
			} else {
				st, err = get(ctx, c)
			}
			if err != nil || st.ConnsAccepted < 3 {
				t.Fatalf("once one of the two closed, a third: %+v, %v; want it served", st, err)
			}
		})
	}
}

// excessiveLoad says whether err is a QUIC connection closed by its peer
// with H3_EXCESSIVE_LOAD, or with APPLICATION_ERROR: an application's
// close during the handshake, which the server's is (it closes as it
// accepts the connection), goes out as that transport error, its code
// withheld (RFC 9000, section 10.2.3).
func excessiveLoad(err error) bool {
	var ae *quic.ApplicationError
	var te *quic.TransportError
	return errors.As(err, &ae) && ae.Remote && ae.ErrorCode == quic.ApplicationErrorCode(http3.ErrCodeExcessiveLoad) ||
		errors.As(err, &te) && te.Remote && te.ErrorCode == quic.ApplicationErrorErrorCode
}

// TestDocumentedBounds: the bounds docs/fixture-server.md gives a reader
// are the code's: the read, header and write timeouts, the idle timeout
// and the connection limit off loopback, the same on every front end.
func TestDocumentedBounds(t *testing.T) {
	b, err := os.ReadFile("../../docs/fixture-server.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := strings.Join(strings.Fields(string(b)), " ")
	secs := func(d time.Duration) int { return int(d / time.Second) }
	for _, same := range [][]time.Duration{
		{server.DefaultReadTimeout, h2c.DefaultReadTimeout, tlsserver.DefaultReadTimeout, h2c.DefaultReadHeaderTimeout, tlsserver.DefaultReadHeaderTimeout},
		{server.DefaultWriteTimeout, h2c.DefaultWriteTimeout, tlsserver.DefaultWriteTimeout},
		{server.DefaultIdleTimeout, h2c.DefaultIdleTimeout, tlsserver.DefaultIdleTimeout},
	} {
		for _, d := range same[1:] {
			if d != same[0] {
				t.Errorf("the front ends' timeouts differ: %v", same)
			}
		}
	}
	for _, want := range []string{
		fmt.Sprintf("reading a request's header lines over HTTP/1.1 ends after %d s", secs(server.DefaultReadTimeout)),
		fmt.Sprintf("reading its body after %d s", secs(server.DefaultReadTimeout)),
		fmt.Sprintf("writing an answer ends after %d s", secs(server.DefaultWriteTimeout)),
		fmt.Sprintf("after the %d s idle timeout", secs(server.DefaultIdleTimeout)),
		fmt.Sprintf("holds at most %d,%03d at once on an address other than loopback", RemoteMaxConns/1000, RemoteMaxConns%1000),
	} {
		if !strings.Contains(doc, want) {
			t.Errorf("docs/fixture-server.md does not say %q", want)
		}
	}
}
