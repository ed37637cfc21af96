package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/results"
)

// convert runs benchjson on input (with a run id) and returns each file's
// entries.
func convert(t *testing.T, input string) map[string][]Entry {
	t.Helper()
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	if err := os.WriteFile(in, []byte(input), 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	if err := run([]string{"-in", in, "-out-dir", dir, "-run-id", "123-1"}, &stderr); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	out := map[string][]Entry{}
	for _, name := range []string{TimeFile, ThroughputFile, BytesFile, AllocsFile} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		var es []Entry
		if err := json.Unmarshal(b, &es); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = es
	}
	return out
}

// firstRounds keeps the first n result lines of each benchmark of a
// benchrun file: a -count=n-like output of the same suite.
func firstRounds(t *testing.T, path string, n int) string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var b strings.Builder
	seen := map[string]int{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if f := strings.Fields(line); len(f) > 0 && strings.HasPrefix(line, "Benchmark") {
			// benchfmt.Writer separates fields with spaces, go test with tabs.
			name := f[0]
			if seen[name]++; seen[name] > n {
				continue
			}
		}
		b.WriteString(line + "\n")
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// checkStores: in every file no two entries share a name, each file holds
// one unit, MB/s only in throughput.json, and every entry carries the run id.
func checkStores(t *testing.T, files map[string][]Entry, wantN string) {
	t.Helper()
	units := map[string]string{TimeFile: "ns/op", ThroughputFile: "MB/s", BytesFile: "B/op", AllocsFile: "allocs/op"}
	for file, es := range files {
		if len(es) == 0 {
			t.Errorf("%s is empty", file)
		}
		seen := map[string]bool{}
		for _, e := range es {
			if seen[e.Name] {
				t.Errorf("%s: two entries named %q", file, e.Name)
			}
			seen[e.Name] = true
			if e.Unit != units[file] {
				t.Errorf("%s: %s in %s, want only %s", file, e.Unit, e.Name, units[file])
			}
			if !strings.HasSuffix(e.Extra, "; run=123-1") || !strings.Contains(e.Extra, wantN) {
				t.Errorf("%s: %s's extra %q, want %q and the run id at the end", file, e.Name, e.Extra, wantN)
			}
		}
	}
}

// TestUniqueNamesOnSuiteOutput: the recorded full run (6 rounds) and a
// -count=2-like cut of it give files in which no name appears twice.
func TestUniqueNamesOnSuiteOutput(t *testing.T) {
	full, err := os.ReadFile("../../docs/results.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, input, wantN string }{
		{"6 rounds", string(full), "median of 6"},
		{"count=2", firstRounds(t, "../../docs/results.txt", 2), "median of 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := convert(t, tc.input)
			checkStores(t, files, tc.wantN)
			// Every benchmark of the run is in time.json, B/op and allocs/op
			// of each in their own files.
			leaves := map[string]bool{}
			for _, l := range strings.Split(tc.input, "\n") {
				if f := strings.Fields(l); len(f) > 0 && strings.HasPrefix(f[0], "Benchmark") {
					leaves[f[0]] = true
				}
			}
			if n := len(leaves); len(files[TimeFile]) != n || len(files[BytesFile]) != n || len(files[AllocsFile]) != n {
				t.Errorf("%d leaves; %d, %d and %d entries in time, bytes and allocs", n, len(files[TimeFile]), len(files[BytesFile]), len(files[AllocsFile]))
			}
		})
	}
}

// TestNamesIndependentOfOtherPackages: the suite's names are the same
// whether the results hold its package alone or other packages' too, and
// the other package's names carry its path.
func TestNamesIndependentOfOtherPackages(t *testing.T) {
	suite := firstRounds(t, "../../docs/results.txt", 2)
	other := "pkg: " + results.Module + "/loadbench/load\nBenchmarkSchedule/n=1-2 100 50 ns/op 0 B/op 0 allocs/op\n" +
		"BenchmarkSchedule/n=1-2 100 51 ns/op 0 B/op 0 allocs/op\n"
	alone, both := convert(t, suite), convert(t, suite+other)
	for _, file := range []string{TimeFile, ThroughputFile, BytesFile, AllocsFile} {
		var a, b []string
		for _, e := range alone[file] {
			a = append(a, e.Name)
		}
		for _, e := range both[file] {
			if !strings.HasPrefix(e.Name, "loadbench/load.") {
				b = append(b, e.Name)
			}
		}
		if !slices.Equal(a, b) {
			t.Errorf("%s: the suite's names changed when another package's results were added:\n%q\n%q", file, a, b)
		}
	}
	if got := both[TimeFile][len(both[TimeFile])-1].Name; got != "loadbench/load.Schedule/n=1" {
		t.Errorf("the other package's benchmark is named %q", got)
	}
	for _, e := range alone[TimeFile] {
		if strings.Contains(e.Name, ".H") || strings.HasPrefix(e.Name, "github.com") {
			t.Errorf("the root package's %q has a prefix", e.Name)
		}
	}
}

// TestDuplicateNameRefused: two series that would share a name in one store
// are an error, not two entries the action would mix up.
func TestDuplicateNameRefused(t *testing.T) {
	// Two packages outside the module whose path plus name coincide.
	in := "pkg: a.b\nBenchmarkC.D-2 10 5 ns/op\npkg: a.b.C\nBenchmarkD-2 10 5 ns/op\n"
	dir := t.TempDir()
	p := filepath.Join(dir, "in.txt")
	if err := os.WriteFile(p, []byte(in), 0o644); err != nil {
		t.Fatal(err)
	}
	err := run([]string{"-in", p, "-out-dir", dir}, &strings.Builder{})
	if err == nil || !strings.Contains(err.Error(), `two entries named "a.b.C.D"`) {
		t.Errorf("run = %v, want the duplicate named", err)
	}
}

func TestRunIDChecked(t *testing.T) {
	err := run([]string{"-in", "testdata/results.txt", "-out-dir", t.TempDir(), "-run-id", "1; run=2"}, &strings.Builder{})
	if err == nil || !strings.Contains(err.Error(), "-run-id") {
		t.Errorf("run = %v, want -run-id refused", err)
	}
}
