package main

import (
	"cmp"
	"fmt"
	"math"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/httpclientbench/httpclientbench/behaviour/matrix"
	"github.com/httpclientbench/httpclientbench/internal/markdown"
	"github.com/httpclientbench/httpclientbench/internal/registry"
	"github.com/httpclientbench/httpclientbench/internal/results"
	"github.com/httpclientbench/httpclientbench/loadbench/report"
	"github.com/httpclientbench/httpclientbench/netem"
)

// The situations block (<!-- benchreport:situations load=DIR shapes=DIR
// coldstart=FILE net=FILE behaviour=FILE -->, each path relative to the
// page): which client for which situation, each pick computed from a
// committed run. A pick is the library with the best median of the
// situation's measure and every library whose samples do not differ
// significantly from it (benchstat's test, results.Compare); where that
// is every library, the pick is "any". The floor is never a pick.

// situationInputs are the recorded runs the block reads.
type situationInputs struct {
	r                 *Report // the benchmark run (-in): the headline rows
	h                 *headline
	sweep, steady     *report.Run // docs/load/sweep, docs/load/steady
	shapeSweep, shape *report.Run // the same on the many-core machine (docs/shapes/load)
	cold              []*results.Series
	coldConfig        map[string]string
	net               *Report // the net= rows' run
	matrix            matrix.Matrix
	pages             map[string]string // input → its page, relative to the block's page
}

// situation is one row of the block.
type situation struct {
	what, pick, why, holds, page string
	// sole: the pick is the only client there is (http3), not a choice.
	sole bool
}

// situationOptions are the block's options, each a path.
var situationOptions = []string{"load", "shapes", "coldstart", "net", "behaviour"}

// readSituations reads the block's inputs; dir is the page's directory,
// resultsLink the benchmark run's file relative to it. Each input's page
// is beside it: docs/load/ → docs/load.md, docs/coldstart.txt →
// docs/coldstart.md.
func readSituations(r *Report, opts []option, dir, resultsLink string) (*situationInputs, error) {
	paths := map[string]string{}
	for _, o := range opts {
		paths[o.Key] = o.Value
	}
	for _, k := range situationOptions {
		if paths[k] == "" {
			return nil, fmt.Errorf("benchreport:situations wants %s=PATH (each of %s, relative to the page)", k, strings.Join(situationOptions, ", "))
		}
	}
	at := func(k string, elem ...string) string {
		return filepath.Join(append([]string{dir, filepath.FromSlash(paths[k])}, elem...)...)
	}
	md := func(p string) string { return strings.TrimSuffix(strings.TrimSuffix(p, "/"), path.Ext(p)) + ".md" }
	in := &situationInputs{r: r, pages: map[string]string{
		"load": md(paths["load"]), "coldstart": md(paths["coldstart"]), "net": md(paths["net"]),
		"behaviour": md(paths["behaviour"]), "results": md(resultsLink),
	}}
	var err error
	if in.h, err = r.headline(); err != nil {
		return nil, err
	}
	for _, l := range []struct {
		run  **report.Run
		path string
	}{
		{&in.sweep, at("load", "sweep", report.ResultsFile)},
		{&in.steady, at("load", "steady", report.ResultsFile)},
		{&in.shapeSweep, at("shapes", "sweep", report.ResultsFile)},
		{&in.shape, at("shapes", "steady", report.ResultsFile)},
	} {
		if *l.run, err = report.ReadFile(l.path); err != nil {
			return nil, err
		}
	}
	f, err := os.Open(at("coldstart"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if in.cold, in.coldConfig, err = results.Read(f, paths["coldstart"]); err != nil {
		return nil, err
	}
	if in.net, err = load(at("net")); err != nil {
		return nil, err
	}
	if in.matrix, err = matrix.Read(at("behaviour")); err != nil {
		return nil, err
	}
	return in, in.check()
}

// check refuses inputs the rows cannot read: a reference load run of
// more than one table, or one, or a cold-start run, or a matrix, without
// the baseline.
func (in *situationInputs) check() error {
	for _, run := range []*report.Run{in.sweep, in.steady} {
		if len(run.Groups) != 1 {
			return fmt.Errorf("%s: %d tables; the situations read a run of one (one payload, one rate, no -cpus)", run.Name, len(run.Groups))
		}
		g := run.Groups[0]
		if g.Cell(g.Levels[len(g.Levels)-1], Baseline) == nil {
			return fmt.Errorf("%s: no %s", run.Name, Baseline)
		}
	}
	for _, run := range []*report.Run{in.shapeSweep, in.shape} {
		if len(run.Groups) == 0 {
			return fmt.Errorf("%s: no results", run.Name)
		}
	}
	if !slices.ContainsFunc(in.cold, func(s *results.Series) bool { return s.Name == "ColdStart/scheme=http/client="+Baseline }) {
		return fmt.Errorf("the cold-start run has no %s over http", Baseline)
	}
	if !slices.Contains(in.matrix.Clients, Baseline) {
		return fmt.Errorf("the behaviour matrix has no %s column", Baseline)
	}
	return nil
}

// absent is the registry's HTTP/1.1 libraries that values lacks: a
// client added since the run.
func absent(values map[string][]float64) string {
	var out []string
	for _, c := range registry.Libraries(registry.H1) {
		if len(values[c]) == 0 {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return ""
	}
	return "; not in this run: `" + strings.Join(out, "`, `") + "`"
}

// libraries is the clients of order that are libraries (not the floor)
// and have samples in values.
func libraries(order []string, values map[string][]float64) []string {
	var out []string
	for _, c := range order {
		if len(values[c]) > 0 && registry.Of(c).Role != registry.Floor {
			out = append(out, c)
		}
	}
	return out
}

// margin is how far from the best median a tied library's may be: a
// difference that no test at a few rounds can show is a tie only where it
// is also small.
const margin = 0.10

// A ranking is the libraries of a measure around the best median: tied
// (the best first, then those not significantly different from it by
// benchstat's test and within margin of its median) and open (not
// significantly different, but further than margin: the rounds cannot
// tell).
type ranking struct {
	tied, open []string
	libs       int // the libraries with samples
	rounds     int // the best's samples
}

// rank ranks the libraries of order by values (higher: larger is
// better). A library without samples is left out.
func rank(order []string, values map[string][]float64, higher bool) ranking {
	libs := libraries(order, values)
	if len(libs) == 0 {
		return ranking{}
	}
	best := libs[0]
	for _, c := range libs[1:] {
		if higher && median(values, c) > median(values, best) || !higher && median(values, c) < median(values, best) {
			best = c
		}
	}
	rk := ranking{tied: []string{best}, libs: len(libs), rounds: len(values[best])}
	for _, c := range libs {
		if c == best {
			continue
		}
		if _, sig := results.Compare(results.Summarize(values[best]), results.Summarize(values[c])); sig {
			continue
		}
		if math.Abs(median(values, c)/median(values, best)-1) <= margin {
			rk.tied = append(rk.tied, c)
		} else {
			rk.open = append(rk.open, c)
		}
	}
	return rk
}

// text names the pick: "any" where every library is tied, the tied ones
// otherwise, and those the rounds cannot tell from the best.
func (rk ranking) text() string {
	if len(rk.tied) == rk.libs && rk.libs > 1 {
		return "any: the client does not matter here"
	}
	s := "`" + strings.Join(rk.tied, "` or `") + "`"
	if len(rk.open) > 0 {
		s += fmt.Sprintf(" (%s: not told apart in %s)", "`"+strings.Join(rk.open, "`, `")+"`", plural(rk.rounds, "round"))
	}
	return s
}

// median is client c's median of values (NaN without samples).
func median(values map[string][]float64, c string) float64 {
	return results.Summarize(values[c]).Center
}

// largest is the library of order with the largest median of values.
func largest(order []string, values map[string][]float64) string {
	var out string
	for _, c := range libraries(order, values) {
		if out == "" || median(values, c) > median(values, out) {
			out = c
		}
	}
	return out
}

// loadValues is every client's samples of unit in g at level.
func loadValues(g *report.Group, level, unit string) map[string][]float64 {
	v := map[string][]float64{}
	for _, c := range g.Clients {
		if cell := g.Cell(level, c); cell != nil {
			v[c] = cell.Values[unit]
		}
	}
	return v
}

// onShape says whether the pick is also first by unit on the other
// machine's run (one group per CPU count; its rounds as recorded).
func onShape(run *report.Run, unit string, higher bool, pick string) string {
	var parts []string
	for _, g := range run.Groups {
		level := g.Levels[len(g.Levels)-1]
		v := loadValues(g, level, unit)
		first := rank(g.Clients, v, higher).tied
		if len(first) == 0 {
			continue
		}
		_, cpu, _ := strings.Cut(machineShort(run.Config["machine"]), ", ")
		where := fmt.Sprintf("%s CPUs of an %s", g.CPUs, cpu)
		if g.Rate != "" {
			where += " at " + rateText(g.Rate) + " req/s"
		}
		if n := len(v[first[0]]); n < 5 {
			where += fmt.Sprintf(" (%s: the order, untested)", plural(n, "round"))
		} else {
			where += fmt.Sprintf(" (%s)", plural(n, "round"))
		}
		if first[0] == pick {
			parts = append(parts, fmt.Sprintf("`%s` first too on %s", pick, where))
		} else {
			parts = append(parts, fmt.Sprintf("on %s `%s` is first", where, first[0]))
		}
	}
	return strings.Join(parts, "; ")
}

// plural is "1 round", "5 rounds".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// rateText is an offered rate as the load tables print it.
func rateText(rate string) string {
	var n float64
	if _, err := fmt.Sscan(rate, &n); err != nil {
		return rate
	}
	return report.FormatCount(n)
}

// situations computes the block's rows.
func (in *situationInputs) situations() []situation {
	return []situation{
		in.throughput(),
		in.tail(),
		in.coldStart(),
		in.path(),
		in.defaults(),
		in.http2(),
		in.http3(),
		in.memory(),
	}
}

// throughput: the sweep's delivered req/s at its highest level in flight.
func (in *situationInputs) throughput() situation {
	g := in.sweep.Groups[0]
	level := g.Levels[len(g.Levels)-1]
	reqs := loadValues(g, level, "req/s")
	rk := rank(g.Clients, reqs, true)
	t := rk.tied
	cpu := loadValues(g, level, "cpu-ns/req")
	return situation{
		what: "many HTTP/1.1 calls to one service, as fast as it answers",
		pick: rk.text(),
		why: fmt.Sprintf("`%s`: %s req/s at %s in flight, %.2f× `%s`'s; CPU per request %s against %s",
			t[0], report.FormatCount(median(reqs, t[0])), level, median(reqs, t[0])/median(reqs, Baseline), Baseline,
			results.FormatNanos(median(cpu, t[0])), results.FormatNanos(median(cpu, Baseline))),
		holds: fmt.Sprintf("%s shared with the server (%s)%s; %s", machineShort(in.sweep.Config["machine"]), plural(len(reqs[Baseline]), "round"), absent(reqs), onShape(in.shapeSweep, "req/s", true, t[0])),
		page:  in.pages["load"],
	}
}

// tail: the steady run's p99 at its offered rate.
func (in *situationInputs) tail() situation {
	g := in.steady.Groups[0]
	p99 := loadValues(g, "", "p99-ns")
	rk := rank(g.Clients, p99, false)
	t := rk.tied
	worst := largest(g.Clients, p99)
	return situation{
		what: "a steady rate where the slowest requests matter",
		pick: rk.text(),
		why: fmt.Sprintf("`%s`: p99 %s at %s req/s offered, against `%s`'s %s; the worst, `%s`, %s",
			t[0], results.FormatNanos(median(p99, t[0])), rateText(g.Rate), Baseline, results.FormatNanos(median(p99, Baseline)), worst, results.FormatNanos(median(p99, worst))),
		holds: fmt.Sprintf("%s (%s)%s; %s", machineShort(in.steady.Config["machine"]), plural(len(p99[Baseline]), "round"), absent(p99), onShape(in.shape, "p99-ns", false, t[0])),
		page:  in.pages["load"],
	}
}

// coldStart: start to first response, over http, of each client's
// one-request program.
func (in *situationInputs) coldStart() situation {
	wall, size := map[string][]float64{}, map[string][]float64{}
	var order []string
	for _, s := range in.cold {
		c, ok := strings.CutPrefix(s.Name, "ColdStart/scheme=http/client=")
		if !ok {
			continue
		}
		switch s.Unit {
		case "ns/op":
			wall[c] = append(wall[c], s.Values...)
			order = append(order, c)
		case "binary-B":
			size[c] = append(size[c], s.Values...)
		}
	}
	rk := rank(order, wall, false)
	t := rk.tied
	slowest := largest(order, wall)
	mib := func(c string) string { return report.FormatMiB(median(size, c)) }
	return situation{
		what: "a CLI or a short-lived function: one request, then exit",
		pick: rk.text(),
		why: fmt.Sprintf("`%s`: first response %.2f ms after the process starts, binary %s; `%s` %.2f ms, %s; the slowest, `%s`, %.2f ms, %s",
			t[0], median(wall, t[0])/1e6, mib(t[0]), Baseline, median(wall, Baseline)/1e6, mib(Baseline), slowest, median(wall, slowest)/1e6, mib(slowest)),
		holds: fmt.Sprintf("%s (%d runs)%s", machineShort(in.coldConfig["machine"]), len(wall[Baseline]), absent(wall)),
		page:  in.pages["coldstart"],
	}
}

// path: on the net= rows of wan and lossy, how many client cells differ
// significantly from the baseline's (beside what chance alone gives at
// 95 %), the one furthest from 1 of those and of all, and what a new
// connection costs there instead of a pooled one: where that ratio is
// further from 1 than any significant client's, the client matters less
// than keeping connections.
func (in *situationInputs) path() situation {
	var worst, widest gap
	cells, differ := 0, 0
	paired := in.net.Rounds > 0
	further := func(x float64, g gap) bool { return g.at == "" || math.Abs(math.Log(x)) > math.Abs(math.Log(g.ratio)) }
	for _, f := range in.net.Families {
		for _, v := range f.Variants {
			base := f.time(v, Baseline)
			if base == nil || !strings.Contains(v, "net=wan") && !strings.Contains(v, "net=lossy") {
				continue
			}
			for _, c := range f.Clients {
				t := f.time(v, c)
				if c == Baseline || t == nil || registry.Of(c).Role == registry.Floor {
					continue
				}
				cells++
				ratio := ratioOf(t, base, paired)
				at := fmt.Sprintf("`%s` on `%s/%s`", c, f.Name, v)
				if further(ratio.X, widest) {
					widest = gap{ratio.X, at}
				}
				if verdict(ratio) != 0 {
					differ++
					if further(ratio.X, worst) {
						worst = gap{ratio.X, at}
					}
				}
			}
		}
	}
	why := fmt.Sprintf("%d of %d client cells on the `wan` (%d ms round trip) and `lossy` rows differ significantly from `%s` (chance alone gives about %.0f at 95 %%)",
		differ, cells, netem.WAN.RTT.Milliseconds(), Baseline, 0.05*float64(cells))
	if worst.at != "" {
		why += fmt.Sprintf("; of those the furthest from 1 is %.2f× (%s)", worst.ratio, worst.at)
	}
	if widest.at != "" && widest != worst {
		why += fmt.Sprintf("; of all, %.2f× (%s, not significant)", widest.ratio, widest.at)
	}
	pick := "it depends on the row: see the page"
	if pool := in.net.Family("Pool"); pool != nil {
		fresh, pooled := pool.time("net=wan/proto=h1/conn=fresh", Baseline), pool.time("net=wan/proto=h1/conn=pooled", Baseline)
		if fresh != nil && pooled != nil {
			x := ratioOf(fresh, pooled, paired).X
			d, _, _ := results.DiffOf(fresh.values, pooled.values, paired)
			why += fmt.Sprintf("; a new connection takes %.2f× a pooled one on `wan` (%s more)", x, results.FormatNanos(d))
			if further(x, worst) {
				pick = "any: keeping connections pooled matters more than the client"
			}
		}
	}
	return situation{
		what:  "a high-latency or lossy path",
		pick:  pick,
		why:   why,
		holds: fmt.Sprintf("%s, emulated paths (%s)", machineShort(in.net.Config["machine"]), plural(in.net.Rounds, "round")),
		page:  in.pages["net"],
	}
}

// gap is a client's ratio to the baseline and where it is.
type gap struct {
	ratio float64
	at    string
}

// defaults: the behaviour matrix's rows on which each library's defaults
// do what net/http's do.
func (in *situationInputs) defaults() situation {
	m := in.matrix
	base := slices.Index(m.Clients, Baseline)
	same := map[string]int{}
	applies := map[string]int{}
	var bites []matrix.Row // the rows that bite most: docs/clients.md's summary
	for _, r := range m.Rows {
		if r.Bites {
			bites = append(bites, r)
		}
	}
	for _, r := range bites {
		for i, c := range m.Clients {
			if strings.HasPrefix(r.Cells[i], "n/a") || strings.HasPrefix(r.Cells[base], "n/a") {
				continue
			}
			applies[c]++
			if r.Cells[i] == r.Cells[base] {
				same[c]++
			}
		}
	}
	var best []string
	var others []string
	for _, c := range m.Clients {
		if c == Baseline {
			continue
		}
		switch {
		case len(best) == 0 || applies[c]-same[c] == applies[best[0]]-same[best[0]]:
			best = append(best, c)
		case applies[c]-same[c] < applies[best[0]]-same[best[0]]:
			others = append(others, best...)
			best = []string{c}
		default:
			others = append(others, c)
		}
	}
	var diff []string
	for _, c := range m.Clients {
		if slices.Contains(others, c) {
			diff = append(diff, fmt.Sprintf("`%s` %d", c, applies[c]-same[c]))
		}
	}
	var rows []string // where the pick differs
	pi := slices.Index(m.Clients, best[0])
	for _, r := range bites {
		if !strings.HasPrefix(r.Cells[pi], "n/a") && !strings.HasPrefix(r.Cells[base], "n/a") && r.Cells[pi] != r.Cells[base] {
			rows = append(rows, r.Title)
		}
	}
	return situation{
		what: "defaults you can rely on: redirects, compression, retries, cookies",
		pick: "`" + Baseline + "`, or the closest to its defaults: `" + strings.Join(best, "` or `") + "`",
		why: fmt.Sprintf("of the behaviour rows that bite most, those on which a library's defaults differ from net/http's: %d for %s (%s); %s",
			applies[best[0]]-same[best[0]], "`"+strings.Join(best, "`, `")+"`", strings.Join(rows, "; "), strings.Join(diff, ", ")),
		holds: fmt.Sprintf("%d of the matrix's %d rows, the library versions of go.mod", len(bites), len(m.Rows)),
		page:  in.pages["behaviour"],
	}
}

// protoRows is the headline's rows of table.
func (in *situationInputs) protoRows(tables ...string) []headRow {
	var out []headRow
	for _, row := range in.h.rows {
		if slices.Contains(tables, row.Table) {
			out = append(out, row)
		}
	}
	return out
}

// http2: the headline's HTTP/2 rows, h2c and over TLS.
func (in *situationInputs) http2() situation {
	var faster, slower []string
	n := 0
	for _, row := range in.protoRows(results.TableH2C, results.TableTLSH23) {
		if row.Base != "" { // the HTTP/3 row
			continue
		}
		n++
		for _, c := range in.h.clients {
			cell := in.h.cell(row, c, inProcess)
			if c == Baseline || !cell.hasRatio {
				continue
			}
			switch verdict(cell.ratio) {
			case -1:
				faster = append(faster, fmt.Sprintf("`%s` %.2f× on %s", c, cell.ratio.X, row.Title))
			case 1:
				slower = append(slower, fmt.Sprintf("`%s` %.2f× on %s", c, cell.ratio.X, row.Title))
			}
		}
	}
	pick := "`" + Baseline + "`: no library is faster, so the standard library"
	why := fmt.Sprintf("no client is significantly faster than `%s` on the %d HTTP/2 rows", Baseline, n)
	if len(faster) > 0 {
		pick = "see the page"
		why = "faster than `" + Baseline + "`: " + strings.Join(faster, ", ")
	}
	if len(slower) > 0 {
		why += "; slower: " + strings.Join(slower, ", ")
	}
	return situation{
		what:  "HTTP/2, cleartext or over TLS",
		pick:  pick,
		why:   why,
		holds: in.placementsText(in.protoRows(results.TableH2C, results.TableTLSH23)),
		page:  in.pages["results"],
	}
}

// http3: the headline's HTTP/3 row, and a 0-RTT handshake on wan.
func (in *situationInputs) http3() situation {
	s := situation{what: "HTTP/3", pick: "`http3` (quic-go), the only HTTP/3 client", page: in.pages["results"], sole: true}
	for _, row := range in.protoRows(results.TableTLSH23) {
		if row.Base == "" {
			continue
		}
		if cell := in.h.cell(row, "http3", inProcess); cell.hasRatio {
			s.why = fmt.Sprintf("a small GET takes %.2f× `%s`'s over HTTP/2 on loopback", cell.ratio.X, Baseline)
		}
		s.holds = in.placementsText([]headRow{row})
	}
	if f := in.net.Family("TLSHandshake"); f != nil {
		full, early := f.time("net=wan/proto=h3/resume=off", "http3"), f.time("net=wan/proto=h3/resume=0rtt", "http3")
		if full != nil && early != nil {
			d, _, _ := results.DiffOf(full.values, early.values, in.net.Rounds > 0)
			s.why += fmt.Sprintf("; on `wan` a new connection's 0-RTT saves %s (a round trip)", results.FormatNanos(d))
			s.holds += fmt.Sprintf("; the `wan` figure %s, an emulated path", machineShort(in.net.Config["machine"]))
		}
	}
	return s
}

// memory: the steady run's peak RSS.
func (in *situationInputs) memory() situation {
	g := in.steady.Groups[0]
	rss := loadValues(g, "", "peak-RSS-B")
	rk := rank(g.Clients, rss, false)
	t := rk.tied
	return situation{
		what:  "least memory",
		pick:  rk.text(),
		why:   fmt.Sprintf("`%s`: peak RSS %s at %s req/s, against `%s`'s %s", t[0], report.FormatMiB(median(rss, t[0])), rateText(g.Rate), Baseline, report.FormatMiB(median(rss, Baseline))),
		holds: fmt.Sprintf("%s (%s)%s; %s", machineShort(in.steady.Config["machine"]), plural(len(rss[Baseline]), "round"), absent(rss), onShape(in.shape, "peak-RSS-B", false, t[0])),
		page:  in.pages["load"],
	}
}

// placementsText says where the headline rows' verdicts hold.
func (in *situationInputs) placementsText(rows []headRow) string {
	for _, row := range rows {
		for _, c := range in.h.clients {
			if in.h.has(row, c) && in.h.unsettled(row, c) {
				return fmt.Sprintf("%s; some verdicts change with the server's placement or the machine shape (marked ≠ in the headline)", machineShort(in.r.Config["machine"]))
			}
		}
	}
	return fmt.Sprintf("%s, both placements and every recorded machine shape", machineShort(in.r.Config["machine"]))
}

// situationsText renders the block: the table, then where each pick does
// not win.
func (in *situationInputs) situationsText() string {
	rows := in.situations()
	t := markdown.NewTable("situation", "pick", "why (measured)", "where it holds", "evidence")
	for _, s := range rows {
		t.Row(s.what, s.pick, s.why, s.holds, fmt.Sprintf("[%s](%s)", path.Base(s.page), s.page))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "A pick is the library with the best median and those tied with it (not significantly different by benchstat's test, and within %.0f %% of it); where no library beats `%s`, `%s`.\n\n", margin*100, Baseline, Baseline)
	b.WriteString(t.String())
	if lose := in.whereNot(rows); lose != "" {
		b.WriteString("\nWhere a pick does not win: " + lose)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// whereNot lists, for each library picked, the headline rows on which it
// is significantly slower than the baseline in process, the slowest three.
func (in *situationInputs) whereNot(rows []situation) string {
	var picked []string
	for _, s := range rows {
		if strings.HasPrefix(s.pick, "any") || s.sole {
			continue
		}
		for _, part := range strings.Split(s.pick, "`") {
			if registry.Of(part).Name != "" && part != Baseline && !slices.Contains(picked, part) && registry.Of(part).Role != registry.Floor {
				picked = append(picked, part)
			}
		}
	}
	var parts []string
	for _, c := range picked {
		type slow struct {
			title string
			x     float64
		}
		var rows []slow
		for _, row := range in.h.rows {
			if cell := in.h.cell(row, c, inProcess); cell.hasRatio && verdict(cell.ratio) > 0 {
				title := row.Title
				if in.h.unsettled(row, c) {
					title += " (≠)"
				}
				rows = append(rows, slow{title, cell.ratio.X})
			}
		}
		slices.SortStableFunc(rows, func(a, b slow) int { return cmp.Compare(b.x, a.x) })
		var texts []string
		for i, r := range rows {
			if i == 3 {
				texts = append(texts, fmt.Sprintf("and %d more rows", len(rows)-3))
				break
			}
			texts = append(texts, fmt.Sprintf("%s %.2f×", r.title, r.x))
		}
		if len(texts) > 0 {
			parts = append(parts, fmt.Sprintf("- `%s`: %s", c, strings.Join(texts, "; ")))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return fmt.Sprintf("slower than `%s` on these rows of the headline, in process:\n\n%s", Baseline, strings.Join(parts, "\n"))
}
