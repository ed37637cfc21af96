package loadbench

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/google/renameio/v2"
	"golang.org/x/perf/benchfmt"

	"github.com/httpclientbench/httpclientbench/internal/cli"
	"github.com/httpclientbench/httpclientbench/internal/cpuset"
	"github.com/httpclientbench/httpclientbench/internal/markdown"
	"github.com/httpclientbench/httpclientbench/internal/results"
	"github.com/httpclientbench/httpclientbench/internal/runinfo"
	"github.com/httpclientbench/httpclientbench/loadbench/load"
	"github.com/httpclientbench/httpclientbench/loadbench/report"
)

// runner runs the rounds: one client process per client, level and round.
type runner struct {
	opt            *options
	stdout, stderr io.Writer
	exe            string // this program, started again for each role
	base           string // the server's base URL
	serverProcs    int    // the server's GOMAXPROCS, as it reports it
	serverCPUs     []int  // the CPUs the started server may run on, as read from it; nil without -cpus
	// observe, if set, sees every client process's sample, with the shape
	// it ran in (for the tests).
	observe func(shape, *sample)
}

func newRunner(opt *options, stdout, stderr io.Writer) *runner {
	return &runner{opt: opt, stdout: stdout, stderr: syncWriter(stderr)}
}

// syncWriter makes w safe for the runner and its child processes to write
// at once. A file needs nothing (exec hands the processes its descriptor,
// and the progress bar must still see a terminal); any other writer gets
// a copying goroutine per process from exec, so it is locked.
func syncWriter(w io.Writer) io.Writer {
	if _, ok := w.(*os.File); ok {
		return w
	}
	return &lockedWriter{w: w}
}

type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// levels are the runs of one round, in order: one per in-flight level for
// a sweep, else one.
func (r *runner) levels() []int {
	if r.opt.mode == modeSweep {
		return r.opt.inflight
	}
	return []int{0}
}

func (r *runner) run(ctx context.Context) error {
	exe, err := os.Executable()
	if err != nil {
		return fmt.Errorf("finding this program to start its client processes: %v", err)
	}
	r.exe = exe
	shapes, err := r.shapes()
	if err != nil {
		return err
	}
	stop, err := r.startShape(ctx, shapes[0])
	if err != nil {
		return err
	}
	defer func() { stop() }() // the last shape's server

	res, err := cli.NewOutput("loadbench", r.opt.results, r.opt.terminal, r.stdout, r.stderr)
	if err != nil {
		return err
	}
	defer res.Cleanup() // after Close, does nothing
	out, err := createOutput(r.opt.out)
	if err != nil {
		return err
	}
	w := io.Writer(res)
	var all bytes.Buffer // -out's results.txt, written with its summary at the end
	if out != nil {
		defer out.Cleanup() // the finished runs of a failed run: keepPartial's
		w = io.MultiWriter(out, res, &all)
		res.KeptIn(filepath.Join(r.opt.out, report.ResultsFile))
	}
	bw := benchfmt.NewWriter(w)
	if err := writeUnits(bw); err != nil {
		return err
	}
	config := r.config(ctx, shapes)

	levels := r.levels()
	n := len(r.opt.clients)
	rounds := r.opt.rounds
	prog := cli.NewProgress(r.stderr, "loadbench", rounds*len(shapes), rounds*len(levels)*n*len(shapes))
	for si, sh := range shapes {
		if si > 0 { // the server of the shape before makes way
			stop()
			if stop, err = r.startShape(ctx, sh); err != nil {
				r.keepPartial(out)
				return fmt.Errorf("-cpus %d: %w", sh.n, err)
			}
		}
		for round := range rounds {
			for _, level := range levels {
				for i := range n {
					name := r.opt.clients[(i+round)%n] // rotating order
					what := name
					if level > 0 {
						what = fmt.Sprintf("%s inflight=%d", name, level)
					}
					if sh.n > 0 {
						what += fmt.Sprintf(" cpus=%d", sh.n)
					}
					prog.Begin(si*rounds+round, what)
					s, err := r.runClient(ctx, name, level, round, sh)
					if err != nil {
						r.keepPartial(out)
						return fmt.Errorf("round %d, %s: %w", round+1, what, err)
					}
					if r.observe != nil {
						r.observe(sh, s)
					}
					if err := bw.Write(s.result(config)); err != nil {
						return err
					}
					prog.End()
					r.warn(round, what, s)
				}
			}
		}
	}
	if out != nil {
		// results.txt, its summary and its charts, all or none: a
		// directory left as an earlier run made it, or this run's whole.
		results := filepath.Join(r.opt.out, report.ResultsFile)
		files, err := report.DirFiles(all.Bytes(), results, r.opt.out)
		if err != nil {
			r.keepPartial(out)
			return fmt.Errorf("the summary: %v", err)
		}
		if err := markdown.ReplaceAll(append(files, markdown.File{Path: results, Data: all.Bytes()})); err != nil {
			r.keepPartial(out)
			return fmt.Errorf("writing %s: %v", r.opt.out, err)
		}
		fmt.Fprintf(r.stderr, "loadbench: wrote %s and its summary in %s\n", results, r.opt.out)
	}
	return res.Close(summary)
}

// summary is the load report's tables of results, for a terminal.
func summary(results []byte) (string, error) {
	run, err := report.Read(bytes.NewReader(results), "the results")
	if err != nil {
		return "", err
	}
	return report.Summary(run), nil
}

// warn tells on stderr what failed in a run, with an example per class.
func (r *runner) warn(round int, what string, s *sample) {
	if s.rep.Dropped > 0 {
		fmt.Fprintf(r.stderr, "loadbench: round %d, %s: %d requests dropped (not started by the end: no free slot of -max-inflight %d, or the sender fell behind)\n", round+1, what, s.rep.Dropped, r.opt.maxInFlight)
	}
	for _, c := range load.Classes() {
		if n := s.rep.Failed[c.String()]; n > 0 {
			fmt.Fprintf(r.stderr, "loadbench: round %d, %s: %d %s errors, e.g. %s\n", round+1, what, n, c, s.rep.Examples[c.String()])
		}
	}
}

// shape is a machine one pass of the run is measured as (-cpus N): the
// CPUs of the client processes and of the benchserver loadbench starts.
// The zero shape, a run without -cpus, restricts nothing.
type shape struct {
	n              int   // the CPU count, the results' -N; 0 without -cpus
	client, server []int // nil: not restricted (the server with -target)
}

// shapes are the run's shapes, in -cpus's order: for N, the first N CPUs
// this process may run on, halved from cpuset.SplitFrom on (the server the
// second half) and shared below; with -target the clients get all N. A
// run without -cpus has the zero shape alone.
func (r *runner) shapes() ([]shape, error) {
	if len(r.opt.cpus) == 0 {
		return []shape{{}}, nil
	}
	var shapes []shape
	for _, n := range r.opt.cpus {
		first, err := cpuset.First(n)
		if err != nil {
			return nil, err
		}
		shapes = append(shapes, shapeOf(first, r.opt.target != ""))
	}
	return shapes, nil
}

// shapeOf is the shape of the CPUs first: halved from cpuset.SplitFrom on, the
// server the second half, shared below; with target (-target) the
// clients get them all and the server is not loadbench's to place.
func shapeOf(first []int, target bool) shape {
	n := len(first)
	sh := shape{n: n, client: first, server: first}
	switch {
	case target:
		sh.server = nil
	case n >= cpuset.SplitFrom:
		sh.client, sh.server = cpuset.Halves(first)
	}
	return sh
}

// startShape starts the server of sh (unless -target), reads its
// counters and, where sh restricts it, checks that it runs on sh's CPUs
// with as many Ps. stop stops it (nothing with -target); on an error it
// is stopped already.
func (r *runner) startShape(ctx context.Context, sh shape) (stop func(), err error) {
	stop = func() {}
	r.base = r.opt.target
	pid := 0
	if r.base == "" {
		if stop, pid, err = r.startServer(ctx, sh.server); err != nil {
			return func() {}, err
		}
	}
	st, err := stats(ctx, r.base)
	if err == nil && sh.server != nil {
		r.serverCPUs, err = cpuset.Of(pid)
		if err == nil && (st.GOMAXPROCS != len(sh.server) || !slices.Equal(r.serverCPUs, sh.server)) {
			err = fmt.Errorf("the server runs on CPUs %s with GOMAXPROCS %d, want CPUs %s and GOMAXPROCS %d", cpuList(r.serverCPUs), st.GOMAXPROCS, cpuList(sh.server), len(sh.server))
		}
	}
	if err != nil {
		stop()
		return func() {}, err
	}
	r.serverProcs = st.GOMAXPROCS
	return stop, nil
}

// cpuList is "0", "0-3" or "0-1,4": CPUs (ascending) as Linux lists them.
func cpuList(cpus []int) string {
	var parts []string
	for i := 0; i < len(cpus); {
		j := i
		for j+1 < len(cpus) && cpus[j+1] == cpus[j]+1 {
			j++
		}
		if j == i {
			parts = append(parts, strconv.Itoa(cpus[i]))
		} else {
			parts = append(parts, fmt.Sprintf("%d-%d", cpus[i], cpus[j]))
		}
		i = j + 1
	}
	return strings.Join(parts, ",")
}

// cpusPhrase is "CPU 0" or "CPUs 0-3".
func cpusPhrase(cpus []int) string {
	if len(cpus) == 1 {
		return "CPU " + cpuList(cpus)
	}
	return "CPUs " + cpuList(cpus)
}

// config is the run's configuration, the lines before its first result:
// the same for every shape, so that benchstat puts the shapes' results
// side by side rather than in tables of their own.
func (r *runner) config(ctx context.Context, shapes []shape) []benchfmt.Config {
	var cfg []benchfmt.Config
	o := r.opt
	kv := func(k, v string) { cfg = append(cfg, results.Config(k, v)) }
	kv("commit", runinfo.Self(ctx, "."))
	kv("date", time.Now().UTC().Format(time.RFC3339))
	kv("go", runtime.Version())
	kv("goos", runtime.GOOS)
	kv("goarch", runtime.GOARCH)
	kv("machine", runinfo.Machine(ctx))
	settings := fmt.Sprintf("mode=%s", o.mode)
	if o.mode == modeSweep {
		settings += fmt.Sprintf(" inflight=%s max-requests=%d", joinInts(o.inflight), o.maxRequests)
	} else {
		settings += fmt.Sprintf(" rate=%d max-inflight=%d", o.rate, o.maxInFlight)
	}
	settings += fmt.Sprintf(" duration=%v payload=%s rounds=%d timeout=%v", o.duration, o.payload.name, o.rounds, o.timeout)
	if o.maxConns > 0 {
		settings += fmt.Sprintf(" maxconns=%d", o.maxConns)
	}
	if len(o.cpus) > 0 {
		settings += " cpus=" + joinInts(o.cpus)
	}
	kv("loadbench", settings)
	kv("pool", r.poolRule())
	if len(o.cpus) > 0 {
		kv("server", r.serverLine())
		kv("client-gomaxprocs", "the number of its CPUs (the cpus line)")
		kv("cpus", shapesLine(shapes))
		return cfg
	}
	where := "benchserver (own process, started by loadbench)"
	if o.target != "" {
		where = "benchserver at " + o.target
	}
	kv("server", fmt.Sprintf("%s, GOMAXPROCS %d", where, r.serverProcs))
	procs := strconv.Itoa(runtime.GOMAXPROCS(0)) + " (Go's default)"
	if o.clientProcs > 0 {
		procs = strconv.Itoa(o.clientProcs)
	}
	kv("client-gomaxprocs", procs)
	return cfg
}

// serverLine is the server configuration line of a run with -cpus.
func (r *runner) serverLine() string {
	if r.opt.target != "" {
		return fmt.Sprintf("benchserver at %s, GOMAXPROCS %d, on the CPUs it was given: -cpus restricts only the client processes, where the server runs is yours", r.opt.target, r.serverProcs)
	}
	return "benchserver (own process, started by loadbench for each CPU count), GOMAXPROCS the number of its CPUs (the cpus line)"
}

// shapesLine is the cpus configuration line: each result suffix -N and
// where its processes ran, "-1 (client and server share CPU 0), -4
// (client CPUs 0-1, server CPUs 2-3)".
func shapesLine(shapes []shape) string {
	var parts []string
	for _, sh := range shapes {
		var where string
		switch {
		case sh.server == nil:
			where = "client " + cpusPhrase(sh.client) + ", server not restricted (-target)"
		case slices.Equal(sh.client, sh.server):
			where = "client and server share " + cpusPhrase(sh.client)
		default:
			where = "client " + cpusPhrase(sh.client) + ", server " + cpusPhrase(sh.server)
		}
		parts = append(parts, fmt.Sprintf("-%d (%s)", sh.n, where))
	}
	return strings.Join(parts, ", ")
}

func (r *runner) poolRule() string {
	var s string
	switch r.opt.mode {
	case modeOverload:
		s = "each library's default connection limits"
	case modeSweep:
		s = "idle pool per host at least the level in flight (the suite's fairness rule)"
	default:
		s = fmt.Sprintf("idle pool per host at least -max-inflight (%d) (the suite's fairness rule)", r.opt.maxInFlight)
	}
	if r.opt.maxConns > 0 {
		s += fmt.Sprintf(", capped at %d connections per host (-maxconns)", r.opt.maxConns)
	}
	return s
}

func joinInts(xs []int) string {
	var s []string
	for _, x := range xs {
		s = append(s, strconv.Itoa(x))
	}
	return strings.Join(s, ",")
}

// runClient runs one client process in shape sh and measures it.
func (r *runner) runClient(ctx context.Context, name string, level, round int, sh shape) (*sample, error) {
	o := r.opt
	j := job{
		Client: name, Base: r.base, Payload: o.payload.name, Mode: o.mode,
		Rate: o.rate, MaxInFlight: o.maxInFlight,
		InFlight: level, MaxRequests: o.maxRequests,
		Duration: o.duration, Timeout: o.timeout,
		LibraryPool: o.mode == modeOverload, MaxConns: o.maxConns,
	}
	if o.mode == modeSweep {
		j.MaxInFlight = 0
	}
	if o.cpuProfile != "" {
		prof := fmt.Sprintf("%s-%d-r%d", name, level, round+1)
		if sh.n > 0 {
			prof += fmt.Sprintf("-cpus%d", sh.n)
		}
		j.CPUProfile = filepath.Join(o.cpuProfile, prof+".pprof")
	}
	before, err := stats(ctx, r.base)
	if err != nil {
		return nil, err
	}
	// A client process has its duration, its requests' timeout (for the
	// check before the run and for the last requests) and a minute to
	// start and report; then it is killed.
	ctx, cancel := context.WithTimeout(ctx, o.duration+2*o.timeout+time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, r.exe)
	cmd.Env = append(os.Environ(), roleEnv+"="+roleClient)
	if o.clientProcs > 0 {
		cmd.Env = append(cmd.Env, "GOMAXPROCS="+strconv.Itoa(o.clientProcs))
	}
	in, err := json.Marshal(j)
	if err != nil {
		return nil, err
	}
	var stdout bytes.Buffer
	cmd.Stdin = bytes.NewReader(in)
	cmd.Stdout = &stdout
	cmd.Stderr = r.stderr
	if err := cli.RunChildOn(cmd, syscall.SIGKILL, sh.client); err != nil {
		switch {
		case errors.Is(ctx.Err(), context.DeadlineExceeded):
			return nil, fmt.Errorf("client process killed: still running %v after it started", o.duration+2*o.timeout+time.Minute)
		case ctx.Err() != nil:
			return nil, ctx.Err() // cli.Main says it was interrupted
		}
		return nil, fmt.Errorf("client process: %v", err)
	}
	var rep childReport
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		return nil, fmt.Errorf("client process's report: %v", err)
	}
	if sh.client != nil && (rep.GOMAXPROCS != len(sh.client) || !slices.Equal(rep.CPUs, sh.client)) {
		return nil, fmt.Errorf("the client process ran on CPUs %s with GOMAXPROCS %d, want CPUs %s and GOMAXPROCS %d (-cpus %d)", cpuList(rep.CPUs), rep.GOMAXPROCS, cpuList(sh.client), len(sh.client), sh.n)
	}
	after, err := stats(ctx, r.base)
	if err != nil {
		return nil, err
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		return nil, errors.New("no rusage for the client process on this system")
	}
	// The process's own peak, as it reported it. Its rusage's maxrss is
	// never below loadbench's own at the fork (Linux carries the parent's
	// over), so it is only the fallback where there is no VmHWM.
	rss := rep.PeakRSS
	if rss == 0 {
		rss = ru.Maxrss * 1024 // KiB on Linux
	}
	return &sample{
		name: r.benchName(name, level, sh),
		rep:  rep,
		cpu:  time.Duration(syscall.TimevalToNsec(ru.Utime) + syscall.TimevalToNsec(ru.Stime)),
		rss:  rss,
		// Each GET /stats counts its own connection: after's is not the
		// client's.
		conns: after.ConnsAccepted - before.ConnsAccepted - 1,
	}, nil
}

// benchName is the result's name, without "Benchmark": the levels that
// change what is measured, client last, then in a shape its CPU count as
// go test's GOMAXPROCS suffix, -1 too (go test leaves that one out, and a
// run of 1 must not read as a run without -cpus).
func (r *runner) benchName(client string, level int, sh shape) string {
	o := r.opt
	name := "Load/mode=" + o.mode
	if o.mode == modeSweep {
		name += fmt.Sprintf("/inflight=%d", level)
	} else {
		name += fmt.Sprintf("/rate=%d", o.rate)
	}
	name += "/payload=" + o.payload.name
	if o.maxConns > 0 {
		name += fmt.Sprintf("/maxconns=%d", o.maxConns)
	}
	name += "/client=" + client
	if sh.n > 0 {
		name += fmt.Sprintf("-%d", sh.n)
	}
	return name
}

// startServer starts the benchserver code in a process of its own on a
// free loopback port, on cpus (nil: any) with as many Ps, and returns
// how to stop it and its process id.
func (r *runner) startServer(ctx context.Context, cpus []int) (stop func(), pid int, err error) {
	args := []string{"-addr", "127.0.0.1:0"}
	if r.opt.serverProcs > 0 {
		args = append(args, "-gomaxprocs", strconv.Itoa(r.opt.serverProcs))
	}
	cmd := exec.Command(r.exe, args...)
	cmd.Env = append(os.Environ(), roleEnv+"="+roleServer)
	cmd.Stderr = r.stderr
	first := &firstLine{line: make(chan string, 1)}
	cmd.Stdout = first
	done, err := cli.StartChildOn(cmd, syscall.SIGTERM, cpus)
	if err != nil {
		return nil, 0, fmt.Errorf("starting the server: %v", err)
	}
	stop = func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-done:
		case <-time.After(15 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	}
	select {
	case l := <-first.line:
		if base, found := serverURL(l); found {
			r.base = base
			return stop, cmd.Process.Pid, nil
		}
		stop()
		return nil, 0, fmt.Errorf("the server did not say where it listens (first line %q)", l)
	case err := <-done:
		return nil, 0, fmt.Errorf("the server ended before it said where it listens: %v", err)
	case <-time.After(30 * time.Second):
		stop()
		return nil, 0, errors.New("the server did not start within 30 s")
	case <-ctx.Done():
		stop()
		return nil, 0, ctx.Err()
	}
}

// firstLine sends the first line written to it, without its newline, on
// line (buffered), and discards the rest.
type firstLine struct {
	buf  []byte
	sent bool
	line chan string
}

func (f *firstLine) Write(p []byte) (int, error) {
	if !f.sent {
		f.buf = append(f.buf, p...)
		if i := bytes.IndexByte(f.buf, '\n'); i >= 0 {
			f.line <- string(f.buf[:i])
			f.sent, f.buf = true, nil
		}
	}
	return len(p), nil
}

// serverURL finds the URL in benchserver's first line,
// "serving http://127.0.0.1:PORT (…)".
func serverURL(line string) (string, bool) {
	rest, ok := strings.CutPrefix(line, "serving ")
	if !ok {
		return "", false
	}
	u, _, _ := strings.Cut(rest, " ")
	return u, strings.HasPrefix(u, "http://")
}

// serverStats is benchserver's GET /stats.
type serverStats struct {
	ConnsAccepted int64 `json:"conns_accepted"`
	GOMAXPROCS    int   `json:"gomaxprocs"`
}

var statsClient = &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{Proxy: nil, DisableKeepAlives: true}}

// stats reads the server's counters. Its own request opens one
// connection, which the count it returns includes.
func stats(ctx context.Context, base string) (serverStats, error) {
	var st serverStats
	req, err := http.NewRequestWithContext(ctx, "GET", base+"/stats", nil)
	if err != nil {
		return st, err
	}
	resp, err := statsClient.Do(req)
	if err != nil {
		return st, fmt.Errorf("reading the server's counters: %v", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return st, fmt.Errorf("GET %s/stats: %s (is the target a cmd/benchserver?)", base, resp.Status)
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&st); err != nil {
		return st, fmt.Errorf("GET %s/stats: %v", base, err)
	}
	if st.GOMAXPROCS <= 0 { // any JSON decodes; a benchserver always says it
		return st, fmt.Errorf("GET %s/stats: no gomaxprocs (is the target a cmd/benchserver?)", base)
	}
	return st, nil
}

// keepPartial keeps the results of a run that failed part-way, which
// results.txt never gets, as results.partial.txt in the -out directory.
func (r *runner) keepPartial(out *renameio.PendingFile) {
	if out == nil {
		return
	}
	partial := filepath.Join(r.opt.out, "results.partial.txt")
	if err := os.Rename(out.Name(), partial); err != nil {
		fmt.Fprintf(r.stderr, "loadbench: keeping the finished runs: %v\n", err)
		return
	}
	fmt.Fprintf(r.stderr, "loadbench: the runs that finished are in %s\n", partial)
}

// createOutput opens the -out directory's results.txt for writing: a
// pending file that replaces results.txt only when the run succeeds, or
// nil without -out.
func createOutput(dir string) (*renameio.PendingFile, error) {
	if dir == "" {
		return nil, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, usagef("-out: %v", err)
	}
	f, err := renameio.NewPendingFile(filepath.Join(dir, "results.txt"), renameio.WithPermissions(0o644))
	if err != nil {
		return nil, usagef("-out: %v", err)
	}
	return f, nil
}
