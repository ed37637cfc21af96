// Package exampletest keeps the tables of each example module's README
// (examples/*) what benchstat makes of the example's recorded run,
// results.txt beside it, so that no number there is typed by hand, and its
// behaviour column what behaviour.Column observed. An example's tests call
// Readme and Behaviour; go test -run 'TestReadme|TestBehaviour' -update
// rewrites them.
package exampletest

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/markdown"
)

var update = flag.Bool("update", false, "rewrite README.md's benchstat tables from results.txt and its behaviour column")

// syntax is the blocks' markers: <!-- benchstat:table unit=sec/op -->.
var syntax = markdown.Syntax{Tool: "benchstat", Kinds: map[string][]string{"table": {"unit"}}}

// Run and page are the recorded run and the page of an example, in its
// directory (where go test runs its tests).
const (
	Run  = "results.txt"
	Page = "README.md"
)

// columnSyntax is the behaviour column's marker: <!-- behaviour:column -->.
var columnSyntax = markdown.Syntax{Tool: "behaviour", Kinds: map[string][]string{"column": nil}}

// A Column is what Behaviour writes: a behaviour.Table, which this
// package does not import (the behaviour package is a layer above it).
type Column interface{ Markdown() string }

// Behaviour fails t unless Page's behaviour:column block is tab's
// Markdown, and Page has one; with -update it rewrites it.
func Behaviour(t *testing.T, tab Column) {
	t.Helper()
	page, err := os.ReadFile(Page)
	if err != nil {
		t.Fatal(err)
	}
	out, err := withColumn(page, tab)
	if err != nil {
		t.Fatal(err)
	}
	keep(t, page, out, "behaviour column is not what behaviour.Column observed: go test -run TestBehaviour -update rewrites it")
}

// withColumn is page with its behaviour:column block tab's Markdown.
func withColumn(page []byte, tab Column) ([]byte, error) {
	out, blocks, err := columnSyntax.Rewrite(page, Page, func(string, []markdown.Option) (string, error) {
		return strings.TrimSuffix(tab.Markdown(), "\n"), nil
	})
	if err == nil && len(blocks) == 0 {
		err = fmt.Errorf("%s has no behaviour:column block", Page)
	}
	return out, err
}

// keep writes out over Page with -update, or fails t with what unless
// page is out.
func keep(t *testing.T, page, out []byte, what string) {
	t.Helper()
	switch {
	case *update:
		if err := os.WriteFile(Page, out, 0o644); err != nil {
			t.Fatal(err)
		}
	case !bytes.Equal(out, page):
		t.Errorf("%s's %s", Page, what)
	}
}

// Readme fails t unless every table block of Page is what
// `go tool benchstat -col /client -filter .unit:UNIT results.txt` prints
// (the example's go.mod has benchstat as a tool), and Page has one; with
// -update it rewrites them.
func Readme(t *testing.T) {
	t.Helper()
	page, out, err := rewrite(Page)
	if err != nil {
		t.Fatal(err)
	}
	keep(t, page, out, "tables are not what benchstat makes of "+Run+": go test -run TestReadme -update rewrites them")
}

// rewrite returns the page named name as it is and with its tables
// generated.
func rewrite(name string) (page, out []byte, err error) {
	page, err = os.ReadFile(name)
	if err != nil {
		return nil, nil, err
	}
	out, blocks, err := syntax.Rewrite(page, name, func(_ string, opts []markdown.Option) (string, error) {
		unit := ""
		for _, o := range opts {
			unit = o.Value
		}
		if unit == "" {
			return "", fmt.Errorf("a table needs unit=")
		}
		args := []string{"tool", "benchstat", "-col", "/client", "-filter", ".unit:" + unit, Run}
		cmd := exec.Command("go", args...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		table, err := cmd.Output()
		if err != nil {
			return "", fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
		}
		return "```\n$ go " + strings.Join(args, " ") + "\n" + string(table) + "```", nil
	})
	if err == nil && len(blocks) == 0 {
		err = fmt.Errorf("%s has no benchstat:table block", name)
	}
	return page, out, err
}
