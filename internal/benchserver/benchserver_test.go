package benchserver

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/httpclientbench/httpclientbench/h2c"
	"github.com/httpclientbench/httpclientbench/internal/leakcheck"
	"github.com/httpclientbench/httpclientbench/internal/routetest"
)

func TestMain(m *testing.M) { leakcheck.VerifyTestMain(m) }

func TestBadArguments(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-nope"}, "flag provided but not defined"},
		{[]string{"-addr", "0.0.0.0:8080"}, "not a loopback address"},
		{[]string{"-addr", ":8080"}, "not a loopback address"},
		{[]string{"-addr", "example.com:80"}, "not a loopback address"},
		{[]string{"-addr", "127.0.0.1"}, "missing port"},
		{[]string{"-addr", "127.0.0.1:99999"}, "invalid port"},
		{[]string{"extra"}, "unexpected arguments"},
		{[]string{"-proto", "h3"}, "want h1 or h2c"},
		{[]string{"-proto", "h2c", "-window", "huge"}, "want one of 64KiB, default, tuned"},
		{[]string{"-gomaxprocs", "-1"}, "-gomaxprocs -1: want 0"},
		{[]string{"-gomaxprocs", "two"}, "invalid value"},
		{[]string{"-pause", "100ms"}, "both its duration and its period"},
		{[]string{"-pause-every", "1s"}, "both its duration and its period"},
		{[]string{"-pause", "1s", "-pause-every", "1s"}, "0 < duration < period"},
		{[]string{"-pause", "2s", "-pause-every", "1s"}, "0 < duration < period"},
		{[]string{"-pause", "-1s", "-pause-every", "1s"}, "0 < duration < period"},
		{[]string{"-proto", "h2c", "-pause", "-1s", "-pause-every", "-2s"}, "0 < duration < period"},
		{[]string{"-pause", "soon", "-pause-every", "1s"}, "invalid value"},
	} {
		var stderr strings.Builder
		err := Run(context.Background(), tc.args, io.Discard, &stderr)
		if err == nil || !strings.Contains(err.Error()+stderr.String(), tc.want) {
			t.Errorf("Run(%q) = %v (stderr %q), want an error mentioning %q", tc.args, err, stderr.String(), tc.want)
		}
	}
	if err := Run(context.Background(), []string{"-h"}, io.Discard, io.Discard); !errors.Is(err, flag.ErrHelp) {
		t.Errorf("Run(-h) = %v, want flag.ErrHelp", err)
	}
}

// TestServesAndStops starts the program on a free loopback port in each
// protocol, reads the URL it prints, runs the route conformance test against
// it and stops it as a signal would.
func TestServesAndStops(t *testing.T) {
	h2 := &http.Transport{}
	h2c.ConfigureTransport(h2, h2c.WindowDefault)
	for _, tc := range []struct {
		args []string
		rt   *http.Transport
	}{
		{[]string{"-addr", "127.0.0.1:0"}, &http.Transport{}},
		{[]string{"-addr", "127.0.0.1:0", "-proto", "h2c", "-window", "tuned"}, h2},
	} {
		t.Run(strings.Join(tc.args[2:], "_"), func(t *testing.T) { servesAndStops(t, tc.args, tc.rt) })
	}
}

func servesAndStops(t *testing.T, args []string, rt *http.Transport) {
	url, stop := runInProcess(t, args)
	hc := &http.Client{Timeout: 10 * time.Second, Transport: rt}
	routetest.Run(t, url, hc)
	hc.CloseIdleConnections()
	stop()
}

// runInProcess runs the program with args in this process and returns the
// URL it prints, and a function that stops it as a signal would and
// requires a clean exit.
func runInProcess(t *testing.T, args []string) (string, func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- Run(ctx, args, pw, io.Discard); pw.Close() }()

	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatalf("reading the banner: %v", err)
	}
	go io.Copy(io.Discard, pr)
	fields := strings.Fields(line)
	if len(fields) < 2 || !strings.HasPrefix(fields[1], "http://127.0.0.1:") {
		t.Fatalf("banner %q does not give the URL", line)
	}
	return fields[1], func() {
		t.Helper()
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("run returned %v after a clean stop", err)
			}
		case <-time.After(15 * time.Second):
			t.Fatal("run did not return after its context ended")
		}
	}
}

// TestPauses: -pause and -pause-every reach both front ends.
func TestPauses(t *testing.T) {
	h2 := func() *http.Client {
		tr := &http.Transport{}
		h2c.ConfigureTransport(tr, h2c.WindowDefault)
		return &http.Client{Timeout: 10 * time.Second, Transport: tr}
	}
	h1 := func() *http.Client { return &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{}} }
	for proto, newClient := range map[string]func() *http.Client{"h1": h1, "h2c": h2} {
		t.Run(proto, func(t *testing.T) {
			t.Parallel()
			routetest.CheckPause(t, func(d, period time.Duration) string {
				url, stop := runInProcess(t, []string{"-addr", "127.0.0.1:0", "-proto", proto, "-pause", d.String(), "-pause-every", period.String()})
				t.Cleanup(stop)
				return url
			}, newClient)
		})
	}
}

// TestLoopbackByDefault: without -addr the program listens on loopback, and
// -allow-remote is what lets a non-loopback address through (checked
// without listening there).
func TestLoopbackByDefault(t *testing.T) {
	if err := checkAddr(DefaultAddr, false); err != nil {
		t.Errorf("the default -addr %q is refused without -allow-remote: %v", DefaultAddr, err)
	}
	for _, addr := range []string{"0.0.0.0:8080", ":8080", "[::]:8080", "192.0.2.1:8080"} {
		if err := checkAddr(addr, false); err == nil {
			t.Errorf("checkAddr(%q, false) accepted a non-loopback address", addr)
		}
		if err := checkAddr(addr, true); err != nil {
			t.Errorf("checkAddr(%q, true) = %v, want it accepted with -allow-remote", addr, err)
		}
	}
	for _, addr := range []string{"127.0.0.1:0", "[::1]:0", "localhost:0", "LOCALHOST:0", "127.1.2.3:0"} {
		if err := checkAddr(addr, false); err != nil {
			t.Errorf("checkAddr(%q, false) = %v, want a loopback address accepted", addr, err)
		}
	}
}
