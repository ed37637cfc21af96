package report

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestUpdateReadme rewrites testdata/readme.md's blocks from
// testdata/load/*/results.txt: the result is the golden file, the text
// outside the blocks is byte for byte the input's, and a second run
// changes nothing.
func TestUpdateReadme(t *testing.T) {
	src, err := os.ReadFile("testdata/readme.md")
	if err != nil {
		t.Fatal(err)
	}
	got, changed, err := UpdateReadme(src, "testdata")
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "testdata/readme.golden.md", got)
	if want := []string{"load/steady", "load/overload", "load/sweep"}; !slices.Equal(changed, want) {
		t.Errorf("changed %v, want %v", changed, want)
	}
	if a, b := outside(string(src)), outside(string(got)); a != b {
		t.Errorf("the text outside the blocks changed:\n%q\n%q", a, b)
	}
	for _, w := range []string{
		"Median of 3 rounds (steady), commit `0a0df36c1d2e`, from [results.txt](load/steady/results.txt).",
		"| raw (floor) | 11,327 (p99 415 µs) |",
		"```markdown\n<!-- loadreport:table dir=no/such/dir -->\n<!-- loadreport:end -->\n```", // fenced: an example, untouched
	} {
		if !strings.Contains(string(got), w) {
			t.Errorf("README lacks %q", w)
		}
	}
	if strings.Contains(string(got), "stale") || strings.Contains(string(got), "Peak RSS") {
		t.Error("a stale block survived, or a sweep block has its resource table")
	}
	again, changed, err := UpdateReadme(got, "testdata")
	if err != nil || !bytes.Equal(again, got) || len(changed) != 0 {
		t.Errorf("a second run: error %v, changed %v, same bytes %v", err, changed, bytes.Equal(again, got))
	}
}

// outside is text without the lines between each pair of loadreport
// markers.
func outside(text string) string {
	var b strings.Builder
	in := false
	for _, l := range strings.SplitAfter(text, "\n") {
		switch {
		case strings.HasPrefix(l, "<!-- loadreport:end"):
			in = false
		case in:
			continue
		case strings.HasPrefix(l, "<!-- loadreport:"):
			in = true
		}
		b.WriteString(l)
	}
	return b.String()
}

func TestUpdateReadmeErrors(t *testing.T) {
	for _, tc := range []struct{ name, readme, want string }{
		{"unknown option", "x\n<!-- loadreport:table dir=load/steady rate=2000 -->\n<!-- loadreport:end -->\n",
			`README:2: loadreport:table: unknown option "rate" (known: dir)`},
		{"unknown kind", "<!-- loadreport:chart dir=load/steady -->\n<!-- loadreport:end -->\n", "README:1: unknown marker loadreport:chart (known: table, end)"},
		{"no dir", "<!-- loadreport:table -->\n<!-- loadreport:end -->\n", "README:1: loadreport:table needs dir="},
		{"absolute dir", "<!-- loadreport:table dir=/load/steady -->\n<!-- loadreport:end -->\n", "README:1: dir=/load/steady: want a slash-separated path"},
		{"missing results", "a\n\n<!-- loadreport:table dir=load/none -->\n<!-- loadreport:end -->\n", "README:3: load results: open " + filepath.Join("testdata", "load", "none", "results.txt") + ": no such file"},
		{"unterminated", "<!-- loadreport:table dir=load/steady -->\n", "README:1: <!-- loadreport:table dir=load/steady --> is not followed by <!-- loadreport:end -->"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := UpdateReadme([]byte(tc.readme), "testdata")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// Summary has the report's tables, with their notes, each under its
// group's title, and ends with the rounds, the mode and the commit.
func TestSummary(t *testing.T) {
	for _, mode := range modes {
		t.Run(mode, func(t *testing.T) {
			run, err := ReadFile(filepath.Join("testdata", "load", mode, ResultsFile))
			if err != nil {
				t.Fatal(err)
			}
			var report strings.Builder
			if err := WriteMarkdown(&report, run, ResultsFile); err != nil {
				t.Fatal(err)
			}
			got := Summary(run)
			// Each of the report's runs of table and note lines, whole.
			var tables []string
			var cur strings.Builder
			for l := range strings.SplitAfterSeq(report.String(), "\n") {
				if strings.HasPrefix(l, "|") || strings.Contains(l, "median (min–max over rounds)") {
					cur.WriteString(l)
				} else if cur.Len() > 0 {
					tables = append(tables, cur.String())
					cur.Reset()
				}
			}
			if len(tables) == 0 {
				t.Fatal("the report has no table")
			}
			for _, tab := range tables {
				if !strings.Contains(got, tab) {
					t.Errorf("the summary lacks the report's\n%s\nsummary:\n%s", tab, got)
				}
			}
			for _, g := range run.Groups {
				if !strings.Contains(got, "**"+g.Title()+"**\n\n|") {
					t.Errorf("the summary has no title %q before a table", g.Title())
				}
			}
			if want := " (" + mode + "), commit `0a0df36c1d2e`.\n"; !strings.HasSuffix(got, want) {
				t.Errorf("the summary ends %q, want …%q", got[max(0, len(got)-80):], want)
			}
		})
	}
}
