package main

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func TestExactRegexp(t *testing.T) {
	for leaf, want := range map[string]string{
		"LoopbackRoundTrip":               `^BenchmarkLoopbackRoundTrip$`,
		"H1Download/size=1MiB/client=raw": `^BenchmarkH1Download$/^size=1MiB$/^client=raw$`,
		"X/a=1.5(b)+|c":                   `^BenchmarkX$/^a=1\.5\(b\)\+\|c$`,
	} {
		got := exactRegexp(leaf)
		if got != want {
			t.Errorf("exactRegexp(%q) = %q, want %q", leaf, got, want)
		}
		// Each level matches its own name and nothing longer or shorter.
		levels := strings.Split("Benchmark"+leaf, "/")
		for i, re := range strings.Split(got, "/") {
			rx := regexp.MustCompile(re)
			if !rx.MatchString(levels[i]) || rx.MatchString(levels[i]+"x") || rx.MatchString("x"+levels[i]) {
				t.Errorf("level %q of %q does not match exactly %q", re, got, levels[i])
			}
		}
	}
}

const listing = `goos: linux
goarch: amd64
pkg: github.com/httpclientbench/httpclientbench
cpu: AMD EPYC
BenchmarkLoopbackRoundTrip-2                 	       1	     60971 ns/op	      89 req-bytes	     141 resp-bytes
BenchmarkH1GetBytes/client=nethttp-2         	       1	    158605 ns/op	    5472 B/op	      62 allocs/op
BenchmarkH1Download/size=1MiB/client=raw     	       1	    158605 ns/op	 6611.27 MB/s	    5472 B/op	      62 allocs/op
--- BENCH: BenchmarkH1GetBytes/client=nethttp-2
    bench_test.go:1: a log line
PASS
`

func TestParseResults(t *testing.T) {
	res, err := parseResults([]byte(listing))
	if err != nil {
		t.Fatal(err)
	}
	var leaves []string
	for _, r := range res {
		leaves = append(leaves, r.leaf)
	}
	if want := []string{"LoopbackRoundTrip", "H1GetBytes/client=nethttp", "H1Download/size=1MiB/client=raw"}; !slices.Equal(leaves, want) {
		t.Errorf("leaves %q, want %q", leaves, want)
	}
	r := res[1].res
	var config []kv
	for _, c := range r.Config {
		config = append(config, kv{c.Key, string(c.Value)})
	}
	wantConfig := []kv{{"goos", "linux"}, {"goarch", "amd64"}, {"pkg", "github.com/httpclientbench/httpclientbench"}, {"cpu", "AMD EPYC"}}
	if !slices.Equal(config, wantConfig) {
		t.Errorf("config %q, want %q", config, wantConfig)
	}
	var values []string
	for _, v := range r.Values {
		if v.OrigUnit != "" { // tidied by benchfmt: ns/op is sec/op
			v.Value, v.Unit = v.OrigValue, v.OrigUnit
		}
		values = append(values, fmt.Sprintf("%v %s", v.Value, v.Unit))
	}
	if want := []string{"158605 ns/op", "5472 B/op", "62 allocs/op"}; r.Name.String() != "H1GetBytes/client=nethttp-2" || r.Iters != 1 || !slices.Equal(values, want) {
		t.Errorf("result %s %d %q, want the binary's own H1GetBytes/client=nethttp-2 1 %q", r.Name, r.Iters, values, want)
	}
}

func TestOneResult(t *testing.T) {
	one := "goos: linux\nBenchmarkH1GetBytes/client=raw-2  50  20983 ns/op  0 B/op  0 allocs/op\nPASS\n"
	if r, err := oneResult([]byte(one), "H1GetBytes/client=raw"); err != nil || r.leaf != "H1GetBytes/client=raw" {
		t.Errorf("oneResult = %+v, %v", r, err)
	}
	for _, tc := range []struct{ name, out, want string }{
		{"no line", "PASS\n", "got 0"},
		{"two lines", one + one, "got 2"},
		{"another leaf", strings.Replace(one, "raw", "nethttp", 1), `got 1 ["H1GetBytes/client=nethttp"]`},
		{"a bad line", "BenchmarkH1GetBytes/client=raw-2  50  abc ns/op\n", "abc"},
	} {
		_, err := oneResult([]byte(tc.out), "H1GetBytes/client=raw")
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), strings.TrimSpace(tc.out)[:4]) {
			t.Errorf("%s: oneResult = %v, want an error mentioning %q and the output", tc.name, err, tc.want)
		}
	}
}
