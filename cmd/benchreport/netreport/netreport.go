// Package netreport writes the tables of the net= rows, the suite's
// benchmarks over emulated network paths (package netem), into Markdown
// pages for cmd/benchreport (its -net flag): every block marked
//
//	<!-- netreport:KIND key=value … -->
//	…generated…
//	<!-- netreport:end -->
//
// is rewritten from the runs of those rows (cmd/benchrun files:
// docs/network.txt, docs/network-lossy.txt) and, for the comparison with
// loopback, the recorded loopback run (benchreport's -in,
// docs/results.txt). Text outside the blocks is kept byte for byte:
//
//	go run ./cmd/benchreport -in docs/results.txt -net docs/network.txt,docs/network-lossy.txt -readme README.md,docs/network.md …
//
// Every median and interval is benchstat's (internal/results); a ratio or
// a difference between two leaves of the run is the median of the per-round
// ratios or differences, with its 95 % interval, as the loopback report's
// ratios are; a ratio between the two runs is the ratio of two such
// ratios, each within its own run.
//
// Kinds (each takes profiles=lan,wan,lossy to choose and order the
// profiles, all by default, and clients=c1,c2 where it has a row per
// client, every client of the run by default):
//
//	config    one line naming the run and its results file
//	windows   H2Download of 1 MiB per window preset, tuned ÷ default and
//	          64 KiB ÷ default
//	range     RangeDownload of 1 MiB in 1, 4 and 8 chunks, pooled and
//	          fresh, 4 ÷ 1 and 8 ÷ 1
//	fresh     Pool's fresh − pooled per protocol, in ms and in round trips
//	resume    TLSHandshake: resumed − full handshake per protocol, and
//	          HTTP/3 with 0-RTT early data
//	protocols 50 concurrent GETs: HTTP/1.1 (a connection each), h2c, HTTP/2
//	          and HTTP/3 over TLS; h3 ÷ h2
//	summary   one table of the answers above for the baseline client
//	clients   each client's time as a ratio to the baseline's (the
//	          baseline's own time) on a few
//	          rows, on loopback and on each path (needs the loopback run)
package netreport

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/httpclientbench/httpclientbench/internal/markdown"
)

var markers = markdown.Syntax{
	Tool: "netreport",
	Kinds: map[string][]string{
		"config":    nil,
		"windows":   {"profiles", "clients"},
		"range":     {"profiles", "clients"},
		"fresh":     {"profiles", "clients"},
		"resume":    {"profiles", "clients"},
		"protocols": {"profiles"},
		"summary":   {"profiles"},
		"clients":   {"profiles", "clients"},
	},
}

// Runs are the net= runs and the loopback run that pages' blocks are
// made from.
type Runs struct {
	net, loop *runFile
}

// Load reads the net= runs (each leaf in one of them) and, if not "", the
// loopback run that the clients blocks compare with.
func Load(net []string, loopback string) (*Runs, error) {
	n, err := loadAll(net)
	if err != nil {
		return nil, err
	}
	r := &Runs{net: n}
	if loopback != "" {
		if r.loop, err = load(loopback); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// Rewrite returns src, the page named name, with its netreport blocks
// rewritten, and the blocks (none: the page has no netreport block). Its
// links to the runs are relative to name's directory.
func (r *Runs) Rewrite(src []byte, name string) ([]byte, []markdown.Block, error) {
	pg := page{net: r.net, loop: r.loop}
	for _, pt := range r.net.parts {
		pg.netLinks = append(pg.netLinks, markdown.Link(filepath.Dir(name), pt.name))
	}
	return pg.rewrite(src, name)
}

// page is what one page's blocks are made from.
type page struct {
	net, loop *runFile
	netLinks  []string // the net runs' files (net.parts), relative to the page
}

// rewrite regenerates every block of src (named name in errors).
func (pg page) rewrite(src []byte, name string) ([]byte, []markdown.Block, error) {
	return markers.Rewrite(src, name, func(kind string, opts []markdown.Option) (string, error) {
		o, err := parseOptions(opts, pg.net)
		if err != nil {
			return "", err
		}
		text, err := pg.generate(kind, o)
		if err == nil && strings.Count(text, "\n") < 2 && strings.HasPrefix(text, "|") {
			// A header and its rule: no leaf of the run fits the block.
			err = fmt.Errorf("netreport:%s: no leaf of the run for its profiles and clients", kind)
		}
		return text, err
	})
}
