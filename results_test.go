package httpclientbench_test

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/results"
)

// recordedRun is the results file the README's and docs/REPORT.md's
// numbers are generated from.
const recordedRun = "docs/results.txt"

// TestRecordedRunIsThisSuite: the recorded run was made by cmd/benchrun
// (interleaved rounds, so it says how many) and holds exactly the leaves
// this suite has, each with the same number
// of samples, so the published tables describe the benchmarks as they are,
// not as they were.
func TestRecordedRunIsThisSuite(t *testing.T) {
	f, err := os.Open(recordedRun)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	series, config, err := results.Read(f, recordedRun)
	if err != nil {
		t.Fatal(err)
	}
	fix := "; make a new one: scripts/report.sh"
	if config["rounds"] == "" {
		t.Fatalf("%s has no rounds: line: it was not made by cmd/benchrun%s", recordedRun, fix)
	}
	samples := map[string]int{}
	for _, s := range series {
		if s.Unit == "sec/op" || s.Unit == "ns/op" {
			samples[s.Name] = len(s.Values)
		}
	}
	want := []string{"LoopbackRoundTrip"}
	for _, fam := range families {
		for _, v := range fam.variants {
			for _, cf := range v.clients {
				want = append(want, strings.Join(slices.Concat([]string{fam.name}, v.levels, []string{"client=" + cf.Name}), "/"))
			}
		}
	}
	for _, name := range want {
		switch n, ok := samples[name]; {
		case !ok:
			t.Errorf("%s has no %s%s", recordedRun, name, fix)
		case strconv.Itoa(n) != config["rounds"]:
			t.Errorf("%s: %d samples of %s, want one per round (%s)", recordedRun, n, name, config["rounds"])
		}
		delete(samples, name)
	}
	for name := range samples {
		t.Errorf("%s has %s, which this suite does not%s", recordedRun, name, fix)
	}
}
