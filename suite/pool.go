package suite

import (
	"slices"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/server/h2c"
)

// poolRows compares a kept-alive connection with a new one per request,
// for a small GET. HTTP/2 rows use each library's default windows.
var poolRows = []variant{
	{levels: []string{"proto=h1", "conn=pooled"}, clients: h1Libraries, newOp: getJSONBytes(bufFresh)},
	{levels: []string{"proto=h1", "conn=fresh"}, clients: h1Libraries, cfg: clients.Config{Fresh: true}, newOp: getJSONBytes(bufFresh)},
	{levels: []string{"proto=h2", "window=default", "conn=pooled"}, clients: h2Clients, cfg: h2cConfig(h2c.WindowDefault), newOp: getJSONBytes(bufFresh)},
	{levels: []string{"proto=h2", "window=default", "conn=fresh"}, clients: h2Clients, cfg: clients.Config{H2C: &h2c.WindowDefault, Fresh: true},
		clientTimeWait: true, newOp: getJSONBytes(bufFresh)},
}

// Pool: one op is a GET of the JSON body on a kept-alive connection
// (conn=pooled) or on a new one (conn=fresh: a new TCP connection, and for
// proto=h2 a new HTTP/2 connection with default windows, per request). On
// a path (net=) the same, and over TLS (h1_tls, h2_tls) and QUIC (h3) too.
var Pool = Family{name: "Pool", process: true, variants: poolRows,
	net: onPaths(slices.Concat(poolRows, tlsPool())),
}

func connLabel(fresh bool) string {
	if fresh {
		return "fresh"
	}
	return "pooled"
}

// tlsPool: Pool's kept-alive and fresh connections over TLS 1.3 (HTTP/1.1
// and HTTP/2 by ALPN) and over QUIC (HTTP/3), a full handshake on every
// fresh one. The proto= values name the protocol stack, as Pool's h1 and h2
// (cleartext) do: h1_tls, h2_tls, h3.
func tlsPool() []variant {
	var out []variant
	for _, p := range tlsProtos {
		label := p.label + "_tls"
		if p.major == 3 {
			label = p.label
		}
		for _, fresh := range []bool{false, true} {
			cfg := p.config()
			cfg.Fresh = fresh
			out = append(out, variant{levels: []string{"proto=" + label, "conn=" + connLabel(fresh)},
				clients: p.clients, tls: p.major, cfg: cfg, newOp: getJSONBytes(bufFresh)})
		}
	}
	return out
}
