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
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/httpclientbench/httpclientbench/netem"
)

// The physics end to end: what a connection over the path must take at
// least, whatever the machine. A path cannot carry a packet faster than
// its delay nor bytes faster than its bandwidth, so the bounds here are
// lower bounds, judged on every try, under the race detector too: a busy
// machine only adds time. How much it adds is not judged (on the lan
// profile, 1 ms and 1 Gbit/s, the two stacks' CPU is a large part of a
// transfer on two cores): the tests log it with -v, beside the line's own
// lateness (the delivering thread's wake-ups, see LineStats). The one
// upper bound is notSlow's, on the 40 ms paths only, where a round trip
// dwarfs the CPU's share: it catches a line that sleeps too long. That
// each packet is held exactly RTT/2 and sent at exactly the bandwidth is
// asserted in the line's own time by line_test.go.

// oneWay is the least a packet can take one way: half the round trip,
// less what the line may hand it over early.
func oneWay(p netem.Profile) time.Duration { return p.RTT/2 - netem.Early }

// eachProfile runs f on a new path of every profile's delay and
// bandwidth (lossy's are wan's), in parallel.
func eachProfile(t *testing.T, f func(t *testing.T, path *netem.Path)) {
	for _, p := range []netem.Profile{netem.LAN, netem.WAN} {
		t.Run(p.Name, func(t *testing.T) {
			t.Parallel()
			f(t, newPath(t, p))
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

// atLeast runs f tries times and fails t for every try that took less
// than min; it logs the fastest try and the path's delivery lateness.
func atLeast(t *testing.T, path *netem.Path, what string, tries int, min time.Duration, f func() (time.Duration, error)) time.Duration {
	t.Helper()
	var best time.Duration
	for i := range tries {
		d, err := f()
		if err != nil {
			t.Fatalf("%s, try %d: %v", what, i+1, err)
		}
		if d < min {
			t.Errorf("%s, try %d: %v, faster than the path allows (at least %v)", what, i+1, d, min)
		}
		if i == 0 || d < best {
			best = d
		}
	}
	s := path.Stats()
	t.Logf("%s: fastest of %d %v (at least %v); the line's lateness: mean %v, max %v", what, tries, best, min,
		max(s.Up.MeanLate(), s.Down.MeanLate()), max(s.Up.MaxLate, s.Down.MaxLate))
	return best
}

// notSlow fails t if the fastest try of a round trip's work on a path of
// 40 ms or more took more than half a round trip over its bound: an
// upper bound only where the emulated time dwarfs what the CPU can add
// (a connect or a small GET costs the two stacks well under a
// millisecond, even under the race detector, so the fastest of five tries
// 20 ms late means the line itself is slow, not the machine). On lan a
// busy machine can add a round trip's worth, so it is not judged there.
func notSlow(t *testing.T, p netem.Profile, what string, best, min time.Duration) {
	t.Helper()
	if p.RTT < 40*time.Millisecond {
		return
	}
	if limit := min + p.RTT/2; best > limit {
		t.Errorf("%s: fastest try %v, slower than the path allows with any CPU cost (at most %v on %s)", what, best, limit, p.Name)
	}
}

func TestConnectCostsOneRoundTrip(t *testing.T) {
	eachProfile(t, func(t *testing.T, path *netem.Path) {
		addr := serveBulk(t, path)
		min := 2 * oneWay(path.Profile())
		best := atLeast(t, path, "TCP connect", 5, min, func() (time.Duration, error) {
			start := time.Now()
			c, err := path.DialContext(context.Background(), "tcp", addr)
			if err != nil {
				return 0, err
			}
			d := time.Since(start)
			return d, c.Close()
		})
		notSlow(t, path.Profile(), "TCP connect", best, min)
	})
}

func TestPooledGetCostsOneRoundTrip(t *testing.T) {
	eachProfile(t, func(t *testing.T, path *netem.Path) {
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
		min := 2 * oneWay(path.Profile())
		notSlow(t, path.Profile(), "pooled GET", atLeast(t, path, "pooled GET", 5, min, get), min)
	})
}

// TestBulkIsBoundByTheBandwidth: 8 MiB on a warm connection take at least
// a round trip and the payload's time at the bandwidth (the headers'
// share is left out: a bound that holds whatever the segment size), and
// every byte crosses the line.
func TestBulkIsBoundByTheBandwidth(t *testing.T) {
	t.Parallel() // lower bounds only
	eachProfile(t, func(t *testing.T, path *netem.Path) {
		conn := dialBulk(t, path)
		if _, err := fetch(conn, 2<<20); err != nil { // past slow start
			t.Fatal(err)
		}
		const n = 8 << 20
		p := path.Profile()
		before := path.Stats().Down.Bytes
		tries := 2
		best := atLeast(t, path, "8 MiB on a warm connection", tries, 2*oneWay(p)+bitsAt(p, n), func() (time.Duration, error) {
			return fetch(conn, n)
		})
		if carried := path.Stats().Down.Bytes - before; carried < int64(tries*n) {
			t.Errorf("the line carried %d bytes for %d of payload: some went around it", carried, tries*n)
		}
		// What it achieved, for the log: a 1500-byte packet carries 1448
		// bytes of payload (IPv4 20, TCP 20, timestamps 12).
		wire := time.Duration(float64(bitsAt(p, n)) * 1500 / 1448)
		t.Logf("goodput %.1f Mbit/s of %d; the line's rate allows %.1f",
			float64(n)*8/(best-p.RTT).Seconds()/1e6, p.Bandwidth/1e6, float64(n)*8/wire.Seconds()/1e6)
	})
}

// bitsAt is how long n bytes take at p's bandwidth.
func bitsAt(p netem.Profile, n int) time.Duration {
	return time.Duration(float64(n) * 8 / float64(p.Bandwidth) * float64(time.Second))
}

// TestSlowStart: the first 1 MiB on a new connection takes at least the
// round trips of slow start. A sender starts with 10 segments in flight
// (TCP's initial window) and at most doubles that each round trip (each
// acknowledged segment lets two go), so 1 MiB in segments of at most 1460
// bytes takes at least 7 flights, 7 round trips from request to last
// byte, where a warm connection takes one and the transfer (215 ms on
// wan). Over the lan profile the bandwidth bounds the transfer before slow
// start does (7 round trips of 1 ms against 8.4 ms of payload at 1
// Gbit/s), so it runs on wan only.
func TestSlowStart(t *testing.T) {
	t.Parallel()
	path := newPath(t, netem.WAN)
	const n = 1 << 20
	flights := 0
	for sent, cwnd := 0, 10; sent*1460 < n; sent, cwnd = sent+cwnd, 2*cwnd {
		flights++
	}
	rt := 2 * oneWay(path.Profile())
	fresh := atLeast(t, path, "1 MiB on a fresh connection", 3, time.Duration(flights)*rt, func() (time.Duration, error) {
		c := dialBulk(t, path)
		defer c.Close()
		return fetch(c, n)
	})
	// Logged, not judged: how much slow start cost on this run.
	c := dialBulk(t, path)
	if _, err := fetch(c, 2<<20); err != nil {
		t.Fatal(err)
	}
	warm, err := fetch(c, n)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("1 MiB: fresh %v, warm %v (%.1f round trips more; at least %d flights on a fresh one)",
		fresh, warm, float64(fresh-warm)/float64(path.Profile().RTT), flights)
}

// TestH2WindowCapsTheStream: with a 64 KiB HTTP/2 window the server has at
// most 64 KiB unacknowledged by the client's WINDOW_UPDATEs, which take a
// round trip to come back: 1 MiB takes at least 16 round trips.
func TestH2WindowCapsTheStream(t *testing.T) {
	t.Parallel() // lower bounds only
	eachProfile(t, func(t *testing.T, path *netem.Path) {
		const n = 1 << 20
		url := serveHTTP(t, path, h2c())
		download := func(window int) func() (time.Duration, error) {
			tr := &http.Transport{DialContext: path.DialContext, Protocols: h2c()}
			if window > 0 {
				tr.HTTP2 = &http.HTTP2Config{MaxReceiveBufferPerStream: window, MaxReceiveBufferPerConnection: window}
			}
			hc := &http.Client{Transport: tr}
			t.Cleanup(hc.CloseIdleConnections)
			return func() (time.Duration, error) {
				start := time.Now()
				resp, err := hc.Get(url + "/bytes/" + strconv.Itoa(n))
				if err != nil {
					return 0, err
				}
				b, err := io.ReadAll(resp.Body)
				resp.Body.Close()
				if err == nil && (resp.ProtoMajor != 2 || len(b) != n) {
					err = fmt.Errorf("HTTP/%d, %d bytes; want HTTP/2, %d", resp.ProtoMajor, len(b), n)
				}
				return time.Since(start), err
			}
		}
		rt := 2 * oneWay(path.Profile())
		small := download(64 << 10)
		if _, err := small(); err != nil { // the connection, past slow start
			t.Fatal(err)
		}
		got := atLeast(t, path, "1 MiB over HTTP/2 with a 64 KiB window", 2, n/(64<<10)*rt, small)
		large := download(0)
		if _, err := large(); err != nil {
			t.Fatal(err)
		}
		dflt := atLeast(t, path, "1 MiB over HTTP/2 with Go's default window", 2, rt+bitsAt(path.Profile(), n), large)
		t.Logf("64 KiB window: %.1f round trips; default: %.1f", float64(got)/float64(path.Profile().RTT), float64(dflt)/float64(path.Profile().RTT))
	})
}

// TestLossRate: 100,000 datagrams each way over the lossy profile lose
// 1 % ± 0.2 %, as the line counts them, and every datagram the line did
// not lose arrives (nothing else on the path drops one). The sender keeps
// at most a window of datagrams ahead of the reader, so a slow reader
// cannot make a socket drop one.
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
	const n, window = 100_000, 1000
	for _, dir := range []struct {
		name     string
		from, to net.PacketConn
		lost     func(netem.Stats) int64
	}{
		{"client to server", client, server, func(s netem.Stats) int64 { return s.Up.Lost }},
		{"server to client", server, client, func(s netem.Stats) int64 { return s.Down.Lost }},
	} {
		lost0 := dir.lost(path.Stats())
		lost := func() int { return int(dir.lost(path.Stats()) - lost0) }
		var received atomic.Int64
		readerDone := make(chan error, 1)
		go func() {
			buf := make([]byte, 64)
			for {
				if _, _, err := dir.to.ReadFrom(buf); err != nil {
					readerDone <- err
					return
				}
				received.Add(1)
			}
		}()
		// A liveness guard only: each wait below ends as soon as the
		// reader catches up; a minute means a datagram vanished.
		guard := time.Now().Add(time.Minute)
		waitReader := func(upTo int) {
			for int(received.Load())+lost() < upTo {
				if time.Now().After(guard) {
					t.Fatalf("%s: %d datagrams arrived and %d were lost of %d sent: the rest vanished", dir.name, received.Load(), lost(), upTo)
				}
				time.Sleep(100 * time.Microsecond)
			}
		}
		msg := make([]byte, 32)
		for i := range n {
			waitReader(i - window)
			binary.BigEndian.PutUint64(msg, uint64(i))
			if _, err := dir.from.WriteTo(msg, dir.to.LocalAddr()); err != nil {
				t.Fatal(err)
			}
		}
		waitReader(n)
		dir.to.SetReadDeadline(time.Now()) // stop the reader
		<-readerDone
		dir.to.SetReadDeadline(time.Time{})
		if got := int(received.Load()); got != n-lost() {
			t.Errorf("%s: %d arrived, want %d (sent %d, the line lost %d)", dir.name, got, n-lost(), n, lost())
		}
		if rate := float64(lost()) / n; rate < 0.008 || rate > 0.012 {
			t.Errorf("%s: the line lost %d of %d datagrams (%.3f %%), want 1 %% ± 0.2 %%", dir.name, lost(), n, rate*100)
		} else {
			t.Logf("%s: loss %.3f %% (%d of %d)", dir.name, rate*100, lost(), n)
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
// the last byte.
func fetch(c net.Conn, n int) (time.Duration, error) {
	var req [8]byte
	binary.BigEndian.PutUint64(req[:], uint64(n))
	start := time.Now()
	if _, err := c.Write(req[:]); err != nil {
		return 0, err
	}
	buf := make([]byte, 256<<10)
	for got := 0; got < n; {
		k, err := c.Read(buf[:min(len(buf), n-got)])
		got += k
		if err != nil {
			return 0, fmt.Errorf("after %d of %d bytes: %w", got, n, err)
		}
	}
	return time.Since(start), nil
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

// TestMTU: a path carries packets of at most its MTU, Ethernet's 1500 bytes
// unless the profile sets another, and a bulk transfer mostly fills them:
// 1 MiB down a path of MTU m comes in at least 1 MiB/m packets and at
// most about twice that (how full each is depends on the sender's timing).
// A profile's MTU outside IPv4's is refused.
func TestMTU(t *testing.T) {
	t.Parallel()
	for _, mtu := range []uint32{0, 9000, 65535} {
		t.Run(fmt.Sprint("mtu=", mtu), func(t *testing.T) {
			t.Parallel()
			want := int64(mtu)
			if mtu == 0 {
				want = 1500
			}
			p := netem.Profile{Name: "mtu", Bandwidth: 10e9, MTU: mtu}
			path := newPath(t, p)
			conn := dialBulk(t, path)
			const n = 1 << 20
			before := path.Stats().Down
			if _, err := fetch(conn, n); err != nil {
				t.Fatal(err)
			}
			after := path.Stats().Down
			packets, bytes := after.Sent-before.Sent, after.Bytes-before.Bytes
			if bytes < n {
				t.Fatalf("%d bytes carried for %d of payload", bytes, n)
			}
			// No packet is larger than the MTU, so at least bytes/MTU of
			// them. How full each is depends on the sender's timing: a
			// busy machine sent 25 where 18 were full (when the bound
			// was 24), so the packets need only average about half the
			// MTU; a path that kept a smaller one (1500 where 9000 or
			// 65535 is set) still fails by far.
			least := (bytes + want - 1) / want
			most := 2*least + 8
			if packets < least || packets > most {
				t.Errorf("%d bytes in %d packets; with an MTU of %d, want %d to %d", bytes, packets, want, least, most)
			}
		})
	}
	for _, mtu := range []uint32{1, 575, 65536} {
		if _, err := netem.New(netem.Profile{Name: "bad", Bandwidth: 1e9, MTU: mtu}); err == nil || !strings.Contains(err.Error(), "MTU") {
			t.Errorf("MTU %d: %v, want an error naming the MTU", mtu, err)
		}
	}
}
