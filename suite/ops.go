package suite

import (
	"fmt"
	"reflect"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/server"
)

var jsonBytes = []byte(server.JSONBody)

// capability returns c as T, or an op that fails saying what c lacks
// (errLacks: a brought client's leaf is skipped, a suite client's fails).
func capability[T any](c clients.Client) (T, op) {
	v, ok := c.(T)
	if !ok {
		return v, func(bool) error { return lacks(c.Name(), reflect.TypeFor[T]()) }
	}
	return v, nil
}

// getJSONBytes returns an op builder that GETs /json as bytes under rule r.
func getJSONBytes(r bufRule) func(clients.Client, target) op {
	return func(c clients.Client, t target) op {
		return getBytesOp(c, t.base+"/json", jsonBytes, t.proto, r)
	}
}

// post returns an op builder that POSTs n payload bytes to /echo under
// rule r.
func post(n int, r bufRule) func(clients.Client, target) op {
	return func(c clients.Client, t target) op {
		body := server.Bytes(n)
		url := t.base + "/echo"
		if r == bufReused {
			return bodyOp(body, t.proto, func(dst []byte) (clients.Meta, []byte, error) {
				return c.PostInto(url, server.ContentTypeBinary, body, dst)
			})
		}
		return bodyOp(body, t.proto, func([]byte) (clients.Meta, []byte, error) {
			return c.Post(url, server.ContentTypeBinary, body)
		})
	}
}

// getBytesOp GETs url under rule r and checks the body against want.
func getBytesOp(c clients.Client, url string, want []byte, proto int, r bufRule) op {
	if r == bufReused {
		return bodyOp(want, proto, func(dst []byte) (clients.Meta, []byte, error) {
			return c.GetBytesInto(url, dst)
		})
	}
	return bodyOp(want, proto, func([]byte) (clients.Meta, []byte, error) {
		return c.GetBytes(url)
	})
}

// bodyOp is the op of every exchange that returns a body in memory: do
// gets the previous op's result (the buffer to fill under bufReused; a
// bufFresh exchange ignores it) and returns the new one, which must be
// want, with status 200 over proto.
//
// Every answer of a row is the same bytes, so a client that handed back
// the previous op's buffer untouched would pass a plain comparison. Before
// each op the bytes that the check compares are poisoned in the previous
// result, which the op owns under both rules: a stale answer then fails.
func bodyOp(want []byte, proto int, do func(dst []byte) (clients.Meta, []byte, error)) op {
	var prev []byte
	return func(full bool) error {
		server.Poison(prev, want, full)
		m, b, err := do(prev)
		prev = b
		if err := checkMeta(m, err, 200, proto); err != nil {
			return err
		}
		return server.CheckBody(b, want, full)
	}
}

// reuseGrace is how many ops a pooled row may open connections in: the
// first opens one, and net/http's h2c transport can hand its new
// connection to the first request a moment before its pool has it, so the
// next may dial another. On a busy machine that moment has lasted past the
// second op (once, H2Download/…/window=64KiB/…/client=resty in
// TestScenarios with other packages' tests beside it), so three.
const reuseGrace = 3

// reuseStreak is how many ops in a row, after reuseGrace, must each open a
// connection for a pooled row to fail. One op now and then may: net/http
// puts a connection back into its pool from its read loop a moment after
// the body's EOF reached the caller, and a request in that moment dials
// again (once in a run of H1GetBytes/buf=fresh/client=nethttp on a machine
// busy with a second suite). That connection is real, and conns/op reports it;
// what fails the row is a client that opens one on every op.
const reuseStreak = 3

// reuseOps is how many ops catch a pooled row that opens a connection per
// op: the tests run this many.
const reuseOps = reuseGrace + reuseStreak

// reuseRateOps and reuseRate bound the lone dials the streak rule lets
// through: once reuseRateOps ops have run after the grace, a pooled row
// fails when more than one op in reuseRate of them opened a connection (a
// client that dials on every other op never makes a streak).
const (
	reuseRateOps = 50
	reuseRate    = 10
)

// connChecked wraps o with the row's connection rule, where the server
// counts its connections: a pooled row does not open a connection in each
// of reuseStreak ops in a row after its first reuseGrace ops, nor in more
// than one op in reuseRate after reuseRateOps more (a server
// that closes every connection, or an adapter that stops draining bodies,
// would otherwise turn it into a fresh-connection row without a word), and
// a fresh row (conn=fresh) opens exactly one per op. Rows of concurrent
// requests make no claim (H2Concurrent checks its one connection itself).
func connChecked(o op, t target, v variant) op {
	if t.opened == nil || v.manyConns {
		return o
	}
	ops, streak, dialed := 0, 0, 0
	return func(full bool) error {
		before := t.opened()
		if err := o(full); err != nil {
			return err
		}
		ops++
		n := t.opened() - before
		if n != 0 && ops > reuseGrace {
			streak++
			dialed++
		} else {
			streak = 0
		}
		after := ops - reuseGrace
		want := max(v.connsPerOp, 1)
		switch {
		case v.cfg.Fresh && n < want:
			return fmt.Errorf("op %d opened %d connections, want %d (conn=fresh): the client kept a connection alive, against clients.Config.Fresh", ops, n, want)
		case v.cfg.Fresh && n != want:
			return fmt.Errorf("op %d opened %d connections, want %d (conn=fresh)", ops, n, want)
		case !v.cfg.Fresh && streak >= reuseStreak:
			return fmt.Errorf("ops %d to %d each opened a new connection, want none: the connection was not kept alive", ops-streak+1, ops)
		case !v.cfg.Fresh && after >= reuseRateOps && dialed*reuseRate > after:
			return fmt.Errorf("ops %d to %d: %d of them opened a new connection, want at most 1 in %d: the connection was not kept alive", reuseGrace+1, ops, dialed, reuseRate)
		}
		return nil
	}
}

// servedChecked wraps o with the rule that every request of an op reaches
// the server, where it counts the requests it answers: an op the server
// answered fewer requests of than it sends (v.requestsPerOp) had the rest
// of its answers from somewhere else, a cache. It runs first of the row's
// checks, so that a cache is named as the cause, not the connections it
// spared.
func servedChecked(o op, t target, v variant) op {
	if t.requests == nil {
		return o
	}
	want := max(v.requestsPerOp, 1)
	ops := 0
	return func(full bool) error {
		before := t.requests()
		if err := o(full); err != nil {
			return err
		}
		ops++
		switch served := t.requests() - before; {
		case served == 0:
			return fmt.Errorf("op %d: the server answered no request, yet the op has its answer: the client answers from a cache", ops)
		case served < want:
			return fmt.Errorf("op %d: the server answered %d of the op's %d requests, yet the op has every answer: the client answers the rest from a cache", ops, served, want)
		}
		return nil
	}
}

// checkMeta turns a transport error, an unexpected status or an unexpected
// protocol (a silent fallback to HTTP/1.1, say) into an error.
func checkMeta(m clients.Meta, err error, status, proto int) error {
	if err != nil {
		return err
	}
	// The protocol first: an HTTP/1.1 request on an h2c row gets a 505
	// from the h2c server, whose cause is the protocol.
	if m.ProtoMajor != proto {
		return fmt.Errorf("answered over HTTP/%d (status %d), want HTTP/%d: the client spoke another protocol than the row's", m.ProtoMajor, m.Status, proto)
	}
	return server.CheckStatus(m.Status, status)
}

func download(sz size, cs []clients.Factory, cfg clients.Config, r bufRule) variant {
	return variant{clients: cs, cfg: cfg, bytes: int64(sz.n),
		newOp: func(c clients.Client, t target) op {
			return getBytesOp(c, fmt.Sprintf("%s/bytes/%d", t.base, sz.n), server.Bytes(sz.n), t.proto, r)
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
	return variant{levels: []string{fmt.Sprintf("n=%d", n)}, clients: cs, cfg: cfg, manyConns: true, requestsPerOp: n,
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

// waitConns waits for t's server to hold n connections: it sees a closed
// connection at its next read, soon after the client's Close, and 10 s
// bound only the wait (a connection the client kept open stays open).
func waitConns(t target, n int) error {
	deadline := time.Now().Add(10 * time.Second)
	for t.conns() != n {
		if time.Now().After(deadline) {
			return fmt.Errorf("server holds %d connections, want %d", t.conns(), n)
		}
		time.Sleep(time.Millisecond)
	}
	return nil
}
