package httpclientbench_test

import (
	"fmt"
	"testing"

	"golang.org/x/sync/errgroup"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/fixtures"
)

// An op is one timed operation of a scenario, validated. With full set it
// checks every byte (the warm-up and the tests); otherwise status, protocol
// and length, plus the content wherever that is cheap next to the request.
type op func(full bool) error

// A variant is one leaf of a benchmark family below its key=value levels,
// before client=.
type variant struct {
	name  string // e.g. "size=64KiB"; "" when the family has no level of its own
	bytes int64  // b.SetBytes per op; 0 when no body worth counting moves
	// newOp builds the op for client c against the server at base.
	newOp func(c clients.Client, base string) op
}

// A family is one Benchmark function: its variants times its clients.
type family struct {
	name     string // the Benchmark function's name without "Benchmark"
	clients  []clients.Factory
	variants []variant
}

// h1Families lists every HTTP/1.1 family; TestScenarios runs them all.
var h1Families = []family{
	h1GetBytes, h1GetText, jsonFamily, h1Post4KiB, h1Download, h1Concurrent,
}

var jsonBytes = []byte(fixtures.JSONBody)

var h1GetBytes = family{
	name:    "H1GetBytes",
	clients: clients.HTTP1,
	variants: []variant{{newOp: func(c clients.Client, base string) op {
		return getBytesOp(c, base+"/json", jsonBytes, 1)
	}}},
}

var h1GetText = family{
	name:    "H1GetText",
	clients: clients.HTTP1,
	variants: []variant{{newOp: func(c clients.Client, base string) op {
		url := base + "/json"
		return func(bool) error {
			m, s, err := c.GetText(url)
			if err := checkMeta(m, err, 200, 1); err != nil {
				return err
			}
			if s != fixtures.JSONBody {
				return fmt.Errorf("text %q, want %q", s, fixtures.JSONBody)
			}
			return nil
		}
	}}},
}

var jsonFamily = family{
	name:    "JSON",
	clients: clients.HTTP1,
	variants: []variant{{newOp: func(c clients.Client, base string) op {
		url := base + "/json"
		return func(bool) error {
			var v fixtures.JSONMessage
			m, err := c.GetJSON(url, &v)
			if err := checkMeta(m, err, 200, 1); err != nil {
				return err
			}
			if v != fixtures.WantJSON {
				return fmt.Errorf("decoded %+v, want %+v", v, fixtures.WantJSON)
			}
			return nil
		}
	}}},
}

var h1Post4KiB = family{
	name:    "H1Post4KiB",
	clients: clients.HTTP1,
	variants: []variant{{bytes: 4 << 10, newOp: func(c clients.Client, base string) op {
		return postOp(c, base+"/echo", fixtures.Bytes(4<<10), 1)
	}}},
}

var h1Download = family{
	name:     "H1Download",
	clients:  clients.HTTP1,
	variants: []variant{downloadVariant("64KiB", 64<<10, 1), downloadVariant("1MiB", 1<<20, 1)},
}

var h1Concurrent = family{
	name:     "H1Concurrent",
	clients:  clients.HTTP1,
	variants: []variant{concurrentVariant(10, 1), concurrentVariant(50, 1)},
}

func downloadVariant(label string, n int, proto int) variant {
	return variant{name: "size=" + label, bytes: int64(n), newOp: func(c clients.Client, base string) op {
		return getBytesOp(c, fmt.Sprintf("%s/bytes/%d", base, n), fixtures.Bytes(n), proto)
	}}
}

// concurrentVariant: one op is n GETs of /json started together and all
// awaited, whatever GOMAXPROCS is. Each worker keeps its own body buffer.
func concurrentVariant(n, proto int) variant {
	return variant{name: fmt.Sprintf("n=%d", n), newOp: func(c clients.Client, base string) op {
		ops := make([]op, n)
		for i := range ops {
			ops[i] = getBytesOp(c, base+"/json", jsonBytes, proto)
		}
		return func(full bool) error {
			var g errgroup.Group
			for _, o := range ops {
				g.Go(func() error { return o(full) })
			}
			return g.Wait()
		}
	}}
}

// getBytesOp GETs url into a reused buffer and checks the body against want.
func getBytesOp(c clients.Client, url string, want []byte, proto int) op {
	var buf []byte
	return func(full bool) error {
		m, b, err := c.GetBytes(url, buf)
		buf = b
		if err := checkMeta(m, err, 200, proto); err != nil {
			return err
		}
		return fixtures.CheckBody(b, want, full || len(want) <= smallBody)
	}
}

// postOp POSTs body to the echo route and checks the echo.
func postOp(c clients.Client, url string, body []byte, proto int) op {
	var buf []byte
	return func(full bool) error {
		m, b, err := c.Post(url, fixtures.ContentTypeBinary, body, buf)
		buf = b
		if err := checkMeta(m, err, 200, proto); err != nil {
			return err
		}
		return fixtures.CheckBody(b, body, full || len(body) <= smallBody)
	}
}

// smallBody is the size up to which every op compares every byte: for
// bodies this small the comparison costs nothing next to the request.
const smallBody = 4 << 10

// checkMeta turns a transport error, an unexpected status or an unexpected
// protocol into an error.
func checkMeta(m clients.Meta, err error, status, proto int) error {
	if err != nil {
		return err
	}
	if err := fixtures.CheckStatus(m.Status, status); err != nil {
		return err
	}
	if m.ProtoMajor != proto {
		return fmt.Errorf("answered over HTTP/%d, want HTTP/%d", m.ProtoMajor, proto)
	}
	return nil
}

// runner is what *testing.T and *testing.B share for building the matrix.
type runner[T any] interface {
	testing.TB
	Run(name string, f func(T)) bool
}

// eachLeaf runs leaf for every variant × client of f, as nested sub-tests or
// sub-benchmarks named variant/client=name.
func eachLeaf[T runner[T]](tb T, f family, leaf func(T, variant, clients.Factory)) {
	for _, v := range f.variants {
		clientsOf := func(tb T) {
			for _, cf := range f.clients {
				tb.Run("client="+cf.Name, func(tb T) { leaf(tb, v, cf) })
			}
		}
		if v.name == "" {
			clientsOf(tb)
		} else {
			tb.Run(v.name, clientsOf)
		}
	}
}

// newClient builds a client that is closed when tb ends.
func newClient(tb testing.TB, cf clients.Factory, cfg clients.Config) clients.Client {
	tb.Helper()
	c, err := cf.New(cfg)
	if err != nil {
		tb.Fatalf("new %s client: %v", cf.Name, err)
	}
	tb.Cleanup(func() { c.Close() })
	return c
}
