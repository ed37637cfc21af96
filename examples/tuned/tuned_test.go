// Package tuned benchmarks net/http with a tuned transport against its
// defaults on every row of httpclientbench's suite it can take.
package tuned

import (
	"crypto/tls"
	"net/http"
	"testing"

	"github.com/httpclientbench/httpclientbench/behaviour"
	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/internal/exampletest"
	"github.com/httpclientbench/httpclientbench/suite"
)

// tune is the tuning under test: a larger idle pool per host, no
// transparent gzip (no Accept-Encoding: gzip on every request), and
// HTTP/1.1 only.
func tune(t *http.Transport) {
	t.MaxIdleConnsPerHost = 256
	t.DisableCompression = true
	var p http.Protocols
	p.SetHTTP1(true)
	t.Protocols = &p
}

// tuned runs beside the suite's nethttp (the defaults, with the suite's
// fairness settings) on the HTTP/1.1 rows, cleartext and over TLS: with
// HTTP/2 off it has no other.
var tuned = suite.Client{Factory: clients.TunedNetHTTP("tuned", tune), Speaks: suite.H1 | suite.H1TLS}

func BenchmarkTuned(b *testing.B) { suite.Benchmark(b, tuned) }

func TestTuned(t *testing.T) { suite.Test(t, tuned) }

// TestBehaviour: the tuned transport's column of the behaviour table,
// built as a service would (http.DefaultTransport's settings, tuned),
// beside net/http's defaults; README.md keeps it.
func TestBehaviour(t *testing.T) {
	tab := behaviour.Column(t, behaviour.Brought{
		Name: "tuned",
		New: func(tc *tls.Config) (*http.Client, error) {
			tr := http.DefaultTransport.(*http.Transport).Clone()
			tr.TLSClientConfig = tc
			tune(tr)
			return &http.Client{Transport: tr}, nil
		},
		Fixes: map[string]behaviour.Fix{
			"accept-encoding": compression, "gzip": compression,
			"http2": {Line: "t.Protocols.SetHTTP2(true)", Apply: func(hc *http.Client) {
				hc.Transport.(*http.Transport).Protocols.SetHTTP2(true)
			}},
		},
	})
	exampletest.Behaviour(t, tab)
}

var compression = behaviour.Fix{Line: "t.DisableCompression = false", Apply: func(hc *http.Client) {
	hc.Transport.(*http.Transport).DisableCompression = false
}}

// TestReadme: README.md's tables are what benchstat makes of results.txt.
func TestReadme(t *testing.T) { exampletest.Readme(t) }
