package suite

import (
	"fmt"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/server/h2c"
	"github.com/httpclientbench/httpclientbench/server/servertest"
)

// servers says where variants send their requests.
type servers struct {
	h1 target // the HTTP/1.1 fixture server
	// h2 starts an h2c fixture server with window w for the life of tb.
	h2 func(tb testing.TB, w h2c.Window, opts ...h2c.Option) *h2c.Server
	// tls serves the TLS rows over TCP (h1 and h2 by ALPN), h3 over QUIC;
	// their proto is set per row.
	tls, h3 target
	// procs serves the server=process rows.
	procs *procServers
}

// defaultServers: HTTP/1.1 to h1Target (in-process or HTTPBENCH_TARGET),
// h2c to a new in-process h2c server per leaf, the TLS rows to in-process
// TLS servers (startTLSServers). The HTTP/1.1 and TLS servers are started
// only if some variant of fs needs them.
func defaultServers(tb testing.TB, fs ...Family) servers {
	tb.Helper()
	s := servers{h2: func(tb testing.TB, w h2c.Window, opts ...h2c.Option) *h2c.Server {
		return servertest.StartH2C(tb, w, opts...)
	}, procs: &procServers{tb: tb}}
	for _, f := range fs {
		for _, v := range f.variants {
			switch {
			case v.tls != 0 && s.tls.base == "":
				s.tls, s.h3 = startTLSServers(tb)
			case v.tls == 0 && v.cfg.H2C == nil && s.h1.base == "":
				s.h1 = h1Target(tb)
			}
		}
	}
	return s
}

// target returns where v's requests go, starting an h2c server if v needs
// one.
func (s servers) target(tb testing.TB, v variant) target {
	switch {
	case v.net != nil:
		return netTarget(tb, v)
	case v.process:
		return s.procs.target(tb, v)
	}
	switch v.tls {
	case 1, 2:
		t := s.tls
		t.proto = v.tls
		return t
	case 3:
		return s.h3
	}
	if v.cfg.H2C != nil {
		conns := new(servertest.Conns)
		srv := s.h2(tb, *v.cfg.H2C, servertest.WithConns(conns))
		return target{base: srv.URL(), proto: 2, conns: conns.Open, opened: conns.Opened, requests: srv.Requests, wire: srv.Wire}
	}
	return s.h1
}

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

// h1Target returns the HTTP/1.1 fixture server: the one HTTPBENCH_TARGET
// names (whose connections the suite cannot count), or a new in-process
// server that is closed when tb ends.
func h1Target(tb testing.TB) target {
	tb.Helper()
	if s := os.Getenv(TargetEnv); s != "" {
		base, err := parseTarget(s)
		if err != nil {
			tb.Fatal(err)
		}
		return target{base: base, proto: 1}
	}
	srv := servertest.Start(tb)
	return target{base: srv.URL(), proto: 1, opened: srv.Opened, requests: srv.Requests, wire: srv.Wire}
}
