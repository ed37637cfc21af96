package clients

import "crypto/tls"

// Behaviour is a client's column of the behaviour matrix (package
// behaviour, docs/behaviour.md): what its library does with its defaults
// on redirects, compression, retries, cookies, a cut body and the
// matrix's other rows.
type Behaviour struct {
	// Default builds the library's default client, what its users get
	// with no settings, trusting tc over https (nil: the system's roots):
	// an *http.Client, or the library's own client (*fasthttp.Client,
	// hertz's *client.Client, resty's and resty v3's *resty.Client,
	// *retryablehttp.Client), which package behaviour drives through that
	// library's API.
	Default func(tc *tls.Config) any
	// Observed is what the default client did on each row, by the row's
	// id. Package behaviour's TestBehaviour compares every cell with a
	// live exchange and prints what it saw where they differ: change a
	// cell only when the library really changed (a dependency update),
	// then regenerate docs/behaviour.md.
	Observed map[string]string
	// AlsoUses are the modules, besides the library's own, that it does
	// its work with and whose versions docs/behaviour.md lists (hertz's
	// default network, netpoll).
	AlsoUses []string
	// None, for a client that has no column, says why: the floor, a
	// protocol the matrix does not observe, or a variant whose library
	// defaults are another column's.
	None string
}
