package main

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// methodologyPage shows the A/B run of docs/ab/echo-stream.txt.
const methodologyPage = "docs/methodology.md"

// TestReadmeExamplesAreTheRecordedFile: the two excerpts of
// docs/ab/echo-stream.txt that docs/methodology.md shows, the start of the
// file and benchstat's table of it, are what the file and benchstat give
// now, not text typed by hand.
func TestReadmeExamplesAreTheRecordedFile(t *testing.T) {
	readme, err := os.ReadFile("../../" + methodologyPage)
	if err != nil {
		t.Fatal(err)
	}
	recorded, err := os.ReadFile("../../docs/ab/echo-stream.txt")
	if err != nil {
		t.Fatal(err)
	}
	head := fencedAfter(t, string(readme), "The start of the file, from the A/B run below")
	if !strings.HasPrefix(string(recorded), strings.Join(head, "\n")+"\n") {
		t.Errorf("%s's start of docs/ab/echo-stream.txt is not the file's:\n%s", methodologyPage, strings.Join(head, "\n"))
	}
	table := fencedAfter(t, string(readme), "go tool benchstat -col commit -filter '/length:unknown .unit:sec/op'\ndocs/ab/echo-stream.txt`:")
	cmd := exec.Command("go", "tool", "benchstat", "-col", "commit", "-filter", "/length:unknown .unit:sec/op", "docs/ab/echo-stream.txt")
	cmd.Dir = "../.."
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(out), "\n")
	i := slices.Index(lines, table[0])
	if i < 0 || len(lines) < i+len(table) || !slices.Equal(lines[i:i+len(table)], table) {
		t.Errorf("%s's benchstat table is not what benchstat gives for docs/ab/echo-stream.txt:\n%s:\n%s\nbenchstat:\n%s", methodologyPage, methodologyPage, strings.Join(table, "\n"), out)
	}
}

// fencedAfter is the first fenced code block after the text marker in
// md, as lines.
func fencedAfter(t *testing.T, md, marker string) []string {
	t.Helper()
	_, rest, ok := strings.Cut(md, marker)
	if !ok {
		t.Fatalf("%s has no %q", methodologyPage, marker)
	}
	_, rest, ok = strings.Cut(rest, "```\n")
	if !ok {
		t.Fatalf("no code block after %q", marker)
	}
	block, _, ok := strings.Cut(rest, "```")
	if !ok {
		t.Fatalf("code block after %q not closed", marker)
	}
	return strings.Split(strings.TrimSuffix(block, "\n"), "\n")
}
