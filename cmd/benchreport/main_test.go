package main

import (
	"bytes"
	"encoding/xml"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/leakcheck"
	"github.com/httpclientbench/httpclientbench/internal/results"
)

func TestMain(m *testing.M) { leakcheck.VerifyTestMain(m) }

var update = flag.Bool("update", false, "rewrite the golden files")

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
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := t.TempDir()
			if err := run([]string{"-in", "testdata/" + tc.name + ".txt", "-out", out}, io.Discard); err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(filepath.Join(out, ReportFile))
			if err != nil {
				t.Fatal(err)
			}
			golden := "testdata/" + tc.name + ".golden.md"
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("report differs from %s (go test ./cmd/benchreport -update rewrites it):\n%s", golden, got)
			}
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
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	d := xml.NewDecoder(bytes.NewReader(b))
	root := ""
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s: not well-formed XML: %v", path, err)
		}
		if se, ok := tok.(xml.StartElement); ok && root == "" {
			root = se.Name.Local
		}
	}
	if root != "svg" || !bytes.Contains(b, []byte(want)) {
		t.Errorf("%s: root <%s>, mentions %q: %v", path, root, want, bytes.Contains(b, []byte(want)))
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
	if got, ok := gb.Ratio("", "nethttp"); !ok || got != 1 {
		t.Errorf("nethttp's ratio to itself = %v, %v", got, ok)
	}
	if got, ok := gb.Ratio("", "fasthttp"); !ok || got <= 0.3 || got >= 0.6 {
		t.Errorf("fasthttp ratio %v, want about 0.43 on this input", got)
	}
	if _, ok := gb.Ratio("", "curl"); ok {
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
		if err := run([]string{"-in", in, "-out", filepath.Join(dir, name)}, io.Discard); err == nil {
			t.Errorf("%s input: no error", name)
		}
	}
	if err := run([]string{"-in", "testdata/full.txt"}, io.Discard); err == nil {
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
