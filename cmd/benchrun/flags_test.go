package main

import (
	"errors"
	"flag"
	"io"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/httpclientbench/httpclientbench/internal/cli"
	"github.com/httpclientbench/httpclientbench/internal/results"
)

func clock() time.Time { return time.Unix(0, 1234) }

func TestBadFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-rounds", "0"}, "-rounds must be at least 1"},
		{[]string{"-rounds", "-3"}, "-rounds must be at least 1"},
		{[]string{"-rounds", "many"}, "invalid value"},
		{[]string{"-benchtime", "0s"}, "-benchtime"},
		{[]string{"-pkg", "-v"}, "-pkg \"-v\": want a package"},
		{[]string{"-benchtime", "-1s"}, "-benchtime"},
		{[]string{"-benchtime", "soon"}, "-benchtime"},
		{[]string{"-benchtime", "0x"}, "not a positive number of iterations"},
		{[]string{"-benchtime", "ax"}, "not a positive number of iterations"},
		{[]string{"-bench", "H1(Get"}, "-bench: error parsing regexp"},
		{[]string{"-order", "random"}, "want rotate or shuffle"},
		{[]string{"-seed", "7"}, "-seed applies only to -order shuffle"},
		{[]string{"-seed", "-7", "-order", "shuffle"}, "invalid value"},
		{[]string{"HEAD"}, "got 1"},
		{[]string{"A", "B", "C"}, "got 3"},
		{[]string{"A", "B", "-rounds", "2"}, "flags go before the commits"},
		{[]string{"-nope"}, "flag provided but not defined"},
		{[]string{"-cpus", "100000"}, "100000 CPUs asked for, but this machine lets this process run on"},
		{[]string{"-cpus", "1,x"}, `"x" is not a CPU count`},
		{[]string{"-cpus", "1,1"}, "1 is listed twice"},
		{[]string{"-cpus", ""}, `"" is not a CPU count`},
		{[]string{"-bin", "x.test", "-pkg", "./p"}, "-bin runs a test binary as it is"},
		{[]string{"-bin", "x.test", "A", "B"}, "-bin runs a test binary as it is"},
		{[]string{"-commit", "abc"}, "-commit names the commit of a -bin binary"},
	} {
		opt, err := parseFlags(tc.args, io.Discard, clock)
		var usage cli.UsageError
		if !errors.As(err, &usage) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("parseFlags(%q) = %+v, %v; want a usage error mentioning %q", tc.args, opt, err, tc.want)
		}
	}
	if _, err := parseFlags([]string{"-h"}, io.Discard, clock); !errors.Is(err, flag.ErrHelp) {
		t.Errorf("parseFlags(-h) = %v, want flag.ErrHelp", err)
	}
}

func TestGoodFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want options
	}{
		{nil, options{bench: patterns{"."}, benchtime: "1s", rounds: 6, order: Rotate}},
		{[]string{"-bench", "H1GetBytes/.*client=(nethttp|raw)$", "-benchtime", "200x", "-rounds", "2", "-o", "out.txt", "HEAD~1", "HEAD"},
			options{bench: patterns{"H1GetBytes/.*client=(nethttp|raw)$"}, benchtime: "200x", rounds: 2, out: "out.txt", order: Rotate, refs: []string{"HEAD~1", "HEAD"}}},
		{[]string{"-order", "shuffle"}, options{bench: patterns{"."}, benchtime: "1s", rounds: 6, order: Shuffle, seed: 1234}},
		{[]string{"-order", "shuffle", "-seed", "0"}, options{bench: patterns{"."}, benchtime: "1s", rounds: 6, order: Shuffle, seed: 0}},
		{[]string{"-benchtime", "1.5s"}, options{bench: patterns{"."}, benchtime: "1.5s", rounds: 6, order: Rotate}},
		{[]string{"-bench", "A/b", "-bench", "C"}, options{bench: patterns{"A/b", "C"}, benchtime: "1s", rounds: 6, order: Rotate}},
	} {
		opt, err := parseFlags(tc.args, io.Discard, clock)
		if err != nil {
			t.Errorf("parseFlags(%q): %v", tc.args, err)
			continue
		}
		if !slices.Equal(opt.bench, tc.want.bench) || opt.benchtime != tc.want.benchtime || opt.rounds != tc.want.rounds ||
			opt.out != tc.want.out || opt.order != tc.want.order || opt.seed != tc.want.seed || !slices.Equal(opt.refs, tc.want.refs) {
			t.Errorf("parseFlags(%q) = %+v, want %+v", tc.args, *opt, tc.want)
		}
	}
}

// -headline's patterns select exactly the headline rows' leaves and their
// server=process twins (and the rows their ratios are taken to) among the
// leaves of the recorded run, matched level by level as go test matches
// -bench.
func TestHeadlinePatterns(t *testing.T) {
	f, err := os.Open("../../docs/results.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	series, _, err := results.Read(f, "docs/results.txt")
	if err != nil {
		t.Fatal(err)
	}
	var rows []string
	for _, h := range results.Headline {
		rows = append(rows, h.Row)
		if h.Base != "" {
			rows = append(rows, h.Base)
		}
	}
	matches := func(pattern, leaf string) bool {
		ps, ls := strings.Split(pattern, "/"), strings.Split("Benchmark"+leaf, "/")
		if len(ps) != len(ls) {
			return false
		}
		for i := range ps {
			if !regexp.MustCompile(ps[i]).MatchString(ls[i]) {
				return false
			}
		}
		return true
	}
	selected := 0
	for _, s := range series {
		if s.Unit != "sec/op" && s.Unit != "ns/op" {
			continue
		}
		family, rest, _ := strings.Cut(s.Name, "/")
		rest = strings.TrimPrefix(rest, results.ProcessLevel+"/")
		row, _, _ := strings.Cut(family+"/"+rest, "/client=")
		want := slices.Contains(rows, row) || slices.Contains(rows, family) && strings.HasPrefix(rest, "client=")
		got := slices.ContainsFunc(headlinePatterns(), func(p string) bool { return matches(p, s.Name) })
		if got != want {
			t.Errorf("%s: selected %v, want %v", s.Name, got, want)
		}
		if got {
			selected++
		}
	}
	if selected < 2*len(results.Headline) {
		t.Errorf("%d leaves selected, want at least two a headline row", selected)
	}
	opt, err := parseFlags([]string{"-headline", "-bench", "X"}, io.Discard, clock)
	if err != nil || opt.bench[0] != "X" || len(opt.bench) != 1+len(headlinePatterns()) {
		t.Errorf("-headline -bench X: %v, %v; want X and the headline's patterns", opt.bench, err)
	}
}
