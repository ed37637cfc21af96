package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/google/pprof/profile"

	"github.com/httpclientbench/httpclientbench/internal/markdown"
	"github.com/httpclientbench/httpclientbench/internal/results"
)

// The profiles block: where the CPU time of one op goes, from CPU
// profiles recorded beside their benchmark's output (NAME.pprof, from
// -test.cpuprofile, and NAME.txt, the result line of the same run), so
// that a page can say why a verdict depends on the machine's shape with
// numbers that come from committed files.

// profileShares are the parts of a profile the block shows: the share of
// all CPU samples whose stack holds the function (a sample counts once,
// however often the function is on its stack).
var profileShares = []struct{ title, function string }{
	{"Go scheduler", "runtime.schedule"},
	{"thread sleep and wake-up (futex)", "runtime.futex"},
	{"socket writes", "internal/poll.(*FD).Write"},
	{"cloudwego/netpoll's own poller", "github.com/cloudwego/netpoll.(*defaultPoll).Wait"},
}

// profilesBlock renders the block for the profiles in dir: one row per
// NAME.pprof, with the time and CPU per op of NAME.txt.
func profilesBlock(dir string) (string, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.pprof"))
	if err != nil || len(paths) == 0 {
		return "", fmt.Errorf("benchreport:profiles: no .pprof file in %s", dir)
	}
	// NAME-N in the order of NAME, then of N as a number: hertz-2 before
	// hertz-16.
	slices.SortFunc(paths, func(a, b string) int {
		na, pa := splitCount(a)
		nb, pb := splitCount(b)
		if c := strings.Compare(na, nb); c != 0 {
			return c
		}
		return pa - pb
	})
	head := []string{"profile", "benchmark", "time/op", "CPU/op"}
	for _, s := range profileShares {
		head = append(head, s.title)
	}
	t := markdown.NewTable(head...)
	for _, path := range paths {
		row, err := profileRow(path)
		if err != nil {
			return "", err
		}
		t.Row(row...)
	}
	var names []string
	for _, s := range profileShares {
		names = append(names, "`"+s.function+"`")
	}
	return t.String() + fmt.Sprintf("\nEach share is the part of the profile's CPU samples whose stack holds the function (%s, in the order of the columns); time/op and CPU/op (`%s`) are the benchmark's own result line, from the run that wrote the profile (`go tool pprof -top -cum` shows the rest).",
		strings.Join(names, ", "), CPUUnit), nil
}

// splitCount splits a profile's path "dir/hertz-16.pprof" into "dir/hertz"
// and 16 (0 where the name does not end in -N).
func splitCount(path string) (string, int) {
	name := strings.TrimSuffix(path, ".pprof")
	if i := strings.LastIndex(name, "-"); i >= 0 {
		if n, err := strconv.Atoi(name[i+1:]); err == nil {
			return name[:i], n
		}
	}
	return name, 0
}

// profileRow is one profile's row.
func profileRow(path string) ([]string, error) {
	name := strings.TrimSuffix(filepath.Base(path), ".pprof")
	txt := strings.TrimSuffix(path, ".pprof") + ".txt"
	f, err := os.Open(txt)
	if err != nil {
		return nil, fmt.Errorf("profile %s: its result line: %w", path, err)
	}
	series, _, err := results.Read(f, txt)
	f.Close()
	if err != nil {
		return nil, err
	}
	var bench, ns, cpu string
	for _, s := range series {
		if bench != "" && s.Name+"-"+s.Gomaxprocs != bench {
			return nil, fmt.Errorf("%s: more than one benchmark", txt)
		}
		bench = s.Name + "-" + s.Gomaxprocs
		switch s.Unit {
		case "ns/op":
			ns = results.FormatNanos(s.Values[0])
		case CPUUnit:
			cpu = results.FormatNanos(s.Values[0])
		}
	}
	if ns == "" {
		return nil, fmt.Errorf("%s: no ns/op", txt)
	}
	pf, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer pf.Close()
	p, err := profile.Parse(pf)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	shares, err := functionShares(p)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	row := []string{"`" + name + "`", "`" + bench + "`", ns, cpu}
	for _, s := range shares {
		row = append(row, fmt.Sprintf("%.0f %%", 100*s))
	}
	return row, nil
}

// functionShares is, for each of profileShares, the fraction of p's CPU
// time in samples whose stack holds that function.
func functionShares(p *profile.Profile) ([]float64, error) {
	idx := slices.IndexFunc(p.SampleType, func(st *profile.ValueType) bool { return st.Type == "cpu" })
	if idx < 0 {
		return nil, fmt.Errorf("not a CPU profile (sample types %v)", p.SampleType)
	}
	var total float64
	in := make([]float64, len(profileShares))
	for _, s := range p.Sample {
		v := float64(s.Value[idx])
		total += v
		for i, ps := range profileShares {
			if onStack(s, ps.function) {
				in[i] += v
			}
		}
	}
	if total == 0 {
		return nil, fmt.Errorf("no CPU samples")
	}
	for i := range in {
		in[i] /= total
	}
	return in, nil
}

// onStack reports whether function is on sample s's stack.
func onStack(s *profile.Sample, function string) bool {
	for _, loc := range s.Location {
		for _, l := range loc.Line {
			if l.Function != nil && l.Function.Name == function {
				return true
			}
		}
	}
	return false
}
