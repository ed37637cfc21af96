package main

import (
	"bytes"
	"flag"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/results"
	"github.com/httpclientbench/httpclientbench/internal/testkit"
)

func TestMain(m *testing.M) { testkit.VerifyTestMain(m) }

var update = flag.Bool("update", false, "rewrite the golden files")

// checkGolden is testkit.Check with this package's -update flag.
func checkGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	testkit.Golden(t, path, got, *update)
}

// TestGolden renders each input and compares the Markdown with its golden
// file; every family gets a well-formed SVG naming its clients.
func TestGolden(t *testing.T) {
	for _, tc := range []struct {
		name     string
		families []string
		wants    []string // substrings the report must hold
	}{
		{"full", []string{"H1GetBytes", "H1Download"}, []string{
			"| 0123456789ab |", "raw (floor)", "floor: LoopbackRoundTrip", "<br>1.00×", "`size=64KiB`"}},
		{"missing_client", []string{"H2Download"}, []string{" — |"}},
		{"single", []string{"H1Concurrent"}, []string{"±∞", "| unknown |"}},
		// The runner's format: rounds, benchtime, order and Unit lines; buf=,
		// window= and length= levels; rounds in a row, 1MiB listed first.
		{"runner", []string{"H1Download", "H1GetBytes", "H2Get", "H2Download", "Upload", "Pool"}, []string{
			"| rounds | benchtime | order |", "| 6 | 1s | interleaved |",
			"| `size=64KiB/buf=fresh` |", "| raw (floor) |",
			"¹ raw is not the floor on `H1Download/size=1MiB/buf=fresh`: fasthttp (p=0.041) is significantly faster.",
			"² raw is not the floor on `H1Download/size=1MiB/buf=reused`: fasthttp (p=0.002) is significantly faster.",
			"| `proto=h2/window=default/conn=pooled` |", "| `size=1MiB/length=unknown` |"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// The input beside the report, as docs/results.txt is beside
			// docs/REPORT.md: the headline's link to it is then the same on
			// every machine.
			out := t.TempDir()
			src, err := os.ReadFile("testdata/" + tc.name + ".txt")
			if err != nil {
				t.Fatal(err)
			}
			in := filepath.Join(out, tc.name+".txt")
			if err := os.WriteFile(in, src, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := run([]string{"-suite", "", "-in", in, "-out", out}, io.Discard, io.Discard); err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(filepath.Join(out, ReportFile))
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, "testdata/"+tc.name+".golden.md", got)
			for _, w := range tc.wants {
				if !strings.Contains(string(got), w) {
					t.Errorf("report lacks %q", w)
				}
			}
			for _, fam := range tc.families {
				checkSVG(t, filepath.Join(out, ChartDir, fam+".svg"), "nethttp")
			}
		})
	}
}

// checkSVG fails unless path is well-formed XML with an <svg> root that
// mentions want.
func checkSVG(t *testing.T, path, want string) {
	t.Helper()
	if b := testkit.ReadSVG(t, path); !bytes.Contains(b, []byte(want)) {
		t.Errorf("%s does not mention %q", path, want)
	}
}

func TestRatios(t *testing.T) {
	f, err := os.Open("testdata/full.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := mustBuild(t, f)
	gb := r.Families[0]
	if gb.Name != "H1GetBytes" || gb.TCPFloor == nil {
		t.Fatalf("first family %q, TCP floor %v", gb.Name, gb.TCPFloor)
	}
	if got, ok := gb.Ratio("", "nethttp", false); !ok || got.X != 1 || got.HasInterval() {
		t.Errorf("nethttp's ratio to itself = %v, %v; want 1 without an interval", got, ok)
	}
	if got, ok := gb.Ratio("", "fasthttp", false); !ok || got.X <= 0.3 || got.X >= 0.6 || !got.Significant() {
		t.Errorf("fasthttp ratio %v, want about 0.43 on this input, significantly below 1", got)
	}
	if _, ok := gb.Ratio("", "curl", false); ok {
		t.Error("a ratio for a client that is not there")
	}
	if want := []string{"nethttp", "fasthttp", "resty", "retryablehttp", "raw"}; strings.Join(gb.Clients, ",") != strings.Join(want, ",") {
		t.Errorf("client order %v, want %v", gb.Clients, want)
	}
}

func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{
		"empty":     "",
		"malformed": "BenchmarkX/client=a-2 10 abc ns/op\n",
		"no client": "BenchmarkLoopbackRoundTrip-2 10 100 ns/op\n",
	} {
		in := filepath.Join(dir, name+".txt")
		os.WriteFile(in, []byte(content), 0o644)
		if err := run([]string{"-suite", "", "-in", in, "-out", filepath.Join(dir, name)}, io.Discard, io.Discard); err == nil {
			t.Errorf("%s input: no error", name)
		}
	}
	if err := run([]string{"-suite", "", "-in", "testdata/full.txt"}, io.Discard, io.Discard); err == nil {
		t.Error("missing -out accepted")
	}
}

func mustBuild(t *testing.T, r io.Reader) *Report {
	t.Helper()
	series, config, err := results.Read(r, "test")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Build(series, config)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// TestFloor: raw is the floor of a row unless a client is significantly
// faster (benchstat's test); a lower median alone does not count.
func TestFloor(t *testing.T) {
	r := mustBuildFile(t, "testdata/runner.txt")
	dl, gb := r.Family("H1Download"), r.Family("H1GetBytes")
	if got := dl.BelowRaw["size=1MiB/buf=reused"]; len(got) != 1 || got[0].Client != "fasthttp" || got[0].P > 0.05 {
		t.Errorf("H1Download/size=1MiB/buf=reused: below raw %v, want fasthttp", got)
	}
	fast, raw := gb.time("buf=reused", "fasthttp"), gb.time("buf=reused", "raw")
	if fast.Center >= raw.Center {
		t.Fatalf("testdata: fasthttp's median %v should be below raw's %v on H1GetBytes/buf=reused", fast.Center, raw.Center)
	}
	if got := gb.BelowRaw["buf=reused"]; len(got) != 0 {
		t.Errorf("H1GetBytes/buf=reused: below raw %v, want none (the difference is not significant)", got)
	}
	if !gb.RawIsFloor(gb.Variants...) || dl.RawIsFloor(dl.Variants...) || !dl.RawIsFloor("size=64KiB/buf=fresh") {
		t.Error("RawIsFloor")
	}
	if p, sig := results.Compare(raw.sum, fast.sum); sig || p <= 0.05 {
		t.Errorf("compare = %v, %v", p, sig)
	}
}

// TestVariantOrder: sizes and counts in numeric order, other values in
// order of first appearance, level by level.
func TestVariantOrder(t *testing.T) {
	vs := []string{"size=1MiB/buf=fresh", "size=64KiB/buf=reused", "size=1MiB/buf=reused", "size=64KiB/buf=fresh"}
	sortVariants(vs)
	if want := []string{"size=64KiB/buf=fresh", "size=64KiB/buf=reused", "size=1MiB/buf=fresh", "size=1MiB/buf=reused"}; !slices.Equal(vs, want) {
		t.Errorf("got %v, want %v", vs, want)
	}
	vs = []string{"proto=h1/conn=pooled", "proto=h2/window=default/conn=fresh", "proto=h1/conn=fresh", "proto=h2/window=default/conn=pooled"}
	sortVariants(vs)
	if want := []string{"proto=h1/conn=pooled", "proto=h1/conn=fresh", "proto=h2/window=default/conn=pooled", "proto=h2/window=default/conn=fresh"}; !slices.Equal(vs, want) {
		t.Errorf("got %v, want %v", vs, want)
	}
	vs = []string{"n=50", "n=10", "chunks=8", "chunks=1"}
	sortVariants(vs)
	if want := []string{"n=10", "n=50", "chunks=1", "chunks=8"}; !slices.Equal(vs, want) {
		t.Errorf("got %v, want %v", vs, want)
	}
}

func mustBuildFile(t *testing.T, path string) *Report {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return mustBuild(t, f)
}

// TestNetBlocks: with -net, a page's netreport blocks are rewritten from
// the net= runs in the same invocation as its benchreport blocks, a page
// with only netreport blocks is one, and a page with neither is an error;
// -net goes with -readme.
func TestNetBlocks(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "net.md")
	stale := "# net\n\n<!-- netreport:fresh profiles=wan clients=nethttp -->\nstale\n<!-- netreport:end -->\n"
	if err := os.WriteFile(page, []byte(stale), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"-suite", "", "-in", "../../docs/results.txt", "-net", "../../docs/network.txt,../../docs/network-lossy.txt", "-readme", page}
	if err := run(args, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(got), "stale") || !strings.Contains(string(got), "| HTTP/1.1 | nethttp | wan |") {
		t.Errorf("the netreport block was not rewritten:\n%s", got)
	}
	if err := os.WriteFile(page, []byte("# no block\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := run(args, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "no benchreport or netreport block") {
		t.Errorf("a page with no block: %v", err)
	}
	if err := run([]string{"-suite", "", "-in", "../../docs/results.txt", "-net", "../../docs/network.txt", "-out", dir}, io.Discard, io.Discard); err == nil {
		t.Error("-net without -readme: no error")
	}
}
