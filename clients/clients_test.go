package clients_test

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/valyala/fasthttp"
	"golang.org/x/sync/errgroup"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/clients/clienttest"
	"github.com/httpclientbench/httpclientbench/server"
	"github.com/httpclientbench/httpclientbench/server/servertest"
)

// TestPoolHoldsLargestConcurrency checks the pool fairness rule on the wire:
// after 50 requests held open together (so 50 connections exist), a second
// such round opens no new connection. With net/http's default idle pool (2
// per host) the second round would dial 48 more.
func TestPoolHoldsLargestConcurrency(t *testing.T) {
	const n = 50
	var (
		mu    sync.Mutex
		conns = map[uint64]int{} // conn ID -> round that opened it
		round int
		gate  *barrier
	)
	base := servertest.Start(t, server.WithHandler(func(ctx *fasthttp.RequestCtx) {
		mu.Lock()
		if _, ok := conns[ctx.ConnID()]; !ok {
			conns[ctx.ConnID()] = round
		}
		g := gate
		mu.Unlock()
		g.wait()
		server.Handler(ctx)
	})).URL()
	for _, f := range clients.HTTP1 {
		t.Run("client="+f.Name, func(t *testing.T) {
			c := clienttest.New(t, f, clients.Config{})
			mu.Lock()
			clear(conns)
			mu.Unlock()
			for r := range 2 {
				mu.Lock()
				round, gate = r, newBarrier(n, 10*time.Second)
				mu.Unlock()
				var g errgroup.Group
				for range n {
					g.Go(func() error {
						m, _, err := c.GetBytes(base + "/json")
						if err == nil && m.Status != http.StatusOK {
							err = fmt.Errorf("status %d", m.Status)
						}
						return err
					})
				}
				if err := g.Wait(); err != nil {
					t.Fatalf("round %d: %v", r, err)
				}
			}
			mu.Lock()
			defer mu.Unlock()
			opened := [2]int{}
			for _, r := range conns {
				opened[r]++
			}
			if opened[0] != n || opened[1] != 0 {
				t.Errorf("connections opened per round: %v, want [%d 0]", opened, n)
			}
		})
	}
}

// barrier releases its waiters once n have arrived, or after timeout.
type barrier struct {
	mu      sync.Mutex
	left    int
	release chan struct{}
	timeout time.Duration
}

func newBarrier(n int, timeout time.Duration) *barrier {
	return &barrier{left: n, release: make(chan struct{}), timeout: timeout}
}

func (b *barrier) wait() {
	b.mu.Lock()
	b.left--
	if b.left == 0 {
		close(b.release)
	}
	b.mu.Unlock()
	select {
	case <-b.release:
	case <-time.After(b.timeout):
	}
}

// factory returns the factory called name from fs.
func factory(t *testing.T, fs []clients.Factory, name string) clients.Factory {
	t.Helper()
	for _, f := range fs {
		if f.Name == name {
			return f
		}
	}
	t.Fatalf("no client %q", name)
	return clients.Factory{}
}

// TestFactoryNames: a registry names each client once, and a factory builds
// the client it is named for.
func TestFactoryNames(t *testing.T) {
	for _, fs := range [][]clients.Factory{clients.HTTP1, clients.HTTP2, clients.HTTP3} {
		seen := map[string]bool{}
		for _, f := range fs {
			if seen[f.Name] {
				t.Errorf("client %q listed twice", f.Name)
			}
			seen[f.Name] = true
		}
	}
	for _, f := range clients.HTTP1 {
		c := clienttest.New(t, f, clients.Config{})
		if c.Name() != f.Name {
			t.Errorf("factory %q built a client named %q", f.Name, c.Name())
		}
	}
}

// TestRawRejectsWhatItCannotFrame: the floor client is only correct for
// Content-Length framed answers; anything else is an error, never a guess.
func TestRawRejectsWhatItCannotFrame(t *testing.T) {
	raw := factory(t, clients.HTTP1, "raw")
	for _, tc := range []struct {
		name, answer string
		ok           bool
	}{
		{"content_length", "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello", true},
		{"content_length_404", "HTTP/1.1 404 Not Found\r\ncontent-length: 5\r\n\r\nhello", true},
		{"chunked", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n", false},
		{"close_delimited", "HTTP/1.1 200 OK\r\nConnection: close\r\n\r\nhello", false},
		{"short_body", "HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\nhello", false},
		{"bad_length", "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n", false},
		{"huge_length", "HTTP/1.1 200 OK\r\nContent-Length: 9223372036854775807\r\n\r\n", false},
		{"oversized_length", "HTTP/1.1 200 OK\r\nContent-Length: 1000000000\r\n\r\n", false},
		{"http10", "HTTP/1.0 200 OK\r\nContent-Length: 5\r\n\r\nhello", false},
		{"continue", "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello", false},
		{"bad_header", "HTTP/1.1 200 OK\r\nno colon here\r\nContent-Length: 5\r\n\r\nhello", false},
		{"garbage", "SSH-2.0-OpenSSH\r\n\r\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			addr := serveOnce(t, tc.answer)
			c := clienttest.New(t, raw, clients.Config{})
			m, body, err := c.GetBytes("http://" + addr + "/")
			if tc.ok {
				if err != nil || string(body) != "hello" {
					t.Fatalf("got %d %q %v, want \"hello\"", m.Status, body, err)
				}
			} else if err == nil {
				t.Fatalf("got %d %q and no error", m.Status, body)
			}
		})
	}
}

// serveOnce answers the first request on a loopback listener with answer,
// byte for byte, then closes the connection.
func serveOnce(t *testing.T, answer string) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		nc, err := ln.Accept()
		if err != nil {
			return
		}
		defer nc.Close()
		nc.SetDeadline(time.Now().Add(5 * time.Second))
		br := bufio.NewReader(nc)
		for { // read the request head
			line, err := br.ReadString('\n')
			if err != nil || line == "\r\n" {
				break
			}
		}
		nc.Write([]byte(answer))
	}()
	t.Cleanup(func() { ln.Close(); <-done })
	return ln.Addr().String()
}

// TestBufferRules checks the two ways a body comes back, per client: fresh
// (GetBytes, Post) returns a new slice every time, never one handed out
// before; reused (GetBytesInto, PostInto) fills the caller's buffer when it
// is large enough, and returns a slice of it.
func TestBufferRules(t *testing.T) {
	base := servertest.Start(t, server.WithHandler(server.Handler)).URL()
	const n = 64 << 10
	url := fmt.Sprintf("%s/bytes/%d", base, n)
	want := server.Bytes(n)
	for _, f := range clients.HTTP1 {
		t.Run("client="+f.Name, func(t *testing.T) {
			c := clienttest.New(t, f, clients.Config{})
			ops := []struct {
				name  string
				fresh func() (clients.Meta, []byte, error)
				into  func(dst []byte) (clients.Meta, []byte, error)
			}{
				{"get", func() (clients.Meta, []byte, error) { return c.GetBytes(url) },
					func(dst []byte) (clients.Meta, []byte, error) { return c.GetBytesInto(url, dst) }},
				{"post", func() (clients.Meta, []byte, error) {
					return c.Post(base+"/echo", server.ContentTypeBinary, want)
				}, func(dst []byte) (clients.Meta, []byte, error) {
					return c.PostInto(base+"/echo", server.ContentTypeBinary, want, dst)
				}},
			}
			for _, op := range ops {
				check := func(how string, m clients.Meta, b []byte, err error) {
					t.Helper()
					if err != nil || m.Status != 200 || string(b) != string(want) {
						t.Fatalf("%s %s: status %d, %d bytes, err %v", op.name, how, m.Status, len(b), err)
					}
				}
				m, first, err := op.fresh()
				check("fresh", m, first, err)
				m, second, err := op.fresh()
				check("fresh", m, second, err)
				if &first[0] == &second[0] {
					t.Errorf("%s fresh: two calls returned the same buffer", op.name)
				}
				dst := make([]byte, 7, n+1024)
				m, got, err := op.into(dst)
				check("into", m, got, err)
				if &got[0] != &dst[:1][0] {
					t.Errorf("%s into: the body is not in the caller's buffer", op.name)
				}
			}
		})
	}
}
