package main

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/results"
)

func TestSplitName(t *testing.T) {
	for _, tc := range []struct{ name, family, variant, client string }{
		{"H1Download/size=64KiB/client=nethttp", "H1Download", "size=64KiB", "nethttp"},
		{"JSON/client=raw", "JSON", "", "raw"},
		{"LoopbackRoundTrip", "LoopbackRoundTrip", "", ""},
		{"TLSHandshake/proto=h2/resume=no/client=xnethttp2", "TLSHandshake", "proto=h2/resume=no", "xnethttp2"},
		{"H2Parallel/client=fasthttp/streams=10", "H2Parallel", "streams=10", "fasthttp"},
		{"X/positional/client=a-b", "X", "positional", "a-b"},
		{"Y/n=1", "Y", "n=1", ""},
	} {
		family, variant, client := splitName(tc.name)
		if family != tc.family || variant != tc.variant || client != tc.client {
			t.Errorf("splitName(%q) = %q, %q, %q; want %q, %q, %q", tc.name, family, variant, client, tc.family, tc.variant, tc.client)
		}
	}
}

// Every name of the recorded run splits into parts that make it again.
func TestSplitNameRecorded(t *testing.T) {
	f, err := os.Open("../../docs/results.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	series, _, err := results.Read(f, "docs/results.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range series {
		family, variant, client := splitName(s.Name)
		name := strings.Join(slices.DeleteFunc([]string{family, variant}, func(p string) bool { return p == "" }), "/")
		if client != "" {
			name += "/client=" + client
		}
		if name != s.Name {
			t.Errorf("%s splits into %q, %q, %q", s.Name, family, variant, client)
		}
	}
}
