package report

import (
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/httpclientbench/httpclientbench/internal/markdown"
)

// The load blocks of a Markdown page, such as docs/load.md:
//
//	<!-- loadreport:table dir=load/steady -->
//	…generated from load/steady/results.txt…
//	<!-- loadreport:end -->
//
// dir (required) is a directory relative to the page's directory, slash-
// separated, holding ResultsFile. The block gets the run's tables (a
// sweep's main table only), each under its group's title when there are
// several or the run has CPU counts (loadbench -cpus: the title names
// the count), and one line naming the rounds, the commit and the results
// file.
var markers = markdown.Syntax{
	Tool:  "loadreport",
	Kinds: map[string][]string{"table": {"dir"}},
}

// UpdateReadme rewrites every loadreport block of src, a page in the
// directory root, from the results files the blocks name, and returns the
// dir= of each block whose text changed. Text outside the blocks is kept
// byte for byte; markers inside fenced code blocks are ignored. An unknown
// marker or option, a block without its end, or a results file that is
// missing or malformed is an error naming the page's line.
func UpdateReadme(src []byte, root string) (out []byte, changed []string, err error) {
	out, blocks, err := markers.Rewrite(src, "README", func(kind string, opts []markdown.Option) (string, error) {
		return tableBlock(opts, root)
	})
	if err != nil {
		return nil, nil, err
	}
	for _, b := range blocks {
		if b.Old != b.New {
			changed = append(changed, b.Options[0].Value)
		}
	}
	return out, changed, nil
}

// tableBlock is the text of a table block.
func tableBlock(opts []markdown.Option, root string) (string, error) {
	if len(opts) == 0 {
		return "", fmt.Errorf("loadreport:table needs dir=DIR (the directory of its %s)", ResultsFile)
	}
	dir := opts[0].Value
	if path.IsAbs(dir) || strings.Contains(dir, `\`) {
		return "", fmt.Errorf("dir=%s: want a slash-separated path relative to the page", dir)
	}
	link := path.Join(dir, ResultsFile)
	run, err := ReadFile(filepath.Join(root, filepath.FromSlash(link)))
	if err != nil {
		return "", err
	}
	var b strings.Builder
	writeGroups(&b, run, false, len(run.Groups) > 1 || run.hasCPUs()) // a CPU count is in its title
	fmt.Fprintf(&b, "\n%s, from [%s](%s).", run.footer(), ResultsFile, link)
	return b.String(), nil
}

// Summary is run's tables in Markdown as its report has them (a sweep's
// resource table too), each under its group's title, and a line naming
// the rounds, the mode and the commit: what cmd/loadbench shows on a
// terminal.
func Summary(run *Run) string {
	var b strings.Builder
	writeGroups(&b, run, true, true)
	b.WriteString("\n" + run.footer() + ".\n")
	return b.String()
}

// writeGroups writes the tables of run's groups (full as writeTables
// takes it), each under its title in bold if titled.
func writeGroups(b *strings.Builder, run *Run, full, titled bool) {
	for i, g := range run.Groups {
		if i > 0 {
			b.WriteString("\n")
		}
		if titled {
			fmt.Fprintf(b, "**%s**\n\n", g.Title())
		}
		writeTables(b, g, full)
	}
}

// footer is "Median of 5 rounds (steady), commit `c61b892cbc70`".
func (r *Run) footer() string {
	commit := r.Config["commit"]
	if commit == "" {
		commit = "unknown"
	}
	p := r.roundsPhrase()
	return fmt.Sprintf("%s (%s), commit `%s`", strings.ToUpper(p[:1])+p[1:], r.Mode, shortCommit(commit))
}
