package clients_test

import (
	"context"
	"maps"
	"math"
	"net/http"
	"os"
	"runtime"
	"testing"

	hertzerrors "github.com/cloudwego/hertz/pkg/common/errors"
	"github.com/cloudwego/netpoll"
	"github.com/valyala/fasthttp"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/internal/registry"
)

// A fact is what a client's library does that a test here pins, written
// down apart from the adapters so that a test compares the two.
type fact struct {
	// timeout is the error a request past Config.Timeout is (errors.Is),
	// on its HTTP/1.1 rows (TestErrorsKeepTheirCause).
	timeout error
	// refused is the error of a refused connect, when it is not
	// syscall.ECONNREFUSED (TestErrorsKeepTheirCause).
	refused error
	// libraryIdle is how many idle connections per host it keeps with
	// Config.LibraryPool (TestLibraryPoolKeepsIdle).
	libraryIdle int
	// failFast is its error for a request past Config.MaxConns when it
	// fails at once; nil when it waits (TestMaxConns).
	failFast error
	// tlsMajor is the HTTP version it negotiates over TLS on TCP against a
	// server offering h2 and http/1.1; 0 when it has no TLS over TCP
	// (TestTLSGet).
	tlsMajor int
}

// facts has a row for every client of the registry
// (TestFactsAreTheRegistry). hertz's refused connection is
// netpoll.ErrConnClosed: see TestErrorsKeepTheirCause.
var facts = map[string]fact{
	"nethttp":       {timeout: context.DeadlineExceeded, libraryIdle: http.DefaultMaxIdleConnsPerHost, tlsMajor: 2},
	"xnethttp2":     {tlsMajor: 2}, // no HTTP/1.1 rows
	"fasthttp":      {timeout: fasthttp.ErrTimeout, libraryIdle: fasthttp.DefaultMaxConnsPerHost, failFast: fasthttp.ErrNoFreeConns, tlsMajor: 1},
	"hertz":         {timeout: hertzerrors.ErrTimeout, refused: netpoll.ErrConnClosed, libraryIdle: math.MaxInt, failFast: hertzerrors.ErrNoFreeConns, tlsMajor: 1},
	"hertz_std":     {timeout: hertzerrors.ErrTimeout, libraryIdle: math.MaxInt, failFast: hertzerrors.ErrNoFreeConns}, // TLS: hertz's rows
	"resty":         {timeout: context.DeadlineExceeded, libraryIdle: runtime.GOMAXPROCS(0) + 1, tlsMajor: 2},
	"resty3":        {timeout: context.DeadlineExceeded, libraryIdle: runtime.GOMAXPROCS(0) + 1, tlsMajor: 2},
	"retryablehttp": {timeout: context.DeadlineExceeded, libraryIdle: runtime.GOMAXPROCS(0) + 1, tlsMajor: 2},
	"http3":         {}, // HTTP/3 only: its facts are http3_test.go's
	"raw":           {timeout: os.ErrDeadlineExceeded, libraryIdle: clients.DefaultMaxConnsPerHost, failFast: clients.ErrNoFreeConns},
}

// TestFactsAreTheRegistry: facts has a row for every client of the
// registry and for nothing else, so a new client cannot skip the tests
// that read it.
func TestFactsAreTheRegistry(t *testing.T) {
	for _, n := range registry.Names(0) {
		if _, ok := facts[n]; !ok {
			t.Errorf("client %s of the registry has no row in facts (clients/facts_test.go)", n)
		}
	}
	for n := range maps.Keys(facts) {
		if _, ok := registry.Lookup(n); !ok {
			t.Errorf("facts has a row for %s, which is no client of the registry", n)
		}
	}
	for _, f := range clients.HTTP1 {
		if facts[f.Name].timeout == nil || facts[f.Name].libraryIdle == 0 {
			t.Errorf("%s has HTTP/1.1 rows: its fact needs a timeout and a libraryIdle", f.Name)
		}
	}
}
