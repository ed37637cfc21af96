// Package results reads Go benchmark output (with golang.org/x/perf/benchfmt)
// into series of repeats per benchmark and unit, for the suite's tools.
package results

import (
	"fmt"
	"io"
	"math"
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

// Read parses Go benchmark output. A malformed benchmark line, or a value
// that is not a finite number (NaN, ±Inf), is an error naming its file and
// line; input without a single result is an error too.
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
	groups, err := read(r, fileName, "")
	if err != nil {
		return nil, err
	}
	return groups[0].File, nil
}

// Group is the results of one value of a configuration key: one side of an
// A/B file that cmd/benchrun wrote, for the key "commit".
type Group struct {
	Value string // the key's value for these results ("" where the file has none)
	*File
}

// ReadGroups is ReadFile for a file whose results differ in the value of
// the configuration key (an A/B file's commit: lines): one File per value,
// in the order each value first appears, so in an A/B file of cmd/benchrun
// A comes first. The groups share the file's unit metadata. The key
// ProcsKey groups by the names' GOMAXPROCS suffix instead (a run of
// cmd/benchrun -cpus: one group per machine shape), as benchstat's
// /gomaxprocs does.
//
// Within one group a benchmark must have run with one GOMAXPROCS.
func ReadGroups(r io.Reader, fileName, key string) ([]Group, error) {
	if key == "" {
		return nil, fmt.Errorf("%s: no configuration key to group the results by", fileName)
	}
	return read(r, fileName, key)
}

// ProcsKey is ReadGroups' key for the GOMAXPROCS suffix of the names.
const ProcsKey = "/gomaxprocs"

// read reads the results, grouped by the value of key ("": one group).
func read(r io.Reader, fileName, key string) ([]Group, error) {
	br := benchfmt.NewReader(r, fileName)
	type group struct {
		value string
		file  *File
		index map[[3]string]*Series
	}
	var groups []*group
	byValue := map[string]*group{}
	procsOf := map[string]string{} // GOMAXPROCS each benchmark ran with
	for br.Scan() {
		switch rec := br.Result().(type) {
		case *benchfmt.SyntaxError:
			return nil, rec
		case *benchfmt.Result:
			name, procs := splitProcs(rec.Name)
			groupValue := ""
			switch key {
			case "":
			case ProcsKey:
				groupValue = procs
			default:
				groupValue = rec.GetConfig(key)
			}
			g := byValue[groupValue]
			if g == nil {
				g = &group{value: groupValue, file: &File{Config: map[string]string{}}, index: map[[3]string]*Series{}}
				byValue[groupValue] = g
				groups = append(groups, g)
			}
			for _, c := range rec.Config {
				if _, ok := g.file.Config[c.Key]; !ok && c.File {
					g.file.Config[c.Key] = string(c.Value)
				}
			}
			pkg := rec.GetConfig("pkg")
			id := pkg + " " + name
			if key == ProcsKey {
				id = procs + " " + id // one GOMAXPROCS a group
			}
			if p, ok := procsOf[id]; ok && p != procs {
				file, line := rec.Pos()
				return nil, fmt.Errorf("%s:%d: %s ran with GOMAXPROCS %s and %s (-cpu with several values): give the tools one value at a time", file, line, name, p, procs)
			}
			procsOf[id] = procs
			for _, v := range rec.Values {
				unit, value := v.Unit, v.Value
				if v.OrigUnit != "" { // report what go test printed, not benchfmt's tidied units
					unit, value = v.OrigUnit, v.OrigValue
				}
				if math.IsNaN(value) || math.IsInf(value, 0) {
					// Medians and U tests of NaN are meaningless, and
					// benchmath's U test allocates without bound on one.
					file, line := rec.Pos()
					return nil, fmt.Errorf("%s:%d: %v %s is not a measurement", file, line, value, unit)
				}
				key := [3]string{pkg, rec.Name.String(), unit}
				s := g.index[key]
				if s == nil {
					s = &Series{Pkg: pkg, Name: name, Gomaxprocs: procs, Unit: unit}
					g.index[key] = s
					g.file.Series = append(g.file.Series, s)
				}
				s.Values = append(s.Values, value)
			}
		}
	}
	if err := br.Err(); err != nil {
		return nil, err
	}
	if len(groups) == 0 {
		return nil, fmt.Errorf("%s: no benchmark results", fileName)
	}
	out := make([]Group, len(groups))
	for i, g := range groups {
		g.file.Units = br.Units()
		out[i] = Group{Value: g.value, File: g.file}
	}
	return out, nil
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
