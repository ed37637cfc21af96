// Package otelhttp benchmarks what OpenTelemetry's net/http
// instrumentation (otelhttp.NewTransport) costs per request on every row
// of httpclientbench's suite a net/http client takes: with the global
// tracer provider left at its default, a no-op, and with an SDK tracer
// provider that samples every span and drops it when it ends.
package otelhttp

import (
	"crypto/tls"
	"net/http"
	"slices"
	"testing"

	"go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/trace/noop"

	"github.com/httpclientbench/httpclientbench/behaviour"
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

// TestBehaviour: the instrumented transport's column of the behaviour
// table beside net/http's defaults, README.md keeping the SDK's; the no-op
// provider's column must be the same.
func TestBehaviour(t *testing.T) {
	column := func(name string, opts ...otelhttp.Option) behaviour.Table {
		return behaviour.Column(t, behaviour.Brought{Name: name, New: func(tc *tls.Config) (*http.Client, error) {
			tr := http.DefaultTransport.(*http.Transport).Clone()
			tr.TLSClientConfig = tc
			return &http.Client{Transport: otelhttp.NewTransport(tr, opts...)}, nil
		}})
	}
	withSDK := column("otel_sdk", otelhttp.WithTracerProvider(sdk))
	noopCells := column("otel_noop", otelhttp.WithTracerProvider(noop.NewTracerProvider())).Cells
	if !slices.Equal(noopCells, withSDK.Cells) {
		t.Errorf("the no-op provider's column differs from the SDK's:\n%s", behaviour.Table{Name: "otel_noop", Cells: noopCells}.Markdown())
	}
	exampletest.Behaviour(t, withSDK)
}

// TestReadme: README.md's tables are what benchstat makes of results.txt.
func TestReadme(t *testing.T) { exampletest.Readme(t) }
