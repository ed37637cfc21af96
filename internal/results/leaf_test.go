package results

import (
	"os"
	"slices"
	"strings"
	"testing"
)

func TestSplitLeaf(t *testing.T) {
	for _, tc := range []struct{ name, family, variant, client string }{
		{"H1Download/size=64KiB/client=nethttp", "H1Download", "size=64KiB", "nethttp"},
		{"JSON/client=raw", "JSON", "", "raw"},
		{"LoopbackRoundTrip", "LoopbackRoundTrip", "", ""},
		{"TLSHandshake/proto=h2/resume=no/client=xnethttp2", "TLSHandshake", "proto=h2/resume=no", "xnethttp2"},
		{"H2Parallel/client=fasthttp/streams=10", "H2Parallel", "streams=10", "fasthttp"},
		{"X/positional/client=a-b", "X", "positional", "a-b"},
		{"Y/n=1", "Y", "n=1", ""},
	} {
		family, variant, client := SplitLeaf(tc.name)
		if family != tc.family || variant != tc.variant || client != tc.client {
			t.Errorf("SplitLeaf(%q) = %q, %q, %q; want %q, %q, %q", tc.name, family, variant, client, tc.family, tc.variant, tc.client)
		}
	}
}

// Every name of the recorded run splits into parts that make it again.
func TestSplitLeafRecorded(t *testing.T) {
	f, err := os.Open("../../docs/results.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	series, _, err := Read(f, "docs/results.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range series {
		family, variant, client := SplitLeaf(s.Name)
		name := strings.Join(slices.DeleteFunc([]string{family, variant}, func(p string) bool { return p == "" }), "/")
		if client != "" {
			name += "/client=" + client
		}
		if name != s.Name {
			t.Errorf("%s splits into %q, %q, %q", s.Name, family, variant, client)
		}
	}
}

func TestLevelAndNanos(t *testing.T) {
	if v, ok := Level("Pool/net=wan/proto=h1/conn=fresh/client=raw", "net"); v != "wan" || !ok {
		t.Errorf("Level net: %q %v", v, ok)
	}
	if v, ok := Level("JSON/client=raw", "net"); v != "" || ok {
		t.Errorf("Level of a leaf without it: %q %v", v, ok)
	}
	if v, ok := Nanos(&Series{Unit: "sec/op", Values: []float64{2e-6}}); !ok || v[0] != 2000 {
		t.Errorf("Nanos of sec/op: %v %v", v, ok)
	}
	if _, ok := Nanos(&Series{Unit: "B/op", Values: []float64{1}}); ok {
		t.Error("Nanos of B/op: ok")
	}
}
