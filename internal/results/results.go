// Package results reads Go benchmark output (with golang.org/x/perf/benchfmt)
// into series of repeats per benchmark and unit, for the suite's tools.
package results

import (
	"fmt"
	"io"
	"strings"

	"golang.org/x/perf/benchfmt"
)

// Series is every repeat of one benchmark in one unit.
type Series struct {
	Pkg, Name  string // Name without the GOMAXPROCS suffix
	Gomaxprocs string // e.g. "2", "" if the name had none
	Unit       string // as go test printed it: ns/op, MB/s, B/op...
	Values     []float64
}

// Read parses Go benchmark output. A malformed benchmark line is an error
// naming its file and line; input without a single result is an error too.
// It also returns the file's configuration lines (commit, go, date, machine,
// goos, cpu…), first value of each key.
func Read(r io.Reader, fileName string) ([]*Series, map[string]string, error) {
	f, err := ReadFile(r, fileName)
	if err != nil {
		return nil, nil, err
	}
	return f.Series, f.Config, nil
}

// File is everything Read returns, and the file's unit metadata
// ("Unit MB/s better=higher" lines).
type File struct {
	Series []*Series
	Config map[string]string
	Units  benchfmt.UnitMetadataMap
}

// ReadFile is Read with the file's unit metadata.
func ReadFile(r io.Reader, fileName string) (*File, error) {
	br := benchfmt.NewReader(r, fileName)
	index := map[[3]string]*Series{}
	config := map[string]string{}
	procsOf := map[string]string{} // GOMAXPROCS each benchmark ran with
	var out []*Series
	for br.Scan() {
		switch rec := br.Result().(type) {
		case *benchfmt.SyntaxError:
			return nil, rec
		case *benchfmt.Result:
			for _, c := range rec.Config {
				if _, ok := config[c.Key]; !ok && c.File {
					config[c.Key] = string(c.Value)
				}
			}
			name, procs := splitProcs(rec.Name)
			pkg := rec.GetConfig("pkg")
			if p, ok := procsOf[pkg+" "+name]; ok && p != procs {
				file, line := rec.Pos()
				return nil, fmt.Errorf("%s:%d: %s ran with GOMAXPROCS %s and %s (-cpu with several values): give the tools one value at a time", file, line, name, p, procs)
			}
			procsOf[pkg+" "+name] = procs
			for _, v := range rec.Values {
				unit, value := v.Unit, v.Value
				if v.OrigUnit != "" { // report what go test printed, not benchfmt's tidied units
					unit, value = v.OrigUnit, v.OrigValue
				}
				key := [3]string{pkg, rec.Name.String(), unit}
				s := index[key]
				if s == nil {
					s = &Series{Pkg: pkg, Name: name, Gomaxprocs: procs, Unit: unit}
					index[key] = s
					out = append(out, s)
				}
				s.Values = append(s.Values, value)
			}
		}
	}
	if err := br.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no benchmark results", fileName)
	}
	return &File{Series: out, Config: config, Units: br.Units()}, nil
}

// splitProcs splits the name "X/a=b-2" (benchfmt drops "Benchmark") into
// "X/a=b" and "2" with
// benchfmt.Name.Parts: the GOMAXPROCS part, when there is one, is the last
// part and starts with "-".
func splitProcs(n benchfmt.Name) (name, procs string) {
	base, parts := n.Parts()
	if len(parts) > 0 && parts[len(parts)-1][0] == '-' {
		procs = string(parts[len(parts)-1][1:])
		parts = parts[:len(parts)-1]
	}
	var b strings.Builder
	b.Write(base)
	for _, p := range parts {
		b.Write(p)
	}
	return b.String(), procs
}
