// Package benchserver is cmd/benchserver: the suite's fixture server as a
// program of its own, run by that command and by cmd/loadbench (which
// starts it in a process of its own). See cmd/benchserver for the flags.
package benchserver

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"runtime"
	"strings"
	"time"

	"github.com/google/renameio/v2"

	"github.com/httpclientbench/httpclientbench/internal/cli"
	"github.com/httpclientbench/httpclientbench/server"
	"github.com/httpclientbench/httpclientbench/server/h2c"
	"github.com/httpclientbench/httpclientbench/server/tlsserver"
)

// DefaultAddr is where benchserver listens without -addr.
const DefaultAddr = "127.0.0.1:8080"

// RemoteMaxConns is how many connections benchserver holds at once on an
// address other than loopback unless -max-conns says otherwise. On
// loopback it holds as many as it is sent: the load mode opens a
// connection per worker, and the suite's fresh-connection rows many
// more, all of them its own.
const RemoteMaxConns = 1024

// Run parses args, serves until ctx ends, then shuts down (waiting up to 10 s
// for requests in flight).
func Run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	o, err := parseOptions(args, stderr)
	if err != nil {
		return err
	}
	if o.gomaxprocs > 0 {
		runtime.GOMAXPROCS(o.gomaxprocs)
	}
	var cert *tlsserver.Cert
	if o.useTLS || o.proto == "h3" {
		c, err := tlsserver.GenerateCert()
		if err != nil {
			return err
		}
		cert = c
	}
	// -cert-out is replaced only once this server listens, and whole: a
	// second start on a busy port must not swap the certificate of the
	// server already there for one nobody serves. The pending file, next
	// to it, shows an unwritable directory before anything starts.
	var pem *renameio.PendingFile
	if o.certOut != "" {
		f, err := renameio.NewPendingFile(o.certOut, renameio.WithPermissions(0o644))
		if err != nil {
			return fmt.Errorf("-cert-out: %w", err)
		}
		defer f.Cleanup() // after CloseAtomicallyReplace, a no-op
		pem = f
	}
	// Every front end reports connection errors to stderr, bounded: a
	// peer abandoning 500 handshakes must not print 500 lines.
	errLog := newErrorLog(stderr, "benchserver: ")
	srv, what, err := o.start(cert, errLog)
	if err != nil {
		return err
	}
	var certErr error
	if pem != nil {
		if certErr = writeCert(pem, cert); certErr != nil {
			certErr = fmt.Errorf("-cert-out: %w", certErr)
		}
	}
	if certErr == nil {
		fmt.Fprintln(stdout, banner(srv.URL(), what, o.pause, o.pauseEvery, o.maxConns))
		<-ctx.Done()
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return errors.Join(certErr, srv.Shutdown(shutdownCtx))
}

// options are benchserver's flags, checked.
type options struct {
	addr, proto, certOut, window string
	allowRemote, useTLS          bool
	gomaxprocs, maxConns         int
	pause, pauseEvery            time.Duration
}

// parseOptions parses and checks args, writing usage to stderr.
func parseOptions(args []string, stderr io.Writer) (options, error) {
	var o options
	fs := flag.NewFlagSet("benchserver", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.addr, "addr", DefaultAddr, "listen address, host:port (port 0 picks a free one)")
	fs.BoolVar(&o.allowRemote, "allow-remote", false, "allow a non-loopback -addr (the server has no authentication)")
	fs.StringVar(&o.proto, "proto", "h1", "protocol: h1 (HTTP/1.1, fasthttp; with -tls, HTTP/1.1 and HTTP/2 over TLS by ALPN, net/http), "+
		"h2c (HTTP/2 cleartext with prior knowledge, net/http) or h3 (HTTP/3 over QUIC, quic-go)")
	fs.BoolVar(&o.useTLS, "tls", false, "serve HTTP/1.1 and HTTP/2 over TLS 1.3, chosen by ALPN, with a self-signed certificate generated at start (its SHA-256 fingerprint is in the first line)")
	fs.StringVar(&o.certOut, "cert-out", "", "with -tls or -proto h3, write the generated certificate (PEM, not its key) to `file`, for curl --cacert")
	fs.StringVar(&o.window, "window", h2c.WindowDefault.Name, "with -proto h2c, the server's receive windows: "+windowNames())
	fs.IntVar(&o.gomaxprocs, "gomaxprocs", 0, "set runtime.GOMAXPROCS of the server process to `n` (0 leaves Go's default)")
	fs.DurationVar(&o.pause, "pause", 0, "with -pause-every P, stop answering for `D` every P: pauses begin P, 2P, 3P... after the server starts and each lasts D; "+
		"a request whose handler starts during a pause waits until the pause ends, then is answered normally; "+
		"requests being answered when a pause begins finish; GET /stats is never paused. Needs 0 < D < P and D below the 30s read timeout")
	fs.DurationVar(&o.pauseEvery, "pause-every", 0, "the period `P` of -pause (set both, or neither)")
	fs.IntVar(&o.maxConns, "max-conns", -1, fmt.Sprintf("hold at most `n` connections at once (TCP: the rest wait unaccepted; HTTP/3: the rest are closed); "+
		"0 is no limit; -1 (the default) is %d on an address other than loopback and no limit on loopback", RemoteMaxConns))
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: benchserver [-addr host:port] [-proto h1|h2c|h3] [-tls] [-cert-out file] [-window preset] [-allow-remote] [-max-conns n] [-gomaxprocs n] [-pause D -pause-every P]\n\nServes the httpclientbench fixture routes.\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	if err := checkAddr(o.addr, o.allowRemote); err != nil {
		return o, err
	}
	if o.maxConns < -1 {
		return o, fmt.Errorf("-max-conns %d: want 0 (no limit) or more, or -1 (the default)", o.maxConns)
	}
	o.maxConns = maxConnsAt(o.maxConns, o.addr)
	if o.gomaxprocs < 0 {
		return o, fmt.Errorf("-gomaxprocs %d: want 0 (Go's default) or more", o.gomaxprocs)
	}
	if err := (server.Pause{D: o.pause, Every: o.pauseEvery}).Check(); err != nil {
		return o, fmt.Errorf("-pause %v -pause-every %v: %w", o.pause, o.pauseEvery, err)
	}
	if o.pause >= server.DefaultReadTimeout {
		// A request that arrives as a pause begins waits it out, and its
		// body must still be read within the read timeout.
		return o, fmt.Errorf("-pause %v: want less than the servers' read timeout, %v", o.pause, server.DefaultReadTimeout)
	}
	if err := checkCombination(fs, o.proto, o.useTLS); err != nil {
		return o, err
	}
	return o, nil
}

// start starts the server o asks for, presenting cert where it speaks
// TLS, logging connection errors to errLog; what describes it.
func (o options) start(cert *tlsserver.Cert, errLog *log.Logger) (srv serving, what string, err error) {
	switch {
	case o.useTLS:
		srv, err = tlsserver.Start(cert, tlsserver.WithAddr(o.addr), tlsserver.WithMaxConns(o.maxConns), tlsserver.WithPause(o.pause, o.pauseEvery), tlsserver.WithErrorLog(errLog))
		what = "HTTP/1.1 and HTTP/2 over TLS 1.3 by ALPN, certificate SHA-256 " + cert.Fingerprint()
	case o.proto == "h3":
		srv, err = tlsserver.StartH3(cert, tlsserver.WithAddr(o.addr), tlsserver.WithMaxConns(o.maxConns), tlsserver.WithPause(o.pause, o.pauseEvery))
		what = "HTTP/3 over QUIC, certificate SHA-256 " + cert.Fingerprint()
	case o.proto == "h1":
		srv, err = server.Start(
			server.WithAddr(o.addr),
			server.WithMaxConns(o.maxConns),
			server.WithLogger(errLog),
			server.WithPause(o.pause, o.pauseEvery),
		)
		what = "HTTP/1.1"
	case o.proto == "h2c":
		w, werr := lookupWindow(o.window)
		if werr != nil {
			return nil, "", werr
		}
		srv, err = h2c.Start(w, h2c.WithAddr(o.addr), h2c.WithMaxConns(o.maxConns), h2c.WithPause(o.pause, o.pauseEvery), h2c.WithErrorLog(errLog))
		what = "h2c, prior knowledge, window=" + w.Name
	}
	return srv, what, err
}

// writeCert writes cert's PEM into f and puts f in its place.
func writeCert(f *renameio.PendingFile, cert *tlsserver.Cert) error {
	if _, err := f.Write(cert.PEM()); err != nil {
		return err
	}
	return f.CloseAtomicallyReplace()
}

// checkCombination refuses a -proto unknown or flags that do not apply to
// it: -tls is for h1 (h2c is cleartext, h3 always TLS), -cert-out needs a
// certificate, -window is h2c's.
func checkCombination(fs *flag.FlagSet, proto string, useTLS bool) error {
	switch proto {
	case "h1", "h2c", "h3":
	default:
		return fmt.Errorf("-proto %q: want h1, h2c or h3", proto)
	}
	set := cli.Given(fs)
	switch {
	case useTLS && proto != "h1":
		return fmt.Errorf("-tls with -proto %s: -tls serves HTTP/1.1 and HTTP/2 by ALPN (leave -proto at h1); h2c is cleartext and h3 is always TLS", proto)
	case set["cert-out"] && !useTLS && proto != "h3":
		return errors.New("-cert-out needs a certificate: pass -tls or -proto h3")
	case set["window"] && proto != "h2c":
		return fmt.Errorf("-window applies only to -proto h2c, not %s", describe(proto, useTLS))
	}
	return nil
}

func describe(proto string, useTLS bool) string {
	if useTLS {
		return "-tls"
	}
	return "-proto " + proto
}

// banner is the line benchserver prints once it listens. Scripts and tests
// read the URL as its second field.
func banner(url, what string, pause, every time.Duration, maxConns int) string {
	line := fmt.Sprintf("serving %s (%s); GET / lists the routes, GOMAXPROCS %d", url, what, runtime.GOMAXPROCS(0))
	if maxConns > 0 {
		line += fmt.Sprintf(", at most %d connections at once", maxConns)
	}
	if pause > 0 {
		line += fmt.Sprintf(", pausing %v every %v", pause, every)
	}
	return line
}

// serving is what every fixture server offers.
type serving interface {
	URL() string
	Shutdown(context.Context) error
}

func windowNames() string {
	var names []string
	for _, w := range h2c.Windows {
		names = append(names, w.Name)
	}
	return strings.Join(names, ", ")
}

func lookupWindow(name string) (h2c.Window, error) {
	for _, w := range h2c.Windows {
		if w.Name == name {
			return w, nil
		}
	}
	return h2c.Window{}, fmt.Errorf("-window %q: want one of %s", name, windowNames())
}

// checkAddr accepts host:port where host is a loopback IP or "localhost",
// or any host when allowRemote is set.
func checkAddr(addr string, allowRemote bool) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("-addr %q: %v", addr, err)
	}
	if allowRemote {
		return nil
	}
	if IsLoopback(host) {
		return nil
	}
	return fmt.Errorf("-addr %q is not a loopback address; pass -allow-remote to listen there", addr)
}

// maxConnsAt resolves -max-conns n for the address addr: -1, the default,
// is RemoteMaxConns off loopback and no limit (0) on it.
func maxConnsAt(n int, addr string) int {
	if n != -1 {
		return n
	}
	if host, _, _ := net.SplitHostPort(addr); IsLoopback(host) {
		return 0
	}
	return RemoteMaxConns
}

// IsLoopback reports whether host is a loopback IP address or "localhost".
func IsLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
