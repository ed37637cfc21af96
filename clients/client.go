// Package clients wraps each HTTP client library behind one small interface,
// configured once and fairly.
//
// Each client's adapter is a package of its own, in its folder clients/NAME
// (nethttp, fasthttp, ...), which registers it (Register) when imported;
// clients/all imports every one. Package clients holds what they share: the
// interface, Config and its fairness rules, the scenario lists of client
// names (from internal/registry, the one list of clients), the net/http
// adapter that the clients on an *http.Client share (NewNetHTTP) and the
// helpers an adapter uses. A program builds only the libraries of the
// folders it imports: a client named in a list whose folder it does not
// import fails to build, with an error that says so.
//
// # Fairness
//
// Every adapter starts from its library's defaults and changes only these,
// each its library's own way (docs/clients.md's Fairness settings table says
// how, client by client; a new client adds its column there, not here):
//
//   - keep-alive stays on, and the per-host idle pool holds at least
//     Config.MaxConnsPerHost connections (DefaultMaxConnsPerHost, larger than
//     the largest concurrency any scenario uses), unless the library's
//     default already keeps more.
//   - no proxy from the environment.
//   - one request timeout for all (Config.Timeout), so a stuck request fails
//     instead of hanging the run; a dial timeout of the library's own that
//     is shorter is raised to it.
//   - no retries and no logging per request.
//   - Config.Fresh (the conn=fresh rows) turns keep-alive off.
//   - Config.H2C sets the transport to unencrypted HTTP/2 only, with the
//     receive windows of the preset (see package h2c).
//   - Config.TLS gives every client that speaks TLS the same tls.Config (the
//     trust roots, TLS 1.3 minimum, no session cache unless TLS.Resume), and
//     each negotiates by ALPN what its defaults negotiate; TLS.EarlyData
//     sends each GET as 0-RTT early data where the library can.
//   - Config.Net carries every connection over an emulated path (the net=
//     rows) by the library's own dialer hook.
//
// What a library cannot do it refuses with an error from New (Unsupported,
// or a TLS or MaxConns setting it has no way to honour), never by a
// silent fallback.
//
// Each adapter reads bodies the way its library's users do, and those idioms
// are part of what a user pays, so the suite measures them rather than
// equalising them: what differs between the two ways is a level of the
// benchmark name (buf=fresh|reused), never a difference between clients on
// one row (docs/clients.md's Reading bodies table; TestBufferRules).
//
// # Connection limits
//
// Two settings are for the load generator's overload mode, not for the
// benchmark rows. Config.LibraryPool leaves the connection-pool limits at
// the library's defaults (docs/clients.md lists each library's), and
// Config.MaxConns = N caps the connections per host the library's own way:
// a request beyond N waits for a connection or fails at once with the
// library's "no free connection" error (its adapter's PoolFull; PoolFull
// recognises them). In every case the idle pool per host is raised to at
// least N, so that N caps connections, not reuse. TestLibraryPoolKeepsIdle
// and TestMaxConns check these on the wire.
package clients

import (
	"errors"
	"fmt"
	"time"

	"github.com/httpclientbench/httpclientbench/internal/registry"
	"github.com/httpclientbench/httpclientbench/server/h2c"
)

// Defaults shared by every adapter.
const (
	// DefaultTimeout bounds one whole request, body included.
	DefaultTimeout = 30 * time.Second
	// DefaultMaxConnsPerHost is the idle pool per host: at least the largest
	// concurrency any scenario uses (50).
	DefaultMaxConnsPerHost = 64
)

// Config is what the suite sets on every client. The zero value means the
// defaults above, HTTP/1.1 and pooled connections.
type Config struct {
	Timeout         time.Duration
	MaxConnsPerHost int
	// H2C, when set, makes the client speak HTTP/2 over cleartext with prior
	// knowledge, with these receive windows. Only the clients in HTTP2 can;
	// the others return an error.
	H2C *h2c.Window
	// Fresh turns keep-alive off: a new connection (for HTTP/2, a new
	// HTTP/2 connection) per request, the way each library's users ask for
	// it.
	Fresh bool
	// LibraryPool leaves the connection-pool limits at the library's
	// defaults (see Connection limits in the package doc) instead of the
	// fairness setting; the rest of the fairness settings stay. It
	// replaces MaxConnsPerHost: setting both is an error from Factory.New,
	// not a silent choice of one.
	LibraryPool bool
	// MaxConns, when positive, caps the connections per host, idle plus in
	// use, the library's own way (see Connection limits): the
	// net/http-based clients make a request wait for a connection,
	// fasthttp, hertz and raw fail it at once (fasthttp.ErrNoFreeConns,
	// hertz's errors.ErrNoFreeConns, ErrNoFreeConns).
	// It also raises the idle pool per host to at least MaxConns. It works
	// with and without LibraryPool, and over HTTP/1.1 is tested for every
	// client of HTTP1.
	MaxConns int
	// TLS, when set, is the TLS setting for https URLs (see TLS): the
	// same trust roots, TLS 1.3 minimum and session resumption (off unless
	// TLS.Resume) for every client that speaks TLS; raw does not and
	// returns an error. Over TLS the net/http-based clients negotiate
	// HTTP/2 by ALPN, as their defaults do; xnethttp2 speaks HTTP/2 only,
	// fasthttp and hertz HTTP/1.1 only. It cannot be combined with H2C.
	TLS *TLS
	// Net, when set, is the path every connection goes over.
	Net Network
}

// withDefaults fills in the defaults and rejects contradictory settings.
// With LibraryPool, MaxConnsPerHost stays 0.
func (c Config) withDefaults() (Config, error) {
	if c.MaxConns < 0 {
		return c, fmt.Errorf("clients: Config.MaxConns %d < 0", c.MaxConns)
	}
	if c.LibraryPool && c.MaxConnsPerHost != 0 {
		return c, errors.New("clients: Config.LibraryPool and Config.MaxConnsPerHost both set; use MaxConns to cap connections")
	}
	if c.TLS != nil && c.H2C != nil {
		return c, errTLSWithH2C
	}
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	if !c.LibraryPool && c.MaxConnsPerHost <= 0 {
		c.MaxConnsPerHost = DefaultMaxConnsPerHost
	}
	return c, nil
}

// Meta is what a request reports besides its body.
type Meta struct {
	Status     int
	ProtoMajor int // 1, 2 or 3
	// BodyLen is the length of the body as it came over the wire, before
	// the library trims, decodes or converts it. GetText and GetJSON set
	// it, so that a check can see bytes the user's view hides (resty's
	// String trims whitespace; a JSON decoder skips it).
	BodyLen int
}

// Client is the set of operations every adapter implements. Methods are safe
// for concurrent use. A non-nil error means the exchange failed at the
// transport level; an HTTP error status is reported in Meta, not as an error.
//
// Bodies read into memory come two ways, and a scenario uses one of them
// for every client of a row (its buf= level):
//
//   - fresh (GetBytes, Post, and the capability methods): every call
//     returns a new slice that the caller owns, read the way the library's
//     users usually read a body;
//   - reused (GetBytesInto, PostInto): the body goes into the caller's
//     buffer, through the best API the library offers for that, so that a
//     caller that keeps its buffer across requests allocates nothing for
//     the body once the buffer is large enough.
type Client interface {
	// Name is the client's name in benchmark names (client=Name).
	Name() string
	// GetBytes GETs url and returns the whole body in a new slice.
	GetBytes(url string) (Meta, []byte, error)
	// GetBytesInto GETs url and reads the whole body into dst[:0], growing
	// it as needed, and returns it. The net/http-based clients read with
	// bytes.Buffer.ReadFrom, which wants bytes.MinRead (512) bytes free
	// beyond the body to see its end: a buffer of exactly the body's size
	// is grown once, and the grown one is reused from then on.
	GetBytesInto(url string, dst []byte) (Meta, []byte, error)
	// GetText GETs url and returns the body as a string.
	GetText(url string) (Meta, string, error)
	// GetJSON GETs url and decodes the JSON body into v.
	GetJSON(url string, v any) (Meta, error)
	// Post POSTs body (a byte slice: the request carries its
	// Content-Length) with Content-Type contentType and returns the whole
	// response body in a new slice.
	Post(url, contentType string, body []byte) (Meta, []byte, error)
	// PostInto is Post with the response body read into dst[:0], like
	// GetBytesInto.
	PostInto(url, contentType string, body, dst []byte) (Meta, []byte, error)
	// Close releases idle connections and background goroutines.
	Close() error
}

// Factory builds one kind of client.
type Factory struct {
	Name string
	New  func(Config) (Client, error)
}

// factories returns the factories of names (Named), in their order.
func factories(names []string) []Factory {
	fs := make([]Factory, len(names))
	for i, n := range names {
		fs[i] = Named(n)
	}
	return fs
}

// The client lists of the scenarios, in the registry's table order, from
// the protocols each client has rows in there.
var (
	// Libraries lists the HTTP/1.1 clients that are libraries: the
	// clients of the scenarios that a floor has no place in (fresh
	// connections, the feature scenarios).
	Libraries = factories(registry.Libraries(registry.H1))
	// HTTP1 lists the clients of the core HTTP/1.1 scenarios: the
	// libraries and, last, the floor client raw.
	HTTP1 = factories(registry.Names(registry.H1))
	// HTTP2 lists the clients of the HTTP/2 (h2c) scenarios; the
	// net/http-based ones run on their own transports, set up for h2c.
	HTTP2 = factories(registry.Names(registry.H2C))
	// TLS1 and TLS2 list the clients of the TLS rows over HTTP/1.1 and
	// over HTTP/2 by ALPN.
	TLS1 = factories(registry.Names(registry.H1TLS))
	TLS2 = factories(registry.Names(registry.H2TLS))
	// HTTP3 lists the clients of the HTTP/3 rows.
	HTTP3 = factories(registry.Names(registry.H3))
)
