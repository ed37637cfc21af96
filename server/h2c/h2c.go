// Package h2c is the suite's HTTP/2 over cleartext (prior knowledge): the
// flow-control window presets, the client transport set-up for net/http and
// golang.org/x/net/http2, and the fixture server over h2c.
//
// Everything uses net/http's Protocols (SetUnencryptedHTTP2), not the
// deprecated golang.org/x/net/http2/h2c package.
package h2c

import (
	"fmt"
	"net/http"

	"golang.org/x/net/http2"
)

// Window is a flow-control preset: the receive windows an endpoint
// advertises, per stream and per connection. Clients apply it to what they
// download, servers to what they receive (uploads). Zero sizes mean the
// library's own defaults.
type Window struct {
	Name   string // the window= value in benchmark names
	Stream int    // receive window per stream, bytes
	Conn   int    // receive window per connection, bytes
}

// The three presets of the H2 benchmarks.
var (
	// Window64KiB is hyper's default: 64 KiB per stream and per connection.
	Window64KiB = Window{Name: "64KiB", Stream: 64 << 10, Conn: 64 << 10}
	// WindowDefault leaves each library's defaults untouched: Go's client
	// advertises 4 MiB per stream and 1 GiB per connection, Go's server
	// 1 MiB for both.
	WindowDefault = Window{Name: "default"}
	// WindowTuned is aioduct's setting: 2 MiB per stream, 4 MiB per
	// connection.
	WindowTuned = Window{Name: "tuned", Stream: 2 << 20, Conn: 4 << 20}
)

// Windows lists the presets in the order of the benchmark tables.
var Windows = []Window{Window64KiB, WindowDefault, WindowTuned}

// IsDefault reports whether w leaves the library defaults alone.
func (w Window) IsDefault() bool { return w.Stream == 0 && w.Conn == 0 }

// HTTP2Config returns the net/http configuration carrying w's receive
// windows, or nil for the defaults. The same fields serve a client
// (http.Transport.HTTP2) and a server (http.Server.HTTP2).
func (w Window) HTTP2Config() *http.HTTP2Config {
	if w.IsDefault() {
		return nil
	}
	return &http.HTTP2Config{
		MaxReceiveBufferPerStream:     w.Stream,
		MaxReceiveBufferPerConnection: w.Conn,
	}
}

// Protocols returns a protocol set of unencrypted HTTP/2 only: a peer that
// does not speak HTTP/2 with prior knowledge gets an error, never a silent
// HTTP/1.1 exchange.
func Protocols() *http.Protocols {
	p := new(http.Protocols)
	p.SetUnencryptedHTTP2(true)
	return p
}

// ConfigureTransport makes t speak HTTP/2 with prior knowledge to http://
// URLs, with receive windows w. The transport keeps every other setting, so
// resty's and retryablehttp's own transports stay theirs.
func ConfigureTransport(t *http.Transport, w Window) {
	t.Protocols = Protocols()
	t.HTTP2 = w.HTTP2Config()
}

// ConfigureXNetTransport is ConfigureTransport with golang.org/x/net/http2
// doing the HTTP/2: http2.ConfigureTransports registers x/net for t's
// unencrypted HTTP/2 connections, so requests sent through t run x/net's
// implementation with t's windows. (A standalone http2.Transport with
// AllowHTTP cannot set receive windows; it always uses the defaults, which
// are the same values, checked on the wire in this package's tests.)
//
// On Go 1.26 this is x/net's own implementation; from Go 1.27, x/net's
// http2.Transport wraps net/http's unless built with the http2legacy tag.
func ConfigureXNetTransport(t *http.Transport, w Window) error {
	ConfigureTransport(t, w)
	if _, err := http2.ConfigureTransports(t); err != nil {
		return fmt.Errorf("h2c: x/net http2.ConfigureTransports: %w", err)
	}
	return nil
}
