// Command netreport writes the tables of the net= rows, the suite's
// benchmarks over emulated network paths (package netem), into Markdown
// pages: every block marked
//
//	<!-- netreport:KIND key=value … -->
//	…generated…
//	<!-- netreport:end -->
//
// is rewritten from a run of those rows (-in, a cmd/benchrun file:
// docs/network.txt) and, for the comparison with loopback, the recorded
// loopback run (-loopback, docs/results.txt). Text outside the blocks is
// kept byte for byte, and every page is generated before any is written:
//
//	go run ./cmd/netreport -in docs/network.txt -loopback docs/results.txt -readme README.md,docs/network.md
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
//	          rows, on loopback and on each path (needs -loopback)
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/google/renameio/v2"

	"github.com/httpclientbench/httpclientbench/internal/docfile"
	"github.com/httpclientbench/httpclientbench/internal/mdblock"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "netreport:", err)
		}
		os.Exit(2)
	}
}

var markers = mdblock.Syntax{
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

func run(args []string) error {
	fs := flag.NewFlagSet("netreport", flag.ContinueOnError)
	in := fs.String("in", "", "the runs of the net= rows (cmd/benchrun files, comma-separated, each leaf in one of them; required)")
	loopback := fs.String("loopback", "", "the loopback run the clients blocks compare with")
	readme := fs.String("readme", "", "Markdown pages whose netreport blocks to rewrite, comma-separated (required)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *in == "" || *readme == "" || fs.NArg() > 0 {
		fs.Usage()
		return errors.New("-in and -readme are required, and nothing else")
	}
	names := strings.Split(*readme, ",")
	texts, err := generate(*in, *loopback, names)
	if err != nil {
		return err
	}
	for i, name := range names {
		if err := renameio.WriteFile(name, []byte(texts[i]), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// generate returns each page with its netreport blocks rewritten from the
// run in (and the loopback run, if not ""), writing nothing.
func generate(in, loopback string, pages []string) ([]string, error) {
	net, err := loadAll(strings.Split(in, ","))
	if err != nil {
		return nil, err
	}
	var loop *runFile
	if loopback != "" {
		if loop, err = load(loopback); err != nil {
			return nil, err
		}
	}
	var texts []string
	for i, name := range pages {
		if name == "" || slices.Contains(pages[:i], name) {
			return nil, fmt.Errorf("-readme %s: an empty or repeated file name", strings.Join(pages, ","))
		}
		src, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		pg := page{net: net, loop: loop}
		for _, pt := range net.parts {
			pg.netLinks = append(pg.netLinks, docfile.Link(filepath.Dir(name), pt.name))
		}
		text, blocks, err := pg.rewrite(src, name)
		if err != nil {
			return nil, err
		}
		if len(blocks) == 0 {
			return nil, fmt.Errorf("%s has no netreport block", name)
		}
		texts = append(texts, string(text))
	}
	return texts, nil
}

// page is what one page's blocks are made from.
type page struct {
	net, loop *runFile
	netLinks  []string // the net runs' files (net.parts), relative to the page
}

// rewrite regenerates every block of src (named name in errors).
func (pg page) rewrite(src []byte, name string) ([]byte, []mdblock.Block, error) {
	return markers.Rewrite(src, name, func(kind string, opts []mdblock.Option) (string, error) {
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
