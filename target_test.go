package httpclientbench_test

import (
	"fmt"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/fixtures"
	"github.com/httpclientbench/httpclientbench/h2c"
)

// TargetEnv names the environment variable that points the HTTP/1.1
// benchmarks at a running cmd/benchserver instead of an in-process server.
const TargetEnv = "HTTPBENCH_TARGET"

// parseTarget validates a HTTPBENCH_TARGET value: http://host:port with no
// path, query or user info. It returns the base URL without a trailing slash.
func parseTarget(s string) (string, error) {
	u, err := url.Parse(s)
	if err != nil {
		return "", fmt.Errorf("%s=%q: %v", TargetEnv, s, err)
	}
	if u.Scheme != "http" || u.Host == "" || u.Port() == "" || u.User != nil ||
		(u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" {
		return "", fmt.Errorf("%s=%q: want http://host:port (a cmd/benchserver address)", TargetEnv, s)
	}
	return strings.TrimSuffix(u.String(), "/"), nil
}

// h1Target returns the base URL of the HTTP/1.1 fixture server: the one
// HTTPBENCH_TARGET names, or a new in-process server that is closed when tb
// ends.
func h1Target(tb testing.TB) string {
	tb.Helper()
	if s := os.Getenv(TargetEnv); s != "" {
		base, err := parseTarget(s)
		if err != nil {
			tb.Fatal(err)
		}
		return base
	}
	return startServer(tb).URL()
}

// startServer starts an in-process fixture server for the life of tb.
func startServer(tb testing.TB, opts ...fixtures.Option) *fixtures.Server {
	tb.Helper()
	srv, err := fixtures.Start(opts...)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		if err := srv.Close(); err != nil {
			tb.Errorf("closing fixture server: %v", err)
		}
	})
	return srv
}

// startH2C starts an in-process h2c fixture server with receive windows w
// for the life of tb.
func startH2C(tb testing.TB, w h2c.Window, opts ...h2c.Option) *h2c.Server {
	tb.Helper()
	srv, err := h2c.Start(w, opts...)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		if err := srv.Close(); err != nil {
			tb.Errorf("closing h2c server: %v", err)
		}
	})
	return srv
}
