package httpclientbench_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/fixtures"
	"github.com/httpclientbench/httpclientbench/h2c"
	"github.com/httpclientbench/httpclientbench/internal/benchtest"
	"github.com/httpclientbench/httpclientbench/netem"
	"github.com/httpclientbench/httpclientbench/tlsserver"
)

// The net= rows: scenarios where a real path's delay, bandwidth and loss
// change the answer, run over an emulated path (package netem) with each
// profile of netem.Profiles. Every leaf has a path of its own, the server
// on its far end and the client dialing through it with its library's own
// hook (clients.Config.Net); the ops and their checks are the loopback
// rows'. net= is the first level under the family, so -bench=/net=wan
// selects a profile (so does -bench=net=wan: see netUnderFamilies), and a
// row's loopback counterpart is its name without the level.
//
// A leaf takes seconds rather than a fraction of one (a fresh connection
// over the WAN profile waits two or three 40 ms round trips), so these
// rows run only when -bench names them (its pattern mentions "net="):
// `go test -bench=.` leaves them out and says so.

// netRows maps a family's name to its net= rows.
var netRows = map[string][]variant{
	"H2Download": onPaths(prefixed("size=1MiB", eachWindow(func(w h2c.Window) []variant {
		return []variant{download(size{"1MiB", 1 << 20}, h2Clients, h2cConfig(w), bufFresh).with("buf=" + string(bufFresh))}
	}))),
	"RangeDownload": onPaths(netRange()),
	"Pool":          onPaths(slices.Concat(pool.variants, tlsPool())),
	"TLSHandshake":  onPaths(append(slices.Clone(tlsHandshake.variants), h3EarlyData())),
	"H1Concurrent":  onPaths([]variant{concurrent(50, h1Clients, clients.Config{})}),
	"H2Concurrent":  onPaths([]variant{concurrent(50, h2Clients, h2cConfig(h2c.WindowDefault)).with("window=default")}),
	"TLSConcurrent": onPaths(slices.DeleteFunc(slices.Clone(tlsConcurrent.variants), func(v variant) bool { return v.tls == 1 })),
	"Upload":        onPaths(uploadFamily.variants),
}

// all is every variant of f: its loopback rows, then its net= rows and its
// server=process rows.
func (f family) all() []variant {
	return slices.Concat(f.variants, netRows[f.name], processRows[f.name])
}

// onPaths returns vs once per profile, each with a net= level first.
func onPaths(vs []variant) []variant {
	var out []variant
	for _, p := range netem.Profiles {
		for _, v := range vs {
			v.levels = slices.Concat([]string{"net=" + p.Name}, v.levels)
			v.net = &p
			out = append(out, v)
		}
	}
	return out
}

// netRange: RangeDownload's 1, 4 and 8 chunks on kept-alive connections
// (conn=pooled, as on loopback) and on a new connection per request
// (conn=fresh: the HEAD and every range GET each open one, and no more).
func netRange() []variant {
	var out []variant
	for _, chunks := range []int{1, 4, 8} {
		for _, fresh := range []bool{false, true} {
			v := rangeVariant("1MiB", 1<<20, chunks).with("conn=" + connLabel(fresh))
			if fresh {
				v.cfg.Fresh, v.manyConns, v.connsPerOp = true, false, chunks+1
			}
			out = append(out, v)
		}
	}
	return out
}

func connLabel(fresh bool) string {
	if fresh {
		return "fresh"
	}
	return "pooled"
}

// tlsPool: Pool's kept-alive and fresh connections over TLS 1.3 (HTTP/1.1
// and HTTP/2 by ALPN) and over QUIC (HTTP/3), a full handshake on every
// fresh one. The proto= values name the protocol stack, as Pool's h1 and h2
// (cleartext) do: h1_tls, h2_tls, h3.
func tlsPool() []variant {
	var out []variant
	for _, p := range tlsProtos {
		label := p.label + "_tls"
		if p.major == 3 {
			label = p.label
		}
		for _, fresh := range []bool{false, true} {
			cfg := p.config()
			cfg.Fresh = fresh
			out = append(out, variant{levels: []string{"proto=" + label, "conn=" + connLabel(fresh)},
				clients: p.clients, tls: p.major, cfg: cfg, newOp: getJSONBytes(bufFresh)})
		}
	}
	return out
}

// h3EarlyData is TLSHandshake's resume=0rtt row: HTTP/3 resuming with
// 0-RTT, each GET sent as early data (quic-go's http3.MethodGet0RTT) on a
// new QUIC connection that resumes the last one's session.
func h3EarlyData() variant {
	p := tlsProtos[len(tlsProtos)-1]
	cfg := p.config()
	cfg.Fresh, cfg.TLS.Resume, cfg.TLS.EarlyData = true, true, true
	return variant{levels: []string{"proto=" + p.label, "resume=0rtt"}, clients: p.clients, tls: p.major, cfg: cfg,
		newOp: func(c clients.Client, t target) op {
			return earlyChecked(handshakeChecked(getJSONBytes(bufFresh)(c, t), t, true), t)
		}}
}

// earlyChecked wraps o, an op on a new connection per request that resumes
// the previous one's session, with the server's count of requests on
// connections that accepted 0-RTT: from the second op on (the first has
// no session to resume), each op's request must be one.
func earlyChecked(o op, t target) op {
	ops := 0
	return func(full bool) error {
		before, _ := t.early()
		if err := o(full); err != nil {
			return err
		}
		ops++
		want := 0
		if ops > 1 {
			want = 1
		}
		// Accepted, not whether sent early: on the lan path the request
		// may race the client's Finished (clients'
		// TestEarlyDataSendsTheGETEarly checks that the GET goes early).
		// On a lossy path a lost ticket leaves nothing to resume.
		if after, _ := t.early(); after-before != want && !(t.lossy && after == before) {
			return fmt.Errorf("op %d: %d requests on a connection that accepted 0-RTT early data, want %d", ops, after-before, want)
		}
		return nil
	}
}

// netTarget starts, for the life of tb, a path with v's profile and on its
// far end the server v's requests go to: the fixture server, an h2c one
// with v's windows, the TLS one or the HTTP/3 one, as on loopback.
func netTarget(tb testing.TB, v variant) target {
	tb.Helper()
	// A loss pattern of its own for every leaf run: with one seed every
	// sample of a leaf (each its own process, its own path) would replay
	// the same sequence of lost packets, and which of a client's packets
	// that sequence hits would decide its time on the lossy rows.
	path, err := netem.New(*v.net, netem.WithSeed(rand.Uint64()))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { path.Close() }) // after the server's and the client's cleanups
	if v.tls == 3 {
		pc, err := path.ListenServerPacket(0)
		if err != nil {
			tb.Fatal(err)
		}
		s := benchtest.StartH3(tb, benchCert, tlsserver.WithPacketConn(pc))
		return target{base: s.URL(), proto: 3, opened: s.Opened, handshakes: s.Handshakes, early: s.EarlyData, net: path, lossy: v.net.Loss > 0}
	}
	ln, err := path.Listen(0)
	if err != nil {
		tb.Fatal(err)
	}
	switch {
	case v.tls != 0:
		s := benchtest.StartTLS(tb, benchCert, tlsserver.WithListener(ln))
		return target{base: s.URL(), proto: v.tls, opened: s.Opened, handshakes: s.Handshakes, net: path, lossy: v.net.Loss > 0}
	case v.cfg.H2C != nil:
		conns := new(benchtest.Conns)
		s := benchtest.StartH2C(tb, *v.cfg.H2C, h2c.WithListener(ln), benchtest.WithConns(conns))
		return target{base: s.URL(), proto: 2, conns: conns.Open, opened: conns.Opened, net: path}
	default:
		s := benchtest.Start(tb, fixtures.WithListener(ln))
		return target{base: s.URL(), proto: 1, opened: s.Opened, net: path}
	}
}

// testPath is the profile TestScenarios runs the net= rows over: no delay
// and no loss, so that every leaf's ops and checks run through a path in
// milliseconds; the profiles' own physics are netem's tests.
var testPath = netem.Profile{Name: "test", Bandwidth: 10e9}

// TestNetRows: every net= row runs its ops, fully checked, over a path
// (the test profile), as TestScenarios does for the loopback rows. A row
// is the same on every profile but for its path (TestNetLevels), and here
// every path is the test profile, so each row runs once: the first
// profile's leaf.
func TestNetRows(t *testing.T) {
	first := "net=" + netem.Profiles[0].Name
	for _, f := range families {
		rows := slices.DeleteFunc(slices.Clone(netRows[f.name]), func(v variant) bool { return v.levels[0] != first })
		if len(rows) == 0 {
			continue
		}
		t.Run(f.name, func(t *testing.T) {
			runVariants(t, rows, 0, func(t *testing.T, v variant, cf clients.Factory) {
				v.net = &testPath
				tg := netTarget(t, v)
				o := v.op(benchtest.NewClient(t, cf, netConfig(v, tg)), tg)
				for i := range reuseGrace + 1 {
					if err := o(true); err != nil {
						t.Fatalf("op %d: %v", i, err)
					}
				}
			})
		})
	}
}

// netConfig is v's client configuration, dialing through t's path if it
// has one.
func netConfig(v variant, t target) clients.Config {
	cfg := v.cfg
	if t.net != nil {
		cfg.Net = t.net
	}
	return cfg
}

// TestNetLevels: every family with net= rows has the same rows on every
// profile (the same levels, clients and protocol), each with the net=
// level first and a loopback counterpart's levels after it where the
// loopback family has that row.
func TestNetLevels(t *testing.T) {
	// row is what a net= row is apart from its path.
	row := func(v variant) string {
		names := make([]string, len(v.clients))
		for i, cf := range v.clients {
			names[i] = cf.Name
		}
		window := "none"
		if v.cfg.H2C != nil {
			window = v.cfg.H2C.Name
		}
		return fmt.Sprintf("%v %v tls=%d bytes=%d fresh=%v h2c=%s", v.levels[1:], names, v.tls, v.bytes, v.cfg.Fresh, window)
	}
	for name, rows := range netRows {
		perProfile := map[string][]string{}
		for _, v := range rows {
			if v.net == nil || len(v.levels) == 0 || v.levels[0] != "net="+v.net.Name {
				t.Errorf("%s %v: want net=<profile> as the first level", name, v.levels)
				continue
			}
			perProfile[v.net.Name] = append(perProfile[v.net.Name], row(v))
		}
		want := perProfile[netem.Profiles[0].Name]
		for _, p := range netem.Profiles {
			if got := perProfile[p.Name]; len(got) == 0 || !slices.Equal(got, want) {
				t.Errorf("%s: the rows on net=%s are\n\t%s\nwant those on net=%s\n\t%s", name, p.Name,
					strings.Join(got, "\n\t"), netem.Profiles[0].Name, strings.Join(want, "\n\t"))
			}
		}
	}
	for name := range netRows {
		if !slices.ContainsFunc(families, func(f family) bool { return f.name == name }) {
			t.Errorf("net= rows for %s, which is no family", name)
		}
	}
}

// TestLevelsAreContiguous: in every family, the variants that share a
// prefix of levels are next to each other, so each level's sub-benchmark
// runs once; otherwise the testing package names the second run of a
// level "chunks=1#01" and the leaf has a name no results file expects.
func TestLevelsAreContiguous(t *testing.T) {
	for _, f := range families {
		done := map[string]bool{} // prefixes whose group has ended
		var prev []string
		for _, v := range f.all() {
			for d := 1; d <= len(v.levels); d++ {
				p := strings.Join(v.levels[:d], "/")
				if len(prev) >= d && strings.Join(prev[:d], "/") == p {
					continue
				}
				if done[p] {
					t.Errorf("%s: the variants under %s are not next to each other", f.name, p)
				}
			}
			for d := 1; d <= len(prev); d++ {
				if len(v.levels) < d || strings.Join(prev[:d], "/") != strings.Join(v.levels[:d], "/") {
					done[strings.Join(prev[:d], "/")] = true
				}
			}
			prev = v.levels
		}
	}
}
