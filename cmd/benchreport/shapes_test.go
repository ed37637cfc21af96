package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/markdown"
)

// TestShapes renders the headline and a shapes block with -shapes: a run
// of 1 and 4 CPUs (testdata/shapes.txt and shapes-more.txt) where fasthttp
// is slower than nethttp on 1 CPU and faster on 4, and resty the same on
// both. The headline's own run (testdata/headline.txt) has fasthttp
// faster and resty ~: fasthttp's verdict depends on the shape (≠), resty's
// does not.
func TestShapes(t *testing.T) {
	withHeadline(t, testHeadline)
	dir := t.TempDir()
	readme, page := filepath.Join(dir, "README.md"), filepath.Join(dir, "shapes.md")
	os.WriteFile(readme, []byte("<!-- benchreport:headline -->\n<!-- benchreport:end -->\n"), 0o644)
	os.WriteFile(page, []byte("<!-- benchreport:shapes -->\n<!-- benchreport:end -->\n"), 0o644)
	args := []string{"-suite", "", "-in", "testdata/headline.txt", "-shapes", "testdata/shapes.txt,testdata/shapes-more.txt",
		"-out", filepath.Join(dir, "docs"), "-readme", readme + "," + page}
	if err := run(args, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	head, _ := os.ReadFile(readme)
	for _, w := range []string{
		"| small GET<br>`Get`<br>≠ shapes disagree | 150 ns ±33%<br>CPUs 1, 4: 100 ns, 100 ns | 0.50× (0.50–0.60)<br>≠ CPUs slower on 1, faster on 4 | ~1.05× (0.90–1.20)<br>CPUs ~ on 1–4 |",
		"| GET, HTTP/3<br>`Secure/proto=h3` ÷ `Secure/proto=h2/client=nethttp` | 100 ns ±0%<br>on `Secure/proto=h2`<br>CPUs 1, 4: 100 ns, 100 ns | — | — | 1.50× (1.40–2.00)<br>CPUs slower on 1–4 |",
		"restricted to 1 and 4 CPUs (cmd/benchrun -cpus; [" + markdown.Link(dir, "testdata/shapes.txt") + "](" + markdown.Link(dir, "testdata/shapes.txt") + ")",
		"Rows with one: `Get`.",
	} {
		if !strings.Contains(string(head), w) {
			t.Errorf("the headline lacks %q:\n%s", w, head)
		}
	}
	if strings.Contains(string(head), "`Secure/proto=h3` ÷ `Secure/proto=h2/client=nethttp` | 100 ns ±0%<br>on `Secure/proto=h2`<br>≠") {
		t.Errorf("the HTTP/3 row is marked, but its verdict holds on every shape:\n%s", head)
	}
	block, _ := os.ReadFile(page)
	for _, w := range []string{
		"| row | client | 2 CPUs, test | 1 of 16 CPUs | 4 of 16 CPUs | holds |",
		"| `Get` | nethttp | 150 ns ±33% | 100 ns ±0% | 100 ns ±0% | |",
		"| `Get` | fasthttp | 0.50× (0.50–0.60) | 1.50× (1.50–1.50) | 0.50× (0.50–0.50) | ≠ slower on 1, faster on 4 |",
		"| `Get` | resty | ~1.05× (0.90–1.20) | ~1.00× (0.95–1.05) | ~1.00× (0.95–1.05) | ~ on 1–4 |",
		"| `Secure/proto=h3` | http3 | 1.50× (1.40–2.00) | 1.50× (1.50–1.50) | 1.50× (1.50–1.50) | slower on 1–4 |",
		"![4 CPUs, in process: time per op as a ratio to nethttp](docs/charts/shapes-cpus4.svg)",
	} {
		if !strings.Contains(string(block), w) {
			t.Errorf("the shapes block lacks %q:\n%s", w, block)
		}
	}
	for _, chart := range []string{"shapes-cpus1.svg", "shapes-cpus4.svg"} {
		if _, err := os.Stat(filepath.Join(dir, "docs", ChartDir, chart)); err != nil {
			t.Error(err)
		}
	}
}

func TestHolds(t *testing.T) {
	vs := func(verdicts ...int) []shapeVerdict {
		var out []shapeVerdict
		for i, v := range verdicts {
			out = append(out, shapeVerdict{cpus: 2 << i, verdict: v})
		}
		return out
	}
	for _, tc := range []struct {
		in   []shapeVerdict
		want string
	}{
		{vs(-1, -1, -1, -1), "faster on 2–16"},
		{vs(0, -1, -1, -1), "~ on 2, faster on 4–16"},
		{vs(-1, -1, 1, -1), "faster on 2–4, slower on 8, faster on 16"},
		{vs(1), "slower on 2"},
	} {
		if got := holds(tc.in); got != tc.want {
			t.Errorf("holds(%v) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// -shapes takes runs of several CPU counts only, and each leaf once.
func TestShapesRefused(t *testing.T) {
	dir := t.TempDir()
	plain := filepath.Join(dir, "plain.txt")
	os.WriteFile(plain, []byte("BenchmarkGet/client=nethttp 1000 100 ns/op\n"), 0o644)
	// The second file of another commit.
	more, _ := os.ReadFile("testdata/shapes-more.txt")
	other := filepath.Join(dir, "other.txt")
	os.WriteFile(other, []byte(strings.Replace(string(more), "commit: 89abcdef0123", "commit: fedcba987654", 1)), 0o644)
	for _, tc := range []struct {
		files, want string
	}{
		{plain, "results without a CPU count"},
		{"testdata/shapes.txt,testdata/shapes.txt", "Get/client=nethttp-1 is in testdata/shapes.txt and in testdata/shapes.txt"},
		{filepath.Join(dir, "none.txt"), "no such file"},
		{"testdata/shapes.txt," + other, `commit "fedcba987654", but testdata/shapes.txt "89abcdef0123"`},
	} {
		out := filepath.Join(dir, "out")
		err := run([]string{"-suite", "", "-in", "testdata/headline.txt", "-shapes", tc.files, "-out", out}, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("-shapes %s: %v, want an error with %q", tc.files, err, tc.want)
		}
	}
	// A shapes block without -shapes is an error, not an empty block.
	page := filepath.Join(dir, "page.md")
	os.WriteFile(page, []byte("<!-- benchreport:shapes -->\n<!-- benchreport:end -->\n"), 0o644)
	if err := run([]string{"-suite", "", "-in", "testdata/headline.txt", "-readme", page}, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "give -shapes") {
		t.Errorf("a shapes block without -shapes: %v", err)
	}
}
