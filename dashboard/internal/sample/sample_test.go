package sample

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/httpclientbench/httpclientbench/dashboard"
	"github.com/httpclientbench/httpclientbench/internal/results"
)

type storedBench struct {
	Name, Unit, Range, Extra string
	Value                    float64
}

type storedEntry struct {
	Commit struct {
		ID, Message, URL string
	}
	Date    int64
	Tool    string
	Benches []storedBench
}

// readData parses a data.js as the page does: the object after
// "window.BENCHMARK_DATA = ", and the order of its stores.
func readData(t *testing.T, path string) (stores []string, entries map[string][]storedEntry) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text, ok := bytes.CutPrefix(b, []byte("window.BENCHMARK_DATA = "))
	if !ok {
		t.Fatalf("%s does not start as the action's data.js", path)
	}
	var data struct {
		RepoURL string
		Entries json.RawMessage
	}
	if err := json.Unmarshal(text, &data); err != nil {
		t.Fatal(err)
	}
	entries = map[string][]storedEntry{}
	dec := json.NewDecoder(bytes.NewReader(data.Entries))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("%s: the entries are not an object (%v, %v)", path, tok, err)
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		var es []storedEntry
		if err := dec.Decode(&es); err != nil {
			t.Fatal(err)
		}
		stores = append(stores, tok.(string))
		entries[tok.(string)] = es
	}
	return stores, entries
}

var (
	crossedRE = regexp.MustCompile(`(?:^|; )previous=[^;]* crossed(?:;|$)`)
	runRE     = regexp.MustCompile(`; run=([^;]+)$`)
	counterRE = regexp.MustCompile(`(?:^|; )counter=(rose|fell) ([^;]+)(?:;|$)`)
)

// TestWrite: a short history of every machine, stored as the workflow
// stores it: five stores in its order, an entry per run, each bench
// converted with the machine and the run's id; the first machine's latest
// run is docs/results.txt's medians; the slowed leaves, and only they,
// are crossed; the counters store holds every exact counter, named with
// its unit, and the changed counters, and only they, are marked; one run
// is a second attempt of the previous one; and the same options write the
// same files.
func TestWrite(t *testing.T) {
	if testing.Short() {
		t.Skip("builds cmd/benchjson and converts a dozen runs")
	}
	root := filepath.Join("..", "..", "..")
	opt := Options{Root: root, Runs: 6, benchjson: filepath.Join(t.TempDir(), "benchjson")}
	if err := buildBenchjson(root, opt.benchjson); err != nil {
		t.Fatal(err)
	}
	// The second write, to compare with, runs while the first one's files
	// are checked; the test waits for it before its directory goes.
	again := t.TempDir()
	wrote := make(chan error, 1)
	go func() {
		_, err := Write(again, opt)
		wrote <- err
	}()
	var againErr error
	waitAgain := sync.OnceFunc(func() { againErr = <-wrote })
	t.Cleanup(waitAgain)
	dir := t.TempDir()
	hs, err := Write(dir, opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(hs) != len(dashboard.Machines) {
		t.Fatalf("%d histories for %d machines", len(hs), len(dashboard.Machines))
	}
	var names []string
	for _, s := range Stores {
		names = append(names, s.Name)
	}
	var rerun, slowed, changed bool
	for i, h := range hs {
		if h.Machine != dashboard.Machines[i] || h.Path != filepath.Join(dir, "dev", "bench", h.Machine.ID, "data.js") {
			t.Errorf("history %d is of %v at %s", i, h.Machine, h.Path)
		}
		stores, entries := readData(t, h.Path)
		if !slices.Equal(stores, names) {
			t.Errorf("%s: stores %q, want %q", h.Machine.ID, stores, names)
		}
		runs := h.Stored()
		marked := make([]int, len(runs)) // the counter= marks of each run
		for s, st := range Stores {
			es := entries[st.Name]
			if len(es) != len(runs) {
				t.Fatalf("%s: %s has %d entries for %d runs", h.Machine.ID, st.Name, len(es), len(runs))
			}
			for k, e := range es {
				r := runs[k]
				if e.Commit.ID != r.Commit || e.Tool != st.Tool || e.Commit.URL != RepoURL+"/commit/"+r.Commit || len(e.Benches) == 0 {
					t.Errorf("%s: %s entry %d: commit %s, tool %s, %d benches; want the run's commit %s, tool %s", h.Machine.ID, st.Name, k, e.Commit.ID, e.Tool, len(e.Benches), r.Commit, st.Tool)
				}
				units := map[string]bool{}
				for _, b := range e.Benches {
					units[b.Unit] = true
					leaf := strings.TrimSuffix(b.Name, " ("+b.Unit+")")
					if st.File == "counters.json" && (leaf == b.Name || !slices.Contains(results.ExactUnits, b.Unit)) {
						t.Errorf("%s: %s entry %d: %s in %s: want an exact counter, named with its unit", h.Machine.ID, st.Name, k, b.Name, b.Unit)
					}
					wantCounter := ""
					for _, c := range r.Counters {
						if c.Leaf == leaf && c.Unit == b.Unit {
							wantCounter = map[bool]string{true: "rose ", false: "fell "}[c.Delta > 0] + results.FormatDelta(c.Delta)
						}
					}
					gotCounter := ""
					if m := counterRE.FindStringSubmatch(b.Extra); m != nil {
						gotCounter = m[1] + " " + m[2]
					}
					if gotCounter != wantCounter {
						t.Errorf("%s: run %d: %s %s is marked counter=%q, want %q", h.Machine.ID, k, b.Name, b.Unit, gotCounter, wantCounter)
					}
					if gotCounter != "" {
						changed = true
						marked[k]++
					}
					if m := runRE.FindStringSubmatch(b.Extra); m == nil || m[1] != r.RunID || !strings.Contains(b.Extra, "; machine="+h.Machine.ID+";") {
						t.Fatalf("%s: %s entry %d: %s's extra %q lacks machine=%s or ends without run=%s", h.Machine.ID, st.Name, k, b.Name, b.Extra, h.Machine.ID, r.RunID)
					}
					crossed := crossedRE.MatchString(b.Extra)
					want := s < 2 && slices.Contains(r.Crossing(), leaf)
					if crossed != want {
						t.Errorf("%s: run %d (slowed %q): %s %s crossed=%v", h.Machine.ID, k, r.Crossing(), b.Name, b.Unit, crossed)
					}
				}
				if st.File == "counters.json" {
					for _, u := range results.ExactUnits {
						if !units[u] {
							t.Errorf("%s: %s entry %d has no %s", h.Machine.ID, st.Name, k, u)
						}
					}
				}
			}
		}
		for k, r := range runs {
			if marked[k] != len(r.Counters) {
				t.Errorf("%s: run %d: %d counters marked changed, want %d: %+v", h.Machine.ID, k, marked[k], len(r.Counters), r.Counters)
			}
			slowed = slowed || len(r.Slowed) > 0
			if r.Rerun && k > 0 {
				rerun = true
				if p := runs[k-1]; p.Commit != r.Commit || p.RunID == r.RunID {
					t.Errorf("%s: run %d is a rerun of %s (run %s) after %s (run %s)", h.Machine.ID, k, r.Commit, r.RunID, p.Commit, p.RunID)
				}
			}
		}
		if i == 0 {
			latest := entries[Stores[0].Name][len(runs)-1]
			f, err := os.Open(filepath.Join("..", "..", "..", "docs", "results.txt"))
			if err != nil {
				t.Fatal(err)
			}
			file, err := results.ReadFile(f, "results.txt")
			f.Close()
			if err != nil {
				t.Fatal(err)
			}
			want := map[string]float64{}
			for _, s := range file.Series {
				if s.Unit == "ns/op" {
					want[results.Name(s.Pkg, s.Name)] = results.Round(results.Summarize(s.Values).Center)
				}
			}
			for _, b := range latest.Benches {
				if b.Unit == "ns/op" && b.Value != want[b.Name] {
					t.Errorf("the latest run of %s: %s is %v ns/op, docs/results.txt's median %v", h.Machine.ID, b.Name, b.Value, want[b.Name])
				}
			}
		}
	}
	if !rerun || !slowed || !changed {
		t.Errorf("no rerun (%v), no slowed leaf (%v) or no changed counter (%v) in the stored runs", rerun, slowed, changed)
	}

	if waitAgain(); againErr != nil {
		t.Fatal(againErr)
	}
	for _, h := range hs {
		a, _ := os.ReadFile(h.Path)
		b, _ := os.ReadFile(filepath.Join(again, "dev", "bench", h.Machine.ID, "data.js"))
		if !bytes.Equal(a, b) {
			t.Errorf("%s: two writes with the same options differ", h.Machine.ID)
		}
	}
}
