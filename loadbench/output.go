package loadbench

import (
	"math"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/httpclientbench/httpclientbench/internal/results"
	"github.com/httpclientbench/httpclientbench/loadbench/load"
)

// unit is one unit of the results, with which way is better (its unit
// metadata line, "Unit NAME better=…"), for benchstat and the dashboard.
type unit struct {
	name, better string
}

// units lists the results' units in the order they appear.
var units = func() []unit {
	us := []unit{{"req/s", "higher"}}
	for _, q := range load.Quantiles {
		us = append(us, unit{q.Unit, "lower"})
	}
	us = append(us, unit{"errors", "lower"})
	for _, c := range load.Classes() {
		us = append(us, unit{"errors-" + c.String(), "lower"})
	}
	return append(us,
		unit{"dropped", "lower"},
		unit{"peak-RSS-B", "lower"},
		unit{"cpu-ns/req", "lower"},
		unit{"sched-p99-ns", "lower"},
		unit{"tick-late-p99-ns", "lower"},
		unit{"conns", "lower"},
		unit{"gc-cycles", "lower"},
	)
}()

// writeUnits writes the units' metadata.
func writeUnits(w *benchfmt.Writer) error {
	for _, u := range units {
		if err := w.Write(results.UnitMetadata(u.name, "better", u.better)); err != nil {
			return err
		}
	}
	return nil
}

// sample is one client process's run: its report, its rusage and the
// server's count of connections.
type sample struct {
	name  string // without "Benchmark", as benchfmt names results
	rep   childReport
	cpu   time.Duration
	rss   int64
	conns int64
}

// values returns the sample's value of every unit, by unit name.
func (s *sample) values() map[string]float64 {
	r := &s.rep
	failed := int64(0)
	v := map[string]float64{}
	for _, c := range load.Classes() {
		n := r.Failed[c.String()]
		v["errors-"+c.String()] = float64(n)
		failed += n
	}
	v["errors"] = float64(failed)
	res := load.Result{OK: r.OK, Elapsed: r.Elapsed}
	v["req/s"] = math.Round(res.Delivered()*10) / 10
	for _, q := range load.Quantiles {
		v[q.Unit] = float64(r.Latency[q.Unit])
	}
	v["dropped"] = float64(r.Dropped)
	v["peak-RSS-B"] = float64(s.rss)
	// CPU per correct answer: what each useful request cost, failures'
	// work included (a client failing fast at its pool limit does not
	// look cheap for it). Left out of a run with no correct answer.
	if r.OK > 0 {
		v["cpu-ns/req"] = math.Round(float64(s.cpu.Nanoseconds()) / float64(r.OK))
	}
	v["sched-p99-ns"] = float64(r.SchedP99.Nanoseconds())
	v["tick-late-p99-ns"] = float64(r.TickLateP99.Nanoseconds())
	v["conns"] = float64(s.conns)
	v["gc-cycles"] = float64(r.GCCycles)
	return v
}

// result is the sample's result, with the run's configuration: the name,
// the iterations (requests answered correctly) and every unit it has a
// value of.
func (s *sample) result(config []benchfmt.Config) *benchfmt.Result {
	res := &benchfmt.Result{Config: config, Name: benchfmt.Name(s.name), Iters: int(s.rep.OK)}
	v := s.values()
	for _, u := range units {
		if x, ok := v[u.name]; ok {
			res.Values = append(res.Values, results.Value(x, u.name))
		}
	}
	return res
}
