package netreport

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/httpclientbench/httpclientbench/internal/markdown"
	"github.com/httpclientbench/httpclientbench/internal/registry"
	"github.com/httpclientbench/httpclientbench/internal/results"
	"github.com/httpclientbench/httpclientbench/netem"
)

// runFile is one results file, or several merged (loadAll): every leaf's
// time per op, in nanoseconds.
type runFile struct {
	// parts are the files read, each with its configuration and the
	// profiles its leaves run over.
	parts  []part
	config map[string]string // the first file's
	// paired: the file is a cmd/benchrun run whose k-th sample of every
	// leaf is from round k (results.Rounds), so two leaves pair by round.
	paired  bool
	times   map[string][]float64
	clients []string // with a time, in the registry's order
}

func load(name string) (*runFile, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	series, config, err := results.Read(f, name)
	if err != nil {
		return nil, err
	}
	r := &runFile{config: config, paired: results.Rounds(config, series) > 0, times: map[string][]float64{}}
	pt := part{name: name, config: config}
	seen := map[string]bool{}
	for _, s := range series {
		v, ok := results.Nanos(s)
		if !ok {
			continue
		}
		r.times[s.Name] = v
		if _, _, c := results.SplitLeaf(s.Name); c != "" {
			seen[c] = true
		}
		if p, ok := results.Level(s.Name, "net"); ok && !slices.Contains(pt.profiles, p) {
			pt.profiles = append(pt.profiles, p)
		}
	}
	r.parts = []part{pt}
	for _, c := range registry.Names(0) {
		if seen[c] {
			r.clients = append(r.clients, c)
		}
	}
	return r, nil
}

// A part is one file of a runFile.
type part struct {
	name     string
	config   map[string]string
	profiles []string // the net= values of its leaves, in order of appearance
}

// loadAll reads the files names and merges them: each leaf from the one
// file that has it (a leaf in two files is an error), paired by round
// only if every file is.
func loadAll(names []string) (*runFile, error) {
	var all *runFile
	for _, name := range names {
		r, err := load(name)
		if err != nil {
			return nil, err
		}
		if len(r.parts[0].profiles) == 0 {
			return nil, fmt.Errorf("%s has no net= leaf: not a run of the net= rows", name)
		}
		if all == nil {
			all = r
			continue
		}
		for leaf, v := range r.times {
			if _, dup := all.times[leaf]; dup {
				return nil, fmt.Errorf("%s and %s both have %s: a leaf comes from one run", all.parts[0].name, name, leaf)
			}
			all.times[leaf] = v
		}
		all.paired = all.paired && r.paired
		all.parts = append(all.parts, r.parts...)
		for _, c := range r.clients {
			if !slices.Contains(all.clients, c) {
				all.clients = append(all.clients, c)
			}
		}
	}
	if all == nil {
		return nil, errors.New("no results file")
	}
	order := registry.Names(0)
	slices.SortFunc(all.clients, func(a, b string) int { return slices.Index(order, a) - slices.Index(order, b) })
	return all, nil
}

// time returns a leaf's samples, or nil.
func (r *runFile) time(leaf string) []float64 {
	if asked != nil {
		asked(leaf)
	}
	return r.times[leaf]
}

// asked, when set (by a test), hears every leaf a table asks for: the
// names this command spells, which the suite's leaves must have, or a
// renamed leaf would turn cells into "—" without a word.
var asked func(leaf string)

// options are a block's profiles and clients.
type options struct {
	profiles []netem.Profile
	clients  []string
}

func parseOptions(opts []markdown.Option, net *runFile) (options, error) {
	o := options{profiles: netem.Profiles, clients: net.clients}
	for _, opt := range opts {
		vals := strings.Split(opt.Value, ",")
		switch opt.Key {
		case "profiles":
			o.profiles = nil
			for _, v := range vals {
				p, err := netem.ByName(v)
				if err != nil {
					return o, err
				}
				o.profiles = append(o.profiles, p)
			}
		case "clients":
			o.clients = nil
			for _, v := range vals {
				if !slices.Contains(registry.Names(0), v) {
					return o, fmt.Errorf("clients=%s: no client %q in the registry", opt.Value, v)
				}
				o.clients = append(o.clients, v)
			}
		}
	}
	return o, nil
}
