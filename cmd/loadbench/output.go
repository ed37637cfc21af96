package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/httpclientbench/httpclientbench/internal/load"
)

// unit is one unit of the result lines, with its metadata line (benchfmt's
// "Unit NAME key=value"): which way is better, for benchstat and the
// dashboard.
type unit struct {
	name, meta string
}

// units lists the result lines' units in the order they appear.
var units = func() []unit {
	us := []unit{{"req/s", "better=higher"}}
	for _, q := range load.Quantiles {
		us = append(us, unit{q.Unit, "better=lower"})
	}
	us = append(us, unit{"errors", "better=lower"})
	for _, c := range load.Classes() {
		us = append(us, unit{"errors-" + c.String(), "better=lower"})
	}
	return append(us,
		unit{"dropped", "better=lower"},
		unit{"peak-RSS-B", "better=lower"},
		unit{"cpu-ns/req", "better=lower"},
		unit{"sched-p99-ns", "better=lower"},
		unit{"tick-late-p99-ns", "better=lower"},
		unit{"conns", "better=lower"},
		unit{"gc-cycles", "better=lower"},
	)
}()

// sample is one client process's run: its report, its rusage and the
// server's count of connections.
type sample struct {
	name  string
	rep   report
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

// line is the sample's result line: the name, the iterations (requests
// answered correctly) and every unit it has a value of.
func (s *sample) line() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\t%d", s.name, s.rep.OK)
	v := s.values()
	for _, u := range units {
		if x, ok := v[u.name]; ok {
			fmt.Fprintf(&b, " %s %s", strconv.FormatFloat(x, 'f', -1, 64), u.name)
		}
	}
	b.WriteByte('\n')
	return b.String()
}
