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
// report has one table line per flagged row, its verdict, and one line per
// counter that changed by its rule;
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
		d := Diff(groups[0], groups[1], rule, true)
		md := d.Markdown()
		if !strings.HasSuffix(md, "\n") {
			t.Fatalf("report does not end with a newline: %q", md)
		}
		count := func(s, prefix string) (n int) {
			for _, l := range strings.Split(s, "\n") {
				if strings.HasPrefix(l, prefix) {
					n++
				}
			}
			return n
		}
		rows, counters, bold := count(d.Table(), "| `"), count(d.CounterSection(), "| `"), count(md, "**")
		headings := 1 // the verdict, and the counters' heading when any changed
		if len(d.Counters) > 0 {
			headings++
		}
		if flagged := d.Flagged(); rows != len(flagged) || counters != len(d.Counters) || bold != headings || count(md, "| `") != rows+counters {
			t.Fatalf("%d flagged rows and %d counters, report of %d table rows, %d counter rows and %d bold lines:\n%s", len(flagged), len(d.Counters), rows, counters, bold, md)
		}
		for _, c := range d.Counters {
			rule, ok := results.Counter(c.Unit)
			if !ok || !(math.Abs(c.New-c.Old) >= rule.MinAbs) || c.Worse != (c.New > c.Old) {
				t.Fatalf("%s %s: counter %v to %v listed under %+v", c.Name, c.Unit, c.Old, c.New, rule)
			}
		}
		if len(d.Rows) > min(len(groups[0].Series), len(groups[1].Series)) {
			t.Fatalf("%d rows from sides of %d and %d series", len(d.Rows), len(groups[0].Series), len(groups[1].Series))
		}
		for _, r := range d.Rows {
			if _, counter := results.Counter(r.Unit); counter || rule.Alert && r.Unit == results.CPUUnit {
				t.Fatalf("%s %s judged by the time rule", r.Name, r.Unit)
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
