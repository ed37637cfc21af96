package main

import (
	"cmp"
	"fmt"
	"math"
	"strings"

	"github.com/httpclientbench/httpclientbench/internal/registry"
	"github.com/httpclientbench/httpclientbench/internal/results"
	"github.com/httpclientbench/httpclientbench/netem"
)

// missing is the cell of a leaf the run does not have.
const missing = "—"

// baseline is the client every ratio of the clients block is taken to,
// and the client of the summary (HTTP/3 rows: the only HTTP/3 client).
var baseline = registry.BaselineName

func (pg page) generate(kind string, o options) (string, error) {
	switch kind {
	case "config":
		return pg.config(), nil
	case "windows":
		return pg.windows(o), nil
	case "range":
		return pg.rangeTable(o), nil
	case "fresh":
		return pg.fresh(o), nil
	case "resume":
		return pg.resume(o), nil
	case "protocols":
		return pg.protocols(o), nil
	case "summary":
		return pg.summary(o), nil
	case "clients":
		if pg.loop == nil {
			return "", fmt.Errorf("netreport:clients compares with the loopback run: give -loopback")
		}
		return pg.clients(o), nil
	}
	return "", fmt.Errorf("unknown kind %q", kind)
}

func (pg page) config() string {
	c := pg.net.config
	return fmt.Sprintf("Generated from [%s](%s) by `cmd/netreport`: machine %s, Go %s, date %s, commit %s, %s rounds, benchtime %s.",
		pg.netLink, pg.netLink, c["machine"], c["go"], c["date"], c["commit"], c["rounds"], c["benchtime"])
}

// table is a Markdown table under construction.
type table struct {
	b strings.Builder
}

func newTable(head ...string) *table {
	t := &table{}
	t.row(head...)
	seps := make([]string, len(head))
	for i := range seps {
		seps[i] = "---"
	}
	t.row(seps...)
	return t
}

func (t *table) row(cells ...string) {
	t.b.WriteString("| " + strings.Join(cells, " | ") + " |\n")
}

func (t *table) String() string { return strings.TrimSuffix(t.b.String(), "\n") }

// timeCell is a leaf's median time and benchstat's ±.
func timeCell(v []float64) string {
	if v == nil {
		return missing
	}
	s := results.Summarize(v)
	return results.FormatNanos(s.Center) + " " + s.Range()
}

// ratioCell is a ÷ b, paired by round where the run is.
func (r *runFile) ratioCell(a, b []float64) string {
	if a == nil || b == nil {
		return missing
	}
	return results.RatioOf(a, b, r.paired).String()
}

// diff is a − b: the median of the per-round differences and its
// interval where the run pairs by round, the difference of the medians
// (no interval) where it does not.
func (r *runFile) diff(a, b []float64) (d, lo, hi float64) {
	if r.paired && len(a) == len(b) {
		ds := make([]float64, len(a))
		for k := range ds {
			ds[k] = a[k] - b[k]
		}
		s := results.Summarize(ds)
		return s.Center, s.Lo, s.Hi
	}
	return results.Summarize(a).Center - results.Summarize(b).Center, math.Inf(-1), math.Inf(1)
}

// diffCell is a − b in milliseconds with its interval, and in round trips
// of rtt when rtt > 0.
func (r *runFile) diffCell(a, b []float64) string {
	if a == nil || b == nil {
		return missing
	}
	d, lo, hi := r.diff(a, b)
	ms := func(x float64) string { return fmt.Sprintf("%+.2f", x/1e6) }
	if math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return ms(d) + " ms (±∞)"
	}
	return fmt.Sprintf("%s ms (%s to %s)", ms(d), ms(lo), ms(hi))
}

// trips is d (nanoseconds) in round trips of p.
func trips(d float64, p netem.Profile) string {
	return fmt.Sprintf("%.1f", d/float64(p.RTT.Nanoseconds()))
}

func leaf(parts ...string) string { return strings.Join(parts, "/") }

func (pg page) windows(o options) string {
	t := newTable("client", "path", "window=64KiB", "window=default", "window=tuned", "tuned ÷ default", "64KiB ÷ default")
	for _, c := range o.clients {
		for _, p := range o.profiles {
			w := func(name string) []float64 {
				return pg.net.time(leaf("H2Download", "net="+p.Name, "size=1MiB", "window="+name, "buf=fresh", "client="+c))
			}
			small, def, tuned := w("64KiB"), w("default"), w("tuned")
			if small == nil && def == nil && tuned == nil {
				continue
			}
			t.row(c, p.Name, timeCell(small), timeCell(def), timeCell(tuned), pg.net.ratioCell(tuned, def), pg.net.ratioCell(small, def))
		}
	}
	return t.String()
}

func (pg page) rangeTable(o options) string {
	t := newTable("client", "path", "conn", "chunks=1", "chunks=4", "chunks=8", "4 ÷ 1", "8 ÷ 1")
	for _, c := range o.clients {
		for _, p := range o.profiles {
			for _, conn := range []string{"pooled", "fresh"} {
				k := func(n string) []float64 {
					return pg.net.time(leaf("RangeDownload", "net="+p.Name, "size=1MiB", "chunks="+n, "conn="+conn, "client="+c))
				}
				one, four, eight := k("1"), k("4"), k("8")
				if one == nil && four == nil && eight == nil {
					continue
				}
				t.row(c, p.Name, conn, timeCell(one), timeCell(four), timeCell(eight), pg.net.ratioCell(four, one), pg.net.ratioCell(eight, one))
			}
		}
	}
	return t.String()
}

// A poolProto is one protocol of the Pool rows: its proto= level (and
// window=, for h2c), as the leaves name it, and how the tables name it.
type poolProto struct{ levels, title string }

var poolProtos = []poolProto{
	{"proto=h1", "HTTP/1.1"},
	{"proto=h2/window=default", "h2c"},
	{"proto=h1_tls", "HTTP/1.1 + TLS"},
	{"proto=h2_tls", "HTTP/2 + TLS"},
	{"proto=h3", "HTTP/3"},
}

func (pg page) poolLeaf(p netem.Profile, pp poolProto, conn, client string) []float64 {
	return pg.net.time(leaf("Pool", "net="+p.Name, pp.levels, "conn="+conn, "client="+client))
}

func (pg page) fresh(o options) string {
	t := newTable("protocol", "client", "path", "conn=pooled", "conn=fresh", "fresh − pooled", "round trips")
	for _, pp := range poolProtos {
		for _, c := range o.clients {
			for _, p := range o.profiles {
				pg.diffRow(t, pp.title, c, p, pg.poolLeaf(p, pp, "pooled", c), pg.poolLeaf(p, pp, "fresh", c))
			}
		}
	}
	return t.String()
}

// diffRow adds the row of client c on path p comparing leaf b with leaf
// a: both times, b − a with its interval, and in round trips; no row if
// the run has neither.
func (pg page) diffRow(t *table, title, c string, p netem.Profile, a, b []float64) {
	if a == nil && b == nil {
		return
	}
	rt := missing
	if a != nil && b != nil {
		d, _, _ := pg.net.diff(b, a)
		rt = trips(d, p)
	}
	t.row(title, c, p.Name, timeCell(a), timeCell(b), pg.net.diffCell(b, a), rt)
}

func (pg page) handshake(p netem.Profile, proto, resume, client string) []float64 {
	return pg.net.time(leaf("TLSHandshake", "net="+p.Name, "proto="+proto, "resume="+resume, "client="+client))
}

// resumptions are the resume block's rows: each protocol's resumed
// handshake against its full one, and HTTP/3's 0-RTT (the GET sent as
// early data on the resumed connection) against its full one.
var resumptions = []struct{ title, proto, resumed string }{
	{"h1", "h1", "on"}, {"h2", "h2", "on"}, {"h3", "h3", "on"}, {"h3 0-RTT", "h3", "0rtt"},
}

func (pg page) resume(o options) string {
	t := newTable("protocol", "client", "path", "full handshake", "resumed", "resumed − full", "round trips")
	for _, r := range resumptions {
		for _, c := range o.clients {
			for _, p := range o.profiles {
				pg.diffRow(t, r.title, c, p, pg.handshake(p, r.proto, "off", c), pg.handshake(p, r.proto, r.resumed, c))
			}
		}
	}
	return t.String()
}

// concurrent returns the leaves of 50 concurrent GETs on path p: HTTP/1.1,
// h2c, and HTTP/2 and HTTP/3 over TLS, each with the client that speaks
// it as the baseline does (HTTP/3: http3).
func (pg page) concurrent(p netem.Profile) (h1, h2c, h2, h3 []float64) {
	n := "net=" + p.Name
	return pg.net.time(leaf("H1Concurrent", n, "n=50", "client="+baseline)),
		pg.net.time(leaf("H2Concurrent", n, "n=50", "window=default", "client="+baseline)),
		pg.net.time(leaf("TLSConcurrent", n, "n=50", "proto=h2", "client="+baseline)),
		pg.net.time(leaf("TLSConcurrent", n, "n=50", "proto=h3", "client="+h3Client()))
}

// h3Client is the registry's HTTP/3 client.
func h3Client() string { return registry.Names(registry.H3)[0] }

func (pg page) protocols(o options) string {
	t := newTable("path", "HTTP/1.1, a connection each", "h2c, one connection", "HTTP/2 + TLS", "HTTP/3", "HTTP/3 ÷ HTTP/2", "h2c ÷ HTTP/1.1")
	for _, p := range o.profiles {
		h1, h2c, h2, h3 := pg.concurrent(p)
		t.row(p.Name, timeCell(h1), timeCell(h2c), timeCell(h2), timeCell(h3), pg.net.ratioCell(h3, h2), pg.net.ratioCell(h2c, h1))
	}
	return t.String()
}

// summary is one row per question, one column per profile, for the
// baseline client (http3 on HTTP/3 rows).
func (pg page) summary(o options) string {
	head := []string{"question (" + baseline + ")"}
	for _, p := range o.profiles {
		head = append(head, p.Name)
	}
	t := newTable(head...)
	row := func(title string, cell func(p netem.Profile) string) {
		cells := []string{title}
		for _, p := range o.profiles {
			cells = append(cells, cell(p))
		}
		t.row(cells...)
	}
	h2dl := func(p netem.Profile, w string) []float64 {
		return pg.net.time(leaf("H2Download", "net="+p.Name, "size=1MiB", "window="+w, "buf=fresh", "client="+baseline))
	}
	rng := func(p netem.Profile, chunks, conn string) []float64 {
		return pg.net.time(leaf("RangeDownload", "net="+p.Name, "size=1MiB", "chunks="+chunks, "conn="+conn, "client="+baseline))
	}
	row("1 MiB over h2c: tuned ÷ default window", func(p netem.Profile) string { return pg.net.ratioCell(h2dl(p, "tuned"), h2dl(p, "default")) })
	row("1 MiB over h2c: 64 KiB ÷ default window", func(p netem.Profile) string { return pg.net.ratioCell(h2dl(p, "64KiB"), h2dl(p, "default")) })
	for _, conn := range []string{"pooled", "fresh"} {
		row("1 MiB in 8 range chunks ÷ 1, "+conn, func(p netem.Profile) string { return pg.net.ratioCell(rng(p, "8", conn), rng(p, "1", conn)) })
	}
	for _, pp := range poolProtos {
		c := baseline
		if pp.title == "HTTP/3" {
			c = h3Client()
		}
		row("fresh − pooled connection, "+pp.title, func(p netem.Profile) string {
			return pg.net.diffCell(pg.poolLeaf(p, pp, "fresh", c), pg.poolLeaf(p, pp, "pooled", c))
		})
	}
	for _, r := range resumptions {
		if r.proto == "h2" || r.title == "h3" {
			continue // h1 over TCP; h3 with 0-RTT, its best
		}
		c := baseline
		if r.proto == "h3" {
			c = h3Client()
		}
		row("resumed − full handshake, "+r.title, func(p netem.Profile) string {
			return pg.net.diffCell(pg.handshake(p, r.proto, r.resumed, c), pg.handshake(p, r.proto, "off", c))
		})
	}
	row("50 concurrent GETs: HTTP/3 ÷ HTTP/2 over TLS", func(p netem.Profile) string {
		_, _, h2, h3 := pg.concurrent(p)
		return pg.net.ratioCell(h3, h2)
	})
	row("50 concurrent GETs: h2c ÷ HTTP/1.1", func(p netem.Profile) string {
		h1, h2c, _, _ := pg.concurrent(p)
		return pg.net.ratioCell(h2c, h1)
	})
	return t.String()
}

// A clientRow is a row of the clients block: its leaf on a path (with
// NET where the net= level goes) and on loopback, without client=.
type clientRow struct{ title, net, loop string }

var clientRows = []clientRow{
	{"small GET, pooled (Pool h1)", "Pool/NET/proto=h1/conn=pooled", "Pool/proto=h1/conn=pooled"},
	{"small GET, fresh (Pool h1)", "Pool/NET/proto=h1/conn=fresh", "Pool/proto=h1/conn=fresh"},
	{"50 concurrent GETs (H1Concurrent)", "H1Concurrent/NET/n=50", "H1Concurrent/n=50"},
	{"1 MiB upload (Upload known)", "Upload/NET/size=1MiB/length=known", "Upload/size=1MiB/length=known"},
	{"1 MiB over h2c (H2Download default)", "H2Download/NET/size=1MiB/window=default/buf=fresh", "H2Download/size=1MiB/window=default/buf=fresh"},
}

// clients: one row per clientRow, one column per client. The baseline's
// cell is its time on loopback and on each path; every other client's is
// its time over the baseline's on loopback (the loopback run) and on each
// path (the net run), each ratio within its own run: whether a client's
// advantage on loopback survives a path.
func (pg page) clients(o options) string {
	var cols []string // the clients with a leaf on some row
	for _, c := range o.clients {
		for _, cr := range clientRows {
			if pg.clientCell(cr, c, o) != "" {
				cols = append(cols, c)
				break
			}
		}
	}
	t := newTable(append([]string{"row"}, cols...)...)
	for _, cr := range clientRows {
		cells, any := []string{cr.title}, false
		for _, c := range cols {
			cell := pg.clientCell(cr, c, o)
			any = any || cell != ""
			cells = append(cells, cmp.Or(cell, missing))
		}
		if any {
			t.row(cells...)
		}
	}
	return t.String()
}

// clientCell is client c's cell on row cr ("" if it has no leaf there).
func (pg page) clientCell(cr clientRow, c string, o options) string {
	loop := pg.loop.time(leaf(cr.loop, "client="+c))
	any := loop != nil
	parts := make([]string, 0, 1+len(o.profiles))
	for i, p := range append([]netem.Profile{{Name: "loopback"}}, o.profiles...) {
		var cell string
		switch {
		case i == 0 && c == baseline:
			cell = timeCell(loop)
		case i == 0:
			cell = pg.loop.ratioCell(loop, pg.loop.time(leaf(cr.loop, "client="+baseline)))
		default:
			name := strings.Replace(cr.net, "NET", "net="+p.Name, 1)
			v := pg.net.time(leaf(name, "client="+c))
			any = any || v != nil
			if c == baseline {
				cell = timeCell(v)
			} else {
				cell = pg.net.ratioCell(v, pg.net.time(leaf(name, "client="+baseline)))
			}
		}
		parts = append(parts, p.Name+" "+cell)
	}
	if !any {
		return ""
	}
	return strings.Join(parts, "<br>")
}
