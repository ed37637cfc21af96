package main

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/results"
)

// withHeadline makes rows the headline's selection for the rest of the
// test.
func withHeadline(t *testing.T, rows []results.HeadlineRow) {
	t.Helper()
	saved := headlineRows
	headlineRows = rows
	t.Cleanup(func() { headlineRows = saved })
}

// testHeadline is the headline of testdata/headline.txt: a row of its
// own, and one whose ratios are taken to nethttp on another row.
var testHeadline = []results.HeadlineRow{
	{Title: "small GET", Row: "Get", Why: "a row without levels"},
	{Title: "GET, HTTP/3", Row: "Secure/proto=h3", Base: "Secure/proto=h2", Why: "nethttp has no leaf on the row"},
}

// The rows of testdata/headline.txt's table, paired by round. Get: the
// per-round ratios of fasthttp are 0.5 0.5 0.6 0.5 0.5 0.5 (median 0.5,
// where the ratio of the medians would be 80/150), of resty 1.1 0.9 1.2
// 0.95 1.05 1.05, of raw 0.4 each round; Secure: http3's over nethttp's
// h2 leaf 1.5 1.6 1.5 1.4 1.5 2.0. With 6 samples the 95 % interval of a
// median is the lowest to the highest.
const (
	headlineHeader = "| | nethttp | fasthttp | resty | http3 | raw (floor) |\n|---|---|---|---|---|---|\n"
	headlineGet    = "| small GET<br>`Get` | 150 ns ±33% | 0.50× (0.50–0.60) | ~1.05× (0.90–1.20) | — | 0.40× (0.40–0.40) |\n"
	headlineSecure = "| GET, HTTP/3<br>`Secure/proto=h3` ÷ `Secure/proto=h2/client=nethttp` | 100 ns ±0%<br>on `Secure/proto=h2` | — | — | 1.50× (1.40–2.00) | — |\n"
)

// TestHeadlinePaired renders the headline block of a page and its chart
// from a run in rounds: per-round ratios, their median and interval; ~
// where the interval contains 1; the baseline's own time; the chart, linked
// relative to the page.
func TestHeadlinePaired(t *testing.T) {
	withHeadline(t, testHeadline)
	dir := t.TempDir()
	readme := filepath.Join(dir, "README.md")
	if err := os.WriteFile(readme, []byte("# x\n\n<!-- benchreport:headline -->\n<!-- benchreport:end -->\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := run([]string{"-suite", "", "-in", "testdata/headline.txt", "-out", filepath.Join(dir, "docs"), "-readme", readme}, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{
		"<!-- benchreport:headline -->\n\n" + headlineHeader + headlineGet + headlineSecure + "\n",
		"Each ratio is the median of the 6 per-round ratios",
		"~ marks an interval that contains 1: no significant difference from `nethttp`.",
		"lower is faster",
		"; `raw` is the suite's minimal HTTP/1.1 client, a floor, not a library.",
		"commit 0123abcd4567, Linux x86_64, 2 CPUs, test, Go go1.26.8.",
		"\n\n![Headline: time per op as a ratio to nethttp, with 95 % intervals](docs/charts/headline.svg)\n\n<!-- benchreport:end -->\n",
	} {
		if !strings.Contains(string(got), w) {
			t.Errorf("page lacks %q:\n%s", w, got)
		}
	}
	checkSVG(t, filepath.Join(dir, "docs", ChartDir, HeadlineChart+".svg"), "fasthttp")
	// No -out: no chart to link, and the page stays as it was.
	if err := run([]string{"-suite", "", "-in", "testdata/headline.txt", "-readme", readme}, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "give -out") {
		t.Errorf("headline without -out: %v", err)
	}
	if again, _ := os.ReadFile(readme); string(again) != string(got) {
		t.Error("the page changed")
	}
}

// TestHeadlineUnpaired: a file without rounds cannot be paired: the ratio
// of the medians, with the interval from the two intervals' ends, and the
// caption says so.
func TestHeadlineUnpaired(t *testing.T) {
	withHeadline(t, testHeadline)
	b, err := os.ReadFile("testdata/headline.txt")
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(t.TempDir(), "results.txt")
	if err := os.WriteFile(in, []byte(strings.Replace(string(b), "rounds: 6\n", "", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := load(in)
	if err != nil {
		t.Fatal(err)
	}
	h, err := r.headline()
	if err != nil {
		t.Fatal(err)
	}
	got := h.text(r, "results.txt", "charts/headline.svg")
	for _, w := range []string{
		// fasthttp: medians 80 / 150, interval 50/200 to 100/100; raw:
		// 60 / 150, interval 40/200 to 80/100.
		"| small GET<br>`Get` | 150 ns ±33% | ~0.53× (0.25–1.00) | ",
		" | — | 0.40× (0.20–0.80) |\n",
		"The results file has no rounds to pair samples by, so each ratio is the client's median over `nethttp`'s",
	} {
		if !strings.Contains(got, w) {
			t.Errorf("headline lacks %q:\n%s", w, got)
		}
	}
	if strings.Contains(got, "per-round") {
		t.Error("an unpaired headline says per-round")
	}
}

// TestHeadlineSuite: with the suite known, a row or a baseline leaf it
// lacks is an error, and a leaf it has and the run lacks is "not recorded
// yet" (but a client's the run has no leaf of); without the suite, a row
// the run lacks is left out.
func TestHeadlineSuite(t *testing.T) {
	leaves := []string{
		"Get/client=nethttp", "Get/client=fasthttp", "Get/client=resty", "Get/client=raw", "Get/client=retryablehttp",
		"Secure/proto=h2/client=nethttp", "Secure/proto=h3/client=http3",
		"Stream/client=nethttp", "Stream/client=fasthttp",
	}
	build := func(suite []string) *Report {
		r := mustBuildFile(t, "testdata/headline.txt")
		pending, _ := staleness(r, suite)
		if err := r.AddPending(pending); err != nil {
			t.Fatal(err)
		}
		r.Suite = suite
		return r
	}
	withHeadline(t, append(testHeadline[:2:2], results.HeadlineRow{Title: "stream", Row: "Stream"}))
	r := build(leaves)
	h, err := r.headline()
	if err != nil {
		t.Fatal(err)
	}
	const pending = "not recorded yet<br>(run of 0123abcd4567)"
	got := h.text(r, "results.txt", "charts/headline.svg")
	for _, w := range []string{
		// retryablehttp, which the run has no leaf of, has no column
		"| | nethttp | fasthttp | resty | http3 | raw (floor) |\n",
		"| small GET<br>`Get` | 150 ns ±33% | 0.50× (0.50–0.60) | ~1.05× (0.90–1.20) | — | 0.40× (0.40–0.40) |\n",
		"| stream<br>`Stream` | " + pending + " | " + pending + " | — | — | — |\n",
	} {
		if !strings.Contains(got, w) {
			t.Errorf("headline lacks %q:\n%s", w, got)
		}
	}

	for _, tc := range []struct {
		drop string // a leaf gone from the suite
		want string
	}{
		{"Stream/client=fasthttp", ""}, // the row keeps nethttp's leaf
		{"Secure/proto=h2/client=nethttp", "headline row Secure/proto=h3 (GET, HTTP/3): the suite has no leaf Secure/proto=h2/client=nethttp to take its ratios to"},
		{"Secure/proto=h3/client=http3", "headline row Secure/proto=h3 (GET, HTTP/3): the suite has no leaf Secure/proto=h3/client=…"},
	} {
		var suite []string
		for _, l := range leaves {
			if l != tc.drop {
				suite = append(suite, l)
			}
		}
		_, err := build(suite).headline()
		if (err == nil) != (tc.want == "") || err != nil && !strings.Contains(err.Error(), tc.want) {
			t.Errorf("without %s: error %v, want %q", tc.drop, err, tc.want)
		}
	}
	withHeadline(t, append(testHeadline[:2:2], results.HeadlineRow{Title: "twice", Row: "Get"}))
	if _, err := build(leaves).headline(); err == nil || !strings.Contains(err.Error(), "headline row Get is listed twice") {
		t.Errorf("a row twice: %v", err)
	}

	// Without the suite, a row of no leaf of the run is left out.
	withHeadline(t, append(testHeadline[:2:2], results.HeadlineRow{Title: "stream", Row: "Stream"}))
	r = mustBuildFile(t, "testdata/headline.txt")
	if h, err = r.headline(); err != nil {
		t.Fatal(err)
	}
	if got := h.text(r, "results.txt", ""); !strings.HasPrefix(got, headlineHeader+headlineGet+headlineSecure+"\n") || strings.Contains(got, "![") {
		t.Errorf("without the suite:\n%s", got)
	}
}

// TestHeadlinePlacements: with server=process leaves and CPU times in the
// run, every cell shows both placements' time ratios and CPU ratios, the
// baseline's times in each; a client whose verdict differs between them
// (hertz: slower in process, faster in its own) is marked, and its row;
// one whose verdicts agree (fasthttp) is not; both charts are written and
// linked.
func TestHeadlinePlacements(t *testing.T) {
	withHeadline(t, []results.HeadlineRow{{Title: "small GET", Row: "Get", Why: "a row without levels"}})
	dir := t.TempDir()
	readme := filepath.Join(dir, "README.md")
	if err := os.WriteFile(readme, []byte("# x\n\n<!-- benchreport:headline -->\n<!-- benchreport:end -->\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := run([]string{"-suite", "", "-in", "testdata/placements.txt", "-out", filepath.Join(dir, "docs"), "-readme", readme}, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{
		"| | nethttp | fasthttp | hertz |\n|---|---|---|---|\n",
		"| small GET<br>`Get`<br>≠ placements disagree | in process 100 ns ±0%<br>CPU 150 ns ±0%<br>own process 300 ns ±0%<br>CPU 60.0 ns ±0% | " +
			"in process 0.50× (0.50–0.60)<br>CPU 0.53× (0.53–0.53)<br>own process 0.83× (0.80–0.87)<br>CPU 0.50× (0.50–0.52) | " +
			"in process 2.15× (2.00–2.40)<br>CPU 2.00× (2.00–2.00)<br>≠ own process 0.90× (0.87–0.93)<br>CPU 0.55× (0.53–0.57) |\n",
		"≠ marks a client whose verdict against `nethttp` differs between the placements (one of significantly faster, significantly slower and ~ in one, another in the other)",
		"and the rows that have one: `Get`.",
		"(docs/charts/headline.svg)\n![Headline, the server in its own process: time per op as a ratio to nethttp, with 95 % intervals](docs/charts/headline-process.svg)",
	} {
		if !strings.Contains(string(got), w) {
			t.Errorf("page lacks %q:\n%s", w, got)
		}
	}
	checkSVG(t, filepath.Join(dir, "docs", ChartDir, HeadlineChart+".svg"), "hertz")
	checkSVG(t, filepath.Join(dir, "docs", ChartDir, HeadlineChart+ProcessChart+".svg"), "hertz")
}

// A row's name in the other placement is its leaves' (the placement's
// level right after the family), as the baseline's "on" line shows it.
func TestPlacedRow(t *testing.T) {
	for _, c := range []struct {
		row  string
		p    placement
		want string
	}{
		{"TLSGet/proto=h2", inProcess, "TLSGet/proto=h2"},
		{"TLSGet/proto=h2", ownProcess, "TLSGet/" + ProcessLevel + "/proto=h2"},
		{"JSON", ownProcess, "JSON/" + ProcessLevel},
		{"JSON", inProcess, "JSON"},
	} {
		if got := placedRow(c.row, c.p); got != c.want {
			t.Errorf("placedRow(%q, %v) = %q, want %q", c.row, c.p, got, c.want)
		}
	}
}

func TestDisagree(t *testing.T) {
	faster := results.Ratio{X: 0.5, Lo: 0.4, Hi: 0.6}
	same := results.Ratio{X: 0.9, Lo: 0.8, Hi: 1.1}
	slower := results.Ratio{X: 2, Lo: 1.5, Hi: 2.5}
	for _, c := range []struct {
		a, b results.Ratio
		want bool
	}{
		{faster, faster, false}, {faster, same, true}, {faster, slower, true},
		{same, faster, true}, {slower, faster, true},
		{same, same, false}, {slower, slower, false}, {slower, same, true}, {same, slower, true},
	} {
		if got := disagree(c.a, c.b); got != c.want {
			t.Errorf("disagree(%v, %v) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

// TestFront renders the front page's headline: the chart first, a table
// per protocol with only the clients that have cells there, one number a
// cell, and a caption of three sentences that links the whole headline.
func TestFront(t *testing.T) {
	rows := slices.Clone(testHeadline)
	rows[0].Table, rows[1].Table = "HTTP/1.1", "HTTPS"
	withHeadline(t, rows)
	dir := t.TempDir()
	readme := filepath.Join(dir, "README.md")
	if err := os.WriteFile(readme, []byte("# x\n\n<!-- benchreport:front full=docs/results.md#headline -->\n<!-- benchreport:end -->\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := run([]string{"-suite", "", "-in", "testdata/headline.txt", "-out", filepath.Join(dir, "docs"), "-readme", readme}, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	want := "<!-- benchreport:front full=docs/results.md#headline -->\n\n" +
		"![Headline: time per op as a ratio to nethttp, with 95 % intervals](docs/charts/headline.svg)\n\n" +
		"**HTTP/1.1**\n\n" +
		"| | nethttp | fasthttp | resty | raw (floor) |\n|---|---|---|---|---|\n" +
		"| small GET | 150 ns | 0.50× | ~1.05× | 0.40× |\n\n" +
		"**HTTPS**\n\n" +
		"| | nethttp | http3 |\n|---|---|---|\n" +
		"| GET, HTTP/3 | 100 ns (proto=h2) | 1.50× |\n\n"
	if !strings.Contains(string(got), want) {
		t.Fatalf("front headline:\n%s\nwant it to start:\n%s", got, want)
	}
	caption := strings.TrimSpace(strings.TrimSuffix(strings.SplitAfter(string(got), want)[1], "<!-- benchreport:end -->\n"))
	if n := strings.Count(caption, ". ") + 1; n > 3 || !strings.HasSuffix(caption, ".") {
		t.Errorf("caption of %d sentences, want at most 3:\n%s", n, caption)
	}
	if !strings.Contains(caption, "[docs/results.md](docs/results.md#headline)") {
		t.Errorf("caption does not link the whole headline:\n%s", caption)
	}
	// A marker without full= is an error that writes nothing.
	os.WriteFile(readme, []byte("<!-- benchreport:front -->\n<!-- benchreport:end -->\n"), 0o644)
	if err := run([]string{"-suite", "", "-in", "testdata/headline.txt", "-out", filepath.Join(dir, "docs"), "-readme", readme}, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "full=PAGE") {
		t.Errorf("front without full=: %v", err)
	}
}

// TestFrontPendingCell: a leaf not recorded yet is that on the front
// page, on a row whose ratios are taken to another row too: only the
// baseline's time names that row.
func TestFrontPendingCell(t *testing.T) {
	withHeadline(t, testHeadline)
	r, err := load("testdata/headline.txt")
	if err != nil {
		t.Fatal(err)
	}
	if err := r.AddPending([]string{"Secure/proto=h3/client=fasthttp"}); err != nil {
		t.Fatal(err)
	}
	h, err := r.headline()
	if err != nil {
		t.Fatal(err)
	}
	secure := h.rows[1]
	if got := h.frontCell(secure, "fasthttp"); got != results.NotRecorded {
		t.Errorf("a pending cell on the HTTP/3 row: %q, want %q", got, results.NotRecorded)
	}
	if got := h.frontCell(secure, Baseline); got != "100 ns (proto=h2)" {
		t.Errorf("the baseline on the HTTP/3 row: %q", got)
	}
}
