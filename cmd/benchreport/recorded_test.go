package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/cli"
	"github.com/httpclientbench/httpclientbench/internal/testkit"
)

// TestColdStartPageUpToDate: docs/coldstart.md's coldstart table is what
// benchreport makes of docs/coldstart.txt.
func TestColdStartPageUpToDate(t *testing.T) {
	page := filepath.Join(repoDocs, "coldstart.md")
	out, changed, err := coldStartPage(filepath.Join(repoDocs, "coldstart.txt"), page)
	if err != nil {
		t.Fatal(err)
	}
	if changed {
		src, _ := os.ReadFile(page)
		t.Errorf("docs/coldstart.md's coldstart table is not docs/coldstart.txt's (- page, + generated); run go generate ./...:\n%s",
			testkit.Diff(string(src), string(out)))
	}
}

// TestColdStartRewrites: -coldstart rewrites a stale table in place and
// nothing outside it; a page without the block is an error that changes
// nothing.
func TestColdStartRewrites(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "page.md")
	stale := "# Cold start\n\n<!-- coldstart:table -->\nold\n<!-- coldstart:end -->\n\nAfter.\n"
	if err := os.WriteFile(page, []byte(stale), 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	run := filepath.Join(repoDocs, "coldstart.txt")
	if err := runArgs(t, &stderr, "-coldstart", run, "-readme", page); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(page)
	if strings.Contains(string(got), "\nold\n") || !strings.Contains(string(got), "| nethttp | http |") || !strings.HasSuffix(string(got), "\nAfter.\n") {
		t.Errorf("rewritten page:\n%s", got)
	}
	bare := filepath.Join(dir, "bare.md")
	if err := os.WriteFile(bare, []byte("# nothing\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := runArgs(t, &stderr, "-coldstart", run, "-readme", bare); err == nil || !strings.Contains(err.Error(), "0 coldstart blocks") {
		t.Errorf("a page without the block: %v", err)
	}
}

// TestRecordedUsage: a recorded input goes with -readme alone.
func TestRecordedUsage(t *testing.T) {
	for _, args := range [][]string{
		{"-coldstart", "docs/coldstart.txt"},
		{"-coldstart", "x", "-in", "docs/results.txt", "-readme", "p.md"},
		{"-load", "docs/load/*", "-out", "docs/"},
		{"-load", "", "-readme", "p.md"},
	} {
		var ue cli.UsageError
		if err := runArgs(t, new(bytes.Buffer), args...); !errors.As(err, &ue) {
			t.Errorf("%q: %v, want a usage error", args, err)
		}
	}
}

func runArgs(t *testing.T, stderr *bytes.Buffer, args ...string) error {
	t.Helper()
	return run(args, new(bytes.Buffer), stderr)
}

// TestBehaviourPagesUpToDate: docs/behaviour.md and docs/clients.md's
// behaviour block are what benchreport makes of docs/behaviour.json.
func TestBehaviourPagesUpToDate(t *testing.T) {
	pages, err := behaviourPages(filepath.Join(repoDocs, "behaviour.json"), filepath.Join(repoDocs, "clients.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pages {
		if p.changed {
			old, _ := os.ReadFile(p.name)
			t.Errorf("%s is not what benchreport makes of docs/behaviour.json (- page, + generated); run go generate ./...:\n%s",
				p.name, testkit.Diff(string(old), string(p.text)))
		}
	}
}

// TestBehaviourWrites: -behaviour writes the page beside the matrix and
// rewrites -readme's summary block; a matrix whose rows lack a cell is an
// error that writes nothing.
func TestBehaviourWrites(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join(repoDocs, "behaviour.json"))
	if err != nil {
		t.Fatal(err)
	}
	recorded := filepath.Join(dir, "b.json")
	summary := filepath.Join(dir, "s.md")
	for name, text := range map[string]string{
		recorded:                     string(src),
		summary:                      "# S\n\n<!-- behaviour:summary -->\n<!-- behaviour:end -->\n",
		filepath.Join(dir, "go.mod"): "module x\n\ngo 1.26.0\n",
	} {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// This go.mod requires none of the libraries: their versions are missing.
	err = runArgs(t, new(bytes.Buffer), "-behaviour", recorded, "-readme", summary)
	if err == nil || !strings.Contains(err.Error(), "go.mod does not require") {
		t.Fatalf("a go.mod without the libraries: %v", err)
	}
	mod, err := os.ReadFile(filepath.Join(repoRoot, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), mod, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := runArgs(t, new(bytes.Buffer), "-behaviour", recorded, "-readme", summary); err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join(dir, "b.md"))
	if err != nil || !strings.Contains(string(page), "| behaviour | nethttp |") {
		t.Errorf("b.md: %v\n%s", err, page)
	}
	if s, _ := os.ReadFile(summary); !strings.Contains(string(s), "[b.md](b.md)") {
		t.Errorf("summary block:\n%s", s)
	}
	bad := strings.Replace(string(src), `"cells": [`, `"cells": ["one too many",`, 1)
	if err := os.WriteFile(recorded, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := runArgs(t, new(bytes.Buffer), "-behaviour", recorded); err == nil || !strings.Contains(err.Error(), "cells for") {
		t.Errorf("a row with a cell too many: %v", err)
	}
}
