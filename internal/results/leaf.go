package results

import (
	"strings"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchproc"
)

// SplitLeaf splits a leaf's name, "H1Download/size=64KiB/client=nethttp",
// into its family, the levels between (joined by "/") and its client, with
// benchproc's projections ".name", "/client" and ".fullname" (which leaves
// out what the other two project, the family as "*"). Every command that
// reads the suite's leaf names splits them here. The names are those of
// aggregated Series and of leaves a run lacks, not benchfmt.Results, so
// each is projected as a Result with that name and nothing else; the
// projections are made for each call, as they are not safe for concurrent
// use.
func SplitLeaf(name string) (family, levels, client string) {
	var p benchproc.ProjectionParser // one for the three: .fullname leaves out what the others project
	proj := func(q string) *benchproc.Projection {
		pr, err := p.Parse(q, nil)
		if err != nil {
			panic(err) // a constant that parses
		}
		return pr
	}
	familyProj, clientProj, restProj := proj(".name"), proj("/client"), proj(".fullname")
	r := &benchfmt.Result{Name: benchfmt.Name(name)}
	rest := restProj.Project(r).StringValues() // "*/size=64KiB", or "*" without levels
	return familyProj.Project(r).StringValues(), strings.TrimPrefix(strings.TrimPrefix(rest, "*"), "/"), clientProj.Project(r).StringValues()
}

// Level is the value of name's level key ("net" of
// "Pool/net=wan/proto=h1/client=raw" is "wan"), and false when it has
// none.
func Level(name, key string) (string, bool) {
	var p benchproc.ProjectionParser
	pr, err := p.Parse("/"+key, nil)
	if err != nil {
		return "", false // not a key benchproc can project: no such level
	}
	v := pr.Project(&benchfmt.Result{Name: benchfmt.Name(name)}).StringValues()
	return v, v != ""
}

// Nanos is s's values in nanoseconds when s is a time per op (ns/op, or
// sec/op as benchfmt tidies it), and false for every other unit.
func Nanos(s *Series) ([]float64, bool) {
	switch s.Unit {
	case "ns/op":
		return s.Values, true
	case "sec/op":
		v := make([]float64, len(s.Values))
		for i, x := range s.Values {
			v[i] = x * 1e9
		}
		return v, true
	}
	return nil, false
}
