package suite

import (
	"fmt"
	"os"
	"slices"
	"sync"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/cpuset"
	"github.com/httpclientbench/httpclientbench/server/proc"
)

// The server=process rows: a family's loopback rows again, with the
// fixture server in a process of its own (package server/proc: the
// test binary started again as the server) instead of in the benchmark's,
// so that the client has the process's Go runtime to itself. In process, a
// client's time and CPU per op include the server's share of two cores and
// of one scheduler; here cpu-ns/op is the client's alone, and the time per
// op pays the cross-process wake-ups that a real server costs too. The
// report shows both placements side by side.
//
// Every op is checked as in process: status, protocol and body, and the
// row's connection and handshake rules against the server's counters,
// which the child keeps in memory shared with the benchmark
// (server.Counters), exact at every op.
//
// server=process is the first level under the family
// (BenchmarkH1GetBytes/server=process/buf=fresh/client=nethttp), and the
// rows run only when -bench names it: -bench=server=process (taken as
// -bench=/server=process) runs every one of them.

// ProcessLevel is the level of the server=process rows: the first under
// the family.
const ProcessLevel = "server=process"

// processRows are f's server=process rows: its loopback rows with the
// level first, if f has them (Family.process: the families of the
// README's headline).
func (f Family) processRows() []variant {
	if !f.process {
		return nil
	}
	vs := prefixed(ProcessLevel, slices.Clone(f.variants))
	for i := range vs {
		vs[i].process = true
	}
	return vs
}

// procServers are the child servers of one family's run (or one test),
// as in process: the HTTP/1.1 and TLS ones started as its rows need them
// and stopped when it ends, an h2c one for each leaf (see
// docs/scenarios.md: a fresh HTTP/2 row's TIME_WAIT sockets stay the
// leaf's), or with shareH2C one for each window, as the others.
type procServers struct {
	tb testing.TB
	// shareH2C: the leaves of a window share its h2c child. A test that
	// runs each leaf's few ops once has no TIME_WAIT sockets to keep
	// apart, and every check of a leaf counts what its own ops did (the
	// connections a pooled row opened, the requests an op sent), so it
	// needs no child of its own: a child takes a tenth of a second to
	// start, and H2Download alone has 60 leaves.
	shareH2C bool
	mu       sync.Mutex
	m        map[string]*proc.Server
}

// target returns the child serving v's protocol to leaf tb, starting it if
// need be.
func (p *procServers) target(tb testing.TB, v variant) target {
	tb.Helper()
	spec := proc.Spec{Proto: proc.H1, CPUs: serverCPUs(tb)}
	switch {
	case v.tls == 3:
		spec.Proto = proc.H3
	case v.tls != 0:
		spec.Proto = proc.TLS
	case v.cfg.H2C != nil:
		spec.Proto, spec.Window = proc.H2C, v.cfg.H2C.Name
	}
	var s *proc.Server
	if spec.Proto == proc.H2C && !p.shareH2C {
		s = startChild(tb, spec)
	} else {
		s = p.start(spec)
	}
	c := s.Counters
	t := target{base: s.URL, proto: 1, opened: counted(&c.Accepted), requests: counted(&c.Requests), wire: c.Wire}
	switch spec.Proto {
	case proc.H2C:
		t.proto, t.conns = 2, counted(&c.Open)
	case proc.TLS, proc.H3:
		t.proto = v.tls
		t.handshakes = func() (int, int) { return int(c.FullHandshakes.Load()), int(c.ResumedHandshakes.Load()) }
		t.early = func() (int, int) { return int(c.ZeroRTT.Load()), int(c.Early.Load()) }
	}
	return t
}

// counted reads one of a child's counters.
func counted(n interface{ Load() int64 }) func() int { return func() int { return int(n.Load()) } }

// start returns the child serving spec, starting it if it is not running.
func (p *procServers) start(spec proc.Spec) *proc.Server {
	p.tb.Helper()
	p.mu.Lock()
	defer p.mu.Unlock()
	key := spec.Proto + "/" + spec.Window
	if s := p.m[key]; s != nil {
		return s
	}
	s, err := proc.Start(spec, benchCert)
	if err != nil {
		p.tb.Fatal(err)
	}
	if p.m == nil {
		p.m = map[string]*proc.Server{}
		// After the leaves' own cleanups (their clients'), as an
		// in-process server's: registered on the family's tb.
		p.tb.Cleanup(p.closeAll)
	}
	p.m[key] = s
	return s
}

// startChild starts a child serving spec for the life of tb.
func startChild(tb testing.TB, spec proc.Spec) *proc.Server {
	tb.Helper()
	s, err := proc.Start(spec, benchCert)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		if err := s.Close(); err != nil {
			tb.Errorf("the %s server: %v", spec.Proto, err)
		}
	})
	return s
}

func (p *procServers) closeAll() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for key, s := range p.m {
		if err := s.Close(); err != nil {
			p.tb.Errorf("the %s server: %v", key, err)
		}
	}
	p.m = nil
}

// pinEnv chooses whether the benchmark and its server child run on disjoint
// CPU sets: "on", "off", or unset for the default, on with 4 or more CPUs
// (see pinByDefault).
const pinEnv = "HTTPBENCH_PIN"

// pinByDefault: with 4 CPUs or more, the client gets the first half and
// the server the second, each its GOMAXPROCS to match (so the two never
// take each other's CPU, as on two machines). With 2, one CPU each would
// halve the client's GOMAXPROCS and make it wait for the server's CPU at
// every request; the default leaves both on both (docs/methodology.md
// has the measurement).
func pinByDefault(cpus int) bool { return cpus >= cpuset.SplitFrom }

// splitCPUs is the split of all, the CPUs this process may run on, in their
// order, that pin (pinEnv's value) asks for: the first half for the client
// and the rest, the larger half with an odd count, for the server; or nil,
// nil to leave both on all of them. A function of its arguments alone, so
// that the split of 4 CPUs and more, which the 2-CPU machines the suite runs
// on never take by default, is tested on them. A pin other than on, off or
// unset is an error on any machine, not only on one that would split; fewer
// than 2 CPUs (nil all: their list could not be read) are never split.
// client is clipped, so that no append to it writes server.
func splitCPUs(all []int, pin string) (client, server []int, err error) {
	switch pin {
	case "on":
	case "off":
		return nil, nil, nil
	case "":
		if !pinByDefault(len(all)) {
			return nil, nil, nil
		}
	default:
		return nil, nil, fmt.Errorf("%s=%q: want on or off", pinEnv, pin)
	}
	if len(all) < 2 {
		return nil, nil, nil
	}
	client, server = cpuset.Halves(all)
	return client, server, nil
}

// cpuSplit is splitCPUs for this process, read once: the CPUs it may run on
// (none, so no split, if they cannot be read) and pinEnv. A bad pinEnv is
// the error of every leaf that asks (pinClient, serverCPUs), each failing
// with it rather than the run panicking.
var cpuSplit = sync.OnceValues(func() (cpus, error) {
	all, err := proc.CPUs()
	if err != nil {
		all = nil
	}
	client, server, err := splitCPUs(all, os.Getenv(pinEnv))
	return cpus{client, server}, err
})

// cpus are the client's and the server child's CPUs; both nil for any.
type cpus struct{ client, server []int }

// serverCPUs are the CPUs of the server child, or nil for any; tb fails if
// pinEnv is bad.
func serverCPUs(tb testing.TB) []int {
	tb.Helper()
	c, err := cpuSplit()
	if err != nil {
		tb.Fatal(err)
	}
	return c.server
}

// clientPin is pinClient's plan for c: pin the leaf to c.client and, when
// it ends, restore c.client and c.server together, every CPU the process
// started with (the next leaf, or a loopback row after it, runs on all of
// them again); nil, nil when the CPUs are not split, and nothing is pinned
// or restored.
func clientPin(c cpus) (pin, restore []int) {
	if c.client == nil {
		return nil, nil
	}
	return c.client, slices.Concat(c.client, c.server)
}

// pinClient runs the rest of the leaf b on the client's CPUs, if they are
// split, and gives the process back all of them when b ends.
func pinClient(b *testing.B) {
	b.Helper()
	c, err := cpuSplit()
	if err != nil {
		b.Fatal(err)
	}
	pin, restore := clientPin(c)
	if pin == nil {
		return
	}
	if err := proc.Pin(pin); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		if err := proc.Pin(restore); err != nil {
			b.Error(err)
		}
	})
}
