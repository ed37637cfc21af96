package suite

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/netem"
	"github.com/httpclientbench/httpclientbench/server"
	"github.com/httpclientbench/httpclientbench/server/h2c"
	"github.com/httpclientbench/httpclientbench/server/servertest"
	"github.com/httpclientbench/httpclientbench/server/tlsserver"
)

// The net= rows: scenarios where a real path's delay, bandwidth and loss
// change the answer, run over an emulated path (package netem) with each
// profile of netem.Profiles. Every leaf has a path of its own, the server
// on its far end and the client dialing through it with its library's own
// hook (clients.Config.Net); the ops and their checks are the loopback
// rows'. net= is the first level under the family, so -bench=/net=wan
// selects a profile (so does -bench=net=wan: see LevelUnderFamilies), and a
// row's loopback counterpart is its name without the level.
//
// A leaf takes seconds rather than a fraction of one (a fresh connection
// over the WAN profile waits two or three 40 ms round trips), so these
// rows run only when -bench names them (its pattern mentions "net="):
// `go test -bench=.` leaves them out and says so.
//
// Each family's net= rows are its net field, beside its other rows.

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
	tb.Cleanup(func() { path.Close() })           // after the server's and the client's cleanups
	cn := &clients.CountingNetwork{Network: path} // so that a row tells a client that dials around it (netChecked)
	if v.tls == 3 {
		pc, err := path.ListenServerPacket(0)
		if err != nil {
			tb.Fatal(err)
		}
		s := servertest.StartH3(tb, benchCert, tlsserver.WithPacketConn(pc))
		return target{base: s.URL(), proto: 3, opened: s.Opened, handshakes: s.Handshakes, wire: s.Wire, early: s.EarlyData, net: cn, requests: s.Requests, lossy: v.net.Loss > 0}
	}
	ln, err := path.Listen(0)
	if err != nil {
		tb.Fatal(err)
	}
	switch {
	case v.tls != 0:
		s := servertest.StartTLS(tb, benchCert, tlsserver.WithListener(ln))
		return target{base: s.URL(), proto: v.tls, opened: s.Opened, handshakes: s.Handshakes, wire: s.Wire, net: cn, requests: s.Requests, lossy: v.net.Loss > 0}
	case v.cfg.H2C != nil:
		conns := new(servertest.Conns)
		s := servertest.StartH2C(tb, *v.cfg.H2C, h2c.WithListener(ln), servertest.WithConns(conns))
		return target{base: s.URL(), proto: 2, conns: conns.Open, opened: conns.Opened, wire: s.Wire, net: cn, requests: s.Requests}
	default:
		s := servertest.Start(tb, server.WithListener(ln))
		return target{base: s.URL(), proto: 1, opened: s.Opened, wire: s.Wire, net: cn, requests: s.Requests}
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

// testPath is the profile the tests (TestNetRows, Test) run the net= rows
// over: no delay, no loss and 64 KiB packets, so that every leaf's ops and
// checks run through a path in milliseconds; the profiles' own physics are
// netem's tests.
var testPath = netem.Profile{Name: "test", Bandwidth: 10e9, MTU: 65535}

// netChecked wraps o, an op of a row over a path, with the rule that the
// client dials through the path (clients.Config.Net): a client that dials
// its own way reaches the host's loopback at the path server's address,
// where the suite listens on nothing, and this names the cause.
func netChecked(o op, t target) op {
	cn, ok := t.net.(*clients.CountingNetwork)
	if !ok {
		return o
	}
	return func(full bool) error {
		err := o(full)
		if cn.Dials.Load()+cn.Sockets.Load() == 0 && !errors.Is(err, errLacks) {
			if err == nil {
				err = errors.New("answered")
			}
			return fmt.Errorf("%w; the path saw no connection: the client dials around clients.Config.Net", err)
		}
		return err
	}
}
