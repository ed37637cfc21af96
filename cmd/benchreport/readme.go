package main

import (
	"fmt"
	"math"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/httpclientbench/httpclientbench/internal/markdown"
	"github.com/httpclientbench/httpclientbench/internal/results"
)

// The README's generated blocks. Each is a start marker alone on a line,
// the generated text, and an end marker alone on a line:
//
//	<!-- benchreport:table families=H1GetBytes,H1Download unit=time match=size=1MiB -->
//	…generated, rewritten by -readme…
//	<!-- benchreport:end -->
//
// Markers inside fenced code blocks are ignored, and so is text that merely
// mentions one inside a line. Kinds and their options:
//
//	table    families=F1,F2,… (required): rows are Family/variant, columns
//	           the union of the families' clients in column order
//	         unit=time (default): median ±CI and ratio to nethttp with its
//	           interval per cell,
//	           the TCP floor's row when H1GetBytes is among the rows, and a
//	           note per row where a client is significantly faster than raw;
//	         unit=alloc: B/op, allocs/op per cell
//	         match=key=value or match=key=v1|v2: keep the rows whose level
//	           key has one of the values; a family without that level is
//	           unaffected, but at least one named family must have it; one
//	           match= per key, several keys must all match
//	         clients=c1,c2,…: only these columns (still in column order)
//	config   one line naming the run and its results file, and when the
//	         suite has leaves the run lacks, one listing them (they are
//	         "not recorded yet" in the tables)
//	spread   one sentence: median, p90 and max of benchstat's ± on time/op
//	         over every row of the run
//	bufrule  fasthttp ÷ nethttp with buf=fresh and with buf=reused, and
//	         nethttp reused ÷ fresh, per row that has all four
//	headline the headline findings (results.Headline): one row each,
//	         every client's time as a ratio to nethttp's with its 95 %
//	         interval, nethttp's own time; its caption, and a link to the
//	         chart -out writes (so it needs -out)
//	front    full=PAGE: the headline for a front page: the chart, one
//	         table per protocol (results.HeadlineRow.Table) with the
//	         clients that have cells there, one number a cell (the
//	         in-process ratio with its ~ and ≠ marks), a caption of three
//	         sentences linking PAGE, where the headline block is
//	situations load=DIR shapes=DIR coldstart=FILE net=FILE behaviour=FILE
//	         (each relative to the page): which client for which
//	         situation, each pick and figure computed from those runs and
//	         -in's headline (situations.go)
//	clients  the registry's clients: name, library with the version
//	         go.mod requires, how the suite uses it (no results needed)
//	protocols which client has rows in which protocol, from the
//	         registry (no results needed)
//	shapes   the headline's rows on each machine shape of -shapes, in
//	         both placements: each client's ratio and where its verdict
//	         holds, and each shape's charts (needs -shapes)
//	profiles dir=DIR (relative to the page): where the CPU time of one
//	         op goes in each CPU profile of DIR (NAME.pprof beside
//	         NAME.txt, its benchmark's result line; no results needed)
var markers = markdown.Syntax{
	Tool: "benchreport",
	Kinds: map[string][]string{
		"table":      {"families", "unit", "match", "clients"},
		"config":     nil,
		"spread":     nil,
		"bufrule":    nil,
		"headline":   nil,
		"front":      {"full"},
		"situations": situationOptions,
		"clients":    nil,
		"protocols":  nil,
		"shapes":     nil,
		"profiles":   {"dir"},
	},
	Repeatable: []string{"match"},
}

// block is one generated block of the README: its start line (1-based),
// its marker, and its text between the markers, as found and as generated.
type block = markdown.Block

// option is one key=value of a marker.
type option = markdown.Option

// pageInfo is what the blocks of one Markdown page link to and read, beside
// the report: the results file and the headline's chart as links relative
// to the page, and the go.mod whose versions the client matrix shows.
type pageInfo struct {
	resultsLink string
	chartLink   string // "" when no chart is written (no -out)
	// goMod is the go.mod file -gomod names; "" for the nearest one in
	// dir, the page's directory, or above it.
	goMod, dir string
}

// updateReadme rewrites every marked block of src (a Markdown page, named
// name in errors) from r. Text outside the blocks is kept byte for byte.
func updateReadme(src []byte, name string, r *Report, pg pageInfo) ([]byte, []block, error) {
	return markers.Rewrite(src, name, func(kind string, opts []option) (string, error) {
		return generate(kind, opts, r, pg)
	})
}

// generate returns the text of one block, without the blank lines around it.
func generate(kind string, opts []option, r *Report, pg pageInfo) (string, error) {
	switch kind {
	case "table":
		return readmeTable(opts, r)
	case "config":
		return configLine(r, pg.resultsLink), nil
	case "spread":
		return spreadSentence(r), nil
	case "bufrule":
		return bufRule(r), nil
	case "headline":
		if pg.chartLink == "" {
			return "", fmt.Errorf("benchreport:headline links its chart, which only -out writes: give -out")
		}
		h, err := r.headline()
		if err != nil {
			return "", err
		}
		return h.text(r, pg.resultsLink, pg.chartLink), nil
	case "situations":
		in, err := readSituations(r, opts, pg.dir, pg.resultsLink)
		if err != nil {
			return "", err
		}
		return in.situationsText(), nil
	case "front":
		if len(opts) != 1 || opts[0].Key != "full" || opts[0].Value == "" {
			return "", fmt.Errorf("benchreport:front wants full=PAGE, the page with the whole headline, relative to this one")
		}
		h, err := r.headline()
		if err != nil {
			return "", err
		}
		return h.frontText(r, pg.resultsLink, pg.chartLink, opts[0].Value), nil
	case "profiles":
		if len(opts) != 1 || opts[0].Value == "" {
			return "", fmt.Errorf("benchreport:profiles wants dir=DIR, the profiles' directory relative to the page")
		}
		return profilesBlock(filepath.Join(pg.dir, filepath.FromSlash(opts[0].Value)))
	case "shapes":
		if r.Shapes == nil {
			return "", fmt.Errorf("benchreport:shapes tabulates a run of several CPU counts: give -shapes")
		}
		h, err := r.headline()
		if err != nil {
			return "", err
		}
		chartDir := ""
		if pg.chartLink != "" {
			chartDir = path.Dir(pg.chartLink)
		}
		return r.Shapes.block(h, machineShort(r.config("machine")), chartDir), nil
	case "clients":
		goMod := pg.goMod
		if goMod == "" {
			var err error
			if goMod, err = findGoMod(pg.dir); err != nil {
				return "", err
			}
		}
		return clientMatrix(goMod, r.Unrecorded)
	case "protocols":
		return protoMatrix()
	}
	return "", fmt.Errorf("unknown marker benchreport:%s", kind)
}

// machineShort is a machine line without its system: "2 CPUs, AMD EPYC".
func machineShort(machine string) string {
	if _, rest, ok := strings.Cut(machine, ", "); ok {
		return rest
	}
	return machine
}

// readmeTable renders a table block.
func readmeTable(opts []option, r *Report) (string, error) {
	var families, clients []string
	unit := "time"
	match := map[string][]string{} // level key → accepted values
	var matchKeys []string
	for _, o := range opts {
		switch o.Key {
		case "families":
			families = strings.Split(o.Value, ",")
		case "clients":
			clients = strings.Split(o.Value, ",")
		case "unit":
			if o.Value != "time" && o.Value != "alloc" {
				return "", fmt.Errorf("unit=%s: want unit=time or unit=alloc", o.Value)
			}
			unit = o.Value
		case "match":
			k, v, ok := strings.Cut(o.Value, "=")
			if !ok || k == "" || v == "" {
				return "", fmt.Errorf("match=%s: want match=key=value or match=key=v1|v2", o.Value)
			}
			if _, dup := match[k]; dup {
				return "", fmt.Errorf("match: level %s given twice (list its values as %s=v1|v2)", k, k)
			}
			match[k] = strings.Split(v, "|")
			matchKeys = append(matchKeys, k)
		}
	}
	if len(families) == 0 {
		return "", fmt.Errorf("benchreport:table needs families=F1,F2,…")
	}
	var fams []*Family
	for _, name := range families {
		f := r.Family(name)
		if f == nil {
			return "", fmt.Errorf("family %s is not in the results file", name)
		}
		fams = append(fams, f)
	}
	for _, k := range matchKeys {
		found := false
		for _, f := range fams {
			for _, v := range f.Variants {
				if _, ok := levelValue(v, k); ok {
					found = true
				}
			}
		}
		if !found {
			return "", fmt.Errorf("match=%s=…: no family named has a level %s", k, k)
		}
	}
	var rows []tableRow
	for _, f := range fams {
		for _, v := range f.Variants {
			keep := true
			for _, k := range matchKeys {
				if val, ok := levelValue(v, k); ok && !slices.Contains(match[k], val) {
					keep = false
				}
			}
			if keep {
				rows = append(rows, tableRow{f, v})
			}
		}
	}
	if len(rows) == 0 {
		return "", fmt.Errorf("match leaves no row")
	}
	all := clientsOf(rows)
	if clients == nil {
		clients = all
	} else {
		for _, c := range clients {
			if !slices.Contains(all, c) {
				return "", fmt.Errorf("client %s is not in the results file for families %s", c, strings.Join(families, ","))
			}
		}
		clients = slices.Clone(clients)
		sortClients(clients)
	}
	t := &table{rows: rows, clients: clients, label: func(r tableRow) string { return "`" + r.name() + "`" }, pending: pendingCell(r), paired: r.Rounds > 0}
	var b strings.Builder
	if unit == "time" {
		t.writeTime(&b)
	} else {
		t.writeAlloc(&b)
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}

// levelValue returns the value of level key in variant.
func levelValue(variant, key string) (string, bool) {
	for _, l := range levels(variant) {
		if k, v, ok := strings.Cut(l, "="); ok && k == key {
			return v, true
		}
	}
	return "", false
}

// configLine names the run the README's numbers come from.
func configLine(r *Report, resultsLink string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Generated from [%s](%s) by `cmd/benchreport`: machine %s, Go %s, date %s, commit %s",
		resultsLink, resultsLink, r.config("machine"), r.config("go"), r.config("date"), r.config("commit"))
	for _, k := range optionalConfig {
		if v := r.Config[k]; v != "" {
			fmt.Fprintf(&b, ", %s %s", k, v)
		}
	}
	b.WriteString(".")
	if len(r.Pending) > 0 {
		b.WriteString(" " + results.PendingSentence(r.config("commit"), r.Pending)) // no line of its own on the front page
	}
	return b.String()
}

// spreadSentence states how wide benchstat's intervals on time per op are
// across the run: their median, p90 and max over every row.
func spreadSentence(r *Report) string {
	if len(r.Rows) == 0 {
		return "This run has no time per op."
	}
	var pcts []float64
	var worst Row
	var ns []int
	noCI := 0
	for _, row := range r.Rows {
		if !slices.Contains(ns, row.Time.N) {
			ns = append(ns, row.Time.N)
		}
		p := row.Time.Pct
		if math.IsInf(p, 0) || math.IsNaN(p) {
			noCI++
			continue
		}
		if worst.Time == nil || p > worst.Time.Pct {
			worst = row
		}
		pcts = append(pcts, p)
	}
	slices.Sort(ns)
	samples := fmt.Sprintf("%d samples each", ns[0])
	if len(ns) > 1 {
		samples = fmt.Sprintf("%d to %d samples per row", ns[0], ns[len(ns)-1])
	}
	if len(pcts) == 0 {
		return fmt.Sprintf("None of the %d rows of this run (%s) has a confidence interval: benchstat needs 6 samples or more.", len(r.Rows), samples)
	}
	pct := func(x float64) string { return fmt.Sprintf("%.0f %%", 100*x) }
	s := fmt.Sprintf("Across the %d rows of this run (%s), benchstat's ± on time per op has a median of %s, a p90 of %s and a max of %s (`%s`).",
		len(r.Rows), samples, pct(summarize(pcts).Center), pct(quantile(pcts, 0.9)), pct(worst.Time.Pct), worst.Name)
	if noCI > 0 {
		s += fmt.Sprintf(" %d rows with fewer than 6 samples have no interval (±∞) and are left out.", noCI)
	}
	return s
}

// quantile returns the q-quantile of xs by the rule benchmath's median
// uses (go-moremath's stats.Sample.Quantile, R8), so that quantile(xs, 0.5)
// is summarize(xs).Center.
func quantile(xs []float64, q float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := 1/3.0 + q*(float64(len(s))+1/3.0)
	kf, frac := math.Modf(n)
	k := int(kf)
	switch {
	case k <= 0:
		return s[0]
	case k >= len(s):
		return s[len(s)-1]
	}
	return s[k-1] + frac*(s[k]-s[k-1])
}

// The buffer rule: the levels buf=fresh (a new buffer per op) and
// buf=reused (one buffer for every op) of the same row.
const (
	bufKey    = "buf"
	bufFresh  = "fresh"
	bufReused = "reused"
	fastHTTP  = "fasthttp"
)

// bufRule tabulates how much of the fasthttp / net/http gap is the buffer
// rule, on every row that has fasthttp and nethttp with both buf levels:
// the ratio with each client on its own rule (fasthttp's buffer reused,
// net/http's body fresh: how such rows used to be compared), then under
// one rule each way, then net/http's two rules against each other.
func bufRule(r *Report) string {
	var b strings.Builder
	t := markdown.NewTable("", fmt.Sprintf("two rules: %s `buf=%s` ÷ %s `buf=%s`", fastHTTP, bufReused, Baseline, bufFresh),
		fmt.Sprintf("%s ÷ %s, `buf=%s`", fastHTTP, Baseline, bufFresh), fmt.Sprintf("%s ÷ %s, `buf=%s`", fastHTTP, Baseline, bufReused),
		fmt.Sprintf("%s `buf=%s` ÷ `buf=%s`", Baseline, bufReused, bufFresh))
	n := 0
	for _, f := range r.Families {
		for _, v := range f.Variants {
			if val, ok := levelValue(v, bufKey); !ok || val != bufFresh {
				continue
			}
			reused := strings.Replace("/"+v+"/", "/"+bufKey+"="+bufFresh+"/", "/"+bufKey+"="+bufReused+"/", 1)
			reused = strings.Trim(reused, "/")
			nf, nr := f.time(v, Baseline), f.time(reused, Baseline)
			ff, fr := f.time(v, fastHTTP), f.time(reused, fastHTTP)
			if nf == nil || nr == nil || ff == nil || fr == nil {
				continue
			}
			n++
			name := f.Name
			if rest := strings.Trim(strings.Replace("/"+v+"/", "/"+bufKey+"="+bufFresh+"/", "/", 1), "/"); rest != "" {
				name += "/" + rest
			}
			cells := []string{"`" + name + "`"}
			for _, pair := range [][2]*Stat{{fr, nf}, {ff, nf}, {fr, nr}, {nr, nf}} {
				cells = append(cells, ratioOf(pair[0], pair[1], r.Rounds > 0).String())
			}
			t.Row(cells...)
		}
	}
	b.WriteString(t.String())
	if n == 0 {
		return fmt.Sprintf("No row of this run has %s and %s with both `buf=%s` and `buf=%s`, so the buffer rule's share of the gap cannot be shown.",
			fastHTTP, Baseline, bufFresh, bufReused)
	}
	if r.Rounds > 0 {
		fmt.Fprintf(&b, "\nEach cell is the median of the %d per-round ratios of the two times per op, with its 95 %% confidence interval, as every ratio of the report (results.RatioOf)", r.Rounds)
	} else {
		b.WriteString("\nEach cell is the ratio of the two medians of time per op, with an interval from theirs, as every ratio of the report (results.RatioOf)")
	}
	b.WriteString("; ~ marks an interval that contains 1: no significant difference.")
	return b.String()
}
