// Command benchdiff compares two runs of the suite and flags the rows that
// got worse: times and throughputs by a threshold, the counters per op by
// a rule of their own.
//
//	benchrun -o ab.txt BASE HEAD
//	benchdiff -in ab.txt -threshold 10                 # the pull-request check
//	benchdiff -old previous.txt -new results.txt -alert # the nightly's alert
//
// -in reads an A/B file of cmd/benchrun: A is its first commit (benchrun's
// REF_A, the base), B the second. -old and -new read two files of one run
// each (the previous nightly's results and this one's, which may be of one
// commit). For every benchmark and unit both sides have, it compares A's
// samples with B's. The two commits of an A/B file are paired by round
// (benchrun ran each leaf on both back to back in every round): a row is
// judged on its per-round ratios B/A (internal/results.DiffPaired: their
// geometric mean, its 95 % t interval clear of 1, and the paired t test's
// p), so the machine's drift between rounds cancels. Two runs apart (-old, -new) are
// compared as go tool benchstat -col commit does (internal/results.Diff:
// the Mann–Whitney U test of benchmath, alpha 0.05, on the medians). Worse means higher for units that are better=lower
// (ns/op, B/op, allocs/op) and lower for better=higher ones (MB/s), as the
// file's Unit lines and benchfmt's defaults say; "worse by a factor f" is
// B's median over A's, or A's over B's for MB/s, github-action-benchmark's
// ratio. Units with no direction (the floor's req-bytes) are not compared.
//
// A time or throughput row is flagged when the difference is significant
// and B is worse by a factor of more than 1 + -threshold/100: with 10, a
// time above 1.1× A's, a throughput under A's ÷ 1.1 (−9.1 %). With -alert,
// the nightly's rule instead: a time or throughput row more than 2× worse
// by the medians (results.AlertRatio, the action's alert-threshold
// "200%") with every sample worse than every previous one
// (results.Crossed), with benchstat's verdict beside it.
//
// The counters per op (allocs/op, B/op, the wire bytes sent-B/op and
// recv-B/op, conns/op, handshakes/op) are judged apart under either rule,
// by results.CounterRules: at least 4 samples a side, no sample of one run
// overlapping the other's, and a median that moved by more than either
// run's own spread and by the counter's minimum (one allocation; 64 B and
// 2 % of B/op; one byte and 1 % on the wire; 0.01 connections or
// handshakes per op). They are listed after the time rows, grouped per
// client ("+1 allocs/op on 14 rows of hertz"); with -alert a counter that
// rose fails like a crossed row.
//
// With -comment SET (and -in), it writes the pull-request check's whole
// report instead (comment.go): a marker, a heading, what ran, the table
// and verdict, and benchstat -col commit, cut to fit a GitHub comment.
//
// It prints Markdown: a table of the flagged rows (none: no table) and a
// one-line verdict; with -machine (the nightly's alert step), after a
// heading naming the machine, and an -old that does not exist yet (the
// machine's first run) is said so rather than an error. It exits 0
// whatever -threshold flags; with -alert it exits 1 when a row crossed or
// a counter per op rose; 2 when it cannot read its input (not an A/B file,
// bad flags).
//
// With many rows some will come out "significant" by chance (about 1 in 20
// of rows that did not change); the threshold keeps most of those out, and
// a flagged row is a reason to re-run the A/B on a quiet machine, not a
// verdict on the change.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/httpclientbench/httpclientbench/internal/markdown"
	"github.com/httpclientbench/httpclientbench/internal/results"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if errors.Is(err, errFlagged) {
			os.Exit(1) // the Markdown on stdout names the rows
		}
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "benchdiff:", err)
		}
		os.Exit(2)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("benchdiff", flag.ContinueOnError)
	fs.SetOutput(stderr)
	in := fs.String("in", "", "A/B file of cmd/benchrun: A is its first commit, B its second")
	oldFile := fs.String("old", "", "instead of -in: the earlier run's results (A), e.g. the previous nightly's")
	newFile := fs.String("new", "", "with -old: the later run's results (B)")
	threshold := fs.Float64("threshold", 10, "flag rows significantly worse by more than this many percent")
	comment := fs.String("comment", "", "with -in: write the pull-request check's whole report (its comment), saying the run covered SET (\"the focused set\"); it exits 0 whatever it flags or fails to compare")
	machine := fs.String("machine", "", "with -alert: the machine the runs are of; the output starts with a heading naming it, and an -old file that is missing or empty (the machine's first run) is no error: nothing to compare with")
	alert := fs.Bool("alert", false, fmt.Sprintf("the nightly's rule instead of -threshold: flag time and throughput rows more than %g× worse (github-action-benchmark's %g%%), and exit 1 when any is or when a counter per op rose", results.AlertRatio, results.AlertRatio*100))
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 || (*in == "") == (*oldFile == "" && *newFile == "") || (*oldFile == "") != (*newFile == "") {
		fs.Usage()
		return errors.New("give -in AB_FILE, or -old FILE and -new FILE, and nothing else")
	}
	if !(*threshold >= 0) || math.IsInf(*threshold, 0) {
		return fmt.Errorf("-threshold %v: want a percentage, 0 or more", *threshold)
	}
	if *comment != "" {
		if *in == "" || *alert {
			return errors.New("-comment goes with -in AB_FILE, not -alert")
		}
		return writeComment(stdout, *in, *comment, Threshold(*threshold/100))
	}
	if *machine != "" && (!*alert || *oldFile == "") {
		return errors.New("-machine goes with -alert -old FILE -new FILE")
	}
	if *machine != "" {
		fmt.Fprintf(stdout, "## Alert check on %s: this run against the previous stored run\n\n", *machine)
		if st, err := os.Stat(*oldFile); errors.Is(err, os.ErrNotExist) || err == nil && st.Size() == 0 {
			if _, err := readRun(*newFile); err != nil {
				return err
			}
			_, err := fmt.Fprintf(stdout, "No previous results for %s: nothing to compare with (the machine's first run, or a re-run that found only a later run's results).\n", *machine)
			return err
		}
	}
	var a, b results.Group
	if *in != "" {
		groups, err := readGroups(*in)
		if err != nil {
			return err
		}
		if len(groups) != 2 {
			var commits []string
			for _, g := range groups {
				commits = append(commits, g.Value)
			}
			return fmt.Errorf("%s: want the results of two commits (an A/B file of cmd/benchrun), got %d: %q", *in, len(groups), commits)
		}
		a, b = groups[0], groups[1]
	} else {
		var err error
		if a, err = readRun(*oldFile); err != nil {
			return err
		}
		if b, err = readRun(*newFile); err != nil {
			return err
		}
	}
	rule := Threshold(*threshold / 100)
	if *alert {
		rule = Alert
	}
	// An A/B file's rounds pair its two commits; two runs apart do not.
	d := Diff(a, b, rule, *in != "")
	if _, err := io.WriteString(stdout, d.Markdown()); err != nil {
		return err
	}
	if d.Alerts() {
		return errFlagged
	}
	return nil
}

// errFlagged is -alert's exit status 1: rows crossed the threshold.
var errFlagged = errors.New("rows crossed the alert threshold")

func readGroups(path string) ([]results.Group, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return results.ReadGroups(f, path, "commit")
}

// readRun reads the results of one run (a file of one commit), named by
// its commit.
func readRun(path string) (results.Group, error) {
	groups, err := readGroups(path)
	if err != nil {
		return results.Group{}, err
	}
	if len(groups) != 1 {
		return results.Group{}, fmt.Errorf("%s: want the results of one run, got %d commits (an A/B file goes to -in)", path, len(groups))
	}
	g := groups[0]
	if g.Value == "" {
		g.Value = "?"
	}
	return g, nil
}

// Rule is how rows are flagged.
type Rule struct {
	// Threshold: significantly worse (benchstat's test) by a factor of
	// more than 1+Threshold.
	Threshold float64
	// Alert: the nightly's rule instead: a time or throughput more than
	// results.AlertRatio times worse, as github-action-benchmark's alert,
	// with every sample worse than every previous one (results.Crossed);
	// benchstat's verdict is shown beside it. The counters per op are judged apart under either rule
	// (results.CounterRules); under this one a counter that rose alerts.
	Alert bool
}

// Threshold is the pull-request check's rule at t (0.10 for 10 %).
func Threshold(t float64) Rule { return Rule{Threshold: t} }

// Alert is the nightly's rule.
var Alert = Rule{Alert: true}

// considers reports whether the rule judges row at all: the counters
// (results.CounterRules) are judged apart, by their own rule, and the
// alert judges what results.Alerted says, the units the nightly stores
// as times and throughputs.
func (r Rule) considers(row results.DiffRow) bool {
	if r.Alert {
		return results.Alerted(row.Unit, row.Better)
	}
	_, counter := results.Counter(row.Unit)
	return !counter
}

// flags reports whether row is flagged under the rule.
func (r Rule) flags(row results.DiffRow) bool {
	if r.Alert {
		return results.Crossed(row)
	}
	return row.Significant && row.Worse > 1+r.Threshold
}

// Row is one benchmark and unit compared.
type Row struct {
	results.DiffRow
	Name    string // with its package prefix (results.Name)
	Flagged bool
}

// Result is a comparison of two sides.
type Result struct {
	A, B    string // the commits
	Rule    Rule
	Rows    []Row // every row the rule judges, in A's order
	OneSide int   // benchmark and unit pairs found on one side only
	// Counters are the counters that changed (results.CounterChanges),
	// whichever way.
	Counters []results.CounterChange
}

// Diff compares b with a and flags rows by rule: paired by round
// (results.DiffPaired) when a and b are the two commits of one A/B run of
// cmd/benchrun, else results.Diff.
func Diff(a, b results.Group, rule Rule, paired bool) *Result {
	r := &Result{A: a.Value, B: b.Value, Rule: rule, Counters: results.CounterChanges(a.File, b.File)}
	diff := results.Diff
	if paired {
		diff = results.DiffPaired
	}
	rows, oneSide := diff(a.File, b.File)
	r.OneSide = oneSide
	for _, d := range rows {
		if !rule.considers(d) {
			continue
		}
		r.Rows = append(r.Rows, Row{DiffRow: d, Name: results.Name(d.Pkg, d.Name), Flagged: rule.flags(d)})
	}
	return r
}

// Flagged is the rows the rule flags.
func (r *Result) Flagged() []Row {
	var out []Row
	for _, row := range r.Rows {
		if row.Flagged {
			out = append(out, row)
		}
	}
	return out
}

// Rose is the counters that went up: the ones the alert fails on.
func (r *Result) Rose() []results.CounterChange {
	var out []results.CounterChange
	for _, c := range r.Counters {
		if c.Worse {
			out = append(out, c)
		}
	}
	return out
}

// Alerts reports whether the nightly's alert fails on r: a time row
// crossed, or a counter rose.
func (r *Result) Alerts() bool { return r.Rule.Alert && (len(r.Flagged()) > 0 || len(r.Rose()) > 0) }

// Markdown is the report: under the pull-request check's rule the table
// of flagged rows and its verdict; under the alert's, the verdict first
// (it opens the nightly's job summary and its issue), then the rows that
// crossed; then the counters that changed. Parts are apart by a blank
// line (a line right after a Markdown table is one more row of it).
func (r *Result) Markdown() string {
	order := []string{r.Verdict() + "\n", r.Table(), r.CounterSection()}
	if !r.Rule.Alert {
		order[0], order[1] = order[1], order[0]
	}
	var parts []string
	for _, p := range order {
		if p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, "\n")
}

// Table is the table of the flagged time and throughput rows, "" when
// none is.
func (r *Result) Table() string {
	flagged := r.Flagged()
	if len(flagged) == 0 {
		return ""
	}
	p := func(row Row) string {
		if row.P < 0.001 {
			return "<0.001" // as benchstat prints a p it cannot tell from 0
		}
		return strconv.FormatFloat(row.P, 'f', 3, 64)
	}
	var t *markdown.Table
	if r.Rule.Alert {
		t = markdown.NewTable("benchmark", "unit", "previous `"+r.A+"`:", "this run `"+r.B+"`:", "worse:", "benchstat")
		for _, row := range flagged {
			verdict := "~ (p=" + p(row) + ")"
			if row.Significant {
				verdict = results.FormatChange(row.Change) + " (p=" + p(row) + ")"
			}
			t.Row("`"+row.Name+"`", row.Unit, num(row.A.Center)+" "+row.A.Range(), num(row.B.Center)+" "+row.B.Range(), "**"+times(row.Worse)+"**", verdict)
		}
	} else {
		t = markdown.NewTable("benchmark", "unit", "A `"+r.A+"`:", "B `"+r.B+"`:", "change:", "p:")
		for _, row := range flagged {
			change := "**" + results.FormatChange(row.Change) + "**"
			if row.Paired {
				change += " (" + results.FormatChange(row.Ratio.Lo-1) + " to " + results.FormatChange(row.Ratio.Hi-1) + ")"
			}
			t.Row("`"+row.Name+"`", row.Unit, num(row.A.Center)+" "+row.A.Range(), num(row.B.Center)+" "+row.B.Range(), change, p(row))
		}
	}
	return t.String()
}

// Verdict is the one-line verdict, without a newline.
func (r *Result) Verdict() string {
	var b strings.Builder
	var rule string
	flagged := r.Flagged()
	if r.Rule.Alert {
		rule = fmt.Sprintf("more than %g× worse (github-action-benchmark's %g%%: a time more than %g× the previous run's, a throughput under 1/%g of it; every sample worse than every previous one)",
			results.AlertRatio, results.AlertRatio*100, results.AlertRatio, results.AlertRatio)
	} else {
		f := 1 + r.Rule.Threshold
		test := "(p ≤ 0.05)"
		if r.paired() {
			test = "(paired by round: the per-round ratios B/A, their geometric mean's 95% t interval clear of 1; p is the paired t test's)"
		}
		rule = fmt.Sprintf("significantly worse %s by more than %s (a time or size more than %s× A's, a throughput under A's ÷ %s, %s)",
			test, pct(r.Rule.Threshold), trim(f), trim(f), results.FormatChange(1/f-1))
	}
	switch {
	case len(r.Rows) == 0:
		fmt.Fprintf(&b, "**No rows compared**: A `%s` and B `%s` have no benchmark in common.", r.A, r.B)
	case r.Rule.Alert && !r.Alerts():
		fmt.Fprintf(&b, "**No alert**: none of %d rows of this run `%s` is %s than in the previous run `%s`, and no counter per op rose.", len(r.Rows), r.B, rule, r.A)
	case r.Rule.Alert:
		var parts []string
		if len(flagged) > 0 {
			parts = append(parts, fmt.Sprintf("**%d of %d rows crossed the alert threshold**: %s", len(flagged), len(r.Rows), rule))
		}
		if rose := r.Rose(); len(rose) == 1 {
			parts = append(parts, "**1 counter per op rose** (below)")
		} else if len(rose) > 1 {
			parts = append(parts, fmt.Sprintf("**%d counters per op rose** (below)", len(rose)))
		}
		fmt.Fprintf(&b, "%s in this run `%s` against the previous run `%s`; confirm on a quiet machine before acting on it.", strings.Join(parts, "; "), r.B, r.A)
	case len(flagged) == 0:
		fmt.Fprintf(&b, "**No regression flagged**: none of %d rows is %s in B `%s` than in A `%s`.", len(r.Rows), rule, r.B, r.A)
	default:
		fmt.Fprintf(&b, "**%d of %d rows flagged**: %s in B `%s` than in A `%s`; confirm on a quiet machine before acting on it.", len(flagged), len(r.Rows), rule, r.B, r.A)
	}
	if len(r.Rows) > 0 && r.OneSide > 0 {
		fmt.Fprintf(&b, " %d rows on one side only, not compared.", r.OneSide)
	}
	return b.String()
}

// paired reports whether any row was judged paired by round.
func (r *Result) paired() bool {
	for _, row := range r.Rows {
		if row.Paired {
			return true
		}
	}
	return false
}

// CounterSection lists the counters that changed: a line per client,
// counter and direction ("+2 allocs/op on 14 rows of fasthttp"), then a
// table of every row; "" when none changed.
func (r *Result) CounterSection() string {
	if len(r.Counters) == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**Counters per op that changed** (%s):\n\n", counterRules())
	for _, g := range results.GroupCounterChanges(r.Counters) {
		fmt.Fprintf(&b, "- %s\n", g)
	}
	b.WriteString("\n" + r.counterTable())
	return b.String()
}

// counterTable is the table of the counters that changed: each row,
// counter, old → new (the medians) and the change.
func (r *Result) counterTable() string {
	before, after := "previous `"+r.A+"`:", "this run `"+r.B+"`:"
	if !r.Rule.Alert {
		before, after = "A `"+r.A+"`:", "B `"+r.B+"`:"
	}
	t := markdown.NewTable("benchmark", "counter", before, after, "change:")
	for _, c := range r.Counters {
		t.Row("`"+results.Name(c.Pkg, c.Name)+"`", c.Unit, results.FormatCount(c.Old), results.FormatCount(c.New), "**"+c.Delta()+"**")
	}
	return t.String()
}

// counterRules says results.CounterRules in words.
func counterRules() string {
	var parts []string
	for _, c := range results.CounterRules {
		p := c.Unit + " by " + strconv.FormatFloat(c.MinAbs, 'f', -1, 64)
		if c.MinRel > 0 {
			p += " and " + pct(c.MinRel)
		}
		parts = append(parts, p)
	}
	return fmt.Sprintf("at least %d samples a side, no sample of one run overlapping the other's, a median that moved by more than either run's own spread and by at least ", results.MinCounterSamples) + strings.Join(parts, ", ")
}

// num prints a median with 4 significant digits, without an exponent.
func num(x float64) string { return strconv.FormatFloat(results.Round(x), 'f', -1, 64) }

func pct(x float64) string { return strconv.FormatFloat(x*100, 'f', -1, 64) + "%" }

// trim prints a factor with at most 3 decimals: 1.1, 1.25.
func trim(x float64) string { return strconv.FormatFloat(math.Round(x*1000)/1000, 'f', -1, 64) }

// times prints a worse-factor: "3.02×", "∞×".
func times(x float64) string {
	if math.IsInf(x, 1) {
		return "∞×"
	}
	return fmt.Sprintf("%.2f×", x)
}
