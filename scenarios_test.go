package httpclientbench_test

import (
	"fmt"
	"net"
	"net/http"
	"slices"
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
	h1Libraries = clients.Libraries
)

func h2cConfig(w h2c.Window) clients.Config { return clients.Config{H2C: &w} }

// A bufRule says where a body read into memory goes: the buf= level of the
// families that read one (see clients.Client).
type bufRule string

const (
	bufFresh  bufRule = "fresh"  // a new result per op, the library's usual way
	bufReused bufRule = "reused" // the caller's buffer, kept across ops
)

var bufRules = []bufRule{bufFresh, bufReused}

// A size is a body size and its label in benchmark names.
type size struct {
	label string
	n     int
}

var downloadSizes = []size{{"64KiB", 64 << 10}, {"1MiB", 1 << 20}}

// with returns v with levels appended.
func (v variant) with(levels ...string) variant {
	v.levels = append(slices.Clip(v.levels), levels...)
	return v
}

var (
	h1GetBytes = family{"H1GetBytes", eachBuf(func(r bufRule) variant {
		return variant{clients: h1Clients, newOp: getJSONBytes(r)}
	})}
	h1GetText  = family{"H1GetText", []variant{{clients: h1Clients, newOp: getText}}}
	jsonFamily = family{"JSON", []variant{{clients: h1Clients, newOp: getJSON}}}
	h1Post4KiB = family{"H1Post4KiB", eachBuf(func(r bufRule) variant {
		return variant{clients: h1Clients, bytes: 4 << 10, newOp: post(4<<10, r)}
	})}
	h1Download = family{"H1Download", eachSize(func(sz size) []variant {
		return eachBuf(func(r bufRule) variant { return download(sz, h1Clients, clients.Config{}, r) })
	})}
	h1Concurrent = family{"H1Concurrent", []variant{
		concurrent(10, h1Clients, clients.Config{}),
		concurrent(50, h1Clients, clients.Config{}),
	}}

	// Every HTTP/2 row names its window preset (see package h2c).
	h2Get      = family{"H2Get", []variant{variant{clients: h2Clients, cfg: h2cConfig(h2c.WindowTuned), newOp: getJSONBytes(bufFresh)}.with("window=tuned")}}
	h2Download = family{"H2Download", eachSize(func(sz size) []variant {
		return eachWindow(func(w h2c.Window) []variant {
			return eachBuf(func(r bufRule) variant { return download(sz, h2Clients, h2cConfig(w), r) })
		})
	})}
	h2Upload = family{"H2Upload", prefixed("size=1MiB", eachWindow(func(w h2c.Window) []variant {
		return []variant{{clients: h2Clients, cfg: h2cConfig(w), bytes: 1 << 20, newOp: post(1<<20, bufFresh)}}
	}))}
	h2Concurrent = family{"H2Concurrent", []variant{concurrent(10, h2Clients, h2cConfig(h2c.WindowTuned)).with("window=tuned")}}
	h2Post4KiB   = family{"H2Post4KiB", []variant{variant{clients: h2Clients, cfg: h2cConfig(h2c.WindowTuned), bytes: 4 << 10, newOp: post(4<<10, bufFresh)}.with("window=tuned")}}

	// pool compares a kept-alive connection with a new one per request, for
	// a small GET. HTTP/2 rows use each library's default windows.
	pool = family{"Pool", []variant{
		{levels: []string{"proto=h1", "conn=pooled"}, clients: h1Libraries, newOp: getJSONBytes(bufFresh)},
		{levels: []string{"proto=h1", "conn=fresh"}, clients: h1Libraries, cfg: clients.Config{Fresh: true}, newOp: getJSONBytes(bufFresh)},
		{levels: []string{"proto=h2", "window=default", "conn=pooled"}, clients: h2Clients, cfg: h2cConfig(h2c.WindowDefault), newOp: getJSONBytes(bufFresh)},
		{levels: []string{"proto=h2", "window=default", "conn=fresh"}, clients: h2Clients, cfg: clients.Config{H2C: &h2c.WindowDefault, Fresh: true},
			clientTimeWait: true, newOp: getJSONBytes(bufFresh)},
	}}
)

// eachBuf returns mk's variant once per buffer rule, with a buf= level.
func eachBuf(mk func(bufRule) variant) []variant {
	var out []variant
	for _, r := range bufRules {
		out = append(out, mk(r).with("buf="+string(r)))
	}
	return out
}

// eachSize returns mk's variants for every download size, each with a
// size= level first.
func eachSize(mk func(size) []variant) []variant {
	var out []variant
	for _, sz := range downloadSizes {
		out = append(out, prefixed("size="+sz.label, mk(sz))...)
	}
	return out
}

// eachWindow returns mk's variants for every window preset, each with a
// window= level first.
func eachWindow(mk func(h2c.Window) []variant) []variant {
	var out []variant
	for _, w := range h2c.Windows {
		out = append(out, prefixed("window="+w.Name, mk(w))...)
	}
	return out
}

// prefixed returns vs with level put before their other levels.
func prefixed(level string, vs []variant) []variant {
	for i := range vs {
		vs[i].levels = append([]string{level}, vs[i].levels...)
	}
	return vs
}

func download(sz size, cs []clients.Factory, cfg clients.Config, r bufRule) variant {
	return variant{clients: cs, cfg: cfg, bytes: int64(sz.n),
		newOp: func(c clients.Client, t target) op {
			return getBytesOp(c, fmt.Sprintf("%s/bytes/%d", t.base, sz.n), fixtures.Bytes(sz.n), t.proto, r)
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
				ops[i] = getJSONBytes(bufFresh)(c, t)
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

// getJSONBytes returns an op builder that GETs /json as bytes under rule r.
func getJSONBytes(r bufRule) func(clients.Client, target) op {
	return func(c clients.Client, t target) op {
		return getBytesOp(c, t.base+"/json", jsonBytes, t.proto, r)
	}
}

func getText(c clients.Client, t target) op {
	url := t.base + "/json"
	return func(bool) error {
		m, s, err := c.GetText(url)
		if err := checkMeta(m, err, 200, t.proto); err != nil {
			return err
		}
		// The length as received too: a library may trim what it hands over.
		if m.BodyLen != len(fixtures.JSONBody) || s != fixtures.JSONBody {
			return fmt.Errorf("text %q from a %d-byte body, want %q (%d bytes)", s, m.BodyLen, fixtures.JSONBody, len(fixtures.JSONBody))
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
		// A decoder skips whitespace around the value: check the length.
		if m.BodyLen != len(fixtures.JSONBody) {
			return fmt.Errorf("JSON body of %d bytes, want %d", m.BodyLen, len(fixtures.JSONBody))
		}
		if v != fixtures.WantJSON {
			return fmt.Errorf("decoded %+v, want %+v", v, fixtures.WantJSON)
		}
		return nil
	}
}

// post returns an op builder that POSTs n payload bytes to /echo under
// rule r.
func post(n int, r bufRule) func(clients.Client, target) op {
	return func(c clients.Client, t target) op {
		body := fixtures.Bytes(n)
		url := t.base + "/echo"
		return bodyOp(body, t.proto, r, func(dst []byte) (clients.Meta, []byte, error) {
			if r == bufReused {
				return c.PostInto(url, fixtures.ContentTypeBinary, body, dst)
			}
			return c.Post(url, fixtures.ContentTypeBinary, body)
		})
	}
}

// getBytesOp GETs url under rule r and checks the body against want.
func getBytesOp(c clients.Client, url string, want []byte, proto int, r bufRule) op {
	return bodyOp(want, proto, r, func(dst []byte) (clients.Meta, []byte, error) {
		if r == bufReused {
			return c.GetBytesInto(url, dst)
		}
		return c.GetBytes(url)
	})
}

// bodyOp is the op of every exchange that returns a body in memory: do
// gets the previous op's result (the buffer to fill under bufReused; under
// bufFresh it must not be used) and returns the new one, which must be
// want, with status 200 over proto.
//
// Every answer of a row is the same bytes, so a client that handed back
// the previous op's buffer untouched would pass a plain comparison. Before
// each op the bytes that the check compares are poisoned in the previous
// result, which the op owns under both rules: a stale answer then fails.
func bodyOp(want []byte, proto int, r bufRule, do func(dst []byte) (clients.Meta, []byte, error)) op {
	var prev []byte
	return func(full bool) error {
		fixtures.Poison(prev, want)
		m, b, err := do(prev)
		prev = b
		if err := checkMeta(m, err, 200, proto); err != nil {
			return err
		}
		return fixtures.CheckBody(b, want, full)
	}
}

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
