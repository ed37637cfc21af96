package loadreport

import (
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/httpclientbench/httpclientbench/internal/mdblock"
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
// several, and one line naming the rounds, the commit and the results
// file.
var markers = mdblock.Syntax{
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
	out, blocks, err := markers.Rewrite(src, "README", func(kind string, opts []mdblock.Option) (string, error) {
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
func tableBlock(opts []mdblock.Option, root string) (string, error) {
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
	for i, g := range run.Groups {
		if i > 0 {
			b.WriteString("\n")
		}
		if len(run.Groups) > 1 {
			fmt.Fprintf(&b, "**%s**\n\n", g.Title())
		}
		writeTables(&b, g, false)
	}
	commit := run.Config["commit"]
	if commit == "" {
		commit = "unknown"
	}
	fmt.Fprintf(&b, "\n%s (%s), commit `%s`, from [%s](%s).",
		strings.ToUpper(run.roundsPhrase()[:1])+run.roundsPhrase()[1:], run.Mode, shortCommit(commit), ResultsFile, link)
	return b.String(), nil
}
