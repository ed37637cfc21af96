package suite

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/clients/clienttest"
	_ "github.com/httpclientbench/httpclientbench/clients/nethttp" // the baseline, which a brought client runs beside
	"github.com/httpclientbench/httpclientbench/internal/results"
	"github.com/httpclientbench/httpclientbench/netem"
	"github.com/httpclientbench/httpclientbench/server/h2c"
)

// A Family is one benchmark function's rows: its variants (levels ×
// clients), each variant's op, and the rows that run only when -bench
// names them (net=, server=process). Its Bench method is the benchmark.
type Family struct {
	name     string // the Benchmark function's name without "Benchmark"
	variants []variant
	// net are the family's net= rows (see onPaths), process whether it
	// has server=process rows (see processRows).
	net     []variant
	process bool
}

// Name is the family's name: its Benchmark function's without
// "Benchmark", the first element of every leaf's name.
func (f Family) Name() string { return f.name }

// Families is every family, in the order the suite runs them.
var Families = []Family{
	H1GetBytes, H1GetText, JSON, H1Post4KiB, H1Download, H1Concurrent,
	H2Get, H2Download, H2Upload, H2Concurrent, H2Post4KiB, Pool,
	SSE, Multipart, Upload, RangeDownload, BodyStream,
	TLSGet, TLSDownload, TLSConcurrent, TLSHandshake,
}

// A variant is one set of leaves of a benchmark family: its key=value levels
// below the family, the clients that run it, and how each op is built.
type variant struct {
	levels  []string // e.g. {"size=64KiB", "window=tuned"}; client= comes after
	clients []clients.Factory
	cfg     clients.Config // H2C set: the variant runs over h2c with those windows on both ends
	// tls, when not 0, is the HTTP major version of a TLS row (1, 2 or
	// 3): its requests go to the TLS fixture servers (see startTLSServers).
	tls   int
	bytes int64 // b.SetBytes per op; 0 when no body worth counting moves
	// clientTimeWait: every op leaves a TIME_WAIT socket on the client side
	// (fresh HTTP/2 connections); see checkPortBudget.
	clientTimeWait bool
	// manyConns: one op sends several requests at once, which may open
	// connections at any op; the row makes no claim about reuse.
	manyConns bool
	// connsPerOp is how many connections an op of a conn=fresh row
	// opens (0 means 1): one per request.
	connsPerOp int
	// requestsPerOp is how many requests an op sends (0 means 1), each of
	// which the server must answer (see servedChecked).
	requestsPerOp int
	// net, when set, is the profile of the emulated path the row runs
	// over (see onPaths).
	net *netem.Profile
	// process: the row's server runs in a process of its own (see
	// processRows).
	process bool
	// brought: the row runs a client brought to the suite (see
	// Benchmark), whose leaf is skipped if it lacks the capability the
	// row needs.
	brought bool
	newOp   func(c clients.Client, t target) op
}

// op builds v's op for c and t, with the row's rules checked on every op:
// its connections (connChecked), every request answered by the server
// (servedChecked), the path dialled through (netChecked).
func (v variant) op(c clients.Client, t target) op {
	return netChecked(connChecked(servedChecked(v.newOp(c, t), t, v), t, v), t)
}

// with returns v with levels appended.
func (v variant) with(levels ...string) variant {
	v.levels = append(slices.Clip(v.levels), levels...)
	return v
}

// A target is where a variant's requests go.
type target struct {
	base  string // "http://host:port"
	proto int    // the HTTP major version every answer must come over
	// conns, when set, is the number of connections the server holds now
	// (the in-process h2c servers count them).
	conns func() int
	// opened, when set, is the number of connections the server has
	// accepted so far (the in-process servers count them; a server named
	// by HTTPBENCH_TARGET cannot).
	opened func() int
	// requests, when set, is the number of requests the server has
	// answered so far (server.Counters.Requests): every op must reach
	// it (see servedChecked).
	requests func() int
	// handshakes, when set, is the number of TLS handshakes the server has
	// completed so far, full and resumed (the TLS fixture servers count
	// them).
	handshakes func() (full, resumed int)
	// wire, when set, is the number of bytes the server has read and
	// written so far on its connections (server.Counters.Read and
	// Written): what the client sent and received on the wire.
	wire func() (read, written int)
	// early, when set, is the number of requests the HTTP/3 server has read
	// on a connection that accepted 0-RTT early data (tlsserver's
	// H3Server.EarlyData).
	early func() (accepted, early int)
	// net, when set, is the emulated path to the server: the client
	// dials through it (clients.Config.Net).
	net clients.Network
	// lossy: the path loses packets, so an HTTP/3 session ticket can be
	// lost (the fresh client closes its connection before QUIC sends it
	// again) and the next connection's handshake be a full one; over TCP
	// the ticket comes before the answer, so it is never missed.
	lossy bool
}

// An op is one timed operation of a scenario, validated. With full set it
// checks every byte (the warm-up and the tests); otherwise status, protocol
// and length, plus the content wherever that is cheap next to the request.
type op func(full bool) error

// Client sets that are not a registry list of their own.
var (
	h1Clients   = clients.HTTP1
	h2Clients   = clients.HTTP2
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

// all is every variant of f: its loopback rows, then its net= rows and its
// server=process rows.
func (f Family) all() []variant {
	return slices.Concat(f.variants, f.net, f.processRows())
}

// runner is what *testing.T and *testing.B share for building the matrix.
type runner[T any] interface {
	testing.TB
	Run(name string, f func(T)) bool
}

// runVariants runs vs, whose first depth levels are already in tb's name,
// grouping consecutive variants that share their next level under one
// sub-test of that name.
func runVariants[T runner[T]](tb T, vs []variant, depth int, leaf func(T, variant, clients.Factory)) {
	walkVariants(tb, vs, depth, nil, leaf)
}

// walkVariants is runVariants calling enter, if not nil, first in every
// sub-test it starts, of a level or a leaf.
func walkVariants[T runner[T]](tb T, vs []variant, depth int, enter func(T), leaf func(T, variant, clients.Factory)) {
	for i := 0; i < len(vs); {
		v := vs[i]
		if len(v.levels) == depth {
			for _, cf := range v.clients {
				tb.Run("client="+cf.Name, func(tb T) {
					if enter != nil {
						enter(tb)
					}
					leaf(tb, v, cf)
				})
			}
			i++
			continue
		}
		j := i + 1
		for j < len(vs) && len(vs[j].levels) > depth && vs[j].levels[depth] == v.levels[depth] {
			j++
		}
		group := vs[i:j]
		tb.Run(v.levels[depth], func(tb T) {
			if enter != nil {
				enter(tb)
			}
			walkVariants(tb, group, depth+1, enter, leaf)
		})
		i = j
	}
}

// Bench runs every variant × client of f as sub-benchmarks. Each leaf
// validates two warm-up ops fully, then times ops in b.Loop; any failed
// op fails the benchmark.
//
// The family's net= rows and server=process rows run only when the -bench
// pattern names them (see optIns); otherwise the run says once that it
// left them out.
func (f Family) Bench(b *testing.B) {
	s := defaultServers(b, f)
	vs := slices.Concat(f.variants, selectedOptIns(f))
	runVariants(b, vs, 0, func(b *testing.B, v variant, cf clients.Factory) {
		t := s.target(b, v)
		if v.process {
			pinClient(b)
		}
		benchOp(b, v, t, v.op(clienttest.New(b, cf, netConfig(v, t)), t))
		if v.clientTimeWait && v.net == nil {
			checkPortBudget(b, b.N)
		}
	})
}

// scenarioOps runs reuseOps ops of v for a new client of cf against
// tg, each checked in full, and returns the first error, naming its op:
// what the tests run for every leaf (TestScenarios, Test), enough for the
// row's connection rule to be checked.
func scenarioOps(tb testing.TB, v variant, cf clients.Factory, tg target) error {
	tb.Helper()
	o := v.op(clienttest.New(tb, cf, netConfig(v, tg)), tg)
	for i := range reuseOps {
		if err := o(true); err != nil {
			if msg := err.Error(); strings.HasPrefix(msg, "op ") || strings.HasPrefix(msg, "ops ") { // the rule's check names the ops
				return err
			}
			return fmt.Errorf("op %d: %w", i+1, err)
		}
	}
	return nil
}

// benchOp is the timed loop every leaf shares: two fully checked warm-up
// ops (status, protocol, every byte), then b.Loop with the op's in-loop
// check; the first failed op fails the benchmark, so a wrong answer is never
// counted as a fast one.
func benchOp(b *testing.B, v variant, t target, o op) {
	b.Helper()
	// Two warm-up ops: the second is the first to get a previous result
	// back to fill (buf=reused), fully poisoned, so a client that does not
	// overwrite all of it fails here.
	for i := range 2 {
		if err := o(true); err != nil {
			if v.brought && errors.Is(err, errLacks) {
				b.Skip(err)
			}
			b.Fatalf("warm-up op %d: %v", i+1, err)
		}
	}
	b.ReportAllocs()
	if v.bytes > 0 {
		b.SetBytes(v.bytes)
	}
	wire, cpu := t.count(), processCPU(b)
	for b.Loop() {
		if err := o(false); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, cpu)
	t.count().since(wire).report(b)
}

// Exact counters per op, each leaf's beside allocs/op and B/op, over the
// timed loop: the bytes the client sent and received on the wire (the
// bytes the server read and wrote: TCP streams with TLS records whole, or
// UDP payloads with QUIC packets whole), the connections the server
// accepted (TCP, or QUIC over HTTP/3) and the TLS handshakes it completed,
// full and resumed. They count what the client made the server do, by the
// server's own count, so they do not depend on how fast the machine is: a
// change of one connection per op, or of a header's bytes, is a change of
// the client. The suite's test binary and cmd/benchrun declare them
// "assume=exact" (benchfmt's unit metadata), so benchstat compares them
// without a spread.
const (
	SentUnit       = results.SentUnit
	RecvUnit       = results.RecvUnit
	ConnsUnit      = results.ConnsUnit
	HandshakesUnit = results.HandshakesUnit
)

// ExactUnits are the exact counters' units, in the order a leaf reports
// them.
var ExactUnits = results.ExactUnits

// wireCount is a target's counters at one moment; a counter the target
// does not keep (a server named by HTTPBENCH_TARGET keeps none, a
// cleartext one no handshakes) is -1 and not reported.
type wireCount struct{ sent, recv, opened, handshakes int }

func (t target) count() wireCount {
	c := wireCount{-1, -1, -1, -1}
	if t.wire != nil {
		c.sent, c.recv = t.wire()
	}
	if t.opened != nil {
		c.opened = t.opened()
	}
	if t.handshakes != nil {
		full, resumed := t.handshakes()
		c.handshakes = full + resumed
	}
	return c
}

// since is c minus an earlier count of the same target.
func (c wireCount) since(start wireCount) wireCount {
	d := wireCount{-1, -1, -1, -1}
	sub := func(now, then int) int {
		if now < 0 || then < 0 {
			return -1
		}
		return now - then
	}
	d.sent, d.recv = sub(c.sent, start.sent), sub(c.recv, start.recv)
	d.opened, d.handshakes = sub(c.opened, start.opened), sub(c.handshakes, start.handshakes)
	return d
}

// report reports d, counted over b.N ops, per op.
func (d wireCount) report(b *testing.B) {
	for i, n := range []int{d.sent, d.recv, d.opened, d.handshakes} {
		if n >= 0 {
			b.ReportMetric(float64(n)/float64(b.N), ExactUnits[i])
		}
	}
}

// CPUUnit is the benchmark process's CPU time per op, user and system,
// over the timed loop, which every leaf reports: with the server in
// process the client's and the server's, with the server in its own
// process (server=process) the client's alone. Lower is better: the
// suite's test binary prints a benchfmt Unit line that says so.
const CPUUnit = results.CPUUnit

// processCPU is the CPU time this process has used so far, all threads.
func processCPU(tb testing.TB) time.Duration {
	tb.Helper()
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		tb.Fatalf("getrusage: %v", err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU reports the CPU time per op since start, as CPUUnit.
func reportCPU(b *testing.B, start time.Duration) {
	b.Helper()
	b.ReportMetric(float64(processCPU(b)-start)/float64(b.N), CPUUnit)
}

// Leaves is every loopback benchmark leaf of the suite and every
// server=process one, named as in a results file (without "Benchmark" and
// the GOMAXPROCS suffix), in the order they run: the leaves of
// docs/results.txt.
func Leaves() []string {
	leaves := []string{"LoopbackRoundTrip"}
	for _, f := range Families {
		leaves = append(leaves, leafNames(f.name, f.variants)...)
		leaves = append(leaves, leafNames(f.name, f.processRows())...)
	}
	return leaves
}

// NetLeaves is every net= leaf of the suite, named as Leaves names them,
// in the order they run: the leaves of docs/network.txt and
// docs/network-lossy.txt.
func NetLeaves() []string {
	var leaves []string
	for _, f := range Families {
		leaves = append(leaves, leafNames(f.name, f.net)...)
	}
	return leaves
}

func leafNames(family string, vs []variant) []string {
	var leaves []string
	for _, v := range vs {
		for _, cf := range v.clients {
			leaves = append(leaves, strings.Join(slices.Concat([]string{family}, v.levels, []string{"client=" + cf.Name}), "/"))
		}
	}
	return leaves
}
