package netem_test

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/httpclientbench/httpclientbench/netem"
)

// The physics: what the path must do for its numbers to mean anything.
// Each is judged by the best of several tries (a busy machine only adds
// delay), against the profile with a tolerance: ±10 % on a 40 ms round
// trip, ±25 % on 1 ms, where the lateness of a sleeping thread and the
// stacks' own work are a larger share.
//
// Under the race detector the stacks run several times slower and become
// the bottleneck (8 MiB over the LAN profile at 80 Mbit/s): the timings are
// logged, one try each, not judged; the loss rate, which no slowness
// changes, is.

type physicsCase struct {
	p     netem.Profile
	tol   float64
	tries int // of a timing that takes a round trip or two
}

var physics = []physicsCase{{netem.LAN, 0.25, 25}, {netem.WAN, 0.10, 7}}

// eachProfile runs f on a new path of every profile, in parallel.
func eachProfile(t *testing.T, f func(t *testing.T, path *netem.Path, c physicsCase)) {
	for _, c := range physics {
		t.Run(c.p.Name, func(t *testing.T) {
			t.Parallel()
			f(t, newPath(t, c.p), c)
		})
	}
}

func newPath(t testing.TB, p netem.Profile, opts ...netem.Option) *netem.Path {
	t.Helper()
	path, err := netem.New(p, opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { path.Close() })
	return path
}

// best returns the shortest of n timings of f.
func best(t *testing.T, n int, f func() (time.Duration, error)) time.Duration {
	t.Helper()
	if raceEnabled {
		n = 1
	}
	var min time.Duration
	for i := range n {
		d, err := f()
		if err != nil {
			t.Fatalf("try %d: %v", i+1, err)
		}
		if i == 0 || d < min {
			min = d
		}
	}
	return min
}

// near fails t unless got is want within tol (a fraction of want).
func near(t *testing.T, what string, got, want time.Duration, tol float64) {
	t.Helper()
	lo, hi := time.Duration(float64(want)*(1-tol)), time.Duration(float64(want)*(1+tol))
	if raceEnabled {
		t.Logf("%s: %v (want %v ± %.0f %%; not judged under the race detector)", what, got, want, tol*100)
		return
	}
	if got < lo || got > hi {
		t.Errorf("%s: %v, want %v ± %.0f %% (%v to %v)", what, got, want, tol*100, lo, hi)
	} else {
		t.Logf("%s: %v (want %v ± %.0f %%)", what, got, want, tol*100)
	}
}

func TestConnectCostsOneRoundTrip(t *testing.T) {
	eachProfile(t, func(t *testing.T, path *netem.Path, c physicsCase) {
		addr := serveBulk(t, path)
		got := best(t, c.tries, func() (time.Duration, error) {
			start := time.Now()
			c, err := path.DialContext(context.Background(), "tcp", addr)
			if err != nil {
				return 0, err
			}
			d := time.Since(start)
			return d, c.Close()
		})
		near(t, "TCP connect", got, path.Profile().RTT, c.tol)
	})
}

func TestPooledGetCostsOneRoundTrip(t *testing.T) {
	eachProfile(t, func(t *testing.T, path *netem.Path, c physicsCase) {
		url := serveHTTP(t, path, nil)
		hc := &http.Client{Transport: &http.Transport{DialContext: path.DialContext}}
		t.Cleanup(hc.CloseIdleConnections)
		get := func() (time.Duration, error) {
			start := time.Now()
			resp, err := hc.Get(url + "/small")
			if err != nil {
				return 0, err
			}
			b, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			if err == nil && string(b) != "hello" {
				err = fmt.Errorf("body %q", b)
			}
			return time.Since(start), err
		}
		if _, err := get(); err != nil { // the connection
			t.Fatal(err)
		}
		near(t, "pooled GET", best(t, c.tries, get), path.Profile().RTT, c.tol)
	})
}

func TestBulkRunsAtTheBandwidth(t *testing.T) {
	eachProfile(t, func(t *testing.T, path *netem.Path, c physicsCase) {
		conn := dialBulk(t, path)
		if _, _, err := fetch(conn, 2<<20); err != nil { // past slow start
			t.Fatal(err)
		}
		const n = 8 << 20
		// From the first byte to the last: the transfer, not the request.
		// 8 MiB takes 70 ms over the LAN profile, 1.4 s over the WAN one.
		// Over the LAN profile the transfer is bound in part by the two
		// stacks' CPU, which parallel packages share: many tries, apart,
		// for a quiet moment.
		tries := 2
		if c.p.RTT < 10*time.Millisecond {
			tries = c.tries
		}
		got := best(t, tries, func() (time.Duration, error) {
			time.Sleep(10 * time.Millisecond)
			_, d, err := fetch(conn, n)
			return d, err
		})
		// Bytes on the wire per byte of payload: a 1500-byte packet
		// carries 1448 (IPv4 20, TCP 20, timestamps 12).
		p := path.Profile()
		want := time.Duration(float64(n) * 1500 / 1448 * 8 / float64(p.Bandwidth) * float64(time.Second))
		t.Logf("goodput %.1f Mbit/s of %d", float64(n)*8/got.Seconds()/1e6, p.Bandwidth/1e6)
		near(t, "8 MiB on a warm connection", got, want, c.tol)
	})
}

// TestSlowStart runs on the WAN profile only. Over the LAN profile the
// difference is a few milliseconds (cwnd passes the 125 kB path within
// about four round trips of 1 ms), while a 1 MiB transfer there is bound
// by the two stacks' CPU when other tests share the machine (13 ms where
// the line rate allows 9.7): the difference drowns in that.
func TestSlowStart(t *testing.T) {
	t.Parallel()
	path, tol := newPath(t, netem.WAN), 0.10
	{
		const n = 1 << 20
		// Request to last byte: what a client waits for a 1 MiB answer.
		fresh := best(t, 5, func() (time.Duration, error) {
			c := dialBulk(t, path)
			defer c.Close()
			d, _, err := fetch(c, n)
			return d, err
		})
		// Each try on a connection of its own, warmed past slow start
		// first: one connection's bad luck (a loss that halved its window
		// while the machine was busy) is not every try's.
		warm := best(t, 5, func() (time.Duration, error) {
			c := dialBulk(t, path)
			defer c.Close()
			if _, _, err := fetch(c, 2<<20); err != nil {
				return 0, err
			}
			d, _, err := fetch(c, n)
			return d, err
		})
		rtt := path.Profile().RTT
		t.Logf("1 MiB: fresh %v, warm %v (%.1f round trips more)", fresh, warm, float64(fresh-warm)/float64(rtt))
		if !raceEnabled && fresh-warm < time.Duration(float64(rtt)*(1-tol)) {
			t.Errorf("1 MiB on a fresh connection took %v, on a warm one %v: want at least a round trip (%v) more", fresh, warm, rtt)
		}
	}
}

func TestH2WindowCapsTheStream(t *testing.T) {
	eachProfile(t, func(t *testing.T, path *netem.Path, c physicsCase) {
		const n = 1 << 20
		url := serveHTTP(t, path, h2c())
		download := func(window int) time.Duration {
			tr := &http.Transport{DialContext: path.DialContext, Protocols: h2c()}
			if window > 0 {
				tr.HTTP2 = &http.HTTP2Config{MaxReceiveBufferPerStream: window, MaxReceiveBufferPerConnection: window}
			}
			hc := &http.Client{Transport: tr}
			defer hc.CloseIdleConnections()
			get := func(path string, want int) (time.Duration, error) {
				start := time.Now()
				resp, err := hc.Get(url + path)
				if err != nil {
					return 0, err
				}
				b, err := io.ReadAll(resp.Body)
				resp.Body.Close()
				if err == nil && (resp.ProtoMajor != 2 || len(b) != want) {
					err = fmt.Errorf("HTTP/%d, %d bytes; want HTTP/2, %d", resp.ProtoMajor, len(b), want)
				}
				return time.Since(start), err
			}
			if _, err := get("/bytes/"+strconv.Itoa(n), n); err != nil { // the connection, past slow start
				t.Fatal(err)
			}
			return best(t, 2, func() (time.Duration, error) { return get("/bytes/"+strconv.Itoa(n), n) })
		}
		rtt := path.Profile().RTT
		small, large := download(64<<10), download(0)
		t.Logf("1 MiB over HTTP/2: %v with a 64 KiB window (%.1f round trips), %v with Go's default 4 MiB", small, float64(small)/float64(rtt), large)
		if min := time.Duration(16 * float64(rtt) * (1 - c.tol)); !raceEnabled && small < min {
			t.Errorf("1 MiB with a 64 KiB window took %v, want at least 16 round trips (%v)", small, min)
		}
	})
}

func TestLossRate(t *testing.T) {
	t.Parallel()
	p := netem.Lossy
	// No delay to wait for or bandwidth to pace to: the loss alone.
	p.RTT, p.Bandwidth = 0, 1e12
	// A seed other than the default: the rate is the profile's, not one
	// lucky sequence's.
	path := newPath(t, p, netem.WithSeed(22))
	server, err := path.ListenServerPacket(0)
	if err != nil {
		t.Fatal(err)
	}
	defer server.Close()
	client, err := path.ListenPacket()
	if err != nil {
		t.Fatal(err)
	}
	defer client.Close()
	const n = 100_000
	for _, dir := range []struct {
		name     string
		from, to net.PacketConn
	}{{"client to server", client, server}, {"server to client", server, client}} {
		got := make(chan int)
		go func() {
			buf := make([]byte, 64)
			count := 0
			for {
				dir.to.SetReadDeadline(time.Now().Add(time.Second))
				if _, _, err := dir.to.ReadFrom(buf); err != nil {
					got <- count
					return
				}
				count++
			}
		}()
		msg := make([]byte, 32)
		for i := range n {
			binary.BigEndian.PutUint64(msg, uint64(i))
			if _, err := dir.from.WriteTo(msg, dir.to.LocalAddr()); err != nil {
				t.Fatal(err)
			}
			if i%500 == 499 {
				time.Sleep(time.Millisecond) // the reader keeps up: no drop at a socket
			}
		}
		received := <-got
		loss := 1 - float64(received)/n
		if loss < 0.008 || loss > 0.012 {
			t.Errorf("%s: %d of %d datagrams arrived: loss %.3f %%, want 1 %% ± 0.2 %%", dir.name, received, n, loss*100)
		} else {
			t.Logf("%s: loss %.3f %% (%d of %d)", dir.name, loss*100, n-received, n)
		}
	}
	if s := path.Stats(); s.Up.Overflowed+s.Down.Overflowed > 0 {
		t.Errorf("the queues dropped packets: %+v", s)
	}
}

// serveBulk serves the bulk protocol on path for the life of t: a request
// is 8 bytes, a length n; the answer is n bytes.
func serveBulk(t *testing.T, path *netem.Path) string {
	t.Helper()
	ln, err := path.Listen(0)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	t.Cleanup(func() { ln.Close(); wg.Wait() })
	wg.Go(func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			wg.Go(func() {
				defer c.Close()
				buf := make([]byte, 256<<10)
				var req [8]byte
				for {
					if _, err := io.ReadFull(c, req[:]); err != nil {
						return
					}
					for left := int(binary.BigEndian.Uint64(req[:])); left > 0; {
						k, err := c.Write(buf[:min(left, len(buf))])
						if err != nil {
							return
						}
						left -= k
					}
				}
			})
		}
	})
	return ln.Addr().String()
}

var bulkAddrs sync.Map // *netem.Path → address of its bulk server

func dialBulk(t *testing.T, path *netem.Path) net.Conn {
	t.Helper()
	addr, ok := bulkAddrs.Load(path)
	if !ok {
		addr = serveBulk(t, path)
		bulkAddrs.Store(path, addr)
	}
	c, err := path.DialContext(context.Background(), "tcp", addr.(string))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// fetch asks c for n bytes and reads them: the time from the request to
// the last byte, and from the first byte to the last.
func fetch(c net.Conn, n int) (total, transfer time.Duration, err error) {
	var req [8]byte
	binary.BigEndian.PutUint64(req[:], uint64(n))
	start := time.Now()
	if _, err := c.Write(req[:]); err != nil {
		return 0, 0, err
	}
	buf := make([]byte, 256<<10)
	var first time.Time
	for got := 0; got < n; {
		k, err := c.Read(buf[:min(len(buf), n-got)])
		if got == 0 && k > 0 {
			first = time.Now()
		}
		got += k
		if err != nil {
			return 0, 0, fmt.Errorf("after %d of %d bytes: %w", got, n, err)
		}
	}
	end := time.Now()
	return end.Sub(start), end.Sub(first), nil
}

func h2c() *http.Protocols {
	p := new(http.Protocols)
	p.SetUnencryptedHTTP2(true)
	return p
}

// serveHTTP serves /small ("hello") and /bytes/N on path for the life of
// t, over HTTP/1.1, or over the protocols given.
func serveHTTP(t *testing.T, path *netem.Path, protos *http.Protocols) string {
	t.Helper()
	ln, err := path.Listen(0)
	if err != nil {
		t.Fatal(err)
	}
	data := make([]byte, 8<<20)
	mux := http.NewServeMux()
	mux.HandleFunc("/small", func(w http.ResponseWriter, _ *http.Request) { io.WriteString(w, "hello") })
	mux.HandleFunc("/bytes/{n}", func(w http.ResponseWriter, r *http.Request) {
		n, err := strconv.Atoi(r.PathValue("n"))
		if err != nil || n < 0 || n > len(data) {
			http.Error(w, "bad size", http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Length", strconv.Itoa(n))
		w.Write(data[:n])
	})
	srv := &http.Server{Handler: mux, Protocols: protos, ReadHeaderTimeout: 10 * time.Second}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	t.Cleanup(func() {
		srv.Close()
		if err := <-done; !errors.Is(err, http.ErrServerClosed) {
			t.Errorf("serve: %v", err)
		}
	})
	return "http://" + ln.Addr().String()
}
