// Package coldstart is what cmd/coldstart's runs and their page share:
// the rows (a client's program over a scheme), the units of a result and
// the table docs/coldstart.md shows, made of a recorded run by
// cmd/benchreport. The programs themselves are in each client's folder,
// clients/FOLDER/coldstart/NAME, and share answer and trust, below this
// package; neither imports it, so it adds nothing to their size.
package coldstart

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/httpclientbench/httpclientbench/internal/markdown"
	"github.com/httpclientbench/httpclientbench/internal/registry"
	"github.com/httpclientbench/httpclientbench/internal/results"
)

// A Row is one row of the cold-start table: a client's program
// (registry.Client.ColdStart) and the scheme of its URL, with the protocol
// its library speaks there (what the program checks, but for fasthttp and
// raw, which speak only HTTP/1.1).
type Row struct{ Name, Scheme, Proto string }

// Rows are the rows, in output order, from the registry: an http row
// for every client with HTTP/1.1 rows, then an https row for every client
// with TLS or HTTP/3 rows, each in the registry's order, speaking what its
// library negotiates by default there (HTTP/2 where it can). A client with
// neither (h2c rows only) would have no program.
func Rows() []Row {
	var cs []Row
	for _, c := range registry.All() {
		if c.Speaks(registry.H1) {
			cs = append(cs, Row{c.Name, "http", "HTTP/1.1"})
		}
	}
	for _, c := range registry.All() {
		switch {
		case c.Speaks(registry.H2TLS):
			cs = append(cs, Row{c.Name, "https", "HTTP/2 over TLS 1.3"})
		case c.Speaks(registry.H1TLS):
			cs = append(cs, Row{c.Name, "https", "HTTP/1.1 over TLS 1.3"})
		case c.Speaks(registry.H3):
			cs = append(cs, Row{c.Name, "https", "HTTP/3 (TLS 1.3 over QUIC)"})
		}
	}
	return cs
}

// BenchName is r's benchmark name, without "Benchmark".
func (r Row) BenchName() string { return "ColdStart/scheme=" + r.Scheme + "/client=" + r.Name }

// Units are the units of a result, in order; lower is better in each.
var Units = []string{"ns/op", "binary-B", "binary-stripped-B", "peak-RSS-B"}

// Table is docs/coldstart.md's Markdown table of a run's results, read
// from r (name is used in errors): a line with the commit, Go, the machine
// and the runs, then a row per client in clients order, the median of
// each figure and the time's confidence interval as benchstat prints it.
// A row the results have no figure for at all (one added since their run)
// is left out until a run records it; a row with some figures but not all
// is an error.
func Table(r io.Reader, name string) (string, error) {
	series, config, err := results.Read(r, name)
	if err != nil {
		return "", err
	}
	rows := Rows()
	type key struct {
		c    Row
		unit string
	}
	values := map[key][]float64{}
	recorded := map[Row]bool{}
	for _, s := range series {
		i := slices.IndexFunc(rows, func(c Row) bool { return c.BenchName() == s.Name })
		if i < 0 {
			return "", fmt.Errorf("%s: unexpected benchmark %s", name, s.Name)
		}
		k := key{rows[i], s.Unit}
		values[k] = append(values[k], s.Values...)
		recorded[rows[i]] = true
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Commit %s, %s, %s; runs: %s.\n\n", config["commit"], config["go"], config["machine"], config["runs"])
	t := markdown.NewTable("client", "scheme", "protocol", "start → first response:", "±:", "binary:", "stripped:", "peak RSS:")
	for _, c := range rows {
		if !recorded[c] {
			continue
		}
		cell := func(unit string) (results.Summary, error) {
			v := values[key{c, unit}]
			if len(v) == 0 {
				return results.Summary{}, fmt.Errorf("%s: no %s for %s", name, unit, c.BenchName())
			}
			return results.Summarize(v), nil
		}
		var sums [4]results.Summary
		for i, u := range Units {
			if sums[i], err = cell(u); err != nil {
				return "", err
			}
		}
		t.Row(c.Name, c.Scheme, c.Proto, fmt.Sprintf("%.2f ms", sums[0].Center/1e6), sums[0].Range(),
			mib(sums[1].Center), mib(sums[2].Center), mib(sums[3].Center))
	}
	b.WriteString(t.String())
	return strings.TrimSuffix(b.String(), "\n"), nil
}

func mib(bytes float64) string { return fmt.Sprintf("%.1f MiB", bytes/(1<<20)) }
