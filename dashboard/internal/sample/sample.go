// Package sample writes sample histories of the nightly stores for the
// dashboard, generated from the recorded whole suite (docs/results.txt) by
// the project's own converter: the page test runs the page on them, and
// go run ./dashboard/sample writes them to look at the page locally.
//
// Every simulated run is a results file: docs/results.txt's lines with a
// commit: and date: of the run and deterministic noise on its times (a
// seeded math/rand/v2), converted by cmd/benchjson (built once) with
// -run-id, -machine and -previous (the machine's previous simulated run),
// and its five files appended to the machine's five stores as
// github-action-benchmark does (a commit object, the date, the tool; the
// last MaxItems entries kept), written to <dir>/dev/bench/<machine>/data.js
// as the action writes data.js. So the samples have the suite's names,
// units and extra fields exactly as the nightly stores will, and a test on
// them breaks when the suite or the converter changes.
//
// docs/results.txt has the suite's exact counters (results.ExactUnits:
// wire bytes, connections, handshakes) on every row, so the counters store
// is filled as the nightly fills it.
//
// The first machine's latest run is docs/results.txt itself (no noise), so
// its ratios are docs/REPORT.md's. A few runs make some leaves 3× slower
// (SlowFactor), which the converter marks "crossed"; one run is a second
// attempt of the previous run, compared with what the first attempt was
// compared with, as the workflow does. The other machines' histories are
// shorter, with their own noise, their times scaled; the second one's
// latest run changes a few counters, and a regression from the run with
// two attempts on is still open in it.
package sample

import (
	"bufio"
	"bytes"
	"crypto/sha1"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/renameio/v2"
	"golang.org/x/sync/errgroup"

	"github.com/httpclientbench/httpclientbench/dashboard"
	"github.com/httpclientbench/httpclientbench/internal/results"
)

// DefaultRuns is the number of runs of the first machine's history: a
// full store (MaxItems).
const DefaultRuns = 50

// MaxItems is the workflow's max-items-in-chart: the entries each store
// keeps.
const MaxItems = 50

// SlowFactor is how much slower a slowed leaf is in its run: more than the
// alert's 2×, so the converter marks it crossed.
const SlowFactor = 3

// ShiftFactor is how much slower a shifted leaf is in its run: under the
// alert's 2×, and far enough apart from the recording's own spread (a
// leaf's samples span about half its median) that the change is
// significant.
const ShiftFactor = 1.8

// RepoURL is the repository the sample commits link to.
const RepoURL = "https://github.com/" + "httpclientbench/httpclientbench"

// Store is one of the nightly workflow's stores: the action's name for it,
// the file of cmd/benchjson it stores and the action's tool.
type Store struct{ Name, File, Tool string }

// Stores are the workflow's five stores in the order it stores them; the
// counters' only where cmd/benchjson wrote counters.json.
var Stores = []Store{
	{"httpclientbench time (smaller is better)", "time.json", "customSmallerIsBetter"},
	{"httpclientbench throughput (bigger is better)", "throughput.json", "customBiggerIsBetter"},
	{"httpclientbench B/op (smaller is better)", "bytes.json", "customSmallerIsBetter"},
	{"httpclientbench allocs/op (smaller is better)", "allocs.json", "customSmallerIsBetter"},
	{"httpclientbench counters per op (smaller is better)", "counters.json", "customSmallerIsBetter"},
}

// Options say what to generate.
type Options struct {
	// Root is the module's root directory, where docs/results.txt and
	// ./cmd/benchjson are.
	Root string
	// Runs is the number of runs of the first machine (DefaultRuns when
	// 0); each other machine has 3/5 as many, on the same latest commits.
	Runs int
	// benchjson is a built cmd/benchjson to convert with; Write builds
	// one when it is empty. The test builds one for its writes.
	benchjson string
}

// History is what Write generated for one machine.
type History struct {
	Machine dashboard.Machine
	// Runs are every simulated run in order; the stores hold the last
	// MaxItems.
	Runs []Run
	// Path is the data.js written, Size its size in bytes.
	Path string
	Size int64
}

// Stored are the runs the machine's stores hold.
func (h History) Stored() []Run { return h.Runs[max(0, len(h.Runs)-MaxItems):] }

// Run is one simulated run.
type Run struct {
	Commit  string // the commit's 40-hex id
	Message string
	RunID   string // -run-id: the workflow run's id and attempt
	Date    time.Time
	// Exact: the run's values are docs/results.txt's, without noise.
	Exact bool
	// Rerun: a second attempt of the previous run (its RunID's run id, the
	// next attempt), compared with what the first attempt was compared
	// with.
	Rerun bool
	// Slowed are the leaves (stored names, as "H1GetBytes/buf=fresh/client=resty")
	// whose times the run multiplies by SlowFactor (and whose MB/s it
	// divides by it).
	Slowed []string
	// Shifted are leaves the run makes ShiftFactor times slower: a change
	// the next run's panel highlights (significant, more than 10 %) that
	// crosses no line.
	Shifted []string
	// Regressed are leaves SlowFactor times slower from this run on: the
	// first such run crosses the line, the later ones stay there, a
	// regression still open.
	Regressed []string
	// RegressedFrom: the regression starts in this run, which crosses (in
	// each of its attempts).
	RegressedFrom bool
	// Counters are counters per op the run changes: counters that rose or
	// fell in the run.
	Counters []Counter
}

// Counter is a counter per op of a leaf that a run changes by Delta from
// its value in the recordings, From (every round's value moves by Delta).
type Counter struct {
	Leaf, Unit  string
	From, Delta float64
}

// Crossing are the leaves whose time the converter marks crossed in the
// run: the slowed ones, and the regressed ones in the run they start in.
func (r Run) Crossing() []string {
	if r.RegressedFrom {
		return slices.Concat(r.Slowed, r.Regressed)
	}
	return r.Slowed
}

// FindRoot is the directory of the module's go.mod, from the working
// directory up.
func FindRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && bytes.HasPrefix(b, []byte("module "+results.Module+"\n")) {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod of %s in the working directory or above", results.Module)
		}
		dir = parent
	}
}

// Write builds cmd/benchjson and writes each machine's sample history to
// dir/dev/bench/<machine id>/data.js, for every machine of
// dashboard.Machines. It is deterministic: the same docs/results.txt,
// converter and options give the same files.
//
// The runs are independent but for their order in a machine's stores
// (each machine draws its noise from its own generator, in run order), so
// Write builds the converter while it writes every run's results file,
// converts the runs as many at a time as there are CPUs, and then stores
// each machine's runs in order.
func Write(dir string, opt Options) ([]History, error) {
	if opt.Runs == 0 {
		opt.Runs = DefaultRuns
	}
	if opt.Runs < 1 {
		return nil, fmt.Errorf("runs %d: want at least 1", opt.Runs)
	}
	recorded, err := readRecording(filepath.Join(opt.Root, "docs", "results.txt"))
	if err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "dashboard-sample-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	var prepare errgroup.Group
	benchjson := opt.benchjson
	if benchjson == "" {
		benchjson = filepath.Join(tmp, "benchjson")
		prepare.Go(func() error { return buildBenchjson(opt.Root, benchjson) })
	}

	plans := plan(recorded, opt.Runs)
	// convs[i][k] is how machine i's run k is converted.
	convs := make([][]conversion, len(dashboard.Machines))
	for i, m := range dashboard.Machines {
		prepare.Go(func() error {
			var err error
			convs[i], err = recorded.write(filepath.Join(tmp, m.ID), m, plans[i], scaleOf(i), rand.New(rand.NewPCG(uint64(i+1), 0x5eed)))
			return err
		})
	}
	if err := prepare.Wait(); err != nil {
		return nil, err
	}

	var convert errgroup.Group
	convert.SetLimit(runtime.NumCPU())
	for _, cs := range convs {
		for _, c := range cs {
			convert.Go(func() error {
				cmd := exec.Command(benchjson, c.args...)
				var stderr bytes.Buffer
				cmd.Stderr = &stderr
				if err := cmd.Run(); err != nil {
					return fmt.Errorf("benchjson %s: %v\n%s", strings.Join(c.args, " "), err, stderr.Bytes())
				}
				return nil
			})
		}
	}
	if err := convert.Wait(); err != nil {
		return nil, err
	}

	hs := make([]History, len(dashboard.Machines))
	var store errgroup.Group
	store.SetLimit(runtime.NumCPU()) // a machine's stores are tens of MB
	for i, m := range dashboard.Machines {
		store.Go(func() error {
			h := History{Machine: m, Runs: plans[i], Path: filepath.Join(dir, "dev", "bench", m.ID, "data.js")}
			text, err := storeRuns(h.Runs, convs[i])
			if err != nil {
				return err
			}
			h.Size = int64(len(text))
			if err := os.MkdirAll(filepath.Dir(h.Path), 0o755); err != nil {
				return err
			}
			if err := renameio.WriteFile(h.Path, text, 0o644); err != nil {
				return err
			}
			hs[i] = h
			return nil
		})
	}
	if err := store.Wait(); err != nil {
		return nil, err
	}
	return hs, nil
}

// buildBenchjson builds the module's cmd/benchjson at exe.
func buildBenchjson(root, exe string) error {
	build := exec.Command("go", "build", "-o", exe, "./cmd/benchjson")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		return fmt.Errorf("go build ./cmd/benchjson: %v\n%s", err, out)
	}
	return nil
}

// conversion is a run's conversion by cmd/benchjson: its arguments, and
// the directory it writes its files in.
type conversion struct {
	args []string
	out  string
}

// write writes the results file of each run of machine m (runs, in order)
// in work, its noise drawn from rng, and says how each is converted: with
// the run's id, the machine and its baseline, the previous run's results
// (a second attempt has its first attempt's baseline).
func (rec *recording) write(work string, m dashboard.Machine, runs []Run, scale float64, rng *rand.Rand) ([]conversion, error) {
	if err := os.Mkdir(work, 0o755); err != nil {
		return nil, err
	}
	var convs []conversion
	previous, baseline := "", ""
	for k, r := range runs {
		if !r.Rerun {
			baseline = previous
		}
		in := filepath.Join(work, fmt.Sprintf("results-%02d.txt", k))
		if err := os.WriteFile(in, rec.text(r, scale, rng), 0o644); err != nil {
			return nil, err
		}
		out := filepath.Join(work, fmt.Sprintf("out-%02d", k))
		if err := os.Mkdir(out, 0o755); err != nil {
			return nil, err
		}
		args := []string{"-in", in, "-out-dir", out, "-run-id", r.RunID, "-machine", m.ID}
		if baseline != "" {
			args = append(args, "-previous", baseline)
		}
		convs = append(convs, conversion{args, out})
		previous = in
	}
	return convs, nil
}

// storeRuns appends the converted files of each run (runs, converted as
// convs say) to the five stores as github-action-benchmark does, and is
// the data.js of the stores.
func storeRuns(runs []Run, convs []conversion) ([]byte, error) {
	stores := make([][]entry, len(Stores))
	for k, r := range runs {
		for s, st := range Stores {
			b, err := os.ReadFile(filepath.Join(convs[k].out, st.File))
			if errors.Is(err, os.ErrNotExist) && st.File == "counters.json" {
				continue // a run without counters: the workflow skips the store
			}
			if err != nil {
				return nil, err
			}
			var benches bytes.Buffer
			benches.Grow(len(b))
			if err := json.Compact(&benches, b); err != nil || benches.Len() == 0 || benches.Bytes()[0] != '[' {
				return nil, fmt.Errorf("%s of run %d: not a JSON array (%v)", st.File, k, err)
			}
			// The action stores one store a step: a few seconds apart.
			stores[s] = append(stores[s], entry{
				Commit:  commitOf(r),
				Date:    r.Date.Add(time.Duration(s) * 7 * time.Second).UnixMilli(),
				Tool:    st.Tool,
				Benches: benches.Bytes(),
			})
			if len(stores[s]) > MaxItems {
				stores[s] = stores[s][len(stores[s])-MaxItems:]
			}
		}
	}
	return dataJS(stores, runs[len(runs)-1].Date.Add(time.Minute))
}

// scaleOf is machine i's times over the first machine's.
func scaleOf(i int) float64 { return 1 + 0.3*float64(i) }

// recording is docs/results.txt: its lines and its leaves in order.
type recording struct {
	lines  []string
	leaves []string // stored names of the leaves with a time, in order
	commit string
	date   time.Time
	// medians are the median of every leaf and unit of the run:
	// leaf+" "+unit.
	medians map[string]float64
}

var procsSuffix = regexp.MustCompile(`-\d+$`)

// leafOf is the stored name of a benchmark line's benchmark in package
// pkg, as cmd/benchjson names it.
func leafOf(field, pkg string) string {
	return results.Name(pkg, procsSuffix.ReplaceAllString(strings.TrimPrefix(field, "Benchmark"), ""))
}

// readRecording reads the recording at path.
func readRecording(path string) (*recording, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	rec := &recording{medians: map[string]float64{}}
	file, err := results.ReadFile(bytes.NewReader(b), path)
	if err != nil {
		return nil, err
	}
	for _, s := range file.Series {
		rec.medians[results.Name(s.Pkg, s.Name)+" "+s.Unit] = results.Summarize(s.Values).Center
	}
	pkg, seen := "", map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		line := sc.Text()
		rec.lines = append(rec.lines, line)
		switch {
		case strings.HasPrefix(line, "pkg: "):
			pkg = strings.TrimPrefix(line, "pkg: ")
		case strings.HasPrefix(line, "commit: "):
			rec.commit = strings.TrimPrefix(line, "commit: ")
		case strings.HasPrefix(line, "date: "):
			if rec.date, err = time.Parse(time.RFC3339, strings.TrimPrefix(line, "date: ")); err != nil {
				return nil, fmt.Errorf("%s: %v", path, err)
			}
		case strings.HasPrefix(line, "Benchmark"):
			f := strings.Fields(line)
			leaf := leafOf(f[0], pkg)
			if !seen[leaf] && slices.Contains(f, "ns/op") {
				seen[leaf] = true
				rec.leaves = append(rec.leaves, leaf)
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(rec.leaves) == 0 || rec.date.IsZero() {
		return nil, fmt.Errorf("%s: no benchmark with a time, or no date: line", path)
	}
	return rec, nil
}

// text is the results file of run r on a machine whose times are scale
// times the first's: the recording's lines with the run's commit and date,
// and its values with noise drawn from rng (none for an exact run).
func (rec *recording) text(r Run, scale float64, rng *rand.Rand) []byte {
	slowed, shifted, counters := map[string]bool{}, map[string]bool{}, map[[2]string]float64{}
	for _, l := range slices.Concat(r.Slowed, r.Regressed) {
		slowed[l] = true
	}
	for _, c := range r.Counters {
		counters[[2]string{c.Leaf, c.Unit}] += c.Delta
	}
	for _, l := range r.Shifted {
		shifted[l] = true
	}
	// The run's noise: one factor for the whole run (the runner), one per
	// leaf (drawn in the file's order), and one per sample.
	runFactor := math.Exp(rng.NormFloat64() * 0.01)
	leafFactor := map[string]float64{}
	var b bytes.Buffer
	pkg := ""
	for _, line := range rec.lines {
		switch {
		case strings.HasPrefix(line, "pkg: "):
			pkg = strings.TrimPrefix(line, "pkg: ")
		case strings.HasPrefix(line, "commit: "):
			line = "commit: " + r.Commit[:12]
		case strings.HasPrefix(line, "date: "):
			line = "date: " + r.Date.Add(-40*time.Minute).Format(time.RFC3339)
		case strings.HasPrefix(line, "Benchmark"):
			f := strings.Fields(line)
			leaf := leafOf(f[0], pkg)
			x, timed := 1.0, !r.Exact || slowed[leaf] || shifted[leaf]
			if !r.Exact {
				lf, ok := leafFactor[leaf]
				if !ok {
					lf = math.Exp(rng.NormFloat64() * 0.015)
					leafFactor[leaf] = lf
				}
				x = scale * runFactor * lf * math.Exp(rng.NormFloat64()*0.01)
			}
			if slowed[leaf] {
				x *= SlowFactor
			}
			if shifted[leaf] {
				x *= ShiftFactor
			}
			for i := 3; i < len(f); i += 2 {
				v, err := strconv.ParseFloat(f[i-1], 64)
				if err != nil {
					continue // not a value: leave the line as it is
				}
				switch d, ok := counters[[2]string{leaf, f[i]}]; {
				case timed && f[i] == "ns/op":
					f[i-1] = formatTime(v * x)
				case timed && f[i] == "MB/s":
					f[i-1] = strconv.FormatFloat(v/x, 'f', 2, 64)
				case ok:
					f[i-1] = strconv.FormatFloat(v+d, 'f', -1, 64)
				}
			}
			line = strings.Join(f, " ")
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// formatTime prints a time per op as go test does: whole nanoseconds from
// 100 on, a few decimals below.
func formatTime(ns float64) string {
	switch {
	case ns >= 100:
		return strconv.FormatFloat(math.Round(ns), 'f', 0, 64)
	case ns >= 10:
		return strconv.FormatFloat(ns, 'f', 1, 64)
	}
	return strconv.FormatFloat(ns, 'f', 2, 64)
}

// messages are the sample commits' subjects, in turn.
var messages = []string{
	"Sample commit %d: fixture server keeps connections open between rounds",
	"Sample commit %d: a client library's minor version bumped",
	"Sample commit %d: the report names the floor's rows",
	"Sample commit %d: HTTP/2 download rows read in 32 KiB chunks",
	"Sample commit %d: docs only",
	"Sample commit %d: TLS rows reuse one certificate",
}

// plan is every machine's runs: the first machine's opt.Runs runs, one a
// day, on a commit each but for one rerun, the latest exactly the
// recording; each other machine runs the last 3/5 of the same workflow runs
// (a matrix: one run id for all machines), with its own slowed leaves,
// including some in its latest run.
func plan(rec *recording, n int) [][]Run {
	rng := rand.New(rand.NewPCG(0xda5b, 0x0a2d))
	first := make([]Run, n)
	latest := rec.date.Add(50 * time.Minute) // the store steps, after the suite
	rerun := n - 3
	if rerun < 1 {
		rerun = -1
	}
	date := latest
	for k := n - 1; k >= 0; k-- {
		r := &first[k]
		r.Date = date
		r.RunID = fmt.Sprintf("%d-1", 19000000000+uint64(k)*7919)
		if k == rerun {
			// The previous nightly re-run by hand: the same workflow run,
			// its second attempt.
			r.RunID = fmt.Sprintf("%d-2", 19000000000+uint64(k-1)*7919)
			r.Rerun = true
			date = date.Add(-45 * time.Minute)
		} else {
			date = date.Add(-24 * time.Hour)
		}
	}
	for k := range first {
		r := &first[k]
		if r.Rerun {
			r.Commit, r.Message = first[k-1].Commit, first[k-1].Message
			continue
		}
		sum := sha1.Sum(fmt.Appendf(nil, "httpclientbench sample commit %d", k))
		r.Commit = hex.EncodeToString(sum[:])
		r.Message = fmt.Sprintf(messages[k%len(messages)], k+1)
	}
	last := &first[n-1]
	last.Exact = true
	last.Message = fmt.Sprintf("Sample commit %d: the commit of docs/results.txt (%s), whose run on %s is the recording exactly", n, rec.commit, dashboard.Machines[0].ID)
	// Slowed runs: single runs, none next to another slowed run, the
	// rerun or the exact run, so each slowed leaf crosses the 2× line in
	// its run and in its run only.
	// The first slowed run slows the suite's second leaf (a library on the
	// first chart) among others.
	for i, k := range []int{n * 2 / 5, n * 3 / 4} {
		if k >= 1 && k < n-1 && k != rerun && k-1 != rerun && len(first[k-1].Slowed) == 0 {
			first[k].Slowed = pick(rng, rec.leaves, 3)
			if i == 0 && len(rec.leaves) > 1 && !slices.Contains(first[k].Slowed, rec.leaves[1]) {
				first[k].Slowed = append([]string{rec.leaves[1]}, first[k].Slowed[1:]...)
			}
		}
	}
	// The run before the exact one shifts two leaves, which the latest
	// run's panel then shows as significantly faster.
	if k := n - 2; k >= 1 && !first[k].Rerun && len(first[k].Slowed) == 0 {
		first[k].Shifted = pick(rng, rec.leaves, 2)
	}
	plans := [][]Run{first}
	for range dashboard.Machines[1:] {
		m := max(1, n*3/5)
		runs := slices.Clone(first[n-m:])
		for k := range runs {
			runs[k].Exact = false
			runs[k].Slowed, runs[k].Shifted = nil, nil
			runs[k].Date = runs[k].Date.Add(3 * time.Minute) // its own job of the matrix
		}
		if m >= 2 && !runs[m-1].Rerun {
			runs[m-1].Slowed = pick(rng, rec.leaves, 2)
		}
		if k := m / 3; k >= 1 && k < m-2 && !runs[k].Rerun && !runs[k-1].Rerun {
			runs[k].Slowed = pick(rng, rec.leaves, 2)
		}
		// A regression from a run well before the latest on, still open
		// in the latest; the run it starts in has two attempts (the
		// latest but two is a second attempt), each crossing the line.
		// And, in the latest run, counters that changed.
		if k := m - 4; k >= 1 && !runs[k].Rerun && !runs[k-1].Rerun {
			regressed := pick(rng, slices.DeleteFunc(slices.Clone(rec.leaves), func(l string) bool {
				return slices.Contains(runs[m-1].Slowed, l) || slices.Contains(runs[k].Slowed, l)
			}), 1)
			for j := k; j < m; j++ {
				runs[j].Regressed, runs[j].RegressedFrom = regressed, j == k || runs[j].Rerun && runs[j-1].RegressedFrom
			}
		}
		runs[m-1].Counters = changedCounters(rec)
		plans = append(plans, runs)
	}
	return plans
}

// changedCounters are the counters the second machine's latest run
// changes: one allocation more on the first two of the recording's
// H1GetBytes rows of fasthttp (one client's rows, whose allocation counts
// are exact), 32 bytes more sent on the first of them, and one handshake
// less on the first row of fasthttp that makes one per op.
func changedCounters(rec *recording) []Counter {
	var out []Counter
	add := func(leaf, unit string, delta float64) {
		if from, ok := rec.medians[leaf+" "+unit]; ok {
			out = append(out, Counter{Leaf: leaf, Unit: unit, From: from, Delta: delta})
		}
	}
	var rows []string
	for _, l := range rec.leaves {
		if strings.HasPrefix(l, "H1GetBytes/") && strings.HasSuffix(l, "/client=fasthttp") && len(rows) < 2 {
			rows = append(rows, l)
			add(l, "allocs/op", 1)
		}
	}
	if len(rows) > 0 {
		add(rows[0], results.SentUnit, 32)
	}
	for _, l := range rec.leaves {
		if strings.HasSuffix(l, "/client=fasthttp") && rec.medians[l+" "+results.HandshakesUnit] == 1 {
			add(l, results.HandshakesUnit, -1)
			break
		}
	}
	return out
}

// pick is n different leaves, in the recording's order.
func pick(rng *rand.Rand, leaves []string, n int) []string {
	idx := rng.Perm(len(leaves))[:min(n, len(leaves))]
	slices.Sort(idx)
	var out []string
	for _, i := range idx {
		out = append(out, leaves[i])
	}
	return out
}

// The action's types: an entry of a store, its commit.
type (
	person struct {
		Email    string `json:"email"`
		Name     string `json:"name"`
		Username string `json:"username"`
	}
	commit struct {
		Author    person `json:"author"`
		Committer person `json:"committer"`
		Distinct  bool   `json:"distinct"`
		ID        string `json:"id"`
		Message   string `json:"message"`
		Timestamp string `json:"timestamp"`
		TreeID    string `json:"tree_id"`
		URL       string `json:"url"`
	}
	entry struct {
		Commit commit `json:"commit"`
		Date   int64  `json:"date"`
		Tool   string `json:"tool"`
		// Benches is the converter's array, compact.
		Benches json.RawMessage `json:"benches"`
	}
)

func commitOf(r Run) commit {
	dev := person{Email: "maintainer@httpclientbench.invalid", Name: "httpclientbench maintainer", Username: "httpclientbench-maintainer"}
	tree := sha1.Sum([]byte("tree " + r.Commit))
	return commit{
		Author: dev, Committer: dev, Distinct: true,
		ID: r.Commit, Message: r.Message,
		Timestamp: r.Date.Add(-3 * time.Hour).Format(time.RFC3339),
		TreeID:    hex.EncodeToString(tree[:]),
		URL:       RepoURL + "/commit/" + r.Commit,
	}
}

// marshal is json.Marshal without HTML escapes, as JSON.stringify.
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// dataJS is data.js as the action writes it: "window.BENCHMARK_DATA = "
// and the data as JSON.stringify(data, null, 2) gives it: its
// lastUpdate, repoUrl and entries, an object of the stores in the order
// they were created (JSON.stringify keeps an object's insertion order).
// The data is marshalled compact and indented once, in buffers sized for
// it: a store is megabytes.
func dataJS(stores [][]entry, lastUpdate time.Time) ([]byte, error) {
	if len(stores) != len(Stores) {
		return nil, errors.New("one list of entries per store")
	}
	var compact []byte
	compact = fmt.Appendf(compact, `{"lastUpdate":%d,"repoUrl":`, lastUpdate.UnixMilli())
	repo, err := marshal(RepoURL)
	if err != nil {
		return nil, err
	}
	compact = append(compact, repo...)
	compact = append(compact, `,"entries":{`...)
	for i, entries := range stores {
		if i > 0 {
			compact = append(compact, ',')
		}
		name, err := marshal(Stores[i].Name)
		if err != nil {
			return nil, err
		}
		compact = append(compact, name...)
		compact = append(compact, ':')
		v, err := marshal(entries)
		if err != nil {
			return nil, err
		}
		compact = append(compact, v...)
	}
	compact = append(compact, "}}"...)
	const prefix = "window.BENCHMARK_DATA = "
	b := bytes.NewBuffer(make([]byte, 0, len(prefix)+2*len(compact)))
	b.WriteString(prefix)
	if err := json.Indent(b, compact, "", "  "); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
