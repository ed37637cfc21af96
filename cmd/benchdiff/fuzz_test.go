package main

import (
	"bytes"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/results"
)

// FuzzBenchdiff feeds any bytes through what benchdiff does to its -in
// file: read the two sides (results.ReadGroups by commit), compare them
// (Diff), print the Markdown. An input is refused with an error, or the
// report has one table line per flagged row and ends with its verdict;
// every row is a series both sides have, its p-value a number, and only a
// significant change worse than the threshold is flagged (under -alert:
// only a time or throughput more than 2× worse).
func FuzzBenchdiff(f *testing.F) {
	for _, s := range []struct {
		path  string
		lines int
	}{{"../../docs/ab/echo-stream.txt", 40}, {"../../docs/ab/tlsget-h1-quiet.txt", 0}, {"../../docs/ab/aa-window.txt", 30}} {
		b, err := os.ReadFile(s.path)
		if err != nil {
			f.Fatal(err)
		}
		lines := bytes.SplitAfter(b, []byte("\n"))
		if s.lines == 0 || s.lines > len(lines) {
			s.lines = len(lines)
		}
		f.Add(bytes.Join(lines[:s.lines], nil), uint8(10))
	}
	var ab strings.Builder
	for i := range 6 {
		ab.WriteString("commit: a\nBenchmarkX-2 1 " + string(rune('1'+i)) + "00 ns/op 5 MB/s\ncommit: b\nBenchmarkX-2 1 " + string(rune('5'+i%4)) + "00 ns/op 4 MB/s\n")
	}
	f.Add([]byte(ab.String()), uint8(0))
	f.Add([]byte("commit: a\nBenchmarkX-2 1 0 ns/op\ncommit: b\nBenchmarkX-2 1 5 ns/op\nBenchmarkY-2 1 5 ns/op\n"), uint8(200))
	f.Add([]byte(ab.String()), uint8(255)) // the alert rule
	f.Fuzz(func(t *testing.T, in []byte, threshold uint8) {
		groups, err := results.ReadGroups(bytes.NewReader(in), "ab.txt", "commit")
		if err != nil || len(groups) != 2 {
			return
		}
		rule := Threshold(float64(threshold) / 100)
		if threshold == 255 {
			rule = Alert
		}
		d := Diff(groups[0], groups[1], rule)
		md := d.Markdown()
		if !strings.HasSuffix(md, "\n") {
			t.Fatalf("report does not end with a newline: %q", md)
		}
		var rows, verdicts int
		for _, l := range strings.Split(md, "\n") {
			switch {
			case strings.HasPrefix(l, "| `"):
				rows++
			case strings.HasPrefix(l, "**"):
				verdicts++
			}
		}
		if flagged := d.Flagged(); rows != len(flagged) || verdicts != 1 {
			t.Fatalf("%d flagged rows, report of %d table rows and %d verdicts:\n%s", len(flagged), rows, verdicts, md)
		}
		if len(d.Rows) > min(len(groups[0].Series), len(groups[1].Series)) {
			t.Fatalf("%d rows from sides of %d and %d series", len(d.Rows), len(groups[0].Series), len(groups[1].Series))
		}
		for _, r := range d.Rows {
			if rule.Alert && (r.Unit == "B/op" || r.Unit == "allocs/op") {
				t.Fatalf("%s %s judged by the alert", r.Name, r.Unit)
			}
			// benchmath's U test can give p > 1 on ties in tiny samples
			// (A 5, 0 and B 5: 1.33); such a row is never significant, and
			// only a flagged row shows its p.
			if !(r.P >= 0) {
				t.Fatalf("%s %s: p = %v", r.Name, r.Unit, r.P)
			}
			switch {
			case !r.Flagged:
			case rule.Alert && (r.Worse <= results.AlertRatio):
				t.Fatalf("%s %s crossed: %v× worse", r.Name, r.Unit, r.Worse)
			case !rule.Alert && (r.P > 0.05 || math.IsNaN(r.Worse) || r.Worse <= 1+rule.Threshold):
				t.Fatalf("%s %s flagged: %v× worse, p %v", r.Name, r.Unit, r.Worse, r.P)
			}
		}
	})
}
