// Command benchserver serves the suite's fixture routes (the same route table
// as the in-process servers) as a standalone program, so that curl, wrk,
// h2load or the suite itself (HTTPBENCH_TARGET) can reach them from another
// process:
//
//	go run ./cmd/benchserver -addr 127.0.0.1:8080             # HTTP/1.1 (fasthttp)
//	go run ./cmd/benchserver -proto h2c -addr 127.0.0.1:8443  # HTTP/2 cleartext, prior knowledge
//	go run ./cmd/benchserver -tls -cert-out cert.pem           # HTTP/1.1 and HTTP/2 over TLS 1.3 (ALPN)
//	go run ./cmd/benchserver -proto h3 -cert-out cert.pem      # HTTP/3 over QUIC
//
// With -tls or -proto h3 it generates a self-signed certificate at start,
// prints its SHA-256 fingerprint and writes it (not its key) to -cert-out,
// for curl --cacert cert.pem.
//
// It binds loopback unless -allow-remote is given, prints its URL, and stops
// cleanly on SIGINT or SIGTERM. For load generators: GET /stats reports the
// connections it has accepted and its GOMAXPROCS, -gomaxprocs sets the
// latter, and -pause D -pause-every P makes it stop answering for D every P
// (to check that a load generator measures latency from each request's due
// time):
//
//	go run ./cmd/benchserver -gomaxprocs 2 -pause 150ms -pause-every 1s
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/httpclientbench/httpclientbench/server/benchserver"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	if err := benchserver.Run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "benchserver:", err)
		}
		os.Exit(2)
	}
}
