package main

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/mdblock"
	"github.com/httpclientbench/httpclientbench/internal/results"
)

var update = flag.Bool("update", false, "rewrite the README's coldstart table from docs/coldstart.txt")

const (
	readmePath   = "../../README.md"
	recordedPath = "../../docs/coldstart.txt"
)

var readmeMarkers = mdblock.Syntax{Tool: "coldstart", Kinds: map[string][]string{"table": nil}}

// The README's cold start table is docs/coldstart.txt's: -update rewrites
// it, otherwise a difference fails. A row docs/coldstart.txt does not
// have at all (a client added since it was recorded) is logged, not
// drawn, until a new run records it.
func TestReadmeTable(t *testing.T) {
	src, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	table, unrecorded, err := renderTable(recordedPath)
	if err != nil {
		t.Fatal(err)
	}
	if len(unrecorded) > 0 {
		t.Logf("%s lacks the rows %s: go run ./cmd/coldstart -o docs/coldstart.txt records them", recordedPath, strings.Join(unrecorded, ", "))
	}
	out, blocks, err := readmeMarkers.Rewrite(src, "README.md", func(string, []mdblock.Option) (string, error) {
		return table, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(blocks) != 1 {
		t.Fatalf("README.md has %d coldstart blocks, want 1", len(blocks))
	}
	if string(out) == string(src) {
		return
	}
	if *update {
		if err := os.WriteFile(readmePath, out, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("README.md line %d: the coldstart table is not docs/coldstart.txt's; run go test ./cmd/coldstart -run Readme -update\nhave:\n%s\nwant:\n%s", blocks[0].Line, blocks[0].Old, blocks[0].New)
}

// renderTable is the Markdown table of a coldstart results file: a row per
// client in clients order, the median of each figure. A row the file has
// no figure of is left out and named in unrecorded; one with some figures
// but not all is an error.
func renderTable(path string) (table string, unrecorded []string, err error) {
	f, err := os.Open(path)
	if err != nil {
		return "", nil, err
	}
	defer f.Close()
	series, config, err := results.Read(f, path)
	if err != nil {
		return "", nil, err
	}
	type key struct {
		c    client
		unit string
	}
	values := map[key][]float64{}
	for _, s := range series {
		i := slices.IndexFunc(clients, func(c client) bool { return c.benchName() == s.Name })
		if i < 0 {
			return "", nil, fmt.Errorf("%s: unexpected benchmark %s", path, s.Name)
		}
		k := key{clients[i], s.Unit}
		values[k] = append(values[k], s.Values...)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Commit %s, %s, %s; runs: %s.\n\n", config["commit"], config["go"], config["machine"], config["runs"])
	b.WriteString("| client | scheme | protocol | start → first response | ± | binary | stripped | peak RSS |\n")
	b.WriteString("|---|---|---|--:|--:|--:|--:|--:|\n")
	for _, c := range clients {
		if !slices.ContainsFunc(series, func(s *results.Series) bool { return s.Name == c.benchName() }) {
			unrecorded = append(unrecorded, c.benchName())
			continue
		}
		cell := func(unit string) (results.Summary, error) {
			v := values[key{c, unit}]
			if len(v) == 0 {
				return results.Summary{}, fmt.Errorf("%s: no %s for %s", path, unit, c.benchName())
			}
			return results.Summarize(v), nil
		}
		var sums [4]results.Summary
		for i, u := range []string{"ns/op", "binary-B", "binary-stripped-B", "peak-RSS-B"} {
			if sums[i], err = cell(u); err != nil {
				return "", nil, err
			}
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %.2f ms | %s | %s | %s | %s |\n", c.name, c.scheme, c.proto, sums[0].Center/1e6, sums[0].Range(),
			mib(sums[1].Center), mib(sums[2].Center), mib(sums[3].Center))
	}
	return strings.TrimSuffix(b.String(), "\n"), unrecorded, nil
}

func mib(bytes float64) string { return fmt.Sprintf("%.1f MiB", bytes/(1<<20)) }
