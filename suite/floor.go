package suite

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/httpclientbench/httpclientbench/clients/raw"
	"github.com/httpclientbench/httpclientbench/server"
	"github.com/httpclientbench/httpclientbench/server/servertest"
)

// getBytesExchange measures one real BenchmarkH1GetBytes exchange of the raw
// client against the in-process fixture server: the request it writes and
// the response bytes the server sends back.
func getBytesExchange(tb testing.TB) (reqBytes, respBytes int) {
	tb.Helper()
	srv := servertest.Start(tb)
	host := strings.TrimPrefix(srv.URL(), "http://")
	req := raw.GetRequest(host, "/json")
	nc, err := net.DialTimeout("tcp", host, 5*time.Second)
	if err != nil {
		tb.Fatal(err)
	}
	defer nc.Close()
	if err := nc.SetDeadline(time.Now().Add(5 * time.Second)); err != nil {
		tb.Fatal(err)
	}
	if _, err := nc.Write(req); err != nil {
		tb.Fatal(err)
	}
	cr := &server.CountingReader{R: nc}
	resp, err := http.ReadResponse(bufio.NewReader(cr), nil)
	if err != nil {
		tb.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != 200 || string(body) != string(jsonBytes) {
		tb.Fatalf("GET /json: status %d, body %q, err %v", resp.StatusCode, body, err)
	}
	// The server sent exactly one response; bufio may have read all of it
	// already, which is what cr counts.
	return len(req), cr.N
}

// tcpEcho is a loopback TCP peer that reads reqBytes and answers respBytes,
// over and over, until closed. It counts what it reads and writes, and the
// connections it accepts, as the fixture servers do (server.CountConns).
type tcpEcho struct {
	ln       net.Listener
	wg       sync.WaitGroup
	mu       sync.Mutex
	conn     net.Conn
	counters server.Counters
}

// target is the echo's counters in a target's shape, for wireCount.
func (e *tcpEcho) target() target {
	return target{wire: e.counters.Wire, opened: func() int { return int(e.counters.Accepted.Load()) }}
}

func startTCPEcho(tb testing.TB, reqBytes, respBytes int) *tcpEcho {
	tb.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	e := &tcpEcho{}
	e.ln = server.CountConns(ln, &e.counters)
	e.wg.Add(1)
	go func() {
		defer e.wg.Done()
		nc, err := e.ln.Accept()
		if err != nil {
			return
		}
		e.counters.Accepted.Add(1)
		e.mu.Lock()
		e.conn = nc
		e.mu.Unlock()
		in, out := make([]byte, reqBytes), make([]byte, respBytes)
		for {
			if _, err := io.ReadFull(nc, in); err != nil {
				return
			}
			if _, err := nc.Write(out); err != nil {
				return
			}
		}
	}()
	tb.Cleanup(func() {
		e.ln.Close()
		e.mu.Lock()
		if e.conn != nil {
			e.conn.Close()
		}
		e.mu.Unlock()
		e.wg.Wait()
	})
	return e
}

// LoopbackRoundTrip is the physical floor of the HTTP/1.1 rows, the
// benchmark BenchmarkLoopbackRoundTrip: one op is a TCP round trip over
// loopback between two goroutines with the byte counts of one H1GetBytes
// exchange of the raw client (its request out, the fixture server's whole
// response back), and no HTTP at all. It always runs in-process,
// HTTPBENCH_TARGET or not, and reports the counters every leaf does
// (sent-B/op and recv-B/op, the exchange's sizes; conns/op, 0), as its
// peer counts them.
func LoopbackRoundTrip(b *testing.B) {
	reqBytes, respBytes := getBytesExchange(b)
	e := startTCPEcho(b, reqBytes, respBytes)
	nc, err := net.DialTimeout("tcp", e.ln.Addr().String(), 5*time.Second)
	if err != nil {
		b.Fatal(err)
	}
	defer nc.Close()
	req, resp := make([]byte, reqBytes), make([]byte, respBytes)
	roundTrip := func() error {
		if _, err := nc.Write(req); err != nil {
			return err
		}
		n, err := io.ReadFull(nc, resp)
		if err != nil {
			return fmt.Errorf("read %d of %d bytes: %w", n, respBytes, err)
		}
		return nil
	}
	if err := roundTrip(); err != nil {
		b.Fatalf("warm-up: %v", err)
	}
	b.ReportAllocs()
	cpu, wire := processCPU(b), e.target().count()
	for b.Loop() {
		if err := roundTrip(); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, cpu)
	e.target().count().since(wire).report(b)
}
