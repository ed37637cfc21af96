package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"

	"github.com/httpclientbench/httpclientbench/internal/results"
)

// The pull-request check's report (-comment): the same Markdown goes to the
// job summary and into the pull request's one benchmark comment, which the
// workflow finds again by commentMarker on its first line. It holds the
// flagged rows and the verdict, then go tool benchstat -col commit in a
// collapsed block, each cut at a line so that the whole stays under
// GitHub's 65,536-character limit of a comment.
const (
	commentMarker = "<!-- httpclientbench:pr-bench -->"
	// tableBudget and statBudget are the bytes the flagged rows' table
	// and benchstat's output may take; with the rest of the text they
	// stay under the comment limit.
	tableBudget = 25000
	statBudget  = 30000
)

// writeComment writes the report of the A/B file ab, whose run covered
// set ("the focused set", "the whole suite"), flagging rows by rule. It is
// informational: a file benchdiff cannot compare, or a benchstat that
// fails, is said in the report, not an error; only an A/B file that does
// not exist, or is empty, is.
func writeComment(w io.Writer, ab, set string, rule Rule) error {
	commits, err := commitLines(ab)
	if err != nil {
		return err
	}
	if commits == "" {
		commits = "?"
	}
	var b strings.Builder
	b.WriteString(commentMarker + "\n")
	b.WriteString("## Benchmarks: this pull request against its merge base\n\n")
	fmt.Fprintf(&b, "A (merge base) and B (head), `%s`, interleaved by `cmd/benchrun` on a shared runner: %s.\n", commits, set)
	b.WriteString("Informational, never blocking: confirm a flagged row with an A/B `benchrun` on a quiet machine (see docs/ci.md, *Continuous benchmarking*).\n\n")
	if d, err := diffAB(ab, rule); err != nil {
		fmt.Fprintf(&b, "benchdiff: %v\n\n(benchdiff failed: no row flagged or cleared)\n", err)
	} else {
		// The verdict stays whatever the table's length, after a blank
		// line (a line right after a Markdown table is one more row of it).
		if table := d.Table(); table != "" {
			b.WriteString(cut(strings.TrimRight(table, "\n"), tableBudget) + "\n")
		}
		b.WriteString(d.Verdict() + "\n\n")
		b.WriteString(counterLines(d))
	}
	b.WriteString("\n<details><summary><code>go tool benchstat -col commit</code></summary>\n\n```\n")
	stat, err := exec.Command("go", "tool", "benchstat", "-col", "commit", ab).CombinedOutput()
	text := strings.TrimRight(string(stat), "\n")
	if err != nil {
		text += "\n(benchstat failed: " + err.Error() + ")"
	}
	b.WriteString(cut(text, statBudget))
	b.WriteString("```\n\n</details>\n")
	_, err = io.WriteString(w, b.String())
	return err
}

// diffAB compares the two commits of the A/B file ab.
func diffAB(ab string, rule Rule) (*Result, error) {
	groups, err := readGroups(ab)
	if err != nil {
		return nil, err
	}
	if len(groups) != 2 {
		return nil, fmt.Errorf("%s: want the results of two commits, got %d", ab, len(groups))
	}
	return Diff(groups[0], groups[1], rule, true), nil
}

// commitLines is the values of the first two "commit:" lines of path,
// space-separated; an error when path is missing or empty.
func commitLines(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || st.Size() == 0 {
		return "", fmt.Errorf("%s: an A/B file that is empty (%v)", path, err)
	}
	var commits []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() && len(commits) < 2 {
		if c, ok := strings.CutPrefix(sc.Text(), "commit: "); ok {
			commits = append(commits, c)
		}
	}
	return strings.Join(commits, " "), sc.Err()
}

// cut is text and a newline if it has at most limit bytes, else its whole
// lines within limit, a blank line and a line saying it was cut.
func cut(text string, limit int) string {
	if len(text) <= limit {
		return text + "\n"
	}
	kept := text[:strings.LastIndexByte(text[:limit], '\n')+1]
	return kept + "\n… cut to stay under the comment size limit: the run's ab.txt artifact holds the whole file\n"
}

// counterLines is the comment's part on the counters per op, apart from
// the timing verdict: a line for every client of the run, its changes
// ("+2 allocs/op on 14 rows of fasthttp") or none, and the rows that
// changed in a collapsed table.
func counterLines(d *Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**Counters per op** (allocations, bytes, wire bytes, connections, handshakes; a change counts with %s):\n\n", counterRules())
	groups := results.GroupCounterChanges(d.Counters)
	for _, client := range clientsOf(d) {
		var lines []string
		for _, g := range groups {
			if g.Client == client {
				lines = append(lines, g.String())
			}
		}
		name := client
		if name == "" {
			name = "the floors"
		}
		if len(lines) == 0 {
			fmt.Fprintf(&b, "- %s: no change\n", name)
			continue
		}
		fmt.Fprintf(&b, "- %s\n", strings.Join(lines, "; "))
	}
	if len(d.Counters) > 0 {
		table := d.counterTable()
		b.WriteString("\n<details><summary>" + strconv.Itoa(len(d.Counters)) + " counters that changed</summary>\n\n")
		b.WriteString(cut(strings.TrimRight(table, "\n"), tableBudget/2) + "\n</details>\n")
	}
	return b.String()
}

// clientsOf is the clients of d's rows (their client= level), sorted; ""
// for rows without one (the floors), last.
func clientsOf(d *Result) []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range d.Rows {
		_, _, c := results.SplitLeaf(r.DiffRow.Name)
		if !seen[c] && c != "" {
			out = append(out, c)
		}
		seen[c] = true // the floors' "" too
	}
	slices.Sort(out)
	if seen[""] {
		out = append(out, "")
	}
	return out
}
