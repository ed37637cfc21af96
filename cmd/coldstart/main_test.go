package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"maps"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/quic-go/quic-go/http3"
	"github.com/valyala/fasthttp"

	"github.com/httpclientbench/httpclientbench/internal/cli"
	"github.com/httpclientbench/httpclientbench/internal/registry"
	"github.com/httpclientbench/httpclientbench/internal/testkit"
	"github.com/httpclientbench/httpclientbench/server"
	"github.com/httpclientbench/httpclientbench/server/servertest"
	"github.com/httpclientbench/httpclientbench/server/tlsserver"
)

// The programs are built once, for every test that needs them, into
// buildDir; TestMain removes it.
var (
	buildOnce sync.Once
	buildDir  string
	progs     []program
	buildErr  error
)

func TestMain(m *testing.M) {
	if os.Getenv(mainEnv) == "1" { // TestExitStatus and TestSignal's coldstart
		main()
	}
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	if code == 0 {
		if err := testkit.Settled(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			code = 1
		}
	}
	os.Exit(code)
}

func built(t *testing.T) []program {
	t.Helper()
	buildOnce.Do(func() {
		buildDir, buildErr = os.MkdirTemp("", "coldstart-test")
		if buildErr == nil {
			progs, buildErr = build(context.Background(), buildDir, os.Stderr)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return progs
}

// servers starts the fixture servers for the life of t, as measure does.
func servers(t *testing.T) targets {
	t.Helper()
	tg, stop, err := startServers(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := stop(); err != nil {
			t.Error(err)
		}
	})
	return tg
}

// wrongServers serve a /json whose count is 41, not 42, over HTTP/1.1, over
// TLS (h2 and http/1.1 by ALPN) and over HTTP/3, for the life of t.
func wrongServers(t *testing.T) targets {
	t.Helper()
	body := strings.Replace(server.JSONBody, "42", "41", 1)
	http1 := servertest.Start(t, server.WithHandler(func(ctx *fasthttp.RequestCtx) {
		ctx.SetContentType(server.ContentTypeJSON)
		ctx.SetBodyString(body)
	}))
	cert, certFile := newCertFile(t)
	wrong := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", server.ContentTypeJSON)
		io.WriteString(w, body)
	})
	tcp := httptest.NewUnstartedServer(wrong)
	tcp.TLS = cert.ServerConfig()
	tcp.EnableHTTP2 = true
	tcp.StartTLS()
	t.Cleanup(tcp.Close)
	h3 := servertest.ServeH3(t, &http3.Server{TLSConfig: http3.ConfigureTLSConfig(cert.ServerConfig()), Handler: wrong})
	return targets{http: http1.URL() + "/json", https: tcp.URL + "/json", h3: h3 + "/json", certFile: certFile}
}

// rowName names p's subtest: scheme/client.
func rowName(p program) string { return p.Scheme + "/" + p.Name }

// Every row's program succeeds against the fixture servers, with a time and
// a peak RSS, and its stripped binary is the smaller. The rows run in
// parallel: nothing here depends on the time but that there is one.
func TestProgramsSucceed(t *testing.T) {
	t.Parallel()
	ps := built(t)
	tg := servers(t)
	for _, p := range ps {
		t.Run(rowName(p), func(t *testing.T) {
			t.Parallel()
			r, err := runOnce(t.Context(), p, tg)
			if err != nil {
				t.Fatalf("%s: %v", p.Name, err)
			}
			if r.wall <= 0 || r.peakRSS <= 0 {
				t.Errorf("%s: %+v", p.Name, r)
			}
			if p.size <= p.stripped || p.stripped <= 0 {
				t.Errorf("%s: binary %d bytes, stripped %d", p.Name, p.size, p.stripped)
			}
		})
	}
}

// Each program checks the answer: a body with the wrong count and a 404 make
// it exit non-zero with a message, and runOnce fail; so does a certificate
// the http3 program does not trust. (A closed server would too, but
// retryablehttp retries a refused connect for 15 s by default.)
func TestProgramsFailOnWrongAnswer(t *testing.T) {
	t.Parallel()
	ps := built(t)
	wrong, right := wrongServers(t), servers(t)
	missing := right
	for _, u := range []*string{&missing.http, &missing.https, &missing.h3} {
		*u = strings.TrimSuffix(*u, "/json") + "/nothing-here"
	}
	untrusted := right
	untrusted.certFile = wrong.certFile
	for _, p := range ps {
		t.Run(rowName(p), func(t *testing.T) {
			t.Parallel()
			cases := []targets{wrong, missing}
			if p.Scheme == "https" {
				cases = append(cases, untrusted)
			}
			for _, tg := range cases {
				cmd := exec.CommandContext(t.Context(), p.path, p.args(tg)...)
				out, err := cmd.CombinedOutput()
				var exit *exec.ExitError
				if !errors.As(err, &exit) || exit.ExitCode() != 1 || !strings.HasPrefix(string(out), p.Name+": ") {
					t.Errorf("%s %q: %v, output %q; want exit status 1 and a message", p.Name, p.args(tg), err, out)
				}
				if _, err := runOnce(t.Context(), p, tg); err == nil {
					t.Errorf("runOnce %s %q: no error", p.Name, p.args(tg))
				}
			}
		})
	}
}

// Each https program checks the protocol its library negotiates by
// default: against a server offering only http/1.1 by ALPN, the
// net/http-based ones fail (they expect HTTP/2); those whose library speaks
// nothing else (fasthttp, hertz: no h2 over TLS in the registry) succeed;
// xnethttp2, which offers only h2, fails its handshake.
func TestProgramsCheckTheProtocol(t *testing.T) {
	t.Parallel()
	ps := built(t)
	right := servers(t)
	cert, certFile := newCertFile(t)
	h1Only := httptest.NewUnstartedServer(server.NewHTTPHandler())
	h1Only.TLS = cert.ServerConfig()
	h1Only.TLS.NextProtos = []string{"http/1.1"}
	h1Only.Config.ErrorLog = log.New(io.Discard, "", 0) // xnethttp2's failed handshake
	h1Only.StartTLS()
	t.Cleanup(h1Only.Close)
	tg := right
	tg.https, tg.certFile = h1Only.URL+"/json", certFile
	for _, p := range ps {
		if p.Scheme != "https" || p.Name == "http3" {
			continue
		}
		t.Run(rowName(p), func(t *testing.T) {
			t.Parallel()
			out, err := exec.CommandContext(t.Context(), p.path, p.args(tg)...).CombinedOutput()
			onlyH1 := !registry.Of(p.Name).Speaks(registry.H2TLS)
			switch {
			case p.Name == "xnethttp2":
				if err == nil || !strings.Contains(string(out), "tls: no application protocol") {
					t.Errorf("xnethttp2 against an http/1.1-only server: %v %q; want a failed handshake", err, out)
				}
			case onlyH1 && err != nil:
				t.Errorf("%s over HTTP/1.1: %v %q", p.Name, err, out)
			case !onlyH1 && (err == nil || !strings.Contains(string(out), "want HTTP/2")):
				t.Errorf("%s over HTTP/1.1: %v %q; want a protocol error", p.Name, err, out)
			}
		})
	}
}

// The peak RSS is the program's own, not this process's: with 256 MiB
// touched here, a program directly started would report at least that.
func TestPeakRSSIsTheProgramsOwn(t *testing.T) {
	t.Parallel()
	ps := built(t)
	ballast := make([]byte, 256<<20)
	for i := range ballast {
		ballast[i] = 1
	}
	tg := servers(t)
	for _, p := range ps {
		rss, err := peakRSS(t.Context(), p, tg)
		if err != nil {
			t.Fatal(err)
		}
		if rss >= 128<<20 {
			t.Errorf("%s: peak RSS %d bytes: this process's, not the program's", p.Name, rss)
		}
	}
	// Started directly, a program reports this process's peak: the reason
	// for rusage.
	cmd := exec.CommandContext(t.Context(), ps[0].path, ps[0].args(tg)...)
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	if rss := maxrss(cmd.ProcessState); rss < 256<<20 {
		t.Logf("a directly started program reported %d bytes; this kernel does not pass on the parent's peak", rss)
	}
	runtime.KeepAlive(ballast)
}

// maxrss is a finished process's maxrss from wait4, in bytes.
func maxrss(ps *os.ProcessState) int64 {
	return ps.SysUsage().(*syscall.Rusage).Maxrss * 1024
}

func TestBadFlags(t *testing.T) {
	for _, args := range [][]string{{"-n", "0"}, {"-n", "-3"}, {"-n", "x"}, {"-nope"}, {"extra"}} {
		var stderr bytes.Buffer
		err := run(t.Context(), args, io.Discard, &stderr)
		var usage cli.UsageError
		if !errors.As(err, &usage) {
			t.Errorf("%q: %v, want a usage error (exit 2)", args, err)
		}
	}
}

// An unwritable -o fails at once, before anything is built or run, as a
// mistake in the command line (exit status 2, as benchrun and loadbench).
func TestUnwritableOutput(t *testing.T) {
	err := run(t.Context(), []string{"-n", "1", "-o", filepath.Join(t.TempDir(), "no-such-dir", "out.txt")}, io.Discard, io.Discard)
	var usage cli.UsageError
	if !errors.As(err, &usage) || !strings.HasPrefix(err.Error(), "-o: ") {
		t.Fatalf("run: %v; want a usage error about -o before any work", err)
	}
}

// A program that gets no answer is stopped at runTimeout and its run fails.
func TestSilentServerTimesOut(t *testing.T) {
	ps := built(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	conns := make(chan net.Conn, 100)
	go func() { // accept and say nothing
		defer close(conns)
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			conns <- c
		}
	}()
	defer func() {
		ln.Close()
		for c := range conns {
			c.Close()
		}
	}()
	old := runTimeout
	runTimeout = 500 * time.Millisecond
	defer func() { runTimeout = old }()
	tg := servers(t)
	tg.http = "http://" + ln.Addr().String() + "/json"
	_, err = runOnce(t.Context(), ps[0], tg)
	if err == nil || !strings.Contains(err.Error(), "no answer within") {
		t.Fatalf("runOnce against a silent server: %v; want the time limit", err)
	}
}

// newCertFile is a new certificate and the file, for the life of t, that
// holds it (PEM) for a program to trust.
func newCertFile(t *testing.T) (*tlsserver.Cert, string) {
	t.Helper()
	cert := servertest.NewCert(t)
	file := filepath.Join(t.TempDir(), "cert.pem")
	if err := os.WriteFile(file, cert.PEM(), 0o600); err != nil {
		t.Fatal(err)
	}
	return cert, file
}

// TestRowsAreTheRegistry: every client of the registry with HTTP/1.1, TLS
// or HTTP/3 rows has its rows and its program in its folder
// (registry.Client.ColdStart), and every program in a client's folder is
// such a client's.
func TestRowsAreTheRegistry(t *testing.T) {
	rows := map[string]bool{}
	schemes := map[string][]string{}
	for _, c := range clients {
		rows[c.Name] = true
		schemes[c.Name] = append(schemes[c.Name], c.Scheme)
	}
	for _, rc := range registry.All() {
		var want []string
		if rc.Speaks(registry.H1) {
			want = append(want, "http")
		}
		if rc.Protos&(registry.H1TLS|registry.H2TLS|registry.H3) != 0 {
			want = append(want, "https")
		}
		if !slices.Equal(schemes[rc.Name], want) {
			t.Errorf("%s (%v): rows %q, want %q", rc.Name, rc.Protos, schemes[rc.Name], want)
		}
	}
	// Every program under clients/*/coldstart/ but the shared ones
	// (clients/coldstart/) is a row's.
	dirs, err := filepath.Glob("../../clients/*/coldstart/*/main.go")
	if err != nil {
		t.Fatal(err)
	}
	programs := map[string]bool{}
	for _, d := range dirs {
		programs[strings.TrimPrefix(filepath.ToSlash(filepath.Dir(d)), "../../")] = true
	}
	for _, name := range slices.Sorted(maps.Keys(rows)) {
		if dir := registry.Of(name).ColdStart(); !programs[dir] {
			t.Errorf("client %s has rows but no program: want %s/main.go", name, dir)
		}
		delete(programs, registry.Of(name).ColdStart())
	}
	for _, dir := range slices.Sorted(maps.Keys(programs)) {
		t.Errorf("%s is no registry client's program: remove it, or add the client to internal/registry", dir)
	}
}
