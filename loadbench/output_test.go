package loadbench

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/httpclientbench/httpclientbench/internal/results"
	"github.com/httpclientbench/httpclientbench/loadbench/report"
)

// testSamples are two samples of a steady run: one with every unit, one
// with no correct answer (so no cpu-ns/req).
func testSamples() []*sample {
	latency := map[string]int64{"p50-ns": 412000, "p90-ns": 530000, "p95-ns": 610000, "p99-ns": 1250000, "p99.9-ns": 2400000, "max-ns": 9800000}
	return []*sample{{
		name: "Load/mode=steady/rate=2000/payload=json/client=nethttp",
		rep: childReport{OK: 9998, Elapsed: 5 * time.Second, Latency: latency, Failed: map[string]int64{"timeout": 2},
			SchedP99: 95 * time.Microsecond, TickLateP99: 1100 * time.Microsecond, GCCycles: 14},
		cpu: 1500 * time.Millisecond, rss: 14_680_064, conns: 3,
	}, {
		name: "Load/mode=steady/rate=2000/payload=json/client=raw",
		rep:  childReport{Elapsed: 5 * time.Second, Latency: map[string]int64{}, Failed: map[string]int64{"refused": 10000}, Dropped: 4},
		cpu:  200 * time.Millisecond, rss: 9_000_000, conns: 0,
	}}
}

// TestResultsRoundTrip: what loadbench writes, with benchfmt.Writer, reads
// back through benchfmt as the samples' values with their unit metadata,
// and through loadbench/report (the report's reader) and benchstat.
func TestResultsRoundTrip(t *testing.T) {
	config := []benchfmt.Config{
		results.Config("commit", "0123456789ab"),
		results.Config("loadbench", "mode=steady rate=2000 max-inflight=10000 duration=5s payload=json rounds=1 timeout=10s"),
	}
	var buf bytes.Buffer
	w := benchfmt.NewWriter(&buf)
	if err := writeUnits(w); err != nil {
		t.Fatal(err)
	}
	samples := testSamples()
	for _, s := range samples {
		if err := w.Write(s.result(config)); err != nil {
			t.Fatal(err)
		}
	}
	out := buf.String()
	want := "Unit req/s better=higher\nUnit p50-ns better=lower\n"
	if !strings.HasPrefix(out, want) {
		t.Errorf("the output does not start with the unit metadata %q:\n%s", want, out)
	}
	want = "commit: 0123456789ab\nloadbench: mode=steady rate=2000 max-inflight=10000 duration=5s payload=json rounds=1 timeout=10s\n\n" +
		"BenchmarkLoad/mode=steady/rate=2000/payload=json/client=nethttp 9998 1999.6 req/s 412000 p50-ns 530000 p90-ns 610000 p95-ns " +
		"1.25e+06 p99-ns 2.4e+06 p99.9-ns 9.8e+06 max-ns 2 errors 0 errors-refused 2 errors-timeout 0 errors-portexhaust 0 errors-pool " +
		"0 errors-answer 0 errors-other 0 dropped 1.4680064e+07 peak-RSS-B 150030 cpu-ns/req 95000 sched-p99-ns 1.1e+06 tick-late-p99-ns " +
		"3 conns 14 gc-cycles\n"
	if !strings.Contains(out, "\n"+want) {
		t.Errorf("the first result is not\n%s\nin\n%s", want, out)
	}

	// benchfmt reads every sample's values back, and every unit's
	// direction.
	r := benchfmt.NewReader(strings.NewReader(out), "out")
	i := 0
	for r.Scan() {
		switch rec := r.Result().(type) {
		case *benchfmt.SyntaxError:
			t.Errorf("benchfmt: %v", rec)
		case *benchfmt.Result:
			if i >= len(samples) {
				t.Fatalf("more results than samples: %s", rec.Name)
			}
			s := samples[i]
			i++
			if rec.Name.String() != s.name || int64(rec.Iters) != s.rep.OK || rec.GetConfig("commit") != "0123456789ab" {
				t.Errorf("read %s %d (commit %q), want %s %d", rec.Name, rec.Iters, rec.GetConfig("commit"), s.name, s.rep.OK)
			}
			got := map[string]float64{}
			for _, v := range rec.Values {
				if v.OrigUnit != "" { // tidied by benchfmt: p50-ns is p50-sec
					v.Value, v.Unit = v.OrigValue, v.OrigUnit
				}
				got[v.Unit] = v.Value
			}
			wantValues := s.values()
			if len(got) != len(wantValues) {
				t.Errorf("%s: %d values read, %d written", s.name, len(got), len(wantValues))
			}
			for u, x := range wantValues {
				if got[u] != x {
					t.Errorf("%s: %s reads back as %v, want %v", s.name, u, got[u], x)
				}
			}
		}
	}
	if err := r.Err(); err != nil || i != len(samples) {
		t.Fatalf("read %d results of %d: %v", i, len(samples), err)
	}
	for _, u := range units {
		want := map[string]int{"higher": 1, "lower": -1}[u.better]
		if got := r.Units().GetBetter(u.name); got != want {
			t.Errorf("benchfmt reads %s as better=%d, want %d", u.name, got, want)
		}
	}

	// The load report reads it.
	run, err := report.Read(strings.NewReader(out), "out")
	if err != nil {
		t.Fatal(err)
	}
	if len(run.Groups) != 1 || run.Mode != report.Steady {
		t.Fatalf("loadbench/report reads %d groups of mode %s", len(run.Groups), run.Mode)
	}
	if p99, ok := run.Groups[0].Cell("", "nethttp").Median("p99-ns"); !ok || p99 != 1250000 {
		t.Errorf("loadbench/report reads nethttp's p99 as %v, %v", p99, ok)
	}

	// So does benchstat, without a complaint.
	path := filepath.Join(t.TempDir(), "results.txt")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "tool", "benchstat", "-col", "/client", path)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil || stderr.Len() > 0 {
		t.Fatalf("benchstat: %v\n%s", err, stderr.Bytes())
	}
	if !strings.Contains(stdout.String(), "nethttp") || !strings.Contains(stdout.String(), "p99-sec") {
		t.Errorf("benchstat's tables have no nethttp column or p99 table:\n%s", stdout.String())
	}
}
