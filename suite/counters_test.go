package suite

import (
	"fmt"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/clients/clienttest"
	"github.com/httpclientbench/httpclientbench/server"
)

// TestExactCounters: a leaf reports, per op of its timed loop, the bytes
// the client sent and received on the wire, at least its request's and
// answer's bodies; the connections the server accepted: none on a
// kept-alive row, one on a fresh one; and, over TLS, the handshakes it
// completed, one per op whether full or resumed, and no handshake counter
// where there is no TLS.
func TestExactCounters(t *testing.T) {
	setBenchtime(t, "20x")
	jsonLen := float64(len(server.JSONBody))
	for _, c := range []struct {
		f                 Family
		leaf              string
		sent, recv        float64 // at least: the bodies
		conns, handshakes float64 // -1: not reported
	}{
		{Pool, "Pool/proto=h1/conn=pooled/client=nethttp", 1, jsonLen, 0, -1},
		{Pool, "Pool/proto=h1/conn=fresh/client=fasthttp", 1, jsonLen, 1, -1},
		{Pool, "Pool/proto=h2/window=default/conn=fresh/client=nethttp", 1, jsonLen, 1, -1},
		{H1Post4KiB, "H1Post4KiB/buf=fresh/client=hertz", 4 << 10, 4 << 10, 0, -1},
		{H1Download, "H1Download/size=64KiB/buf=reused/client=resty", 1, 64 << 10, 0, -1},
		{TLSHandshake, "TLSHandshake/proto=h2/resume=off/client=nethttp", 1, jsonLen, 1, 1},
		{TLSHandshake, "TLSHandshake/proto=h1/resume=on/client=fasthttp", 1, jsonLen, 1, 1},
		{TLSHandshake, "TLSHandshake/proto=h3/resume=off/client=http3", 1, jsonLen, 1, 1},
	} {
		t.Run(strings.ReplaceAll(c.leaf, "/", "_"), func(t *testing.T) {
			v, cf := leafOf(t, c.f, c.leaf)
			r := testing.Benchmark(func(b *testing.B) {
				s := defaultServers(b, c.f)
				tg := s.target(b, v)
				benchOp(b, v, tg, v.op(clienttest.New(b, cf, netConfig(v, tg)), tg))
			})
			if r.N == 0 {
				t.Fatal("the leaf failed (testing.Benchmark ran no op)")
			}
			for unit, least := range map[string]float64{SentUnit: c.sent, RecvUnit: c.recv} {
				if got, ok := r.Extra[unit]; !ok || got < least {
					t.Errorf("%s: %v %s over %d ops (reported: %v), want at least %v", c.leaf, got, unit, r.N, ok, least)
				}
			}
			for unit, want := range map[string]float64{ConnsUnit: c.conns, HandshakesUnit: c.handshakes} {
				got, ok := r.Extra[unit]
				switch {
				case want < 0 && ok:
					t.Errorf("%s reported %v %s, want none (no TLS)", c.leaf, got, unit)
				case want >= 0 && !ok:
					t.Errorf("%s reported no %s, want %v", c.leaf, unit, want)
				case want >= 0 && got != want:
					t.Errorf("%s: %v %s over %d ops, want %v", c.leaf, got, unit, r.N, want)
				}
			}
		})
	}
}

// leafOf is the variant and client of f's leaf named leaf.
func leafOf(t *testing.T, f Family, leaf string) (variant, clients.Factory) {
	t.Helper()
	for _, v := range f.variants {
		for _, cf := range v.clients {
			if leafNames(f.name, []variant{{levels: v.levels, clients: []clients.Factory{cf}}})[0] == leaf {
				return v, cf
			}
		}
	}
	t.Fatalf("%s has no leaf %s", f.name, leaf)
	return variant{}, clients.Factory{}
}

// TestConnRuleToleratesARace: on a pooled row an op that opens a
// connection now and then passes (net/http's pool race), while a client
// that opens one on each of reuseStreak ops in a row after the grace fails
// on the last of them, and one that opens one on every other op fails
// once reuseRateOps ops have run after the grace.
func TestConnRuleToleratesARace(t *testing.T) {
	// run runs a pooled row's rule over ops that open a connection where
	// pattern has an x, and returns the first error, naming its op.
	run := func(pattern string) error {
		opened, op := 0, 0
		o := connChecked(func(bool) error {
			if pattern[op] == 'x' {
				opened++
			}
			op++
			return nil
		}, target{opened: func() int { return opened }}, variant{})
		for i := range pattern {
			if err := o(true); err != nil {
				return fmt.Errorf("op %d: %w", i+1, err)
			}
		}
		return nil
	}
	grace := strings.Repeat("x", reuseGrace)
	if err := run(grace + "...x..x.x..x." + strings.Repeat("x", reuseStreak-1) + "."); err != nil {
		t.Errorf("lone dials after the grace: %v", err)
	}
	err := run(grace + "." + strings.Repeat("x", reuseStreak) + "...")
	if want := fmt.Sprintf("op %d: ", reuseGrace+1+reuseStreak); err == nil || !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), "not kept alive") {
		t.Errorf("a connection per op after the grace: %v, want an error at %q", err, want)
	}
	// One op in reuseRate dials: the most the rule lets through.
	rare := strings.Repeat(strings.Repeat(".", reuseRate-1)+"x", 2*reuseRateOps/reuseRate)
	if err := run(grace + rare); err != nil {
		t.Errorf("one op in %d dials: %v", reuseRate, err)
	}
	err = run(grace + strings.Repeat("x.", reuseRateOps))
	if want := fmt.Sprintf("op %d: ", reuseGrace+reuseRateOps); err == nil || !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), "not kept alive") {
		t.Errorf("a connection on every other op: %v, want an error at %q", err, want)
	}
}

// TestFloorCounters: the TCP floor reports the counters every leaf does,
// counted by its peer: the bytes of the raw client's H1GetBytes exchange,
// both ways, exactly, and no connection opened per op.
func TestFloorCounters(t *testing.T) {
	setBenchtime(t, "20x")
	reqBytes, respBytes := getBytesExchange(t)
	r := testing.Benchmark(LoopbackRoundTrip)
	if r.N == 0 {
		t.Fatal("the floor failed (testing.Benchmark ran no op)")
	}
	for unit, want := range map[string]float64{SentUnit: float64(reqBytes), RecvUnit: float64(respBytes), ConnsUnit: 0} {
		if got, ok := r.Extra[unit]; !ok || got != want {
			t.Errorf("the floor's %s: %v (reported: %v), want %v", unit, got, ok, want)
		}
	}
	if _, ok := r.Extra[HandshakesUnit]; ok {
		t.Error("the floor reports handshakes: it has no TLS")
	}
}

// TestLeafCountersExact: a leaf's wire bytes per op are the exchange's,
// exactly, over the timed loop: the raw client's small GET sends and
// receives the bytes of getBytesExchange on every op. The server counts a
// write before it makes it, so the last answer of the loop is counted
// when the client has it (counted after, it could be missed, and an op
// came out short of its answer's bytes under a busy -race run).
func TestLeafCountersExact(t *testing.T) {
	setBenchtime(t, "50x")
	reqBytes, respBytes := getBytesExchange(t)
	v, cf := leafOf(t, H1GetBytes, "H1GetBytes/buf=fresh/client=raw")
	for range 3 {
		r := testing.Benchmark(func(b *testing.B) {
			s := defaultServers(b, H1GetBytes)
			tg := s.target(b, v)
			benchOp(b, v, tg, v.op(clienttest.New(b, cf, netConfig(v, tg)), tg))
		})
		if r.N == 0 {
			t.Fatal("the leaf failed (testing.Benchmark ran no op)")
		}
		for unit, want := range map[string]float64{SentUnit: float64(reqBytes), RecvUnit: float64(respBytes), ConnsUnit: 0} {
			if got := r.Extra[unit]; got != want {
				t.Errorf("%s over %d ops: %v, want %v", unit, r.N, got, want)
			}
		}
	}
}
