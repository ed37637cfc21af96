package httpclientbench_test

import (
	"fmt"
	"slices"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/fixtures"
	"github.com/httpclientbench/httpclientbench/h2c"
	"github.com/httpclientbench/httpclientbench/netem"
)

// A family is one Benchmark function.
type family struct {
	name     string // the Benchmark function's name without "Benchmark"
	variants []variant
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
	// net, when set, is the profile of the emulated path the row runs
	// over (see netRows).
	net *netem.Profile
	// process: the row's server runs in a process of its own (see
	// processRows).
	process bool
	newOp   func(c clients.Client, t target) op
}

// op builds v's op for c and t, with the connection rule of the row
// checked on every op (see connChecked).
func (v variant) op(c clients.Client, t target) op {
	return connChecked(v.newOp(c, t), t, v)
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
	// handshakes, when set, is the number of TLS handshakes the server has
	// completed so far, full and resumed (the TLS fixture servers count
	// them).
	handshakes func() (full, resumed int)
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

// families lists every family; TestScenarios runs them all.
var families = []family{
	h1GetBytes, h1GetText, jsonFamily, h1Post4KiB, h1Download, h1Concurrent,
	h2Get, h2Download, h2Upload, h2Concurrent, h2Post4KiB, pool,
	sseFamily, multipartFamily, uploadFamily, rangeDownload, bodyStream,
	tlsGet, tlsDownload, tlsConcurrent, tlsHandshake,
}

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

// The feature families: every library client, each through its own API for
// the feature (see the capability interfaces in package clients).
var (
	sseFamily = family{"SSE", []variant{
		{levels: []string{"events=100"}, clients: h1Libraries, newOp: sseOp(100)},
	}}
	multipartFamily = family{"Multipart", []variant{
		{levels: []string{"form=small"}, clients: h1Libraries, newOp: multipartOp(fixtures.FormSmall)},
		{levels: []string{"form=file1MiB"}, clients: h1Libraries, bytes: 1 << 20, newOp: multipartOp(fixtures.FormFile1MiB)},
	}}
	// uploadFamily: length=known is a byte slice sent with its
	// Content-Length (each library's Post), length=unknown an io.Reader
	// that hides its size (chunked over HTTP/1.1). Both read a fresh echo.
	uploadFamily = family{"Upload", []variant{
		{levels: []string{"size=1MiB", "length=known"}, clients: h1Libraries, bytes: 1 << 20, newOp: post(1<<20, bufFresh)},
		{levels: []string{"size=1MiB", "length=unknown"}, clients: h1Libraries, bytes: 1 << 20, newOp: uploadOp(1 << 20)},
	}}
	rangeDownload = family{"RangeDownload", []variant{
		rangeVariant("1MiB", 1<<20, 1), rangeVariant("1MiB", 1<<20, 4), rangeVariant("1MiB", 1<<20, 8),
	}}
	bodyStream = family{"BodyStream", []variant{
		{levels: []string{"size=64KiB", "read=frames"}, clients: h1Libraries, bytes: 64 << 10, newOp: framesOp(64 << 10)},
		{levels: []string{"size=64KiB", "read=collect"}, clients: h1Libraries, bytes: 64 << 10, newOp: func(c clients.Client, t target) op {
			return getBytesOp(c, fmt.Sprintf("%s/bytes/%d", t.base, 64<<10), fixtures.Bytes(64<<10), t.proto, bufFresh)
		}},
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
