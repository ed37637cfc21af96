package results

import (
	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchunit"
)

// The suite's commands write their results with benchfmt.Writer; these
// build its records as benchfmt.Reader returns them, so a written file
// reads back equal to what was written.

// Config is the file configuration line "key: value".
func Config(key, value string) benchfmt.Config {
	return benchfmt.Config{Key: key, Value: []byte(value), File: true}
}

// Value is x in unit, tidied by benchunit (ns/op is sec/op, MB/s B/s)
// with x and unit kept as the original, which benchfmt.Writer writes.
// Like benchfmt.Reader, it keeps x as it is when tidying leaves the
// number unchanged (0 ns/op stays 0 ns/op).
func Value(x float64, unit string) benchfmt.Value {
	tidy, tidyUnit := benchunit.Tidy(x, unit)
	if tidy == x {
		return benchfmt.Value{Value: x, Unit: unit}
	}
	return benchfmt.Value{Value: tidy, Unit: tidyUnit, OrigValue: x, OrigUnit: unit}
}

// UnitMetadata is the unit metadata line "Unit UNIT KEY=VALUE", keyed by
// the tidied unit as benchfmt.UnitMetadataMap is.
func UnitMetadata(unit, key, value string) *benchfmt.UnitMetadata {
	_, tidyUnit := benchunit.Tidy(1, unit)
	return &benchfmt.UnitMetadata{
		UnitMetadataKey: benchfmt.UnitMetadataKey{Unit: tidyUnit, Key: key},
		OrigUnit:        unit,
		Value:           value,
	}
}

// SuiteUnits is the unit metadata of the suite's own units, which its
// test binary writes before its results: cpu-ns/op (the benchmark
// process's CPU time per op) is better lower, and the exact counters
// (ExactUnits) are better lower and exact counts, so benchstat compares
// them without a spread.
func SuiteUnits() []*benchfmt.UnitMetadata {
	u := []*benchfmt.UnitMetadata{UnitMetadata(CPUUnit, "better", "lower")}
	for _, e := range ExactUnits {
		u = append(u, UnitMetadata(e, "better", "lower"), UnitMetadata(e, "assume", "exact"))
	}
	return u
}

// Units is the unit metadata cmd/benchrun's files start with: which way
// go test's own units improve, then SuiteUnits.
func Units() []*benchfmt.UnitMetadata {
	return append([]*benchfmt.UnitMetadata{
		UnitMetadata("ns/op", "better", "lower"),
		UnitMetadata("B/op", "better", "lower"),
		UnitMetadata("allocs/op", "better", "lower"),
		UnitMetadata("MB/s", "better", "higher"),
	}, SuiteUnits()...)
}
