// Command benchdiff reads an A/B file of cmd/benchrun and flags the rows
// that got worse: significantly (benchstat's test) and by more than a
// threshold.
//
//	benchrun -o ab.txt BASE HEAD
//	benchdiff -in ab.txt -threshold 10
//
// A is the file's first commit (benchrun's REF_A, the base), B the second.
// For every benchmark and unit both sides have, it compares A's samples with
// B's as go tool benchstat -col commit does (internal/results.Compare: the
// Mann–Whitney U test of benchmath, alpha 0.05), on the medians. A row is
// flagged when the difference is significant and B is worse than A by more
// than -threshold percent, worse meaning higher for units that are
// better=lower (ns/op, B/op, allocs/op) and lower for better=higher ones
// (MB/s), as the file's Unit lines and benchfmt's defaults say. Units with no
// direction (the floor's req-bytes) are not compared.
//
// It prints Markdown: a table of the flagged rows (none: no table) and a
// one-line verdict. It is informational: it exits 0 whatever it finds, and
// 2 only when it cannot read its input (not an A/B file, bad flags).
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

	"github.com/httpclientbench/httpclientbench/internal/results"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "benchdiff:", err)
		}
		os.Exit(2)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("benchdiff", flag.ContinueOnError)
	fs.SetOutput(stderr)
	in := fs.String("in", "", "A/B file of cmd/benchrun (required)")
	threshold := fs.Float64("threshold", 10, "flag rows worse by more than this many percent")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *in == "" || fs.NArg() > 0 {
		fs.Usage()
		return errors.New("-in is required, and nothing else")
	}
	if !(*threshold >= 0) || math.IsInf(*threshold, 0) {
		return fmt.Errorf("-threshold %v: want a percentage, 0 or more", *threshold)
	}
	f, err := os.Open(*in)
	if err != nil {
		return err
	}
	defer f.Close()
	groups, err := results.ReadGroups(f, *in, "commit")
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
	d := Diff(groups[0], groups[1], *threshold/100)
	_, err = io.WriteString(stdout, d.Markdown())
	return err
}

// Row is one benchmark and unit compared.
type Row struct {
	Name, Unit string
	A, B       results.Summary
	Change     float64 // B's median over A's, minus 1
	P          float64
	Worse      bool // significantly worse by more than the threshold
}

// Result is a comparison of two sides.
type Result struct {
	A, B      string // the commits
	Threshold float64
	Rows      []Row // every row compared, in A's order
	OneSide   int   // benchmark and unit pairs found on one side only
}

// Diff compares b with a: every series both have in a unit with a
// direction.
func Diff(a, b results.Group, threshold float64) *Result {
	r := &Result{A: a.Value, B: b.Value, Threshold: threshold}
	type key struct{ pkg, name, unit string }
	index := func(g results.Group) map[key]*results.Series {
		m := map[key]*results.Series{}
		for _, s := range g.Series {
			if g.Units.GetBetter(s.Unit) != 0 {
				m[key{s.Pkg, s.Name, s.Unit}] = s
			}
		}
		return m
	}
	as, bs := index(a), index(b)
	for k := range bs {
		if as[k] == nil {
			r.OneSide++
		}
	}
	for _, sa := range a.Series {
		k := key{sa.Pkg, sa.Name, sa.Unit}
		if as[k] == nil {
			continue // no direction
		}
		sb := bs[k]
		if sb == nil {
			r.OneSide++
			continue
		}
		row := Row{Name: results.Name(sa.Pkg, sa.Name), Unit: sa.Unit, A: results.Summarize(sa.Values), B: results.Summarize(sb.Values)}
		row.Change = change(row.A.Center, row.B.Center)
		var significant bool
		row.P, significant = results.Compare(row.A, row.B)
		worse := row.Change > threshold
		if a.Units.GetBetter(sa.Unit) > 0 {
			worse = row.Change < -threshold
		}
		row.Worse = significant && worse
		r.Rows = append(r.Rows, row)
	}
	return r
}

// change is b/a - 1, with 0 to 0 no change and 0 to more an infinite one.
func change(a, b float64) float64 {
	switch {
	case a == b:
		return 0
	case a == 0:
		return math.Inf(int(math.Copysign(1, b)))
	}
	return b/a - 1
}

// Flagged is the rows significantly worse by more than the threshold.
func (r *Result) Flagged() []Row {
	var out []Row
	for _, row := range r.Rows {
		if row.Worse {
			out = append(out, row)
		}
	}
	return out
}

// Markdown is the table of flagged rows and the verdict.
func (r *Result) Markdown() string {
	var b strings.Builder
	flagged := r.Flagged()
	limit := "+" + pct(r.Threshold)
	if len(flagged) > 0 {
		fmt.Fprintf(&b, "| benchmark | unit | A `%s` | B `%s` | change | p |\n|---|---|--:|--:|--:|--:|\n", r.A, r.B)
		for _, row := range flagged {
			fmt.Fprintf(&b, "| `%s` | %s | %s %s | %s %s | **%s** | %s |\n", row.Name, row.Unit,
				num(row.A.Center), row.A.Range(), num(row.B.Center), row.B.Range(), signed(row.Change), strconv.FormatFloat(row.P, 'f', 3, 64))
		}
		b.WriteString("\n")
	}
	switch {
	case len(r.Rows) == 0:
		fmt.Fprintf(&b, "**No rows compared**: A `%s` and B `%s` have no benchmark in common.\n", r.A, r.B)
	case len(flagged) == 0:
		fmt.Fprintf(&b, "**No regression flagged**: none of %d rows is significantly worse (p ≤ 0.05) by more than %s in B `%s` than in A `%s`.", len(r.Rows), limit, r.B, r.A)
	default:
		fmt.Fprintf(&b, "**%d of %d rows flagged**: significantly worse (p ≤ 0.05) by more than %s in B `%s` than in A `%s`; confirm on a quiet machine before acting on it.", len(flagged), len(r.Rows), limit, r.B, r.A)
	}
	if len(r.Rows) > 0 {
		if r.OneSide > 0 {
			fmt.Fprintf(&b, " %d rows on one side only, not compared.", r.OneSide)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// num prints a median with 4 significant digits, without an exponent.
func num(x float64) string { return strconv.FormatFloat(results.Round(x), 'f', -1, 64) }

func pct(x float64) string { return strconv.FormatFloat(x*100, 'f', -1, 64) + "%" }

func signed(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+∞"
	case math.IsInf(x, -1):
		return "-∞"
	}
	return fmt.Sprintf("%+.1f%%", x*100)
}
