package main

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/httpclientbench/httpclientbench/internal/markdown"
	"github.com/httpclientbench/httpclientbench/internal/results"
)

// readmeTable is the README's Markdown table of coldstart's results, read
// from r (name is used in errors): a line with the commit, Go, the machine
// and the runs, then a row per client in clients order, the median of
// each figure and the time's confidence interval as benchstat prints it.
// A row the results have no figure for at all (one added since their run)
// is left out until a run records it; a row with some figures but not all
// is an error.
func readmeTable(r io.Reader, name string) (string, error) {
	series, config, err := results.Read(r, name)
	if err != nil {
		return "", err
	}
	type key struct {
		c    client
		unit string
	}
	values := map[key][]float64{}
	recorded := map[client]bool{}
	for _, s := range series {
		i := slices.IndexFunc(clients, func(c client) bool { return c.benchName() == s.Name })
		if i < 0 {
			return "", fmt.Errorf("%s: unexpected benchmark %s", name, s.Name)
		}
		k := key{clients[i], s.Unit}
		values[k] = append(values[k], s.Values...)
		recorded[clients[i]] = true
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Commit %s, %s, %s; runs: %s.\n\n", config["commit"], config["go"], config["machine"], config["runs"])
	t := markdown.NewTable("client", "scheme", "protocol", "start → first response:", "±:", "binary:", "stripped:", "peak RSS:")
	for _, c := range clients {
		if !recorded[c] {
			continue
		}
		cell := func(unit string) (results.Summary, error) {
			v := values[key{c, unit}]
			if len(v) == 0 {
				return results.Summary{}, fmt.Errorf("%s: no %s for %s", name, unit, c.benchName())
			}
			return results.Summarize(v), nil
		}
		var sums [4]results.Summary
		for i, u := range units {
			if sums[i], err = cell(u); err != nil {
				return "", err
			}
		}
		t.Row(c.name, c.scheme, c.proto, fmt.Sprintf("%.2f ms", sums[0].Center/1e6), sums[0].Range(),
			mib(sums[1].Center), mib(sums[2].Center), mib(sums[3].Center))
	}
	b.WriteString(t.String())
	return strings.TrimSuffix(b.String(), "\n"), nil
}

func mib(bytes float64) string { return fmt.Sprintf("%.1f MiB", bytes/(1<<20)) }
