//go:build browser

// The page test: it drives the dashboard in a real headless Chromium
// against a sample data.js. It pulls in chromedp, so it is built only with
// -tags browser: go test -tags browser ./dashboard.
package dashboard_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/httpclientbench/httpclientbench/internal/registry"
)

// RequireBrowserEnv makes a missing browser a failure instead of a skip;
// .ci/run sets it after installing Chromium.
const RequireBrowserEnv = "HTTPBENCH_REQUIRE_BROWSER"

// ScreenshotEnv names where to save the screenshot (default: the temp dir).
const ScreenshotEnv = "HTTPBENCH_SCREENSHOT"

func findBrowser() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// serve serves the page as GitHub Pages does: the dashboard under
// /dev/bench/dashboard/ and the stored history at /dev/bench/data.js.
func serve(t *testing.T) *httptest.Server {
	mux := http.NewServeMux()
	mux.Handle("/dev/bench/dashboard/", http.StripPrefix("/dev/bench/dashboard/", http.FileServer(http.Dir("."))))
	mux.HandleFunc("/dev/bench/data.js", func(w http.ResponseWriter, r *http.Request) {
		http.ServeFile(w, r, filepath.Join("testdata", "data.js"))
	})
	srv := httptest.NewServer(mux) // 127.0.0.1
	t.Cleanup(srv.Close)
	return srv
}

// TestDashboard loads the page in headless Chromium, checks that it draws
// one chart per scenario with one line per client for every unit, that
// runs are told apart by their run id where the data has one, that every
// point links to a commit, that the page logs no error and asks no host but
// its own, and saves a screenshot.
func TestDashboard(t *testing.T) {
	browser := findBrowser()
	if browser == "" {
		if os.Getenv(RequireBrowserEnv) == "1" {
			t.Fatalf("no Chromium or Chrome on PATH, and %s=1", RequireBrowserEnv)
		}
		t.Skipf("no Chromium or Chrome on PATH; install one to run this test (Debian: apt-get install chromium), or set %s=1 to make this a failure", RequireBrowserEnv)
	}
	srv := serve(t)
	own, _ := url.Parse(srv.URL)

	opts := append(slices.Clone(chromedp.DefaultExecAllocatorOptions[:]),
		chromedp.ExecPath(browser),
		chromedp.NoSandbox, // CI runs as root
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 1400),
	)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancelCtx := chromedp.NewContext(allocCtx)
	defer cancelCtx()
	ctx, cancel := context.WithTimeout(ctx, 90*time.Second)
	defer cancel()

	var (
		mu       sync.Mutex
		problems []string
	)
	report := func(format string, args ...any) {
		mu.Lock()
		problems = append(problems, fmt.Sprintf(format, args...))
		mu.Unlock()
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
				report("log: %s %s", e.Entry.Text, e.Entry.URL)
			}
		case *network.EventRequestWillBeSent:
			if u, err := url.Parse(e.Request.URL); err == nil && u.Scheme != "data" && u.Host != own.Host {
				report("request to another host: %s", e.Request.URL)
			}
		}
	}

	type view struct {
		Scenarios []string `json:"scenarios"`
		Lines     []int    `json:"lines"`
		Points    []int    `json:"points"`
		Canvases  int      `json:"canvases"`
		Families  int      `json:"families"`
		Links     int      `json:"links"`
		Labels    []string `json:"labels"`
	}
	const probe = `(() => {
		const s = window.httpclientbenchDashboard;
		return {
			scenarios: s.scenarios,
			lines: s.charts.map(c => c.data.datasets.length),
			points: s.charts.map(c => c.data.datasets.reduce((n, d) => n + d.data.filter(v => v !== null).length, 0)),
			canvases: document.querySelectorAll('#charts section.chart canvas').length,
			families: document.querySelectorAll('#charts h2').length,
			links: s.commits.filter(c => c.url.startsWith('https://github.com/')).length,
			labels: s.commits.map(c => c.label),
		};
	})()`
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
	err := chromedp.Do(ctx,
		chromedp.Navigate(srv.URL+"/dev/bench/dashboard/index.html"),
		chromedp.WaitVisible(`#charts section.chart canvas`),
	)
	if err != nil {
		t.Fatal(err)
	}
	timeView, err := chromedp.Run(ctx, chromedp.Evaluate[view](probe))
	if err != nil {
		t.Fatal(err)
	}
	shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)) // quality 100: PNG
	if err != nil {
		t.Fatal(err)
	}
	views := map[string]view{"time": timeView}
	for _, unit := range []string{"throughput", "bytes", "allocs"} {
		err = chromedp.Do(ctx,
			chromedp.SetValue(`#unit`, unit),
			chromedp.Evaluate[chromedp.Void](`document.getElementById('unit').dispatchEvent(new Event('change'))`),
		)
		if err != nil {
			t.Fatal(err)
		}
		if views[unit], err = chromedp.Run(ctx, chromedp.Evaluate[view](probe)); err != nil {
			t.Fatal(err)
		}
	}

	// Six points. The first four runs are stored the old way (no run id;
	// two stores, B/op and allocs/op in the first): the fourth is a second
	// nightly of the third commit, a day later, a point of its own. The last
	// two are one commit run twice ten minutes apart, stored in four stores
	// whose entries carry run=501-1 and run=502-1: two points, where the old
	// 30-minute rule would have made one. Time: H1GetBytes (7 clients and
	// the TCP floor), H1Download/size=64KiB (7 clients), H2Get (4 clients,
	// present from the second run on) and, in the last two runs, a
	// benchmark of another package, internal/demo.Decode (one client), and
	// the TLS family TLSHandshake: resume=on over proto=h1 (nethttp and
	// fasthttp) and proto=h3 (http3, a client no other family has), one
	// chart each under one family heading.
	// Bytes and allocations: the same charts, from the old mixed store and
	// then from their own stores.
	perRun := view{
		Scenarios: []string{"H1GetBytes", "H1Download/size=64KiB", "H2Get", "internal/demo.Decode/size=1KiB",
			"TLSHandshake/proto=h1/resume=on", "TLSHandshake/proto=h3/resume=on"},
		Lines:    []int{8, 7, 4, 1, 2, 1},
		Points:   []int{48, 42, 20, 2, 4, 2},
		Canvases: 6, Families: 5, Links: 6,
	}
	want := map[string]view{
		"time":   perRun,
		"bytes":  perRun,
		"allocs": perRun,
		"throughput": {
			Scenarios: []string{"H1Download/size=64KiB"},
			Lines:     []int{7},
			Points:    []int{42},
			Canvases:  1, Families: 1, Links: 6,
		},
	}
	for _, unit := range []string{"time", "throughput", "bytes", "allocs"} {
		got := views[unit]
		labels := got.Labels
		got.Labels = nil
		if fmt.Sprint(got) != fmt.Sprint(want[unit]) {
			t.Errorf("unit=%s: page shows %+v, want %+v", unit, got, want[unit])
		}
		if len(labels) != 6 || !strings.HasSuffix(labels[4], " run 501-1") || !strings.HasSuffix(labels[5], " run 502-1") || labels[0] != "1111111" {
			t.Errorf("unit=%s: point labels %q, want the two runs of 4444444 named by their run ids", unit, labels)
		}
	}

	// Clicking a point opens its commit. Chart.js handles events on the
	// next animation frame, so the script waits two frames.
	opened, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(() => {
		const opened = [];
		window.open = (u) => { opened.push(u); return null; };
		const c = window.httpclientbenchDashboard.charts[0];
		const p = c.getDatasetMeta(0).data[0];
		const r = c.canvas.getBoundingClientRect();
		c.canvas.dispatchEvent(new MouseEvent('click', {clientX: r.left + p.x, clientY: r.top + p.y, bubbles: true}));
		return new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done(opened))));
	})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if want := "https://github.com/httpclientbench/httpclientbench/commit/1111111aaaaaaa"; len(opened) != 1 || opened[0] != want {
		t.Errorf("clicking the first point opened %q, want %q", opened, want)
	}

	// Every client's line has the registry's colour (through clients.js),
	// and the floor's label says so.
	lines, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]string](`(() => {
		const out = {};
		for (const c of window.httpclientbenchDashboard.charts)
			for (const d of c.data.datasets) out[d.label] = d.borderColor;
		return out;
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	for _, rc := range registry.All() {
		label := rc.Name
		if rc.Role == registry.Floor {
			label += " (floor)"
		}
		switch got, ok := lines[label]; {
		case !ok:
			t.Errorf("no line is labelled %s: the sample history must hold every client of the registry", label)
		case got != rc.Colour:
			t.Errorf("%s is drawn in %s, the registry gives %s", label, got, rc.Colour)
		}
	}
	if _, ok := lines[registry.FloorName+" (floor)"]; !ok || lines[registry.BaselineName] == "" {
		t.Errorf("no line labelled %q or %q: %v", registry.BaselineName, registry.FloorName+" (floor)", lines)
	}

	path := os.Getenv(ScreenshotEnv)
	if path == "" {
		path = filepath.Join(os.TempDir(), "httpclientbench-dashboard.png")
	}
	if err := os.WriteFile(path, shot, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", path)

	mu.Lock()
	defer mu.Unlock()
	for _, p := range problems {
		t.Error(p)
	}
}
