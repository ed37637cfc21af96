package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/pprof/profile"
)

// writeProfile writes a CPU profile of two stacks: one through
// runtime.schedule and runtime.futex (sched nanoseconds), one through
// internal/poll.(*FD).Write (rest).
func writeProfile(t *testing.T, path string, sched, rest int64) {
	t.Helper()
	fn := func(id uint64, name string) *profile.Function { return &profile.Function{ID: id, Name: name} }
	funcs := []*profile.Function{fn(1, "runtime.futex"), fn(2, "runtime.schedule"), fn(3, "internal/poll.(*FD).Write"), fn(4, "main.main")}
	var locs []*profile.Location
	for i, f := range funcs {
		locs = append(locs, &profile.Location{ID: uint64(i + 1), Line: []profile.Line{{Function: f}}})
	}
	p := &profile.Profile{
		SampleType: []*profile.ValueType{{Type: "samples", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}},
		Sample: []*profile.Sample{
			{Location: []*profile.Location{locs[0], locs[1], locs[3]}, Value: []int64{1, sched}},
			{Location: []*profile.Location{locs[2], locs[3]}, Value: []int64{1, rest}},
		},
		Location: locs,
		Function: funcs,
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := p.Write(f); err != nil {
		t.Fatal(err)
	}
}

// The profiles block: each profile's shares by the functions on its
// stacks, its benchmark's time and CPU per op, in the order of name and
// then count.
func TestProfilesBlock(t *testing.T) {
	dir := t.TempDir()
	for _, p := range []struct {
		name        string
		sched, rest int64
		result      string
	}{
		{"get-16", 30, 70, "BenchmarkGet/client=nethttp-16 100 2000 ns/op 2500 cpu-ns/op\n"},
		{"get-2", 5, 95, "BenchmarkGet/client=nethttp-2 100 1000 ns/op 1000 cpu-ns/op\n"},
	} {
		writeProfile(t, filepath.Join(dir, p.name+".pprof"), p.sched, p.rest)
		os.WriteFile(filepath.Join(dir, p.name+".txt"), []byte(p.result), 0o644)
	}
	got, err := profilesBlock(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := "| `get-2` | `Get/client=nethttp-2` | 1.00 µs | 1.00 µs | 5 % | 5 % | 95 % | 0 % |\n" +
		"| `get-16` | `Get/client=nethttp-16` | 2.00 µs | 2.50 µs | 30 % | 30 % | 70 % | 0 % |\n"
	if !strings.Contains(got, want) {
		t.Errorf("profiles block:\n%s\nwant the rows\n%s", got, want)
	}
	os.Remove(filepath.Join(dir, "get-2.txt"))
	if _, err := profilesBlock(dir); err == nil || !strings.Contains(err.Error(), "its result line") {
		t.Errorf("a profile without its result line: %v", err)
	}
	if _, err := profilesBlock(t.TempDir()); err == nil {
		t.Error("no profiles: no error")
	}
}
