// Package registry is the one list of the suite's clients: for each its
// name in benchmark names, the library it measures, the protocols it has
// rows in, its role (the baseline every ratio is taken to, the floor, or
// one library among others), its place in every table and its colour in
// every chart. Every other list of clients derives from it — the adapters'
// adapters' folders that clients/all imports, the report's columns, the charts' and the
// dashboard's colours, the load generator's defaults, the cold-start
// programs, the behaviour matrix, the pull-request check's focused set and
// docs/clients.md's client matrix — and a test beside each fails when it
// disagrees.
//
// It imports no client library, so that the report tools can use it
// without building fasthttp or quic-go.
package registry

import (
	"slices"
	"strings"
)

// Proto is a set of the protocols a client has rows in.
type Proto uint8

// The protocols of the suite's rows.
const (
	H1    Proto = 1 << iota // HTTP/1.1 over cleartext TCP
	H2C                     // HTTP/2 over cleartext TCP, prior knowledge
	H1TLS                   // HTTP/1.1 over TLS 1.3
	H2TLS                   // HTTP/2 over TLS 1.3, by ALPN
	H3                      // HTTP/3 over QUIC
)

var protoNames = []struct {
	p    Proto
	name string
}{{H1, "h1"}, {H2C, "h2c"}, {H1TLS, "h1 over TLS"}, {H2TLS, "h2 over TLS"}, {H3, "h3"}}

// String lists the protocols of p, "h1, h2c", in the order above.
func (p Proto) String() string {
	var names []string
	for _, n := range protoNames {
		if p&n.p != 0 {
			names = append(names, n.name)
		}
	}
	return strings.Join(names, ", ")
}

// Role is what a client is on a table.
type Role uint8

const (
	// Library is a client library measured like the others.
	Library Role = iota
	// Baseline is the library every ratio is taken to: net/http.
	Baseline
	// Floor is the suite's own minimal client: how close a library comes
	// to the physical limit, not a library to choose.
	Floor
)

// Client is one client of the suite.
type Client struct {
	// Name is the client's name after client= in benchmark names.
	Name string
	// Module is the module path of the library it measures, whose version
	// go.mod gives; empty for the standard library and for the floor.
	Module string
	// Package is the import path of the API its adapter uses.
	Package string
	// Protos are the protocols it has rows in.
	Protos Proto
	// Role says whether it is the baseline, the floor or a library.
	Role Role
	// Colour is its colour in every chart, "#rrggbb".
	Colour string
	// Focus puts it in the pull-request check's focused set, which runs
	// every family with a few clients: the baseline, the floor, the
	// fastest library and the only client of a protocol.
	Focus bool
	// Uses says, in Markdown, how its adapter uses the library: the
	// client matrix of the documentation prints it.
	Uses string
}

// Folder is the folder under clients/ that holds c's adapter: its name,
// up to an underscore for a variant of another client's adapter
// (hertz_std's is hertz's).
func (c Client) Folder() string {
	f, _, _ := strings.Cut(c.Name, "_")
	return f
}

// ColdStart is the directory of c's cold-start program (cmd/coldstart),
// relative to the module's root: clients/FOLDER/coldstart/NAME, whose
// last element, the client's name, go build gives the binary.
func (c Client) ColdStart() string {
	return "clients/" + c.Folder() + "/coldstart/" + c.Name
}

// Folders returns the clients' folders (Folder), each once, in table
// order.
func Folders() []string {
	var fs []string
	for _, c := range all {
		if f := c.Folder(); !slices.Contains(fs, f) {
			fs = append(fs, f)
		}
	}
	return fs
}

// Speaks reports whether c has rows in every protocol of p.
func (c Client) Speaks(p Proto) bool { return c.Protos&p == p }

// all is every client, in the order of the tables' columns: the baseline
// first, then the HTTP/2-only and the other libraries, the HTTP/3 client,
// and the floor last.
var all = []Client{
	{Name: "nethttp", Package: "net/http", Protos: H1 | H2C | H1TLS | H2TLS, Role: Baseline, Colour: "#1f77b4", Focus: true,
		Uses: "`http.Client` on a clone of `http.DefaultTransport`; bodies read with `io.ReadAll`, JSON with `json.NewDecoder`"},
	{Name: "xnethttp2", Module: "golang.org/x/net", Package: "golang.org/x/net/http2", Protos: H2C | H2TLS, Colour: "#17becf",
		Uses: "over TLS, x/net's own `http2.Transport` with the suite's `TLSClientConfig` (it dials TLS with ALPN `h2` itself); over h2c, whose rows set receive windows that `http2.Transport` cannot, an `http.Transport` with x/net registered for its h2c connections by `http2.ConfigureTransports`; HTTP/2 only"},
	{Name: "fasthttp", Module: "github.com/valyala/fasthttp", Package: "github.com/valyala/fasthttp", Protos: H1 | H1TLS, Colour: "#ff7f0e", Focus: true,
		Uses: "`Client.Get(dst, url)` (with a nil `dst` for `buf=fresh`, the caller's buffer for `buf=reused`); POSTs with `AcquireRequest`/`AcquireResponse`"},
	{Name: "hertz", Module: "github.com/cloudwego/hertz", Package: "github.com/cloudwego/hertz/pkg/app/client", Protos: H1 | H1TLS, Colour: "#e377c2",
		Uses: "`Client.Get(ctx, nil, url)` for a GET of bytes with `buf=fresh`; everything else with `protocol.AcquireRequest`/`AcquireResponse` and `DoTimeout`, bodies copied out of the pooled response; netpoll for cleartext, hertz's standard dialer for TLS"},
	{Name: "hertz_std", Module: "github.com/cloudwego/hertz", Package: "github.com/cloudwego/hertz/pkg/network/standard", Protos: H1, Colour: "#f7b6d2",
		Uses: "`hertz`'s adapter on hertz's standard network for cleartext too (`client.WithDialer(standard.NewDialer())`: package net and Go's own poller, not netpoll), as `hertz` is over TLS; cleartext rows only, to show what netpoll costs"},
	{Name: "resty", Module: "github.com/go-resty/resty/v2", Package: "github.com/go-resty/resty/v2", Protos: H1 | H2C | H1TLS | H2TLS, Colour: "#2ca02c",
		Uses: "`client.R().Get(url)`, `resp.Body()` / `resp.String()`, JSON through `SetResult`"},
	{Name: "resty3", Module: "resty.dev/v3", Package: "resty.dev/v3", Protos: H1 | H2C | H1TLS | H2TLS, Colour: "#98df8a",
		Uses: "resty v3, a release candidate: `client.R().Get(url)`, `resp.Bytes()` / `resp.String()`, JSON through `SetResult` (decoded as it arrives)"},
	{Name: "retryablehttp", Module: "github.com/hashicorp/go-retryablehttp", Package: "github.com/hashicorp/go-retryablehttp", Protos: H1 | H2C | H1TLS | H2TLS, Colour: "#9467bd",
		Uses: "`retryablehttp.Client.Get/Post`, bodies with `io.ReadAll`"},
	{Name: "http3", Module: "github.com/quic-go/quic-go", Package: "github.com/quic-go/quic-go/http3", Protos: H3, Colour: "#d62728", Focus: true,
		Uses: "`http.Client` on quic-go's `http3.Transport` (its QUIC settings at their defaults), used exactly as `nethttp` uses its transport; HTTP/3 only"},
	{Name: "raw", Package: "net", Protos: H1, Role: Floor, Colour: "#a0a0a0", Focus: true,
		Uses: "the floor client (`clients/raw/raw.go`): a pre-built request over `net.Conn`, a `Content-Length` framed answer read into a reused buffer; an error on anything else"},
}

// All returns every client in table order.
func All() []Client { return slices.Clone(all) }

// Names returns the names of the clients that have rows in every protocol
// of p, in table order; Names(0) is every client.
func Names(p Proto) []string {
	var names []string
	for _, c := range all {
		if c.Speaks(p) {
			names = append(names, c.Name)
		}
	}
	return names
}

// Libraries returns the names of the clients with rows in p that are
// libraries (the baseline included, the floor not), in table order.
func Libraries(p Proto) []string {
	return slices.DeleteFunc(Names(p), func(n string) bool { return Of(n).Role == Floor })
}

// Focused returns the names of the clients of the pull-request check's
// focused set, in table order.
func Focused() []string {
	var names []string
	for _, c := range all {
		if c.Focus {
			names = append(names, c.Name)
		}
	}
	return names
}

// Lookup returns the client called name.
func Lookup(name string) (Client, bool) {
	i := slices.IndexFunc(all, func(c Client) bool { return c.Name == name })
	if i < 0 {
		return Client{}, false
	}
	return all[i], true
}

// Of returns the client called name, or the zero Client (no protocols, no
// colour) for a name the suite does not know.
func Of(name string) Client {
	c, _ := Lookup(name)
	return c
}

// BaselineName and FloorName are the names of the baseline and the floor.
var (
	BaselineName = only(Baseline)
	FloorName    = only(Floor)
)

// only is the name of the one client in role r.
func only(r Role) string {
	var names []string
	for _, c := range all {
		if c.Role == r {
			names = append(names, c.Name)
		}
	}
	if len(names) != 1 {
		panic("registry: want exactly one client in each of the roles Baseline and Floor")
	}
	return names[0]
}
