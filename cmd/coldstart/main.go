// Command coldstart measures what each client costs a program that makes
// one request and exits: binary size, time from process start to the first
// response, and peak RSS.
//
//	go run ./cmd/coldstart [-n 20] [-o FILE]
//
// It builds one minimal program per client (in the client's folder,
// clients/FOLDER/coldstart/CLIENT,
// ordinary packages of this module, so the libraries are the versions go.mod
// pins): each does one GET of the URL on its command line, decodes the JSON
// body into a struct, checks it, prints nothing and exits 0 (1 with a message
// on a wrong answer or an error). nethttp, resty, resty3 and retryablehttp
// use their library as a user would, fasthttp calls fasthttp.Get (a
// fasthttp.Client for https), hertz its client.NewClient's Get, and raw,
// the floor, writes an HTTP/1.1 GET on a net.Conn itself. Every program of a
// client with TLS or HTTP/3 rows also runs over https (scheme=https): given the file of the one
// certificate to trust after the URL, each GETs over TLS 1.3 with its
// library's defaults and checks the protocol they negotiate (HTTP/2 by
// ALPN for the net/http-based ones, HTTP/1.1 for fasthttp and hertz);
// xnethttp2 speaks only HTTP/2 over TLS (x/net's own
// http2.Transport) and http3 only HTTP/3 (quic-go's http3.Transport), and
// each runs only there. Each program is built twice, as built and stripped
// (-ldflags=-s -w); the timed runs use the binary as built.
//
// It starts the suite's fixture servers in-process on loopback: the
// cleartext one, the TLS one (tlsserver.Start: h2 and http/1.1 by ALPN) and
// the HTTP/3 one (tlsserver.StartH3), the last two with a certificate
// generated for the run, and runs each row (program and scheme) -n times as a
// fresh process, rotating the rows between runs so drift spreads over all
// of them. The time is from exec.Cmd.Start to the
// process's exit: since a program exits right after checking its one
// response, that is start to first response, and it includes process
// creation, runtime and package init (the library's included), the connect
// (loopback, no DNS) and the one request. Peak RSS is the program's maximum
// resident set size (wait4's maxrss), taken in a second run of the same
// program right after the timed one, started through cmd/coldstart/rusage:
// a child this process started directly would report this process's peak
// whenever it is the larger (see that command), and going through rusage
// would add its start to the time. A peak RSS at or below rusage's own
// high-water mark cannot be told from it and is an error. Linux only.
//
// The output is Go benchmark format, one line per run,
//
//	BenchmarkColdStart/scheme=http|https/client=X 1 NS ns/op SIZE binary-B SIZE binary-stripped-B RSS peak-RSS-B
//
// after Unit lines and configuration lines (commit, date, go, machine, runs),
// written by golang.org/x/perf/benchfmt.Writer (so the numbers are in Go's
// shortest form: 5.317612e+06 ns/op), and go tool benchstat gives each
// client's median and confidence interval. Where standard output is a
// terminal it gets the README's table of the results instead, and the
// results go to -o FILE or to a new file in the temporary directory, named
// on standard error (cli.Output).
// Bad flags and an -o FILE that cannot be written exit 2 (-h 0), a failed
// build or run 1; a program still running after 30 s is a failed run. -o
// FILE is replaced only by a run that succeeds. On SIGINT or SIGTERM it
// stops the build or the programs, removes its temporary directory (the
// built programs) and the pending output, and exits 1, interrupted.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/google/renameio/v2"
	"golang.org/x/perf/benchfmt"

	"github.com/httpclientbench/httpclientbench/clients/coldstart"
	"github.com/httpclientbench/httpclientbench/internal/cli"
	"github.com/httpclientbench/httpclientbench/internal/registry"
	"github.com/httpclientbench/httpclientbench/internal/results"
	"github.com/httpclientbench/httpclientbench/internal/runinfo"
	"github.com/httpclientbench/httpclientbench/server"
	"github.com/httpclientbench/httpclientbench/server/tlsserver"
)

// A client is one row (coldstart.Row): a client's program and the scheme
// of its URL, with the protocol its library speaks there.
type client = coldstart.Row

// clients are the rows, in output order (coldstart.Rows).
var clients = coldstart.Rows()

const (
	modulePath = "github.com/httpclientbench/httpclientbench/"
	rusagePkg  = modulePath + "cmd/coldstart/rusage"
)

func main() { cli.Main("coldstart", run) }

// runTimeout bounds each run of a program: one GET on loopback takes
// milliseconds, so a program still running after this is stuck.
var runTimeout = 30 * time.Second

// options is the validated command line.
type options struct {
	n        int    // fresh processes per row
	out      string // -o FILE, "" for none
	terminal bool   // standard output is a terminal: it gets the table
}

const usage = `usage: coldstart [-n N] [-o FILE]

Builds one minimal program per client and runs each -n times as a fresh
process against fixture servers on loopback: binary size, time from start
to the first response, peak RSS.

` + cli.OutputUsage + `
Flags:
`

func parseFlags(args []string, stderr io.Writer) (options, error) {
	fs := flag.NewFlagSet("coldstart", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), usage)
		fs.PrintDefaults()
	}
	var o options
	fs.IntVar(&o.n, "n", 20, "fresh processes per row (client and scheme)")
	out := cli.OutputFlag(fs)
	if err := cli.Parse(fs, args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, cli.Usagef("unexpected arguments %q", fs.Args())
	}
	if o.n < 1 {
		return o, cli.Usagef("-n %d: want 1 or more", o.n)
	}
	o.out = *out
	return o, nil
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	opt, err := parseFlags(args, stderr)
	if err != nil {
		return err
	}
	opt.terminal = cli.IsTerminal(stdout)
	return runWith(ctx, opt, stdout, stderr)
}

// runWith builds the programs, measures them and writes the results where
// cli.Output puts them, the README's table on a terminal.
func runWith(ctx context.Context, opt options, stdout, stderr io.Writer) error {
	// The output file is created now, so that an unwritable -o fails before
	// minutes of work, and replaces FILE only once the run has succeeded.
	out, err := cli.NewOutput("coldstart", opt.out, opt.terminal, stdout, stderr)
	if err != nil {
		return err
	}
	defer out.Cleanup()
	dir, err := os.MkdirTemp("", "coldstart")
	if err != nil {
		return err
	}
	defer func() {
		if err := os.RemoveAll(dir); err != nil {
			fmt.Fprintf(stderr, "coldstart: removing its temporary directory: %v\n", err)
		}
	}()
	progs, err := buildPrograms(ctx, dir, stderr)
	if err != nil {
		return err
	}
	// All or nothing: the results are written once every run succeeded.
	var buf bytes.Buffer
	if err := measure(ctx, &buf, dir, progs, opt.n); err != nil {
		return err
	}
	if _, err := out.Write(buf.Bytes()); err != nil {
		return err
	}
	return out.Close(func(results []byte) (string, error) {
		return coldstart.Table(bytes.NewReader(results), "the results")
	})
}

// program is one row's built program.
type program struct {
	client
	path           string // as built; the one run
	size, stripped int64  // bytes of the binary as built and stripped
	rusage         string // cmd/coldstart/rusage, to take its peak RSS
}

// buildPrograms is build; runWith's tests replace it with the one build of
// the programs that every test shares.
var buildPrograms = build

// build builds every row's program into dir, as built and stripped (once
// per program: a program's rows share its binaries), and
// cmd/coldstart/rusage; go build's temporary files go in dir too. Each
// kind is one go build of all the programs, which links them in parallel.
func build(ctx context.Context, dir string, stderr io.Writer) ([]program, error) {
	tmp := filepath.Join(dir, "go-tmp")
	if err := os.Mkdir(tmp, 0o700); err != nil {
		return nil, err
	}
	rusage := filepath.Join(dir, "rusage")
	if err := goBuild(ctx, stderr, tmp, "-o", rusage, rusagePkg); err != nil {
		return nil, err
	}
	var pkgs []string
	for _, c := range clients {
		if pkg := modulePath + registry.Of(c.Name).ColdStart(); !slices.Contains(pkgs, pkg) {
			pkgs = append(pkgs, pkg)
		}
	}
	// go build -o DIR/ names each binary after its package's last element:
	// the row's name.
	stripped := filepath.Join(dir, "stripped")
	for _, b := range []struct {
		out   string
		flags []string
	}{
		{dir, nil},
		{stripped, []string{"-ldflags=-s -w"}},
	} {
		if err := os.MkdirAll(b.out, 0o700); err != nil {
			return nil, err
		}
		if err := goBuild(ctx, stderr, tmp, slices.Concat([]string{"-o", b.out + string(filepath.Separator)}, b.flags, pkgs)...); err != nil {
			return nil, err
		}
	}
	var progs []program
	for _, c := range clients {
		p := program{client: c, path: filepath.Join(dir, c.Name), rusage: rusage}
		for _, b := range []struct {
			path string
			size *int64
		}{
			{p.path, &p.size},
			{filepath.Join(stripped, c.Name), &p.stripped},
		} {
			fi, err := os.Stat(b.path)
			if err != nil {
				return nil, err
			}
			*b.size = fi.Size()
		}
		progs = append(progs, p)
	}
	return progs, nil
}

// goBuild runs go build with args, its temporary files (GOTMPDIR) in tmp.
// It runs as a process group of its own, sent SIGINT as a whole when ctx
// ends: go and the compiler and linker it runs stop at once, as at a
// Ctrl-C in a terminal. go build does not catch the signal, so it leaves
// its work directory behind: in tmp, which build's caller removes.
func goBuild(ctx context.Context, stderr io.Writer, tmp string, args ...string) error {
	args = append([]string{"build"}, args...)
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Env = append(os.Environ(), "GOTMPDIR="+tmp)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGINT) }
	cmd.WaitDelay = 10 * time.Second
	cmd.Stderr = stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go %s: %w", strings.Join(args, " "), err)
	}
	return nil
}

// result is one fresh process's figures.
type result struct {
	wall    time.Duration // from Start to exit
	peakRSS int64         // bytes
}

// targets are where the programs send their GET: the /json of the
// cleartext fixture server (http), of the TLS one (https) and of the HTTP/3
// one (http3's https), and the file holding the TLS servers' certificate.
type targets struct {
	http, https, h3, certFile string
}

// args are p's arguments for t.
func (p program) args(t targets) []string {
	switch {
	case p.Scheme == "http":
		return []string{t.http}
	case !registry.Of(p.Name).Speaks(registry.H1TLS) && !registry.Of(p.Name).Speaks(registry.H2TLS): // HTTP/3 only, as the list above decides
		return []string{t.h3, t.certFile}
	}
	return []string{t.https, t.certFile}
}

// runOnce runs p against t as a fresh process and times it, then runs it
// again through rusage for its peak RSS.
func runOnce(ctx context.Context, p program, t targets) (result, error) {
	ctx, cancel := context.WithTimeout(ctx, runTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, p.path, p.args(t)...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return result{}, err
	}
	err := cmd.Wait()
	wall := time.Since(start)
	if err != nil {
		if ctx.Err() != nil {
			err = fmt.Errorf("no answer within %v: %w", runTimeout, err)
		}
		return result{}, fmt.Errorf("%s: %w: %s", p.Name, err, bytes.TrimSpace(out.Bytes()))
	}
	if out.Len() > 0 {
		return result{}, fmt.Errorf("%s: exited 0 but printed %q", p.Name, out.Bytes())
	}
	rss, err := peakRSS(ctx, p, t)
	if err != nil {
		return result{}, err
	}
	return result{wall: wall, peakRSS: rss}, nil
}

// peakRSS runs p against t through rusage and returns its peak RSS.
func peakRSS(ctx context.Context, p program, t targets) (int64, error) {
	ctx, cancel := context.WithTimeout(ctx, runTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, p.rusage, append([]string{p.path}, p.args(t)...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return 0, fmt.Errorf("%s (through rusage): %w: %s", p.Name, err, bytes.TrimSpace(stderr.Bytes()))
	}
	if stderr.Len() > 0 {
		return 0, fmt.Errorf("%s (through rusage): exited 0 but printed %q", p.Name, stderr.Bytes())
	}
	var maxrss, floor int64
	if _, err := fmt.Sscanf(stdout.String(), "maxrss=%d floor=%d\n", &maxrss, &floor); err != nil {
		return 0, fmt.Errorf("%s: rusage said %q: %w", p.Name, stdout.String(), err)
	}
	if maxrss <= floor {
		return 0, fmt.Errorf("%s: peak RSS %d bytes is not above rusage's own %d: not measurable", p.Name, maxrss, floor)
	}
	return maxrss, nil
}

// startServers starts the cleartext, TLS and HTTP/3 fixture servers on
// loopback, the TLS servers' certificate written into dir, until stop.
func startServers(dir string) (t targets, stop func() error, err error) {
	srv, err := server.Start()
	if err != nil {
		return t, nil, err
	}
	stops := []func() error{srv.Close}
	stop = func() error {
		var err error
		for _, s := range stops {
			err = errors.Join(err, s())
		}
		return err
	}
	cert, err := tlsserver.GenerateCert()
	if err != nil {
		return t, nil, errors.Join(err, stop())
	}
	t.certFile = filepath.Join(dir, "cert.pem")
	if err := renameio.WriteFile(t.certFile, cert.PEM(), 0o600); err != nil {
		return t, nil, errors.Join(err, stop())
	}
	tcp, err := tlsserver.Start(cert, tlsserver.WithAddr("127.0.0.1:0"))
	if err != nil {
		return t, nil, errors.Join(err, stop())
	}
	// The run is over when they stop: at once. (A program exits without
	// closing its QUIC connection, which a graceful shutdown of the HTTP/3
	// server would wait out until QUIC's idle timeout.)
	stops = append(stops, tcp.Abort)
	h3, err := tlsserver.StartH3(cert, tlsserver.WithAddr("127.0.0.1:0"))
	if err != nil {
		return t, nil, errors.Join(err, stop())
	}
	stops = append(stops, h3.Abort)
	t.http, t.https, t.h3 = srv.URL()+"/json", tcp.URL()+"/json", h3.URL()+"/json"
	return t, stop, nil
}

// measure starts the fixture servers, runs every program n times against
// their /json, rotating which client goes first, and writes the results.
func measure(ctx context.Context, w io.Writer, dir string, progs []program, n int) (err error) {
	t, stop, err := startServers(dir)
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, stop()) }()
	bw := benchfmt.NewWriter(w)
	if err := writeUnits(bw); err != nil {
		return err
	}
	config := runConfig(ctx, n)
	for i := range n {
		for j := range progs {
			p := progs[(i+j)%len(progs)]
			r, err := runOnce(ctx, p, t)
			if err != nil {
				return fmt.Errorf("run %d: %w", i+1, err)
			}
			if err := bw.Write(p.result(config, r)); err != nil {
				return err
			}
		}
	}
	return nil
}

// units are the units of a result, in order (coldstart.Units).
var units = coldstart.Units

// writeUnits writes the units' metadata.
func writeUnits(w *benchfmt.Writer) error {
	for _, u := range units {
		if err := w.Write(results.UnitMetadata(u, "better", "lower")); err != nil {
			return err
		}
	}
	return nil
}

// result is one run of p, with the run's configuration.
func (p program) result(config []benchfmt.Config, r result) *benchfmt.Result {
	res := &benchfmt.Result{Config: config, Name: benchfmt.Name(p.BenchName()), Iters: 1}
	for i, x := range []int64{r.wall.Nanoseconds(), p.size, p.stripped, r.peakRSS} {
		res.Values = append(res.Values, results.Value(float64(x), units[i]))
	}
	return res
}

// runConfig is the run's configuration, the lines before its first result.
func runConfig(ctx context.Context, n int) []benchfmt.Config {
	goVersion := runtime.Version()
	if v, err := exec.CommandContext(ctx, "go", "env", "GOVERSION").Output(); err == nil {
		goVersion = strings.TrimSpace(string(v)) // the toolchain that built the programs
	}
	var cfg []benchfmt.Config
	kv := func(k, v string) { cfg = append(cfg, results.Config(k, v)) }
	kv("commit", runinfo.Commit(ctx, "."))
	kv("date", time.Now().UTC().Format(time.RFC3339))
	kv("go", goVersion)
	kv("goos", runtime.GOOS)
	kv("goarch", runtime.GOARCH)
	kv("machine", runinfo.Machine(ctx))
	kv("runs", fmt.Sprintf("%d per row (client and scheme), rotating", n))
	kv("pkg", "github.com/httpclientbench/httpclientbench/cmd/coldstart")
	return cfg
}
