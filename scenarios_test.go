package httpclientbench_test

import (
	"fmt"
	"net"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/fixtures"
	"github.com/httpclientbench/httpclientbench/h2c"
)

// An op is one timed operation of a scenario, validated. With full set it
// checks every byte (the warm-up and the tests); otherwise status, protocol
// and length, plus the content wherever that is cheap next to the request.
type op func(full bool) error

// A target is where a variant's requests go.
type target struct {
	base  string // "http://host:port"
	proto int    // the HTTP major version every answer must come over
	// conns, when set, counts the connections the server has accepted so
	// far (the in-process h2c servers count them).
	conns func() int
}

// A variant is one set of leaves of a benchmark family: its key=value levels
// below the family, the clients that run it, and how each op is built.
type variant struct {
	levels  []string // e.g. {"size=64KiB", "window=tuned"}; client= comes after
	clients []clients.Factory
	cfg     clients.Config // H2C set: the variant runs over h2c with those windows on both ends
	bytes   int64          // b.SetBytes per op; 0 when no body worth counting moves
	// clientTimeWait: every op leaves a TIME_WAIT socket on the client side
	// (fresh HTTP/2 connections); see checkPortBudget.
	clientTimeWait bool
	newOp          func(c clients.Client, t target) op
}

// A family is one Benchmark function.
type family struct {
	name     string // the Benchmark function's name without "Benchmark"
	variants []variant
}

// families lists every family; TestScenarios runs them all.
var families = []family{
	h1GetBytes, h1GetText, jsonFamily, h1Post4KiB, h1Download, h1Concurrent,
	h2Get, h2Download, h2Upload, h2Concurrent, h2Post4KiB, pool,
	sseFamily, multipartFamily, uploadFamily, rangeDownload, bodyStream,
}

var jsonBytes = []byte(fixtures.JSONBody)

// Client sets that are not a registry list of their own.
var (
	h1Clients = clients.HTTP1
	h2Clients = clients.HTTP2
	// h1Libraries are the HTTP/1.1 clients that are libraries: raw is a
	// floor, with no fresh connections and no feature capabilities.
	h1Libraries = clients.HTTP1[:4]
)

func h2cConfig(w h2c.Window) clients.Config { return clients.Config{H2C: &w} }

var (
	h1GetBytes = family{"H1GetBytes", []variant{{clients: h1Clients, newOp: getJSONBytes}}}
	h1GetText  = family{"H1GetText", []variant{{clients: h1Clients, newOp: getText}}}
	jsonFamily = family{"JSON", []variant{{clients: h1Clients, newOp: getJSON}}}
	h1Post4KiB = family{"H1Post4KiB", []variant{{clients: h1Clients, bytes: 4 << 10, newOp: post(4 << 10)}}}
	h1Download = family{"H1Download", []variant{
		download("64KiB", 64<<10, h1Clients, clients.Config{}),
		download("1MiB", 1<<20, h1Clients, clients.Config{}),
	}}
	h1Concurrent = family{"H1Concurrent", []variant{
		concurrent(10, h1Clients, clients.Config{}),
		concurrent(50, h1Clients, clients.Config{}),
	}}

	h2Get      = family{"H2Get", []variant{{clients: h2Clients, cfg: h2cConfig(h2c.WindowTuned), newOp: getJSONBytes}}}
	h2Download = family{"H2Download", windowed(func(w h2c.Window) []variant {
		return []variant{
			download("64KiB", 64<<10, h2Clients, h2cConfig(w)),
			download("1MiB", 1<<20, h2Clients, h2cConfig(w)),
		}
	})}
	h2Upload = family{"H2Upload", windowed(func(w h2c.Window) []variant {
		return []variant{{levels: []string{"size=1MiB"}, clients: h2Clients, cfg: h2cConfig(w), bytes: 1 << 20, newOp: post(1 << 20)}}
	})}
	h2Concurrent = family{"H2Concurrent", []variant{concurrent(10, h2Clients, h2cConfig(h2c.WindowTuned))}}
	h2Post4KiB   = family{"H2Post4KiB", []variant{{clients: h2Clients, cfg: h2cConfig(h2c.WindowTuned), bytes: 4 << 10, newOp: post(4 << 10)}}}

	// pool compares a kept-alive connection with a new one per request, for
	// a small GET. HTTP/2 rows use each library's default windows.
	pool = family{"Pool", []variant{
		{levels: []string{"proto=h1", "conn=pooled"}, clients: h1Libraries, newOp: getJSONBytes},
		{levels: []string{"proto=h1", "conn=fresh"}, clients: h1Libraries, cfg: clients.Config{Fresh: true}, newOp: getJSONBytes},
		{levels: []string{"proto=h2", "conn=pooled"}, clients: h2Clients, cfg: h2cConfig(h2c.WindowDefault), newOp: getJSONBytes},
		{levels: []string{"proto=h2", "conn=fresh"}, clients: h2Clients, cfg: clients.Config{H2C: &h2c.WindowDefault, Fresh: true},
			clientTimeWait: true, newOp: getJSONBytes},
	}}
)

// windowed appends a window=W level to the variants mk builds for each
// preset, keeping each size's windows together in the tables.
func windowed(mk func(h2c.Window) []variant) []variant {
	var byWindow [][]variant
	for _, w := range h2c.Windows {
		vs := mk(w)
		for i := range vs {
			vs[i].levels = append(vs[i].levels, "window="+w.Name)
		}
		byWindow = append(byWindow, vs)
	}
	var out []variant
	for i := range byWindow[0] { // size-major order
		for _, vs := range byWindow {
			out = append(out, vs[i])
		}
	}
	return out
}

func download(label string, n int, cs []clients.Factory, cfg clients.Config) variant {
	return variant{levels: []string{"size=" + label}, clients: cs, cfg: cfg, bytes: int64(n),
		newOp: func(c clients.Client, t target) op {
			return getBytesOp(c, fmt.Sprintf("%s/bytes/%d", t.base, n), fixtures.Bytes(n), t.proto)
		}}
}

// concurrent: one op is n GETs of /json started together and all awaited,
// whatever GOMAXPROCS is. Each worker keeps its own body buffer.
//
// Over HTTP/2 the n requests must be multiplexed on one connection. A cold
// net/http transport dials one h2c connection per request that races for
// the first (measured: 8 to 10 for 10 requests), and even after a lone
// request it hands the new connection to that request a moment before its
// pool has it. So the first op opens the connection with lone requests
// until one of them reuses it (see primeOne), and every op checks, where
// the server counts connections, that there is still exactly one.
func concurrent(n int, cs []clients.Factory, cfg clients.Config) variant {
	return variant{levels: []string{fmt.Sprintf("n=%d", n)}, clients: cs, cfg: cfg,
		newOp: func(c clients.Client, t target) op {
			ops := make([]op, n)
			for i := range ops {
				ops[i] = getJSONBytes(c, t)
			}
			primed := t.proto == 1
			return func(full bool) error {
				if !primed {
					if err := primeOne(c, ops[0], t); err != nil {
						return err
					}
					primed = true
				}
				var g errgroup.Group
				for _, o := range ops {
					g.Go(func() error { return o(full) })
				}
				if err := g.Wait(); err != nil {
					return err
				}
				if t.proto == 2 && t.conns != nil {
					if k := t.conns(); k != 1 {
						return fmt.Errorf("%d requests spread over %d connections, want 1", n, k)
					}
				}
				return nil
			}
		}}
}

// primeOne leaves c with exactly one open connection to t's server: it
// sends lone requests until one of them opens no new connection (so the
// first one reached the pool), and starts over with the idle connections
// closed if the race opened more than one. Without a connection count it
// sends one request.
func primeOne(c clients.Client, lone op, t target) error {
	if t.conns == nil {
		return lone(true)
	}
	for attempt := 0; attempt < 10; attempt++ {
		start := t.conns()
		for i := 0; i < 10; i++ {
			before := t.conns()
			if err := lone(true); err != nil {
				return fmt.Errorf("opening the connection: %w", err)
			}
			if t.conns() == before && i > 0 {
				break
			}
		}
		if t.conns()-start == 1 && start == 0 {
			return nil
		}
		// Close drops the idle connections; the net/http-based clients (the
		// only HTTP/2 ones) stay usable. Try again from none.
		c.Close()
		if err := waitConns(t, 0); err != nil {
			return err
		}
	}
	return fmt.Errorf("could not get the client down to one connection (server saw %d)", t.conns())
}

func getJSONBytes(c clients.Client, t target) op {
	return getBytesOp(c, t.base+"/json", jsonBytes, t.proto)
}

func getText(c clients.Client, t target) op {
	url := t.base + "/json"
	return func(bool) error {
		m, s, err := c.GetText(url)
		if err := checkMeta(m, err, 200, t.proto); err != nil {
			return err
		}
		if s != fixtures.JSONBody {
			return fmt.Errorf("text %q, want %q", s, fixtures.JSONBody)
		}
		return nil
	}
}

func getJSON(c clients.Client, t target) op {
	url := t.base + "/json"
	return func(bool) error {
		var v fixtures.JSONMessage
		m, err := c.GetJSON(url, &v)
		if err := checkMeta(m, err, 200, t.proto); err != nil {
			return err
		}
		if v != fixtures.WantJSON {
			return fmt.Errorf("decoded %+v, want %+v", v, fixtures.WantJSON)
		}
		return nil
	}
}

// post returns an op builder that POSTs n payload bytes to /echo.
func post(n int) func(clients.Client, target) op {
	return func(c clients.Client, t target) op {
		return postOp(c, t.base+"/echo", fixtures.Bytes(n), t.proto)
	}
}

// getBytesOp GETs url into a reused buffer and checks the body against want.
func getBytesOp(c clients.Client, url string, want []byte, proto int) op {
	var buf []byte
	return func(full bool) error {
		m, b, err := c.GetBytes(url, buf)
		buf = b
		if err := checkMeta(m, err, 200, proto); err != nil {
			return err
		}
		return fixtures.CheckBody(b, want, full || len(want) <= smallBody)
	}
}

// postOp POSTs body to the echo route and checks the echo.
func postOp(c clients.Client, url string, body []byte, proto int) op {
	var buf []byte
	return func(full bool) error {
		m, b, err := c.Post(url, fixtures.ContentTypeBinary, body, buf)
		buf = b
		if err := checkMeta(m, err, 200, proto); err != nil {
			return err
		}
		return fixtures.CheckBody(b, body, full || len(body) <= smallBody)
	}
}

// smallBody is the size up to which every op compares every byte: for
// bodies this small the comparison costs nothing next to the request.
const smallBody = 4 << 10

// checkMeta turns a transport error, an unexpected status or an unexpected
// protocol (a silent fallback to HTTP/1.1, say) into an error.
func checkMeta(m clients.Meta, err error, status, proto int) error {
	if err != nil {
		return err
	}
	if err := fixtures.CheckStatus(m.Status, status); err != nil {
		return err
	}
	if m.ProtoMajor != proto {
		return fmt.Errorf("answered over HTTP/%d, want HTTP/%d", m.ProtoMajor, proto)
	}
	return nil
}

// servers says where variants send their requests.
type servers struct {
	h1 string // base URL of the HTTP/1.1 fixture server
	// h2 starts an h2c fixture server with window w for the life of tb.
	h2 func(tb testing.TB, w h2c.Window, opts ...h2c.Option) string
}

// defaultServers: HTTP/1.1 to h1Target (in-process or HTTPBENCH_TARGET),
// h2c to a new in-process h2c server per leaf. The HTTP/1.1 server is
// started only if some variant of fs needs it.
func defaultServers(tb testing.TB, fs ...family) servers {
	tb.Helper()
	s := servers{h2: func(tb testing.TB, w h2c.Window, opts ...h2c.Option) string { return startH2C(tb, w, opts...).URL() }}
	for _, f := range fs {
		for _, v := range f.variants {
			if v.cfg.H2C == nil && s.h1 == "" {
				s.h1 = h1Target(tb)
			}
		}
	}
	return s
}

// target returns where v's requests go, starting an h2c server if v needs
// one.
func (s servers) target(tb testing.TB, v variant) target {
	if v.cfg.H2C != nil {
		var open atomic.Int64 // connections the server holds now
		base := s.h2(tb, *v.cfg.H2C, h2c.WithConnState(func(_ net.Conn, st http.ConnState) {
			switch st {
			case http.StateNew:
				open.Add(1)
			case http.StateClosed, http.StateHijacked:
				open.Add(-1)
			}
		}))
		return target{base: base, proto: 2, conns: func() int { return int(open.Load()) }}
	}
	return target{base: s.h1, proto: 1}
}

// runner is what *testing.T and *testing.B share for building the matrix.
type runner[T any] interface {
	testing.TB
	Run(name string, f func(T)) bool
}

// eachLeaf runs leaf for every variant × client of f, as nested sub-tests or
// sub-benchmarks named level/level/client=name.
func eachLeaf[T runner[T]](tb T, f family, leaf func(T, variant, clients.Factory)) {
	runVariants(tb, f.variants, 0, leaf)
}

// runVariants runs vs, whose first depth levels are already in tb's name,
// grouping consecutive variants that share their next level under one
// sub-test of that name.
func runVariants[T runner[T]](tb T, vs []variant, depth int, leaf func(T, variant, clients.Factory)) {
	for i := 0; i < len(vs); {
		v := vs[i]
		if len(v.levels) == depth {
			for _, cf := range v.clients {
				tb.Run("client="+cf.Name, func(tb T) { leaf(tb, v, cf) })
			}
			i++
			continue
		}
		j := i + 1
		for j < len(vs) && len(vs[j].levels) > depth && vs[j].levels[depth] == v.levels[depth] {
			j++
		}
		group := vs[i:j]
		tb.Run(v.levels[depth], func(tb T) { runVariants(tb, group, depth+1, leaf) })
		i = j
	}
}

// newClient builds a client that is closed when tb ends.
func newClient(tb testing.TB, cf clients.Factory, cfg clients.Config) clients.Client {
	tb.Helper()
	c, err := cf.New(cfg)
	if err != nil {
		tb.Fatalf("new %s client: %v", cf.Name, err)
	}
	tb.Cleanup(func() { c.Close() })
	return c
}

// waitConns waits up to a second for t's server to hold n connections.
func waitConns(t target, n int) error {
	deadline := time.Now().Add(time.Second)
	for t.conns() != n {
		if time.Now().After(deadline) {
			return fmt.Errorf("server holds %d connections, want %d", t.conns(), n)
		}
		time.Sleep(time.Millisecond)
	}
	return nil
}
