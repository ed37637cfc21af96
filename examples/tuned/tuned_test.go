// Package tuned benchmarks net/http with a tuned transport against its
// defaults on every row of httpclientbench's suite it can take.
package tuned

import (
	"net/http"
	"testing"

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

// TestReadme: README.md's tables are what benchstat makes of results.txt.
func TestReadme(t *testing.T) { exampletest.Readme(t) }
