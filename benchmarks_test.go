package httpclientbench_test

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	_ "github.com/httpclientbench/httpclientbench/clients/all" // every row's client
	"github.com/httpclientbench/httpclientbench/suite"
)

// Every benchmark of the suite is one family of package suite, which
// holds its rows, its op and its checks beside its description; each
// function here only names it, so that a leaf's name starts with the
// Benchmark function's (BenchmarkH1GetBytes/buf=fresh/client=nethttp).

// BenchmarkLoopbackRoundTrip is the TCP floor: suite.LoopbackRoundTrip.
func BenchmarkLoopbackRoundTrip(b *testing.B) { suite.LoopbackRoundTrip(b) }

func BenchmarkH1GetBytes(b *testing.B)    { suite.H1GetBytes.Bench(b) }
func BenchmarkH1GetText(b *testing.B)     { suite.H1GetText.Bench(b) }
func BenchmarkJSON(b *testing.B)          { suite.JSON.Bench(b) }
func BenchmarkH1Post4KiB(b *testing.B)    { suite.H1Post4KiB.Bench(b) }
func BenchmarkH1Download(b *testing.B)    { suite.H1Download.Bench(b) }
func BenchmarkH1Concurrent(b *testing.B)  { suite.H1Concurrent.Bench(b) }
func BenchmarkH2Get(b *testing.B)         { suite.H2Get.Bench(b) }
func BenchmarkH2Download(b *testing.B)    { suite.H2Download.Bench(b) }
func BenchmarkH2Upload(b *testing.B)      { suite.H2Upload.Bench(b) }
func BenchmarkH2Concurrent(b *testing.B)  { suite.H2Concurrent.Bench(b) }
func BenchmarkH2Post4KiB(b *testing.B)    { suite.H2Post4KiB.Bench(b) }
func BenchmarkPool(b *testing.B)          { suite.Pool.Bench(b) }
func BenchmarkSSE(b *testing.B)           { suite.SSE.Bench(b) }
func BenchmarkMultipart(b *testing.B)     { suite.Multipart.Bench(b) }
func BenchmarkUpload(b *testing.B)        { suite.Upload.Bench(b) }
func BenchmarkRangeDownload(b *testing.B) { suite.RangeDownload.Bench(b) }
func BenchmarkBodyStream(b *testing.B)    { suite.BodyStream.Bench(b) }
func BenchmarkTLSGet(b *testing.B)        { suite.TLSGet.Bench(b) }
func BenchmarkTLSDownload(b *testing.B)   { suite.TLSDownload.Bench(b) }
func BenchmarkTLSConcurrent(b *testing.B) { suite.TLSConcurrent.Bench(b) }
func BenchmarkTLSHandshake(b *testing.B)  { suite.TLSHandshake.Bench(b) }

// TestBenchmarksAreTheFamilies: there is a Benchmark function for every
// family of suite.Families, in its order, and no other, so that no family
// goes unbenchmarked and the leaves run in the order Leaves lists them.
func TestBenchmarksAreTheFamilies(t *testing.T) {
	var want []string
	for _, f := range suite.Families {
		want = append(want, f.Name())
	}
	if got := benchmarkFamilies(t); !slices.Equal(got, want) {
		t.Errorf("Benchmark functions of the families: %v\nwant suite.Families: %v", got, want)
	}
}

// benchmarkFamilies are the names of this package's Benchmark functions
// without "Benchmark", in their order, but for the floor's.
func benchmarkFamilies(t *testing.T) []string {
	t.Helper()
	out, err := exec.Command(os.Args[0], "-test.list", "^Benchmark").Output()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, l := range strings.Fields(string(out)) {
		if n := strings.TrimPrefix(l, "Benchmark"); n != l && n != "LoopbackRoundTrip" {
			names = append(names, n)
		}
	}
	return names
}
