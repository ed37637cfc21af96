//go:build browser

// The page test: it drives the dashboard in a real headless Chromium on
// sample stores generated from the recorded suite (docs/results.txt) by
// cmd/benchjson (package dashboard/internal/sample). It pulls in chromedp,
// so it is built only with -tags browser: go test -tags browser ./dashboard.
package dashboard_test

import (
	"bufio"
	"cmp"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/httpclientbench/httpclientbench/dashboard"
	"github.com/httpclientbench/httpclientbench/dashboard/internal/sample"
	"github.com/httpclientbench/httpclientbench/internal/registry"
	"github.com/httpclientbench/httpclientbench/internal/results"
)

// RequireBrowserEnv makes a missing browser a failure instead of a skip;
// .ci/run sets it after installing Chromium.
const RequireBrowserEnv = "HTTPBENCH_REQUIRE_BROWSER"

// ScreenshotEnv names where to save the screenshot (default: the temp dir;
// with -update, docs/dashboard.png).
const ScreenshotEnv = "HTTPBENCH_SCREENSHOT"

var update = flag.Bool("update", false, "write the screenshot of the page on the sample history to ../docs/dashboard.png")

// Screenshot is the viewport the page is drawn in and docs/dashboard.png's
// size, and MaxScreenshot the most docs/dashboard.png may weigh.
const (
	screenWidth, screenHeight = 1280, 960
	maxScreenshot             = 400 << 10
)

// tcpFloor and tcpFamily: the TCP floor is drawn on its family's charts
// (cmd/benchreport's FloorTCP and FloorTCPFamily).
const tcpFloor, tcpFamily = "LoopbackRoundTrip", "H1GetBytes"

func findBrowser() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// serve serves the site as GitHub Pages does: the dashboard (this
// directory) under /dev/bench/dashboard/ and each machine's stores at
// /dev/bench/<machine>/data.js, from site; a machine in missing has none
// (404), as before its first nightly.
func serve(t *testing.T, site string, missing *atomic.Value) *httptest.Server {
	mux := http.NewServeMux()
	mux.Handle("/dev/bench/dashboard/", http.StripPrefix("/dev/bench/dashboard/", http.FileServer(http.Dir("."))))
	data := http.StripPrefix("/dev/bench/", http.FileServer(http.Dir(filepath.Join(site, "dev", "bench"))))
	mux.Handle("/dev/bench/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if m, _ := missing.Load().(string); m != "" && r.URL.Path == "/dev/bench/"+m+"/data.js" {
			// GitHub Pages' answer: its HTML page for a missing file.
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.WriteHeader(http.StatusNotFound)
			fmt.Fprint(w, "<!doctype html><title>404</title><p>File not found")
			return
		}
		data.ServeHTTP(w, r)
	}))
	srv := httptest.NewServer(mux) // 127.0.0.1
	t.Cleanup(srv.Close)
	return srv
}

// A chart as the page drew it.
type chartView struct {
	Scenario string     `json:"scenario"`
	Family   string     `json:"family"`
	Unit     string     `json:"unit"`
	Ticks    []string   `json:"ticks"`
	Lines    []lineView `json:"lines"`
}

type lineView struct {
	Label     string   `json:"label"`
	Colour    string   `json:"colour"`
	Dashed    bool     `json:"dashed"`
	Points    int      `json:"points"`
	Intervals int      `json:"intervals"`
	Crossed   []string `json:"crossed"`  // the run ids of the points drawn as crossings
	Tooltips  []string `json:"tooltips"` // the tooltip line under each crossing
}

// probeCharts lists the charts drawn: for each line, its points, the
// intervals drawn, and the points drawn as crossings (a red triangle) with
// the tooltip's line about them.
const probeCharts = `(() => {
	const s = window.httpclientbenchDashboard;
	return s.charts.map(c => ({
		scenario: c.$hcb.scenario,
		family: c.canvas.closest('.family').dataset.family,
		unit: c.$hcb.unit,
		ticks: c.scales.y.ticks.map(t => String(t.label)),
		lines: c.data.datasets.map((d, i) => {
			const crossed = [], tooltips = [];
			d.data.forEach((v, k) => {
				if (v === null || d.pointStyle[k] !== 'triangle' || d.pointBackgroundColor[k] === d.borderColor) return;
				crossed.push(s.commits[k].run);
				tooltips.push(c.options.plugins.tooltip.callbacks.afterLabel.call(c.tooltip, {datasetIndex: i, dataIndex: k}));
			});
			return {
				label: d.label, colour: d.borderColor, dashed: d.borderDash.length > 0,
				points: d.data.filter(v => v !== null).length,
				intervals: c.$hcb.intervals[i], crossed, tooltips,
			};
		}),
	}));
})()`

// drawAll scrolls down the page a viewport at a time until every chart
// section is drawn, and reports how long it took.
const drawAll = `(async () => {
	const s = window.httpclientbenchDashboard;
	const frame = () => new Promise(r => requestAnimationFrame(() => r()));
	const t0 = performance.now();
	window.scrollTo(0, 0);
	for (let i = 0, y = 0; i < 2000 && s.charts.length < s.scenarios.length; i++) {
		y = Math.min(y + window.innerHeight, document.documentElement.scrollHeight);
		window.scrollTo(0, y);
		await frame();
		await frame();
	}
	return {ms: performance.now() - t0, charts: s.charts.length, sections: s.scenarios.length};
})()`

type drawn struct {
	MS       float64 `json:"ms"`
	Charts   int     `json:"charts"`
	Sections int     `json:"sections"`
}

// A cell of the latest-run panel.
type cellView struct {
	Scenario string `json:"scenario"`
	Client   string `json:"client"`
	Main     string `json:"main"`
	Ratio    string `json:"ratio"` // the ratio= of the entry (exact); "" for none
	Crossed  bool   `json:"crossed"`
	Moved    bool   `json:"moved"`
	Change   string `json:"change"`   // the previous= change and "significant", "" for none
	Slowdown string `json:"slowdown"` // a crossed cell's lead: "3.02× worse"
}

const probePanel = `(() => Array.from(document.querySelectorAll('#panel tr.row td[data-client]')).map(td => ({
	scenario: td.closest('tr').dataset.scenario,
	client: td.dataset.client,
	main: (td.querySelector('.main') || td).textContent,
	ratio: td.dataset.ratio || '',
	crossed: td.classList.contains('crossed'),
	moved: td.classList.contains('moved'),
	change: td.dataset.change || '',
	slowdown: (td.querySelector('.slowdown') || {}).textContent || '',
})))()`

// browser starts headless Chromium; problems collects the page's console
// errors and warnings, exceptions, failed loads (but of allowed, the data
// of a machine the test serves as missing) and requests to another host.
type browser struct {
	ctx      context.Context
	srv      *httptest.Server
	mu       sync.Mutex
	problems []string
	allowed  atomic.Value // a URL path whose failed load is expected
}

func startBrowser(t *testing.T, exe string, srv *httptest.Server) *browser {
	own, _ := url.Parse(srv.URL)
	opts := append(slices.Clone(chromedp.DefaultExecAllocatorOptions[:]),
		chromedp.ExecPath(exe),
		chromedp.NoSandbox, // CI runs as root
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(screenWidth, screenHeight),
	)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelAlloc)
	ctx, cancelCtx := chromedp.NewContext(allocCtx)
	t.Cleanup(cancelCtx)
	ctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	t.Cleanup(cancel)
	b := &browser{ctx: ctx, srv: srv}
	b.allowed.Store("")
	report := func(format string, args ...any) {
		b.mu.Lock()
		b.problems = append(b.problems, fmt.Sprintf(format, args...))
		b.mu.Unlock()
	}
	listen := func(ev any) {
		switch e := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			if e.Type == runtime.ConsoleAPICalledTypeError || e.Type == runtime.ConsoleAPICalledTypeWarning {
				var args []string
				for _, a := range e.Args {
					if a.Value != nil {
						args = append(args, string(a.Value))
					} else {
						args = append(args, a.Description)
					}
				}
				report("console %s: %s", e.Type, strings.Join(args, " "))
			}
		case *runtime.EventExceptionThrown:
			report("exception: %s %v", e.ExceptionDetails.Text, e.ExceptionDetails.Exception)
		case *log.EventEntryAdded:
			if e.Entry.Level == log.EntryLevelError {
				if u, err := url.Parse(e.Entry.URL); err == nil && u.Path != "" && u.Path == b.allowed.Load().(string) {
					return // the 404 of the machine served as missing: the browser logs every failed load
				}
				report("log: %s %s", e.Entry.Text, e.Entry.URL)
			}
		case *network.EventRequestWillBeSent:
			if u, err := url.Parse(e.Request.URL); err == nil && u.Scheme != "data" && u.Host != own.Host {
				report("request to another host: %s", e.Request.URL)
			}
		}
	}
	if err := chromedp.Do(ctx); err != nil { // start the browser and its tab
		t.Fatal(err)
	}
	if err := chromedp.Listen(ctx, listen); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, log.Enable, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, runtime.Enable, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(screenWidth, screenHeight)); err != nil {
		t.Fatal(err)
	}
	return b
}

// open loads the page afresh with hash and waits until it has drawn what
// ready (a JavaScript expression) says.
func (b *browser) open(t *testing.T, hash, ready string) {
	t.Helper()
	err := chromedp.Do(b.ctx,
		chromedp.Navigate("about:blank"),
		chromedp.Navigate(b.srv.URL+"/dev/bench/dashboard/index.html"+hash),
	)
	if err != nil {
		t.Fatal(err)
	}
	b.wait(t, ready)
}

// wait polls ready until it is true, for up to a minute. chromedp can
// poll a page that has just loaded in the execution context of the
// document before it, before it has taken in the new document's (on a
// busy machine, a good moment later): the browser answers that it has no
// such context, and wait polls again.
func (b *browser) wait(t *testing.T, ready string) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		_, err := chromedp.Run(b.ctx, chromedp.Poll[bool](ready, chromedp.WithPollingTimeout(time.Until(deadline))))
		if err == nil {
			return
		}
		if !strings.Contains(err.Error(), "Cannot find context with specified id") || time.Now().After(deadline) {
			t.Fatalf("waiting for %s: %v", ready, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func eval[T any](t *testing.T, b *browser, js string) T {
	t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

// drawEverything draws every chart of the unit shown and returns them,
// after checking that their intervals are painted (checkBandsPainted).
func (b *browser) drawEverything(t *testing.T) ([]chartView, drawn) {
	t.Helper()
	d := eval[drawn](t, b, drawAll)
	if d.Charts != d.Sections || d.Sections == 0 {
		t.Fatalf("after scrolling to the bottom, %d of %d charts are drawn", d.Charts, d.Sections)
	}
	probed := checkBandsPainted(t, b)
	charts := eval[[]chartView](t, b, probeCharts)
	if probed == 0 && len(charts) > 0 && charts[0].Unit == "time" {
		t.Error("no time chart has an interval band tall enough to probe")
	}
	return charts, d
}

// probeBands reads, on each chart, the canvas inside the widest interval
// band: between two neighbouring points of the line whose band reaches
// furthest above it, 3 pixels at 60 % of the way from the line up to the
// band's edge, where nothing but the band is painted (the line is 2 px
// wide, the points sit on the line, the canvas is transparent elsewhere).
// A chart whose widest band is under 10 px tall is skipped (null).
const probeBands = `(() => window.httpclientbenchDashboard.charts.map(c => {
	const y = c.scales.y, dpr = c.currentDevicePixelRatio || 1;
	let best = null;
	c.$hcb.lines.forEach((l, i) => {
		if (!c.isDatasetVisible(i)) return;
		const pts = c.getDatasetMeta(i).data;
		for (let k = 0; k + 1 < pts.length; k++) {
			if (l.values[k] === null || l.values[k+1] === null || l.hi[k] === null || l.hi[k+1] === null) continue;
			const line = (pts[k].y + pts[k+1].y) / 2, edge = (y.getPixelForValue(l.hi[k]) + y.getPixelForValue(l.hi[k+1])) / 2;
			if (!best || line - edge > best.d) best = {d: line - edge, x: (pts[k].x + pts[k+1].x) / 2, y: line - 0.6 * (line - edge)};
		}
	});
	if (!best || best.d < 10) return null;
	const px = c.ctx.getImageData(Math.round(best.x * dpr), Math.round(best.y * dpr), 1, 3).data;
	return {scenario: c.$hcb.scenario, alpha: [px[3], px[7], px[11]]};
}))()`

// checkBandsPainted: on every chart with a band tall enough to probe, the
// band's pixels are painted (not transparent), so an interval the page
// counts as drawn is on the canvas. It returns how many charts it probed
// (sizes and allocations have bands too thin for it).
func checkBandsPainted(t *testing.T, b *browser) int {
	t.Helper()
	type band struct {
		Scenario string `json:"scenario"`
		Alpha    []int  `json:"alpha"`
	}
	var probed int
	for _, p := range eval[[]*band](t, b, probeBands) {
		if p == nil {
			continue
		}
		probed++
		if slices.Contains(p.Alpha, 0) {
			t.Errorf("%s: the widest interval band is not painted (canvas alpha %v inside it)", p.Scenario, p.Alpha)
		}
	}
	return probed
}

// setUnit selects a unit as a person does.
func (b *browser) setUnit(t *testing.T, unit string) {
	t.Helper()
	err := chromedp.Do(b.ctx,
		chromedp.SetValue(`#unit`, unit),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('unit').dispatchEvent(new Event('change'))`),
	)
	if err != nil {
		t.Fatal(err)
	}
}

// leafPlace is where a leaf of the suite is drawn: the charts (scenarios)
// it is a line on and the line's label. The TCP floor is a line on every
// chart of its family.
func leafPlace(leaf string, scenarios []string) (charts []string, label string) {
	var levels []string
	client := ""
	for _, l := range strings.Split(leaf, "/") {
		if c, ok := strings.CutPrefix(l, "client="); ok {
			client = c
		} else {
			levels = append(levels, l)
		}
	}
	scenario := strings.Join(levels, "/")
	switch {
	case leaf == tcpFloor:
		for _, s := range scenarios {
			if s == tcpFamily || strings.HasPrefix(s, tcpFamily+"/") {
				charts = append(charts, s)
			}
		}
		return charts, tcpFloor + " (TCP floor)"
	case client == registry.FloorName:
		return []string{scenario}, client + " (floor)"
	}
	return []string{scenario}, client
}

// checkCrossings: the charts mark a crossing exactly at the runs and
// leaves the generator slowed (of those drawn in the unit), and each
// marked point's tooltip says so.
func checkCrossings(t *testing.T, what string, charts []chartView, h sample.History, mustHave bool) {
	t.Helper()
	var scenarios []string
	lines := map[string]bool{}
	got := map[string]bool{}
	for _, c := range charts {
		scenarios = append(scenarios, c.Scenario)
		for _, l := range c.Lines {
			lines[c.Scenario+" | "+l.Label] = true
			for i, run := range l.Crossed {
				got[c.Scenario+" | "+l.Label+" | run "+run] = true
				if !strings.Contains(l.Tooltips[i], "crossed the alert line") {
					t.Errorf("%s: the tooltip of the crossing of %s on %s at run %s says %q", what, l.Label, c.Scenario, run, l.Tooltips[i])
				}
			}
		}
	}
	want := map[string]bool{}
	for _, r := range h.Stored() {
		for _, leaf := range r.Crossing() {
			places, label := leafPlace(leaf, scenarios)
			for _, s := range places {
				if lines[s+" | "+label] {
					want[s+" | "+label+" | run "+r.RunID] = true
				}
			}
		}
	}
	switch {
	case len(want) == 0 && mustHave:
		t.Errorf("%s: the generator slowed no leaf drawn here: the check checks nothing", what)
	case len(want) == 0:
		t.Logf("%s: the generator slowed no leaf drawn here", what)
	}
	for k := range want {
		if !got[k] {
			t.Errorf("%s: no crossing marked on %s, a leaf the generator slowed 3× in that run", what, k)
		}
	}
	for k := range got {
		if !want[k] {
			t.Errorf("%s: a crossing is marked on %s, which the generator did not slow", what, k)
		}
	}
}

var tickRE = map[string]*regexp.Regexp{
	"ns/op":     regexp.MustCompile(`^\d+(\.\d+)? (ns|µs|ms|s)$`),
	"B/op":      regexp.MustCompile(`^\d+(\.\d+)? (B|KiB|MiB)$`),
	"allocs/op": regexp.MustCompile(`^\d{1,3}(,\d{3})*(\.\d)?$`),
	"MB/s":      regexp.MustCompile(`^\d+(\.\d+)? MB/s$`),
}

// checkCharts: the charts of a unit have a client each (no chart of only
// floors, none of the TCP floor alone), raw on every chart of the H1
// families and the TCP floor on the H1GetBytes charts (and nowhere else),
// an interval drawn for every point, and tick labels in human units.
func checkCharts(t *testing.T, what string, charts []chartView) {
	t.Helper()
	var tcpCharts, units []string
	for _, c := range charts {
		if !slices.Contains(units, c.Unit) {
			units = append(units, c.Unit)
		}
		var clients, floors []string
		for _, l := range c.Lines {
			if strings.HasSuffix(l.Label, " (floor)") || strings.HasSuffix(l.Label, " (TCP floor)") {
				floors = append(floors, l.Label)
				if !l.Dashed {
					t.Errorf("%s: %s on %s is not dashed", what, l.Label, c.Scenario)
				}
			} else {
				clients = append(clients, l.Label)
			}
			if l.Intervals != l.Points || l.Points == 0 {
				t.Errorf("%s: %s on %s: %d intervals drawn for %d points", what, l.Label, c.Scenario, l.Intervals, l.Points)
			}
		}
		if len(clients) == 0 {
			t.Errorf("%s: chart %s has no client, only %q", what, c.Scenario, floors)
		}
		if c.Scenario == tcpFloor || c.Family == tcpFloor {
			t.Errorf("%s: the TCP floor has a chart of its own (%s)", what, c.Scenario)
		}
		if strings.HasPrefix(c.Family, "H1") && !slices.Contains(floors, registry.FloorName+" (floor)") {
			t.Errorf("%s: chart %s of family %s has no %s (floor) line: %q", what, c.Scenario, c.Family, registry.FloorName, floors)
		}
		if slices.Contains(floors, tcpFloor+" (TCP floor)") {
			tcpCharts = append(tcpCharts, c.Scenario)
			if c.Family != tcpFamily {
				t.Errorf("%s: the TCP floor is drawn on %s, of family %s", what, c.Scenario, c.Family)
			}
		}
		for _, tick := range c.Ticks {
			if re := tickRE[c.Unit]; re == nil || !re.MatchString(tick) {
				t.Errorf("%s: chart %s has the tick label %q", what, c.Scenario, tick)
				break
			}
		}
	}
	if len(units) != 1 {
		t.Errorf("%s: charts of units %q", what, units)
	}
	if units[0] == "ns/op" {
		want := []string{tcpFamily + "/buf=fresh", tcpFamily + "/buf=reused"}
		slices.Sort(tcpCharts)
		if !slices.Equal(tcpCharts, want) {
			t.Errorf("%s: the TCP floor is drawn on %q, want %q", what, tcpCharts, want)
		}
		var us, ms bool
		for _, c := range charts {
			for _, tick := range c.Ticks {
				us = us || strings.HasSuffix(tick, " µs")
				ms = ms || strings.HasSuffix(tick, " ms")
			}
		}
		if !us || !ms {
			t.Errorf("%s: no chart has ticks in µs (%v) or none in ms (%v)", what, us, ms)
		}
	}
}

// reportRatios reads the ratios docs/REPORT.md's time tables print: per
// scenario (family and the row's levels) and client the ratio's text
// ("0.59", "~1.02"), its line being "0.59×" (older) or "0.59× (0.58–0.60)";
// newFormat says the report prints intervals (and "~").
func reportRatios(t *testing.T) (ratios map[[2]string]string, newFormat bool) {
	f, err := os.Open(filepath.Join("..", "docs", "REPORT.md"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ratios = map[[2]string]string{}
	cellRE := regexp.MustCompile(`<br>(~?)(\d+\.\d\d)×( \(.*\))?$`)
	family := ""
	var columns []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if h, ok := strings.CutPrefix(line, "## "); ok {
			family, columns = h, nil
			continue
		}
		if strings.HasPrefix(line, "CPU time per op") {
			family = "" // the family's CPU table: its ratios are not the time's
			continue
		}
		if !strings.HasPrefix(line, "| ") || family == "" {
			continue
		}
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		if strings.HasPrefix(line, "| |") {
			columns = nil
			for _, c := range strings.Split(strings.Trim(line[3:], "| "), " | ") {
				columns = append(columns, strings.TrimSuffix(c, " (floor)"))
			}
			continue
		}
		scenario := ""
		switch first := cells[0]; {
		case first == "—":
			scenario = family
		case strings.HasPrefix(first, "`") && strings.HasSuffix(first, "`"):
			scenario = family + "/" + strings.Trim(first, "`")
		default:
			continue // the TCP floor's row, the separator line
		}
		for i, c := range cells[1:] {
			m := cellRE.FindStringSubmatch(c)
			if m == nil || i >= len(columns) {
				continue
			}
			ratios[[2]string{scenario, columns[i]}] = m[1] + m[2]
			newFormat = newFormat || m[3] != ""
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(ratios) == 0 {
		t.Fatal("docs/REPORT.md has no ratio in its tables")
	}
	return ratios, newFormat
}

// recordedRatios are the ratios of docs/results.txt as the report's cells
// print them (results.RatioOf, paired as results.Rounds decides, "~" where
// the interval contains 1, the baseline's own "1.00"), per scenario and
// client.
func recordedRatios(t *testing.T) map[[2]string]string {
	f, err := os.Open(filepath.Join("..", "docs", "results.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	file, err := results.ReadFile(f, "results.txt")
	if err != nil {
		t.Fatal(err)
	}
	times := map[string][]float64{}
	for _, s := range file.Series {
		if s.Unit == "ns/op" {
			times[results.Name(s.Pkg, s.Name)] = s.Values
		}
	}
	paired := results.Rounds(file.Config, file.Series) > 0
	out := map[[2]string]string{}
	for name, v := range times {
		scenario, client, ok := strings.Cut(name, "/client=")
		if !ok {
			continue
		}
		base := times[scenario+"/client="+registry.BaselineName]
		if base == nil {
			continue
		}
		r := results.RatioOf(v, base, paired)
		text := fmt.Sprintf("%.2f", r.X)
		if !r.Significant() && client != registry.BaselineName {
			text = "~" + text
		}
		out[[2]string{scenario, client}] = text
	}
	return out
}

// checkPanelRatios: on the run whose values are exactly docs/results.txt's,
// the panel's ratios are docs/REPORT.md's, cell for cell, and those the
// report's cells print since they show intervals (recordedRatios): so a
// report that still prints ratios of medians only logs its differences.
func checkPanelRatios(t *testing.T, cells []cellView) {
	t.Helper()
	report, newFormat := reportRatios(t)
	source := "docs/REPORT.md"
	if !newFormat {
		source += " (ratios of medians, without intervals)"
	}
	comparePanel(t, cells, report, source, newFormat)
	comparePanel(t, cells, recordedRatios(t), "results.RatioOf on docs/results.txt", true)
}

func comparePanel(t *testing.T, cells []cellView, want map[[2]string]string, source string, strict bool) {
	t.Helper()
	shown := map[[2]string]cellView{}
	for _, c := range cells {
		if c.Ratio != "" {
			shown[[2]string{c.Scenario, c.Client}] = c
		}
	}
	var differ int
	for k, w := range want {
		c, ok := shown[k]
		if !ok {
			t.Errorf("the panel has no ratio for %s on %s; %s has %s×", k[1], k[0], source, w)
			continue
		}
		got := strings.TrimSuffix(c.Main, "×")
		if !strict {
			got, w = strings.TrimPrefix(got, "~"), strings.TrimPrefix(w, "~")
		}
		if got == w {
			continue
		}
		differ++
		switch {
		case strict:
			t.Errorf("%s on %s: the panel shows %s× (ratio=%s), %s %s×", k[1], k[0], got, c.Ratio, source, w)
		case differ <= 3:
			t.Logf("%s on %s: the panel shows %s× (ratio=%s), %s %s×", k[1], k[0], got, c.Ratio, source, w)
		}
	}
	for k := range shown {
		if _, ok := want[k]; !ok {
			t.Errorf("the panel shows a ratio for %s on %s, %s none", k[1], k[0], source)
		}
	}
	t.Logf("panel vs %s: %d ratios, %d differ", source, len(want), differ)
}

// checkPanelCrossings: the panel marks as crossed exactly the cells of the
// leaves the generator slowed in the latest run.
func checkPanelCrossings(t *testing.T, what string, cells []cellView, latest sample.Run) {
	t.Helper()
	var got, want []string
	for _, c := range cells {
		if c.Crossed {
			got = append(got, c.Scenario+" "+c.Client)
		}
	}
	for _, leaf := range latest.Crossing() {
		scenario, client := leaf, leaf
		if i := strings.LastIndex(leaf, "/client="); i >= 0 {
			scenario, client = leaf[:i], leaf[i+len("/client="):]
		}
		want = append(want, scenario+" "+client)
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("%s: the panel marks %q as crossed, the generator slowed %q in the latest run", what, got, want)
	}
	// A crossed cell leads with how much worse it got, about the
	// generator's factor (its samples are noisy), and only a crossed one.
	for _, c := range cells {
		var f float64
		_, err := fmt.Sscanf(c.Slowdown, "%f× worse", &f)
		if c.Crossed != (c.Slowdown != "") || c.Crossed && (err != nil || f < sample.SlowFactor/1.5 || f > sample.SlowFactor*1.5) {
			t.Errorf("%s: cell %s/%s, crossed %v, leads with %q: want about %v× worse on a crossed cell alone", what, c.Scenario, c.Client, c.Crossed, c.Slowdown, sample.SlowFactor)
		}
	}
}

// TestDashboard generates a full history (50 runs of the whole suite on
// the first machine, 30 on the second) and checks the page on it: the
// latest-run panel (ratios as docs/REPORT.md's, crossings where the
// generator slowed leaves), the charts of every unit (floors, intervals,
// crossings, human units, the registry's colours), clicking a point, both
// machines, the permalinks, the client filter, a machine without data, no
// console error and no request to another host; it logs the load times
// and saves a screenshot (with -update, docs/dashboard.png).
func TestDashboard(t *testing.T) {
	exe := findBrowser()
	if exe == "" {
		if os.Getenv(RequireBrowserEnv) == "1" {
			t.Fatalf("no Chromium or Chrome on PATH, and %s=1", RequireBrowserEnv)
		}
		t.Skipf("no Chromium or Chrome on PATH; install one to run this test (Debian: apt-get install chromium), or set %s=1 to make this a failure", RequireBrowserEnv)
	}
	site := t.TempDir()
	start := time.Now()
	hs, err := sample.Write(site, sample.Options{Root: "..", Runs: sample.DefaultRuns})
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range hs {
		t.Logf("sample history of %s: %d runs stored, %.1f MB of data.js", h.Machine.ID, len(h.Stored()), float64(h.Size)/1e6)
	}
	t.Logf("generated in %v", time.Since(start).Round(time.Millisecond))
	x64, arm := hs[0], hs[1]
	if x64.Machine != dashboard.Machines[0] || !x64.Runs[len(x64.Runs)-1].Exact {
		t.Fatalf("the first history is of %v; want the default machine's, its latest run exactly docs/results.txt", x64.Machine)
	}
	var missing atomic.Value
	missing.Store("")
	srv := serve(t, site, &missing)
	b := startBrowser(t, exe, srv)

	// The first view: the default machine, time. Its load times.
	b.open(t, "", `window.httpclientbenchDashboard && window.httpclientbenchDashboard.timings.firstChart !== undefined`)
	timings := eval[map[string]float64](t, b, `window.httpclientbenchDashboard.timings`)
	t.Logf("load on %s (%d runs, %.1f MB of data.js), ms since navigation: data.js run %.0f, model %.0f, panel %.0f, first chart %.0f",
		x64.Machine.ID, len(x64.Stored()), float64(x64.Size)/1e6, timings["data"], timings["model"], timings["panel"], timings["firstChart"])
	shot, err := chromedp.Run(b.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}

	t.Run("panel", func(t *testing.T) {
		// The panel: the exact run's ratios are the report's; its summary
		// names the latest commit; crossed cells are the slowed leaves'.
		latest := x64.Runs[len(x64.Runs)-1]
		summary := eval[string](t, b, `document.getElementById('summary').textContent`)
		if !strings.Contains(summary, latest.Commit[:7]) || !strings.Contains(summary, x64.Machine.Name) || !strings.Contains(summary, " moved") {
			t.Errorf("the summary %q does not name the latest commit %s, the machine %q and what moved", summary, latest.Commit[:7], x64.Machine.Name)
		}
		cells := eval[[]cellView](t, b, probePanel)
		checkPanelRatios(t, cells)
		checkPanelCrossings(t, x64.Machine.ID, cells, latest)
		// The summary counts what the alert counts, a time or throughput
		// row, and says on how many cells.
		var crossedCells int
		for _, c := range cells {
			if c.Crossed {
				crossedCells++
			}
		}
		count := eval[[]string](t, b, `(() => { const x = document.querySelector('#summary strong.n-crossed, #summary strong.n-none'); return [x.textContent, x.dataset.cells]; })()`)
		var n int
		if _, err := fmt.Sscanf(count[0], "%d crossed", &n); err != nil || count[1] != strconv.Itoa(crossedCells) || n < crossedCells || n > 2*crossedCells {
			t.Errorf("the summary says %q on %s cells; the panel has %d crossed cells, each a time row and perhaps a throughput row", count[0], count[1], crossedCells)
		}
		var moved int
		for _, c := range cells {
			if c.Moved {
				moved++
			}
			// Highlighted: significant and more than 10 % either way (the
			// pull-request check's rule), or crossed.
			var pct float64
			_, err := fmt.Sscanf(c.Change, "%f%%", &pct)
			f := 1 + pct/100
			want := err == nil && strings.HasSuffix(c.Change, " significant") && (f > 1.1 || f < 1/1.1) || c.Crossed
			if c.Moved != want {
				t.Errorf("panel cell %s/%s, change %q: highlighted %v, want %v", c.Scenario, c.Client, c.Change, c.Moved, want)
			}
		}
		t.Logf("the panel of %s's latest run: %d cells, %d moved since the previous run", x64.Machine.ID, len(cells), moved)
	})

	t.Run("open-regressions", func(t *testing.T) { checkOpenRegressions(t, b) })

	t.Run("only-moved", func(t *testing.T) {
		// Only the rows that moved, at a click.
		if err := chromedp.Do(b.ctx, chromedp.Click(`#only-moved`)); err != nil {
			t.Fatal(err)
		}
		const shownRows = `(() => {
			const rows = Array.from(document.querySelectorAll('#panel tr.row'));
			const shown = rows.filter(r => r.getClientRects().length > 0);
			return [shown.length, shown.filter(r => r.classList.contains('moved')).length, rows.filter(r => r.classList.contains('moved')).length, rows.length];
		})()`
		checkOnlyMoved := func(how string) {
			rows := eval[[]int](t, b, shownRows)
			if rows[0] != rows[1] || rows[1] != rows[2] || rows[2] == 0 || rows[2] == rows[3] {
				t.Errorf("only rows that moved (%s): %d rows shown, %d of them moved; %d of %d rows moved", how, rows[0], rows[1], rows[2], rows[3])
			}
		}
		checkOnlyMoved("a click")
		// The toggle is in the URL, and the URL sets it.
		if h := eval[string](t, b, `location.hash`); h != "#only=moved" {
			t.Errorf("with only rows that moved, the hash is %q, want #only=moved", h)
		}
		b.open(t, "#only=moved", `document.querySelectorAll('#panel tr.row').length > 0`)
		checkOnlyMoved("#only=moved")
		if err := chromedp.Do(b.ctx, chromedp.Click(`#only-moved`)); err != nil {
			t.Fatal(err)
		}
		if rows := eval[[]int](t, b, shownRows); rows[0] != rows[3] || eval[string](t, b, `location.hash`) != "" {
			t.Errorf("the toggle off: %d of %d rows shown, hash %q", rows[0], rows[3], eval[string](t, b, `location.hash`))
		}
	})

	t.Run("reruns", func(t *testing.T) {
		// A second run of a commit is a point of its own, labelled by its run.
		type point struct{ ID, Run, Label string }
		points := eval[[]point](t, b, `window.httpclientbenchDashboard.commits.map(c => ({ID: c.id, Run: c.run, Label: c.label}))`)
		var want []point
		for k, r := range x64.Stored() {
			want = append(want, point{ID: r.Commit, Run: r.RunID})
			if r.Rerun && k > 0 {
				want[k-1].Label = r.Commit[:7] + " … run " + x64.Stored()[k-1].RunID
				want[k].Label = r.Commit[:7] + " … run " + r.RunID
			}
		}
		for k := range points {
			if k >= len(want) || points[k].ID != want[k].ID || points[k].Run != want[k].Run {
				t.Fatalf("point %d is %+v; want the runs in order: %+v", k, points[k], want)
			}
			if l := want[k].Label; l != "" {
				prefix, suffix, _ := strings.Cut(l, " … ")
				if !strings.HasPrefix(points[k].Label, prefix) || !strings.HasSuffix(points[k].Label, suffix) {
					t.Errorf("a run of a commit run twice is labelled %q, want its run id (%q)", points[k].Label, suffix)
				}
			}
		}
		if len(points) != len(want) {
			t.Errorf("%d points for %d stored runs", len(points), len(want))
		}
		// On the x axis, a point's day, and its time where two points
		// share the day (the two attempts of a run).
		ticks := eval[[]string](t, b, `(() => {
			const c = window.httpclientbenchDashboard.charts[0], x = c.scales.x;
			return c.data.labels.map((_, k) => x.options.ticks.callback.call(x, k, k, []));
		})()`)
		days := map[string]int{}
		for _, r := range x64.Stored() {
			days[r.Date.UTC().Format("01-02")]++
		}
		var wantTicks []string
		shared := 0
		for _, r := range x64.Stored() {
			tick := r.Date.UTC().Format("01-02")
			if days[tick] > 1 {
				tick = r.Date.UTC().Format("01-02 15:04")
				shared++
			}
			wantTicks = append(wantTicks, tick)
		}
		if !slices.Equal(ticks, wantTicks) || shared < 2 {
			t.Errorf("the x axis's ticks are %q, want %q (the day, and the time on the %d points that share a day)", ticks, wantTicks, shared)
		}
	})

	t.Run("time-charts", func(t *testing.T) {
		// Every chart of every unit, drawn by scrolling down.
		charts, d := b.drawEverything(t)
		t.Logf("all %d time charts of %s drawn %.0f ms after scrolling from the top to the bottom", d.Charts, x64.Machine.ID, d.MS)
		checkCharts(t, x64.Machine.ID+" time", charts)
		checkCrossings(t, x64.Machine.ID+" time", charts, x64, true)
		colours := map[string]string{}
		for _, c := range charts {
			for _, l := range c.Lines {
				colours[l.Label] = l.Colour
			}
		}
		for _, rc := range registry.All() {
			label := rc.Name
			if rc.Role == registry.Floor {
				label += " (floor)"
			}
			switch got, ok := colours[label]; {
			case !ok:
				t.Errorf("no line is labelled %s: the sample history must hold every client of the registry", label)
			case got != rc.Colour:
				t.Errorf("%s is drawn in %s, the registry gives %s", label, got, rc.Colour)
			}
		}
	})

	t.Run("point-click", func(t *testing.T) {
		// Clicking a point opens its commit. Chart.js handles events on the
		// next animation frame, so the script waits two frames.
		opened := eval[[]string](t, b, `(() => {
			const opened = [];
			window.open = (u) => { opened.push(u); return null; };
			const c = window.httpclientbenchDashboard.charts[0];
			c.canvas.scrollIntoView();
			const p = c.getDatasetMeta(0).data[0];
			const r = c.canvas.getBoundingClientRect();
			c.canvas.dispatchEvent(new MouseEvent('click', {clientX: r.left + p.x, clientY: r.top + p.y, bubbles: true}));
			return new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done(opened))));
		})()`)
		if first := x64.Stored()[0]; len(opened) != 1 || opened[0] != sample.RepoURL+"/commit/"+first.Commit {
			t.Errorf("clicking the first point opened %q, want the first run's commit %s", opened, first.Commit)
		}
	})

	t.Run("units", func(t *testing.T) {
		for _, unit := range []string{"throughput", "bytes", "allocs"} {
			b.setUnit(t, unit)
			charts, _ := b.drawEverything(t)
			checkCharts(t, x64.Machine.ID+" "+unit, charts)
			if unit == "throughput" {
				checkCrossings(t, x64.Machine.ID+" throughput", charts, x64, false)
			}
			for _, c := range charts {
				for _, l := range c.Lines {
					if len(l.Crossed) > 0 && unit != "throughput" {
						t.Errorf("%s: %s on %s is marked crossed: the %s store has no alert", unit, l.Label, c.Scenario, unit)
					}
				}
			}
		}
		if h := eval[string](t, b, `location.hash`); h != "#unit=allocs" {
			t.Errorf("after choosing allocations the hash is %q, want #unit=allocs", h)
		}
	})

	t.Run("other-machine", func(t *testing.T) {
		// The other machine, chosen in the selector: its own runs and panel.
		b.setUnit(t, "time")
		err := chromedp.Do(b.ctx,
			chromedp.SetValue(`#machine`, arm.Machine.ID),
			chromedp.Evaluate[chromedp.Void](`document.getElementById('machine').dispatchEvent(new Event('change'))`),
		)
		if err != nil {
			t.Fatal(err)
		}
		b.wait(t, fmt.Sprintf(`window.httpclientbenchDashboard.commits.length === %d && document.getElementById('summary').textContent.includes(%q)`,
			len(arm.Stored()), arm.Machine.Name))
		charts, d := b.drawEverything(t)
		t.Logf("all %d time charts of %s (%d runs) drawn %.0f ms after scrolling", d.Charts, arm.Machine.ID, len(arm.Stored()), d.MS)
		checkCharts(t, arm.Machine.ID+" time", charts)
		checkCrossings(t, arm.Machine.ID+" time", charts, arm, true)
		latest := arm.Runs[len(arm.Runs)-1]
		checkPanelCrossings(t, arm.Machine.ID, eval[[]cellView](t, b, probePanel), latest)
		checkOpenAndCounters(t, b, arm)
		if h := eval[string](t, b, `location.hash`); h != "#machine="+arm.Machine.ID {
			t.Errorf("after choosing %s the hash is %q", arm.Machine.ID, h)
		}
	})

	t.Run("permalink", func(t *testing.T) {
		// A permalink to a family, with unit and machine: the page opens
		// there, the family's charts drawn, its heading at the top.
		b.open(t, "#H2Download&unit=bytes&machine="+arm.Machine.ID, `window.httpclientbenchDashboard && window.httpclientbenchDashboard.charts.length > 0`)
		type at struct {
			Unit, Machine string
			Runs          int
			Top           float64
			Drawn, Of     int
		}
		got := eval[at](t, b, `(() => {
			const s = window.httpclientbenchDashboard;
			const h = document.getElementById('H2Download');
			const sections = Array.from(document.querySelectorAll('.family[data-family="H2Download"] section.chart'));
			return {Unit: document.getElementById('unit').value, Machine: document.getElementById('machine').value,
				Runs: s.commits.length, Top: h ? h.getBoundingClientRect().top : -1e9,
				Drawn: sections.filter(x => x.querySelector('canvas')).length, Of: sections.length};
		})()`)
		if got.Unit != "bytes" || got.Machine != arm.Machine.ID || got.Runs != len(arm.Stored()) || got.Of == 0 || got.Drawn != got.Of || got.Top < -1 || got.Top > 40 {
			t.Errorf("#H2Download&unit=bytes&machine=%s: %+v; want bytes of %s (%d runs), every H2Download chart drawn, its heading at the top", arm.Machine.ID, got, arm.Machine.ID, len(arm.Stored()))
		}
		// An older link: #unit=… alone.
		b.open(t, "#unit=throughput", `window.httpclientbenchDashboard && window.httpclientbenchDashboard.charts.length > 0`)
		if u, m := eval[string](t, b, `document.getElementById('unit').value`), eval[string](t, b, `document.getElementById('machine').value`); u != "throughput" || m != x64.Machine.ID {
			t.Errorf("#unit=throughput opens unit %s of %s", u, m)
		}
	})

	t.Run("client-filter", func(t *testing.T) {
		// The client filter: unticking a client hides its lines and its
		// column, and the hash keeps it.
		b.open(t, "#H1GetBytes", `window.httpclientbenchDashboard && window.httpclientbenchDashboard.charts.length > 0`)
		if err := chromedp.Do(b.ctx, chromedp.Click(`#clients label[data-client="fasthttp"] input`)); err != nil {
			t.Fatal(err)
		}
		b.wait(t, `!document.querySelector('#panel th[data-client="fasthttp"]')`)
		charts, _ := b.drawEverything(t)
		for _, c := range charts {
			for _, l := range c.Lines {
				if l.Label == "fasthttp" {
					t.Errorf("fasthttp is unticked but has a line on %s", c.Scenario)
				}
			}
		}
		if h := eval[string](t, b, `location.hash`); h != "#H1GetBytes&hide=fasthttp" {
			t.Errorf("after unticking fasthttp the hash is %q, want #H1GetBytes&hide=fasthttp", h)
		}
		b.open(t, "#hide=fasthttp,nethttp", `window.httpclientbenchDashboard && window.httpclientbenchDashboard.charts.length > 0`)
		cols := eval[[]string](t, b, `Array.from(document.querySelectorAll('#panel thead th[data-client]')).map(th => th.dataset.client)`)
		if slices.Contains(cols, "fasthttp") || slices.Contains(cols, "nethttp") || !slices.Contains(cols, "hertz") {
			t.Errorf("#hide=fasthttp,nethttp: the panel's columns are %q", cols)
		}
	})

	t.Run("no-data", func(t *testing.T) {
		// A machine without data yet: a message, not an error.
		missing.Store(arm.Machine.ID)
		b.allowed.Store("/dev/bench/" + arm.Machine.ID + "/data.js")
		b.open(t, "#machine="+arm.Machine.ID, `document.getElementById('status').className === 'error'`)
		msg := eval[string](t, b, `document.getElementById('status').textContent`)
		if !strings.Contains(msg, "No results for "+arm.Machine.Name+" yet") || !strings.Contains(msg, "missing") {
			t.Errorf("with no data for %s the page says %q", arm.Machine.ID, msg)
		}
		if n := eval[int](t, b, `document.querySelectorAll('#charts canvas').length + document.querySelectorAll('#panel td').length`); n != 0 {
			t.Errorf("with no data for %s the page still shows %d charts and cells", arm.Machine.ID, n)
		}
	})

	path := os.Getenv(ScreenshotEnv)
	switch {
	case *update:
		path = filepath.Join("..", "docs", "dashboard.png")
		if len(shot) > maxScreenshot {
			t.Errorf("the screenshot has %d KB, more than %d KB: not written", len(shot)>>10, maxScreenshot>>10)
			path = ""
		}
	case path == "":
		path = filepath.Join(os.TempDir(), "httpclientbench-dashboard.png")
	}
	if path != "" {
		if err := os.WriteFile(path, shot, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("screenshot (%d KB): %s", len(shot)>>10, path)
	}

	b.mu.Lock()
	defer b.mu.Unlock()
	for _, p := range b.problems {
		t.Error(p)
	}
}

// checkOpenAndCounters: on the latest run of h, the panel keeps showing
// the regression that crossed the line in an earlier run and is still
// there: its cells marked open since the first attempt of the run it
// started in (that run has two attempts, both crossed), the summary
// counting it and linking the machine's alert issue. And the counters
// panel lists exactly the counters the run changed, each with its value
// before and now and the change.
func checkOpenAndCounters(t *testing.T, b *browser, h sample.History) {
	t.Helper()
	machine, runs := h.Machine.ID, h.Stored()
	latest := runs[len(runs)-1]
	from := slices.IndexFunc(runs, func(r sample.Run) bool { return r.RegressedFrom })
	if len(latest.Regressed) == 0 || latest.RegressedFrom || from < 0 || from+1 >= len(runs) || !runs[from+1].Rerun || !runs[from+1].RegressedFrom || len(latest.Counters) == 0 {
		t.Fatalf("the sample's latest run on %s has no regression from an earlier run of two crossed attempts, or no counter change: %+v", machine, latest)
	}
	type open struct{ Leaf, Since, Label string }
	got := eval[[]open](t, b, `(() => {
		const s = window.httpclientbenchDashboard;
		return Array.from(document.querySelectorAll('#panel td.open')).map(td => {
			const leaf = td.closest('tr').dataset.scenario + '/client=' + td.dataset.client;
			const o = s.model.open.find(o => o.scenario + '/client=' + o.client === leaf);
			return {Leaf: leaf, Since: o ? s.commits[o.since].run : '', Label: td.querySelector('.open-since').textContent};
		});
	})()`)
	var want []open
	for _, l := range latest.Regressed {
		tick := eval[string](t, b, fmt.Sprintf(`window.httpclientbenchDashboard.commits.find(c => c.run === %q).tick`, runs[from].RunID))
		want = append(want, open{l, runs[from].RunID, "▲ open since " + tick})
	}
	if !slices.Equal(got, want) {
		t.Errorf("%s: cells marked open %+v, want the regressed leaves, open since the run's first attempt: %+v", machine, got, want)
	}
	summary := eval[[]string](t, b, `(() => { const o = document.querySelector('#summary .n-open'); const a = document.querySelector('#summary a[href*="/issues?q="]'); return o ? [o.textContent, a ? a.href : ''] : ['', '']; })()`)
	if !strings.HasPrefix(summary[0], strconv.Itoa(len(latest.Regressed))+" regression") || !strings.Contains(summary[1], "https://github.com/httpclientbench/httpclientbench/issues?q=") ||
		!strings.Contains(summary[1], url.QueryEscape(`"Nightly benchmarks on `+machine+`"`)) && !strings.Contains(summary[1], url.PathEscape(`"Nightly benchmarks on `+machine+`"`)) {
		t.Errorf("%s: the summary says %q, links %q: want the open regression and the machine's alert issue", machine, summary[0], summary[1])
	}
	rows := eval[[]string](t, b, `Array.from(document.querySelectorAll('#counters tbody tr')).map(tr => tr.className + ' ' + tr.dataset.name + ' ' + tr.dataset.unit + ': ' + tr.querySelector('.values').textContent + ', ' + tr.querySelector('.change').textContent)`)
	var wantRows []string
	units := map[string]bool{}
	for _, c := range latest.Counters {
		dir := "rose"
		if c.Delta < 0 {
			dir = "fell"
		}
		units[c.Unit] = true
		wantRows = append(wantRows, fmt.Sprintf("%s %s %s: %s → %s, %s %s", dir, c.Leaf, c.Unit,
			results.FormatCount(c.From), results.FormatCount(c.From+c.Delta), results.FormatDelta(c.Delta), c.Unit))
	}
	slices.SortFunc(wantRows, func(a, b string) int {
		fa, fb := strings.Fields(a), strings.Fields(b)
		return cmp.Or(strings.Compare(fa[1], fb[1]), strings.Compare(fa[2], fb[2]))
	})
	if !slices.Equal(rows, wantRows) {
		t.Errorf("%s: the counters panel lists\n\t%s\nwant\n\t%s", machine, strings.Join(rows, "\n\t"), strings.Join(wantRows, "\n\t"))
	}
	if !units["allocs/op"] || !units[results.SentUnit] || !units[results.HandshakesUnit] {
		t.Errorf("%s: the sample's changed counters %+v: want allocations and counters of the counters store (%s, %s)", machine, latest.Counters, results.SentUnit, results.HandshakesUnit)
	}
}

// A point of a series in checkOpenRegressions: its workflow run and
// attempt, its value (0: none, a gap), and whether the converter marked
// it crossed.
type seriesPoint struct {
	run     string
	value   float64
	crossed bool
}

// checkOpenRegressions: the regressions the model keeps open, on series
// made up to be hard: re-runs (two attempts of a run, both crossed),
// staircases (crossings upon crossings), gaps, and cleared crossings. A
// regression is open since the earliest crossing not yet cleared, in an
// earlier run than the latest, and measured from the value before it.
func checkOpenRegressions(t *testing.T, b *browser) {
	p := func(run string, v float64) seriesPoint { return seriesPoint{run, v, false} }
	x := func(run string, v float64) seriesPoint { return seriesPoint{run, v, true} }
	gap := func(run string) seriesPoint { return seriesPoint{run, 0, false} }
	type want struct {
		Since string // the run id of the point it is open since
		Worse string // %.2f
	}
	for _, c := range []struct {
		name   string
		unit   string
		points []seriesPoint
		want   []want
	}{
		{"one crossing, still open", "ns/op", []seriesPoint{p("1-1", 100), p("2-1", 100), x("3-1", 300), p("4-1", 310), p("5-1", 305)}, []want{{"3-1", "3.05"}}},
		{"one crossing, cleared", "ns/op", []seriesPoint{p("1-1", 100), x("2-1", 300), p("3-1", 320), p("4-1", 150), p("5-1", 290)}, nil},
		{"a re-run, both attempts crossed", "ns/op", []seriesPoint{p("1-1", 100), x("2-1", 300), x("2-2", 310), p("3-1", 305)}, []want{{"2-1", "3.05"}}},
		{"a re-run that clears its first attempt", "ns/op", []seriesPoint{p("1-1", 100), x("2-1", 300), p("2-2", 110), p("3-1", 105)}, nil},
		{"crossed in the latest run's two attempts: crossed, not open", "ns/op", []seriesPoint{p("1-1", 100), x("2-1", 300), x("2-2", 310)}, nil},
		{"a staircase", "ns/op", []seriesPoint{p("9-1", 100), x("10-1", 250), x("11-1", 625), p("12-1", 630)}, []want{{"10-1", "6.30"}}},
		{"a staircase back down a step", "ns/op", []seriesPoint{p("9-1", 100), x("10-1", 250), x("11-1", 525), p("12-1", 250)}, []want{{"10-1", "2.50"}}},
		{"a gap before the crossing", "ns/op", []seriesPoint{p("1-1", 100), gap("2-1"), x("3-1", 300), p("4-1", 310)}, []want{{"3-1", "3.10"}}},
		{"a gap after the crossing", "ns/op", []seriesPoint{p("1-1", 100), x("2-1", 300), gap("3-1"), gap("4-1"), p("5-1", 305)}, []want{{"2-1", "3.05"}}},
		{"a crossing after a cleared one", "ns/op", []seriesPoint{p("1-1", 100), x("2-1", 300), p("3-1", 110), x("4-1", 330), p("5-1", 320)}, []want{{"4-1", "2.91"}}},
		{"throughput", "MB/s", []seriesPoint{p("1-1", 100), x("2-1", 30), p("3-1", 31)}, []want{{"2-1", "3.23"}}},
	} {
		got := eval[[]struct {
			Scenario, Client, Unit, Since string
			Worse                         float64
		}](t, b, fmt.Sprintf(`((data) => {
			const m = window.httpclientbenchDashboard.modelOf(data);
			return m.open.map(o => ({Scenario: o.scenario, Client: o.client, Unit: o.unit, Since: m.commits[o.since].run, Worse: o.worse}));
		})(%s)`, seriesData(t, c.unit, c.points)))
		var gotW []want
		for _, o := range got {
			if o.Scenario != "Case" || o.Client != "fasthttp" || o.Unit != c.unit {
				t.Errorf("%s: open on %s/%s in %s, a series that never crossed", c.name, o.Scenario, o.Client, o.Unit)
				continue
			}
			gotW = append(gotW, want{o.Since, fmt.Sprintf("%.2f", o.Worse)})
		}
		if !slices.Equal(gotW, c.want) {
			t.Errorf("%s: %v: open %+v, want %+v", c.name, c.points, gotW, c.want)
		}
	}
}

// seriesData is a data.js's data of one store holding the series points
// of Case/client=fasthttp in unit, and beside it, at every point, one
// steady series (so a gap is a point of the others).
func seriesData(t *testing.T, unit string, points []seriesPoint) string {
	t.Helper()
	type bench struct {
		Name  string  `json:"name"`
		Unit  string  `json:"unit"`
		Value float64 `json:"value"`
		Extra string  `json:"extra"`
	}
	type entry struct {
		Commit  map[string]string `json:"commit"`
		Date    int64             `json:"date"`
		Benches []bench           `json:"benches"`
	}
	start := time.Date(2026, 12, 1, 3, 0, 0, 0, time.UTC)
	var entries []entry
	runs := map[string]int{}
	for _, pt := range points {
		id, attempt, _ := strings.Cut(pt.run, "-")
		if _, ok := runs[id]; !ok {
			runs[id] = len(runs)
		}
		n, _ := strconv.Atoi(attempt)
		date := start.Add(time.Duration(runs[id])*24*time.Hour + time.Duration(n-1)*45*time.Minute)
		extra := func(crossed bool) string {
			e := "median of 6; machine=linux-x64"
			if crossed {
				e += "; previous=+200.0% p=0.002 significant crossed"
			}
			return e + "; run=" + pt.run
		}
		benches := []bench{{"Steady/client=fasthttp", unit, 100, extra(false)}}
		if pt.value != 0 {
			benches = append(benches, bench{"Case/client=fasthttp", unit, pt.value, extra(pt.crossed)})
		}
		entries = append(entries, entry{
			Commit:  map[string]string{"id": fmt.Sprintf("%040d", runs[id]), "message": "run " + id, "url": ""},
			Date:    date.UnixMilli(),
			Benches: benches,
		})
	}
	data, err := json.Marshal(map[string]any{"entries": map[string]any{"store": entries}})
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
