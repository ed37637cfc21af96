package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/httpclientbench/httpclientbench/internal/results"
)

// TestResultsRoundTrip: the output, written with benchfmt.Writer, reads
// back through benchfmt as the runs' figures with their unit metadata, and
// through docs/coldstart.md's table reader and benchstat.
func TestResultsRoundTrip(t *testing.T) {
	config := []benchfmt.Config{
		results.Config("commit", "0123456789ab"),
		results.Config("go", "go1.26.8"),
		results.Config("machine", "Linux x86_64, 2 CPUs, test"),
		results.Config("runs", "2 per row (client and scheme), rotating"),
	}
	var buf bytes.Buffer
	w := benchfmt.NewWriter(&buf)
	if err := writeUnits(w); err != nil {
		t.Fatal(err)
	}
	var want [][]float64 // each result's values, in units order
	for i := range 2 {
		for j, c := range clients {
			p := program{client: c, size: 9_000_000 + int64(j), stripped: 6_000_000 + int64(j)}
			r := result{wall: time.Duration(5_000_000 + 1000*i + j), peakRSS: 8_000_000 + int64(j)}
			if err := w.Write(p.result(config, r)); err != nil {
				t.Fatal(err)
			}
			want = append(want, []float64{float64(r.wall), float64(p.size), float64(p.stripped), float64(r.peakRSS)})
		}
	}
	out := buf.String()
	head := "Unit ns/op better=lower\nUnit binary-B better=lower\nUnit binary-stripped-B better=lower\nUnit peak-RSS-B better=lower\n" +
		"commit: 0123456789ab\ngo: go1.26.8\nmachine: Linux x86_64, 2 CPUs, test\nruns: 2 per row (client and scheme), rotating\n\n" +
		"Benchmark" + clients[0].BenchName() + " 1 5e+06 ns/op 9e+06 binary-B 6e+06 binary-stripped-B 8e+06 peak-RSS-B\n"
	if !strings.HasPrefix(out, head) {
		t.Errorf("the output starts\n%s\nwant\n%s", out[:min(len(out), len(head))], head)
	}

	r := benchfmt.NewReader(strings.NewReader(out), "out")
	i := 0
	for r.Scan() {
		switch rec := r.Result().(type) {
		case *benchfmt.SyntaxError:
			t.Errorf("benchfmt: %v", rec)
		case *benchfmt.Result:
			c := clients[i%len(clients)]
			var got []float64
			var gotUnits []string
			for _, v := range rec.Values {
				if v.OrigUnit != "" { // tidied by benchfmt: ns/op is sec/op
					v.Value, v.Unit = v.OrigValue, v.OrigUnit
				}
				got = append(got, v.Value)
				gotUnits = append(gotUnits, v.Unit)
			}
			if rec.Name.String() != c.BenchName() || rec.Iters != 1 || rec.GetConfig("runs") == "" ||
				fmt.Sprint(got) != fmt.Sprint(want[i]) || fmt.Sprint(gotUnits) != fmt.Sprint(units) {
				t.Errorf("result %d reads back as %s %d %v %q (runs: %q), want %s 1 %v %q", i+1, rec.Name, rec.Iters, got, gotUnits, rec.GetConfig("runs"), c.BenchName(), want[i], units)
			}
			i++
		}
	}
	if err := r.Err(); err != nil || i != len(want) {
		t.Fatalf("read %d results of %d: %v", i, len(want), err)
	}
	for _, u := range units {
		if got := r.Units().GetBetter(u); got != -1 {
			t.Errorf("unit %s: better=%d, want lower (-1)", u, got)
		}
	}

	// docs/coldstart.md's table reads it: the first client's median time.
	path := filepath.Join(t.TempDir(), "coldstart.txt")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	table, err := renderTable(path)
	if err != nil {
		t.Fatalf("renderTable: %v", err)
	}
	if row := fmt.Sprintf("| %s | %s | %s | 5.00 ms |", clients[0].Name, clients[0].Scheme, clients[0].Proto); !strings.Contains(table, row) {
		t.Errorf("the coldstart table has no %q:\n%s", row, table)
	}

	// So does benchstat, without a complaint.
	cmd := exec.Command("go", "tool", "benchstat", "-col", "/client", path)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil || stderr.Len() > 0 {
		t.Fatalf("benchstat: %v\n%s", err, stderr.Bytes())
	}
	if !strings.Contains(stdout.String(), clients[0].Name) || !strings.Contains(stdout.String(), "peak-RSS-B") {
		t.Errorf("benchstat's tables have no %s column or peak-RSS-B table:\n%s", clients[0].Name, stdout.String())
	}
}

// TestTableRowsRecorded: the README table leaves out a row its file has
// no figure for (a client added since the run), and fails on a row with
// only some of its figures.
func TestTableRowsRecorded(t *testing.T) {
	last := clients[len(clients)-1]
	write := func(t *testing.T, figures int) string {
		t.Helper()
		var buf bytes.Buffer
		w := benchfmt.NewWriter(&buf)
		if err := writeUnits(w); err != nil {
			t.Fatal(err)
		}
		config := []benchfmt.Config{results.Config("commit", "0123456789ab")}
		for _, c := range clients {
			res := program{client: c, size: 9_000_000, stripped: 6_000_000}.result(config, result{wall: 5_000_000, peakRSS: 8_000_000})
			if c == last {
				res.Values = res.Values[:figures]
			}
			if len(res.Values) > 0 {
				if err := w.Write(res); err != nil {
					t.Fatal(err)
				}
			}
		}
		path := filepath.Join(t.TempDir(), "coldstart.txt")
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	table, err := renderTable(write(t, 0))
	if err != nil {
		t.Fatal(err)
	}
	if row := fmt.Sprintf("| %s | %s |", last.Name, last.Scheme); strings.Contains(table, row) {
		t.Errorf("a row with no figures is in the table:\n%s", table)
	}
	if row := fmt.Sprintf("| %s | %s |", clients[0].Name, clients[0].Scheme); !strings.Contains(table, row) {
		t.Errorf("the table has no %q:\n%s", row, table)
	}
	if _, err := renderTable(write(t, 1)); err == nil || !strings.Contains(err.Error(), last.BenchName()) {
		t.Errorf("a row with only its time: %v; want an error naming it", err)
	}
}
