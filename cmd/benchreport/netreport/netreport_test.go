package netreport

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/suite"
)

// writeRun writes a cmd/benchrun-like file of 6 rounds: each leaf's
// samples are f(round).
func writeRun(t *testing.T, leaves map[string]func(k int) float64) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("commit: abc\nrounds: 6\nbenchtime: 10x\ngoos: linux\n")
	for k := range 6 {
		for name, f := range leaves {
			fmt.Fprintf(&b, "Benchmark%s-2 10 %g ns/op\n", name, f(k))
		}
	}
	path := filepath.Join(t.TempDir(), "run.txt")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func constant(x float64) func(int) float64 { return func(k int) float64 { return x + float64(k) } }

func generateWith(t *testing.T, netFile, loopFile, page string) (string, error) {
	t.Helper()
	r, err := Load(strings.Split(netFile, ","), loopFile)
	if err != nil {
		return "", err
	}
	out, blocks, err := r.Rewrite([]byte(page), filepath.Join(t.TempDir(), "page.md"))
	if err == nil && len(blocks) == 0 {
		err = errors.New("no netreport block")
	}
	return string(out), err
}

func TestTables(t *testing.T) {
	h2 := func(w string) string { return "H2Download/net=wan/size=1MiB/window=" + w + "/buf=fresh/client=nethttp" }
	pool := func(conn string) string { return "Pool/net=wan/proto=h1/conn=" + conn + "/client=nethttp" }
	net := writeRun(t, map[string]func(int) float64{
		h2("64KiB"):    constant(700e6),
		h2("default"):  constant(200e6),
		h2("tuned"):    func(k int) float64 { return (200e6 + float64(k)) / 2 },
		pool("pooled"): constant(40e6),
		pool("fresh"):  constant(120e6),
		"Pool/net=wan/proto=h1/conn=pooled/client=fasthttp":      constant(20e6),
		"TLSHandshake/net=wan/proto=h3/resume=off/client=http3":  constant(84e6),
		"TLSHandshake/net=wan/proto=h3/resume=0rtt/client=http3": constant(42e6),
	})
	loop := writeRun(t, map[string]func(int) float64{
		"Pool/proto=h1/conn=pooled/client=nethttp":  constant(50e3),
		"Pool/proto=h1/conn=pooled/client=fasthttp": constant(25e3),
	})
	page := "# x\n\n<!-- netreport:windows profiles=wan clients=nethttp -->\n<!-- netreport:end -->\n\n" +
		"<!-- netreport:fresh profiles=wan clients=nethttp -->\n<!-- netreport:end -->\n\n" +
		"<!-- netreport:resume profiles=wan clients=http3 -->\n<!-- netreport:end -->\n\n" +
		"<!-- netreport:clients profiles=wan -->\n<!-- netreport:end -->\n"
	out, err := generateWith(t, net, loop, page)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		// the windows row: medians, tuned ÷ default paired by round
		"| nethttp | wan | 700 ms ±0% | 200 ms ±0% | 100 ms ±0% | 0.50× (0.50–0.50) | 3.50× (3.50–3.50) |",
		// a fresh connection: +80 ms, two round trips of 40 ms
		"| HTTP/1.1 | nethttp | wan | 40.0 ms ±0% | 120 ms ±0% | +80.00 ms (+80.00 to +80.00) | 2.0 |",
		// HTTP/3's 0-RTT against its full handshake, in round trips
		"| h3 0-RTT | http3 | wan | 84.0 ms ±0% | 42.0 ms ±0% | -42.00 ms (-42.00 to -42.00) | -1.1 |",
		// fasthttp's ratio to nethttp on loopback and on the path
		"| small GET, pooled (Pool h1) | loopback 50.0 µs ±0%<br>wan 40.0 ms ±0% | loopback 0.50× (0.50–0.50)<br>wan 0.50× (0.50–0.50) |",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the page lacks\n%s\nin\n%s", want, out)
		}
	}
	if strings.Contains(out, "50 concurrent GETs") {
		t.Errorf("a row with no leaf on loopback or any path is shown:\n%s", out)
	}
}

func TestErrors(t *testing.T) {
	net := writeRun(t, map[string]func(int) float64{"Pool/net=wan/proto=h1/conn=pooled/client=nethttp": constant(40e6)})
	for _, tc := range []struct{ page, loop, want string }{
		{"<!-- netreport:clients -->\n<!-- netreport:end -->\n", "", "give benchreport's -in"},
		{"<!-- netreport:windows profiles=mars -->\n<!-- netreport:end -->\n", "", `no profile "mars"`},
		{"<!-- netreport:windows clients=curl -->\n<!-- netreport:end -->\n", "", `no client "curl"`},
		{"<!-- netreport:tables -->\n<!-- netreport:end -->\n", "", "tables"},
		{"no block here\n", "", "no netreport block"},
	} {
		if _, err := generateWith(t, net, tc.loop, tc.page); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want one containing %q", tc.page, err, tc.want)
		}
	}
	loop := writeRun(t, map[string]func(int) float64{"Pool/proto=h1/conn=pooled/client=nethttp": constant(50e3)})
	if _, err := generateWith(t, loop, "", "<!-- netreport:fresh -->\n<!-- netreport:end -->\n"); err == nil || !strings.Contains(err.Error(), "no net= leaf") {
		t.Errorf("a run without net= leaves: error %v", err)
	}
	if _, err := generateWith(t, net, "", "<!-- netreport:windows -->\n<!-- netreport:end -->\n"); err == nil || !strings.Contains(err.Error(), "no leaf of the run") {
		t.Errorf("a block no leaf fits: error %v", err)
	}
	if _, err := Load([]string{filepath.Join(t.TempDir(), "missing.txt")}, ""); err == nil {
		t.Error("a missing run: no error")
	}
	if _, err := Load(nil, ""); err == nil {
		t.Error("no run: no error")
	}
}

// TestSeveralRuns: -in takes several runs, each leaf from the one that has
// it; the config line names each with its profiles; a leaf in two runs is
// an error.
func TestSeveralRuns(t *testing.T) {
	pool := func(p, conn string) string { return "Pool/net=" + p + "/proto=h1/conn=" + conn + "/client=nethttp" }
	wan := writeRun(t, map[string]func(int) float64{pool("wan", "pooled"): constant(40e6), pool("wan", "fresh"): constant(80e6)})
	lossy := writeRun(t, map[string]func(int) float64{pool("lossy", "pooled"): constant(41e6), pool("lossy", "fresh"): constant(90e6)})
	page := "<!-- netreport:config -->\n<!-- netreport:end -->\n\n<!-- netreport:fresh clients=nethttp -->\n<!-- netreport:end -->\n"
	out, err := generateWith(t, wan+","+lossy, "", page)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"(wan: machine", "(lossy: machine",
		"| HTTP/1.1 | nethttp | wan | 40.0 ms ±0% | 80.0 ms ±0% | +40.00 ms (+40.00 to +40.00) | 1.0 |",
		"| HTTP/1.1 | nethttp | lossy | 41.0 ms ±0% | 90.0 ms ±0% | +49.00 ms (+49.00 to +49.00) | 1.2 |",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the page lacks %q:\n%s", want, out)
		}
	}
	if _, err := generateWith(t, wan+","+wan, "", page); err == nil || !strings.Contains(err.Error(), "both have") {
		t.Errorf("a leaf in two runs: error %v", err)
	}
}

// TestAskedLeavesAreTheSuites: every leaf a block of every kind asks for,
// over the committed runs and for every client, is a leaf of the suite
// (package suite's NetLeaves, and Leaves for the loopback column) for some
// client: a leaf the suite renamed, or a level spelt here otherwise than
// there, fails here instead of showing "—". (A client the row has no leaf
// for is asked too; its row is left out, which is right.)
func TestAskedLeavesAreTheSuites(t *testing.T) {
	rows := map[string]bool{} // the suite's leaves without their client= level
	for _, l := range append(suite.NetLeaves(), suite.Leaves()...) {
		rows[withoutClient(l)] = true
	}
	seen := map[string]bool{}
	asked = func(leaf string) { seen[withoutClient(leaf)] = true }
	defer func() { asked = nil }()
	var page strings.Builder
	for _, kind := range []string{"windows", "range", "fresh", "resume", "protocols", "summary", "clients"} {
		fmt.Fprintf(&page, "<!-- netreport:%s -->\n<!-- netreport:end -->\n\n", kind)
	}
	if _, err := generateWith(t, "../../../docs/network.txt,../../../docs/network-lossy.txt", "../../../docs/results.txt", page.String()); err != nil {
		t.Fatal(err)
	}
	if len(seen) == 0 {
		t.Fatal("no table asked for a leaf")
	}
	for row := range seen {
		if !rows[row] {
			t.Errorf("netreport asks for %s/client=…, which the suite has for no client", row)
		}
	}
}

func withoutClient(leaf string) string {
	if i := strings.LastIndex(leaf, "/client="); i >= 0 {
		return leaf[:i]
	}
	return leaf
}
