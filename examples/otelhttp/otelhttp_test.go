// Package otelhttp benchmarks what OpenTelemetry's net/http
// instrumentation (otelhttp.NewTransport) costs per request on every row
// of httpclientbench's suite a net/http client takes: with the global
// tracer provider left at its default, a no-op, and with an SDK tracer
// provider that samples every span and drops it when it ends.
package otelhttp

import (
	"net/http"
	"testing"

	"go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/trace/noop"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/internal/exampletest"
	"github.com/httpclientbench/httpclientbench/suite"
)

// sdk samples every span and hands it to no exporter: what the SDK itself
// costs, without an exporter's.
var sdk = sdktrace.NewTracerProvider(sdktrace.WithSampler(sdktrace.AlwaysSample()))

// all is every protocol a net/http transport speaks in the suite.
const all = suite.H1 | suite.H2C | suite.H1TLS | suite.H2TLS

var instrumented = []suite.Client{
	{Factory: clients.Middleware("otel_noop", func(rt http.RoundTripper) http.RoundTripper {
		return otelhttp.NewTransport(rt, otelhttp.WithTracerProvider(noop.NewTracerProvider()))
	}), Speaks: all},
	{Factory: clients.Middleware("otel_sdk", func(rt http.RoundTripper) http.RoundTripper {
		return otelhttp.NewTransport(rt, otelhttp.WithTracerProvider(sdk))
	}), Speaks: all},
}

func BenchmarkOtelHTTP(b *testing.B) { suite.Benchmark(b, instrumented...) }

func TestOtelHTTP(t *testing.T) { suite.Test(t, instrumented...) }

// TestReadme: README.md's tables are what benchstat makes of results.txt.
func TestReadme(t *testing.T) { exampletest.Readme(t) }
