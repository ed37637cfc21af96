// Package benchserver is cmd/benchserver: the suite's fixture server as a
// program of its own, run by that command and by cmd/loadbench (which
// starts it in a process of its own). See cmd/benchserver for the flags.
package benchserver

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"runtime"
	"strings"
	"time"

	"github.com/httpclientbench/httpclientbench/fixtures"
	"github.com/httpclientbench/httpclientbench/h2c"
)

// DefaultAddr is where benchserver listens without -addr.
const DefaultAddr = "127.0.0.1:8080"

// Run parses args, serves until ctx ends, then shuts down (waiting up to 10 s
// for requests in flight).
func Run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("benchserver", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", DefaultAddr, "listen address, host:port (port 0 picks a free one)")
	allowRemote := fs.Bool("allow-remote", false, "allow a non-loopback -addr (the server has no authentication)")
	proto := fs.String("proto", "h1", "protocol: h1 (HTTP/1.1, fasthttp) or h2c (HTTP/2 cleartext with prior knowledge, net/http)")
	window := fs.String("window", h2c.WindowDefault.Name, "with -proto h2c, the server's receive windows: "+windowNames())
	gomaxprocs := fs.Int("gomaxprocs", 0, "set runtime.GOMAXPROCS of the server process to `n` (0 leaves Go's default)")
	pause := fs.Duration("pause", 0, "with -pause-every P, stop answering for `D` every P: pauses begin P, 2P, 3P... after the server starts and each lasts D; "+
		"a request whose handler starts during a pause waits until the pause ends, then is answered normally; "+
		"requests being answered when a pause begins finish; GET /stats is never paused. Needs 0 < D < P")
	pauseEvery := fs.Duration("pause-every", 0, "the period `P` of -pause (set both, or neither)")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: benchserver [-addr host:port] [-proto h1|h2c] [-window preset] [-allow-remote] [-gomaxprocs n] [-pause D -pause-every P]\n\nServes the httpclientbench fixture routes.\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	if err := checkAddr(*addr, *allowRemote); err != nil {
		return err
	}
	if *gomaxprocs < 0 {
		return fmt.Errorf("-gomaxprocs %d: want 0 (Go's default) or more", *gomaxprocs)
	}
	if err := (fixtures.Pause{D: *pause, Every: *pauseEvery}).Check(); err != nil {
		return fmt.Errorf("-pause %v -pause-every %v: %w", *pause, *pauseEvery, err)
	}
	if *gomaxprocs > 0 {
		runtime.GOMAXPROCS(*gomaxprocs)
	}
	var (
		srv  server
		what string
		err  error
	)
	switch *proto {
	case "h1":
		srv, err = fixtures.Start(
			fixtures.WithAddr(*addr),
			fixtures.WithLogger(log.New(stderr, "benchserver: ", log.LstdFlags)),
			fixtures.WithPause(*pause, *pauseEvery),
		)
		what = "HTTP/1.1"
	case "h2c":
		w, werr := lookupWindow(*window)
		if werr != nil {
			return werr
		}
		srv, err = h2c.Start(w, h2c.WithAddr(*addr), h2c.WithPause(*pause, *pauseEvery))
		what = "h2c, prior knowledge, window=" + w.Name
	default:
		return fmt.Errorf("-proto %q: want h1 or h2c", *proto)
	}
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, banner(srv.URL(), what, *pause, *pauseEvery))
	<-ctx.Done()
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return srv.Shutdown(shutdownCtx)
}

// banner is the line benchserver prints once it listens. Scripts and tests
// read the URL as its second field.
func banner(url, what string, pause, every time.Duration) string {
	line := fmt.Sprintf("serving %s (%s); GET / lists the routes, GOMAXPROCS %d", url, what, runtime.GOMAXPROCS(0))
	if pause > 0 {
		line += fmt.Sprintf(", pausing %v every %v", pause, every)
	}
	return line
}

// server is what both fixture servers offer.
type server interface {
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

// IsLoopback reports whether host is a loopback IP address or "localhost".
func IsLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
