package main

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/registry"
	"github.com/httpclientbench/httpclientbench/internal/testkit"
)

// TestReadmeGolden rewrites the blocks of testdata/readme.md from
// testdata/runner.txt, compares the result with readme.golden.md, and runs
// again on the result: nothing may change the second time.
func TestReadmeGolden(t *testing.T) {
	dir := t.TempDir()
	readme, in := filepath.Join(dir, "README.md"), filepath.Join(dir, "docs", "runner.txt")
	testkit.CopyFile(t, "testdata/readme.md", readme)
	testkit.CopyFile(t, "testdata/runner.txt", in)
	if err := run([]string{"-suite", "", "-in", in, "-readme", readme}, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "testdata/readme.golden.md", got)
	for _, w := range []string{
		"Generated from [docs/runner.txt](docs/runner.txt) by `cmd/benchreport`: machine Linux x86_64, 2 CPUs, AMD EPYC, Go go1.26.8, date 2027-01-15T03:00:00Z, commit 89abcdef0123, rounds 6",
		"| `H1Download/size=1MiB/buf=reused` |",
		"| | nethttp | fasthttp | resty | raw |\n",                                                          // raw is not the floor on every row of the table…
		"| | nethttp | fasthttp | resty | raw (floor) |\n",                                                  // …and is on every row of this one
		"| | nethttp | xnethttp2 | fasthttp | resty |\n",                                                    // the union of four families' clients
		"| `H1GetBytes` | 0.51× (0.48–0.57) | 0.52× (0.48–0.56) | 0.53× (0.51–0.56) | ~0.96× (0.94–1.06) |", // the report's ratios (results.RatioOf)
		"Across the 39 rows of this run (6 samples each), benchstat's ± on time per op has a median of",
		"```markdown\n<!-- benchreport:table families=NoSuchFamily -->\n<!-- benchreport:end -->\n```", // fenced: an example, untouched
	} {
		if !strings.Contains(string(got), w) {
			t.Errorf("README lacks %q", w)
		}
	}
	if strings.Contains(string(got), "stale") {
		t.Error("a stale block survived")
	}
	if err := run([]string{"-suite", "", "-in", in, "-readme", readme}, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	if again, _ := os.ReadFile(readme); string(again) != string(got) {
		t.Errorf("a second run changed the README:\n%s", testkit.Diff(string(got), string(again)))
	}
}

// TestReadmeErrors: a bad marker is an error naming the README's line,
// and leaves every file as it was.
func TestReadmeErrors(t *testing.T) {
	for _, tc := range []struct{ name, readme, want string }{
		{"unknown kind", "a\n<!-- benchreport:chart families=H1GetBytes -->\n<!-- benchreport:end -->\n",
			"README.md:2: unknown marker benchreport:chart"},
		{"unterminated", "a\n\n<!-- benchreport:spread -->\ntext\n",
			"README.md:3: <!-- benchreport:spread --> is not followed by <!-- benchreport:end -->"},
		{"nested", "<!-- benchreport:spread -->\n<!-- benchreport:config -->\n<!-- benchreport:end -->\n",
			"README.md:1: <!-- benchreport:spread --> is not followed by"},
		{"end alone", "a\n<!-- benchreport:end -->\n", "README.md:2: <!-- benchreport:end --> without a block to end"},
		{"absent family", "<!-- benchreport:table families=H1GetBytes,H9Nothing -->\n<!-- benchreport:end -->\n",
			"README.md:1: family H9Nothing is not in the results file"},
		{"absent client", "x\n<!-- benchreport:table families=H1GetBytes clients=nethttp,curl -->\n<!-- benchreport:end -->\n",
			"README.md:2: client curl is not in the results file"},
		{"no families", "<!-- benchreport:table unit=time -->\n<!-- benchreport:end -->\n", "README.md:1: benchreport:table needs families="},
		{"bad unit", "<!-- benchreport:table families=H1GetBytes unit=MB/s -->\n<!-- benchreport:end -->\n", "README.md:1: unit=MB/s"},
		{"unknown option", "<!-- benchreport:table families=H1GetBytes colour=red -->\n<!-- benchreport:end -->\n",
			`README.md:1: benchreport:table: unknown option "colour"`},
		{"option on spread", "<!-- benchreport:spread families=H1GetBytes -->\n<!-- benchreport:end -->\n", "README.md:1: benchreport:spread: unknown option"},
		{"match key nowhere", "<!-- benchreport:table families=H1GetBytes match=size=1MiB -->\n<!-- benchreport:end -->\n",
			"README.md:1: match=size=…: no family named has a level size"},
		{"match leaves nothing", "<!-- benchreport:table families=H1Download match=size=2MiB -->\n<!-- benchreport:end -->\n",
			"README.md:1: match leaves no row"},
		{"not alone", "<!-- benchreport:spread --> and more\n<!-- benchreport:end -->\n", "README.md:1: "},
		{"no kind", "<!-- benchreport: -->\n", "README.md:1: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			readme, out := filepath.Join(dir, "README.md"), filepath.Join(dir, "out")
			if err := os.WriteFile(readme, []byte(tc.readme), 0o644); err != nil {
				t.Fatal(err)
			}
			err := run([]string{"-suite", "", "-in", "testdata/full.txt", "-out", out, "-readme", readme}, io.Discard, io.Discard)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
			if got, _ := os.ReadFile(readme); string(got) != tc.readme {
				t.Error("the README changed")
			}
			if _, err := os.Stat(out); err == nil {
				t.Error("the report was written")
			}
		})
	}
}

// TestOldNames: a results file without buf= levels still gives every
// block; the buffer rule says in one line that it has nothing to show.
func TestOldNames(t *testing.T) {
	r := mustBuildFile(t, "testdata/full.txt")
	if got := bufRule(r); strings.Contains(got, "\n") || !strings.HasPrefix(got, "No row of this run has fasthttp and nethttp with both") {
		t.Errorf("buffer rule on old names: %q", got)
	}
	got := spreadSentence(r)
	if want := "Across the 16 rows of this run (6 samples each), benchstat's ± on time per op has a median of "; !strings.HasPrefix(got, want) {
		t.Errorf("spread %q, want it to start with %q", got, want)
	}
	if got := configLine(r, "docs/results.txt"); !strings.Contains(got, "commit 0123456789ab.") || strings.Contains(got, "rounds") {
		t.Errorf("config line %q", got)
	}
}

// TestSpreadNumbers checks the spread sentence against a direct
// computation on testdata/full.txt.
func TestSpreadNumbers(t *testing.T) {
	r := mustBuildFile(t, "testdata/full.txt")
	var pcts []float64
	for _, row := range r.Rows {
		pcts = append(pcts, row.Time.Pct)
		if got := fmt.Sprintf("±%.0f%%", 100*row.Time.Pct); got != row.Time.Range {
			t.Errorf("%s: Pct %v prints %s, benchstat prints %s", row.Name, row.Time.Pct, got, row.Time.Range)
		}
	}
	slices.Sort(pcts)
	if len(pcts) != 16 {
		t.Fatalf("%d rows, want 16", len(pcts))
	}
	// R8 (benchmath's median): quantile q is at 1-based position 1/3 + q(n + 1/3):
	// 8.5 for the median of 16, 15.033 for the p90.
	median := pcts[7] + 0.5*(pcts[8]-pcts[7])
	p90 := pcts[14] + (1/3.0+0.9*(16+1/3.0)-15)*(pcts[15]-pcts[14])
	want := fmt.Sprintf("has a median of %.0f %%, a p90 of %.0f %% and a max of %.0f %%", 100*median, 100*p90, 100*pcts[15])
	if got := spreadSentence(r); !strings.Contains(got, want) {
		t.Errorf("spread %q lacks %q", got, want)
	}
}

// TestQuantileIsBenchmathsMedian: the p90 of the spread uses the rule of
// benchmath's median.
func TestQuantileIsBenchmathsMedian(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 1; n < 40; n++ {
		xs := make([]float64, n)
		for i := range xs {
			xs[i] = rng.ExpFloat64()
		}
		if q, m := quantile(xs, 0.5), summarize(xs).Center; math.Abs(q-m) > 1e-12 {
			t.Errorf("n=%d: quantile(0.5) = %v, benchmath's median %v", n, q, m)
		}
	}
}

func TestMatchOnlyNamedLevels(t *testing.T) {
	r := mustBuildFile(t, "testdata/runner.txt")
	got, err := readmeTable([]option{{Key: "families", Value: "H1GetBytes,Upload"}, {Key: "match", Value: "buf=fresh"}, {Key: "match", Value: "length=known"}}, r)
	if err != nil {
		t.Fatal(err)
	}
	var rows []string
	for _, l := range strings.Split(got, "\n") {
		if strings.HasPrefix(l, "| `") {
			rows = append(rows, strings.SplitN(l, " |", 2)[0])
		}
	}
	if want := []string{"| `H1GetBytes/buf=fresh`", "| `Upload/size=1MiB/length=known`"}; !slices.Equal(rows, want) {
		t.Errorf("rows %q, want %q", rows, want)
	}
}

// TestSeveralPages: -readme takes a comma-separated list and rewrites the
// blocks of each page, every link relative to its page; a second run
// changes nothing. A bad marker in any page, a page without a block, or a
// name given twice writes nothing at all.
func TestSeveralPages(t *testing.T) {
	withHeadline(t, testHeadline)
	dir := t.TempDir()
	writeGoMod(t, dir, map[string]string{"github.com/valyala/fasthttp": "v1.79.0-rc.4"}, "")
	in := filepath.Join(dir, "docs", "results.txt")
	testkit.CopyFile(t, "testdata/headline.txt", in)
	front, more := filepath.Join(dir, "README.md"), filepath.Join(dir, "docs", "results.md")
	frontSrc := "# Bench\n\n<!-- benchreport:headline -->\n<!-- benchreport:end -->\n\n## Clients\n\n<!-- benchreport:clients -->\n<!-- benchreport:end -->\n"
	moreSrc := "# Results\n\n<!-- benchreport:config -->\n<!-- benchreport:end -->\n\n<!-- benchreport:protocols -->\n<!-- benchreport:end -->\n\n<!-- benchreport:table families=Get -->\n<!-- benchreport:end -->\n"
	if err := os.WriteFile(front, []byte(frontSrc), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(more, []byte(moreSrc), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"-suite", "", "-in", in, "-out", filepath.Join(dir, "docs"), "-readme", front + "," + more}
	if err := run(args, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	gotFront, _ := os.ReadFile(front)
	gotMore, _ := os.ReadFile(more)
	for _, w := range []string{
		headlineHeader + headlineGet + headlineSecure,
		"Run: [docs/results.txt](docs/results.txt), commit 0123abcd4567",
		"](docs/charts/headline.svg)",
		"| `fasthttp` | `github.com/valyala/fasthttp` v1.79.0-rc.4 (release candidate) |",
	} {
		if !strings.Contains(string(gotFront), w) {
			t.Errorf("README.md lacks %q:\n%s", w, gotFront)
		}
	}
	for _, w := range []string{
		"Generated from [results.txt](results.txt) by `cmd/benchreport`",
		"| | " + strings.Join(registry.Names(0), " | ") + " |\n",
		"| `Get` | 150 ns ±33%<br>1.00× |",
	} {
		if !strings.Contains(string(gotMore), w) {
			t.Errorf("docs/results.md lacks %q:\n%s", w, gotMore)
		}
	}
	if err := run(args, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	again1, _ := os.ReadFile(front)
	again2, _ := os.ReadFile(more)
	if string(again1) != string(gotFront) || string(again2) != string(gotMore) {
		t.Error("a second run changed a page")
	}

	// A matrix edited by hand, or one of a registry with a client less,
	// is not what benchreport generates.
	r := mustBuildFile(t, in)
	for _, tc := range []struct {
		name, src, from, to string
		pg                  pageInfo
	}{
		{"results.md", string(gotMore), h3Row(false), h3Row(true),
			pageInfo{resultsLink: "results.txt", dir: dir}},
		{"README.md", string(gotFront), "| `raw` | this suite, over `net` |", "| `raw` | the suite |",
			pageInfo{resultsLink: "docs/results.txt", chartLink: "docs/charts/headline.svg", dir: dir}},
	} {
		differ := func(src string) int { return changedBlocks(t, []byte(src), tc.name, r, tc.pg) }
		edited := strings.Replace(tc.src, tc.from, tc.to, 1)
		if edited == tc.src {
			t.Fatalf("%s: no %q to edit", tc.name, tc.from)
		}
		if n, m := differ(tc.src), differ(edited); n != 0 || m != 1 {
			t.Errorf("%s: %d blocks differ as written, %d edited by hand; want 0 and 1", tc.name, n, m)
		}
	}

	for _, tc := range []struct {
		name, more, list, want string
	}{
		{"bad marker", moreSrc + "\n<!-- benchreport:chart -->\n<!-- benchreport:end -->\n", front + "," + more, "results.md:12: unknown marker benchreport:chart"},
		{"no block", "# Results\n\nnothing generated\n", front + "," + more, "results.md has no benchreport block"},
		{"twice", moreSrc, front + "," + more + "," + front, "an empty or repeated file name"},
		{"empty", moreSrc, front + ",", "an empty or repeated file name"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := os.WriteFile(front, []byte(frontSrc), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(more, []byte(tc.more), 0o644); err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(t.TempDir(), "out")
			err := run([]string{"-suite", "", "-in", in, "-out", out, "-readme", tc.list}, io.Discard, io.Discard)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
			if got, _ := os.ReadFile(front); string(got) != frontSrc {
				t.Error("README.md changed")
			}
			if _, err := os.Stat(out); err == nil {
				t.Error("the report was written")
			}
		})
	}
}

// h3Row is the protocol matrix's HTTP/3 row as benchreport writes it from
// the registry, or, with edited, with the floor's cell changed by hand.
func h3Row(edited bool) string {
	row := "| HTTP/3 |"
	for _, c := range registry.All() {
		cell := "—"
		if c.Speaks(registry.H3) || edited && c.Role == registry.Floor {
			cell = "yes"
		}
		row += " " + cell + " |"
	}
	return row
}

// changedBlocks is how many of src's blocks updateReadme rewrites.
func changedBlocks(t *testing.T, src []byte, name string, r *Report, pg pageInfo) int {
	t.Helper()
	_, blocks, err := updateReadme(src, name, r, pg)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, b := range blocks {
		if b.Old != b.New {
			n++
		}
	}
	return n
}
