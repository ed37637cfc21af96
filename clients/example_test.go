package clients_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/httpclientbench/httpclientbench/clients"
	_ "github.com/httpclientbench/httpclientbench/clients/nethttp" // registers nethttp
)

// A client of the suite by its name: importing its folder registers it,
// and Named builds it with the suite's fairness settings (Config's zero
// value: HTTP/1.1, pooled connections, one 30 s timeout).
func ExampleNamed() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "hello")
	}))
	defer srv.Close()

	c, err := clients.Named("nethttp").New(clients.Config{})
	if err != nil {
		panic(err)
	}
	defer c.Close()
	meta, body, err := c.GetBytes(srv.URL)
	fmt.Println(meta.Status, meta.ProtoMajor, string(body), err)

	// A name that is no client of the suite is an error, not a panic; so
	// is a client whose folder the program does not import.
	_, err = clients.Named("mine").New(clients.Config{})
	fmt.Println(err)
	// Output:
	// 200 1 hello <nil>
	// clients: "mine" is no client of the registry (internal/registry)
}

// Your own tuning of net/http as a client of the suite: the transport
// starts from nethttp's (Transport: http.DefaultTransport's clone with
// the fairness settings), and tune changes what you tune.
func ExampleTunedNetHTTP() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "Accept-Encoding %q", r.Header.Get("Accept-Encoding"))
	}))
	defer srv.Close()

	f := clients.TunedNetHTTP("nogzip", func(t *http.Transport) { t.DisableCompression = true })
	c, err := f.New(clients.Config{})
	if err != nil {
		panic(err)
	}
	defer c.Close()
	_, text, err := c.GetText(srv.URL)
	fmt.Println(f.Name, c.Name(), text, err)
	// Output:
	// nogzip nogzip Accept-Encoding "" <nil>
}

// A middleware chain around nethttp's transport, such as a tracer's or a
// header-setting wrapper: Close still closes the transport's idle
// connections, whether or not the chain passes CloseIdleConnections on.
func ExampleMiddleware() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, strings.ToUpper(r.Header.Get("X-Trace")))
	}))
	defer srv.Close()

	f := clients.Middleware("traced", func(next http.RoundTripper) http.RoundTripper {
		return roundTripFunc(func(r *http.Request) (*http.Response, error) {
			r = r.Clone(r.Context())
			r.Header.Set("X-Trace", "span-1")
			return next.RoundTrip(r)
		})
	})
	c, err := f.New(clients.Config{})
	if err != nil {
		panic(err)
	}
	defer c.Close()
	_, body, err := c.GetBytes(srv.URL)
	fmt.Println(string(body), err)
	// Output:
	// SPAN-1 <nil>
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
