package suite

import (
	"fmt"
	"slices"
	"testing"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/server/servertest"
	"github.com/httpclientbench/httpclientbench/server/tlsserver"
)

// The TLS families run against in-process TLS fixture servers (package
// tlsserver) presenting benchCert, which every client trusts and nothing
// else: HTTP/1.1 and HTTP/2 by ALPN over TLS 1.3 (proto=h1, proto=h2) and
// HTTP/3 over QUIC (proto=h3). Session resumption is off (clients.TLS), so
// a new connection is a full handshake.
var benchCert = func() *tlsserver.Cert {
	c, err := tlsserver.GenerateCert()
	if err != nil {
		panic(err)
	}
	return c
}()

// A tlsProto is one proto= level of the TLS families.
type tlsProto struct {
	label   string // h1, h2, h3
	major   int    // the HTTP major version every answer must come over
	clients []clients.Factory
}

var tlsProtos = []tlsProto{
	{"h1", 1, clients.TLS1}, // fasthttp, hertz and the net/http-based clients kept to http/1.1
	{"h2", 2, clients.TLS2},
	{"h3", 3, clients.HTTP3},
}

// config is the client configuration of p's rows.
func (p tlsProto) config() clients.Config {
	return clients.Config{TLS: &clients.TLS{RootCAs: benchCert.Pool(), HTTP1: p.major == 1}}
}

// eachTLSProto returns mk's variants for every proto= level, each with the
// level first, its clients and its protocol, and p.config() as its
// configuration unless mk set one with Config.TLS.
func eachTLSProto(mk func(tlsProto) []variant) []variant {
	var out []variant
	for _, p := range tlsProtos {
		vs := mk(p)
		for i := range vs {
			vs[i].clients, vs[i].tls = p.clients, p.major
			if vs[i].cfg.TLS == nil {
				vs[i].cfg = p.config()
			}
		}
		out = append(out, prefixed("proto="+p.label, vs)...)
	}
	return out
}

var (
	// TLSGet: one op is a GET of the JSON body over a kept-alive TLS 1.3
	// connection, read into a new slice: HTTP/1.1 (proto=h1: fasthttp,
	// hertz, and the net/http-based clients offering only http/1.1 by
	// ALPN), HTTP/2 by ALPN (proto=h2) or HTTP/3 over QUIC (proto=h3, the
	// http3 client).
	TLSGet = Family{name: "TLSGet", process: true, variants: eachTLSProto(func(tlsProto) []variant {
		return []variant{{newOp: getJSONBytes(bufFresh)}}
	})}

	// TLSDownload: one op is a GET of 1 MiB over TLS, read whole under
	// each buffer rule (buf=), for each protocol as in TLSGet.
	TLSDownload = Family{name: "TLSDownload", variants: prefixed("size=1MiB", eachTLSProto(func(tlsProto) []variant {
		return eachBuf(func(r bufRule) variant { return download(size{"1MiB", 1 << 20}, nil, clients.Config{}, r) })
	}))}

	// TLSConcurrent: one op is 50 GETs of the JSON body over TLS started
	// together on one client and all awaited, for each protocol as in
	// TLSGet. On a path (net=) over HTTP/2 and HTTP/3, where the requests
	// share one connection.
	TLSConcurrent = Family{name: "TLSConcurrent", variants: tlsConcurrentRows,
		net: onPaths(slices.DeleteFunc(slices.Clone(tlsConcurrentRows), func(v variant) bool { return v.tls == 1 })),
	}

	// TLSHandshake: one op is a GET of the JSON body on a new TLS 1.3
	// connection (keep-alive off; for proto=h3 a new QUIC connection), so
	// it pays a full handshake (resume=off) or a resumed one from the
	// client's session cache (resume=on); the server's handshake count
	// checks which on every op. Protocols and clients as in TLSGet. On a
	// path (net=) also HTTP/3 resuming with 0-RTT (h3EarlyData).
	TLSHandshake = Family{name: "TLSHandshake", process: true, variants: tlsHandshakeRows,
		net: onPaths(append(slices.Clone(tlsHandshakeRows), h3EarlyData())),
	}
)

var tlsConcurrentRows = prefixed("n=50", eachTLSProto(func(tlsProto) []variant {
	v := concurrent(50, nil, clients.Config{})
	v.levels = nil // n= comes first
	return []variant{v}
}))

// tlsHandshakeRows: a new connection per request (Config.Fresh), so every
// op pays a TLS handshake: a full one (resume=off), or one resuming the
// session of the connection before (resume=on, a session cache in the
// client), as the server's handshake count shows on every op.
var tlsHandshakeRows = eachTLSProto(func(p tlsProto) []variant {
	var vs []variant
	for _, resume := range []bool{false, true} {
		cfg := p.config()
		cfg.Fresh, cfg.TLS.Resume = true, resume
		vs = append(vs, variant{
			levels: []string{"resume=" + onOff(resume)}, cfg: cfg,
			// Over TCP the client may close first (always over HTTP/2).
			clientTimeWait: p.major < 3,
			newOp: func(c clients.Client, t target) op {
				return handshakeChecked(getJSONBytes(bufFresh)(c, t), t, resume)
			},
		})
	}
	return vs
})

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// handshakeChecked wraps o, one request on a new connection, with the
// handshake rule of a resume= row, where the server counts its TLS
// handshakes: every op completes exactly one, a full one with resume=off,
// and with resume=on a resumed one from the second op of the client on
// (the first has no session to offer yet).
func handshakeChecked(o op, t target, resume bool) op {
	if t.handshakes == nil {
		return o
	}
	ops := 0
	return func(full bool) error {
		full0, resumed0 := t.handshakes()
		requests0 := 0
		if t.requests != nil {
			requests0 = t.requests()
		}
		if err := o(full); err != nil {
			return err
		}
		ops++
		full1, resumed1 := t.handshakes()
		wantFull, wantResumed := 1, 0
		if resume && ops > 1 {
			wantFull, wantResumed = 0, 1
		}
		gotFull, gotResumed := full1-full0, resumed1-resumed0
		if t.lossy && t.proto == 3 && resume && gotFull+gotResumed == 1 {
			// The ticket went in a QUIC packet the path lost, and the
			// client closed before it came again: a full handshake.
			return nil
		}
		if gotFull+gotResumed == 0 {
			// A kept connection still sends its request; a cache does not.
			if t.requests != nil && t.requests() == requests0 {
				return fmt.Errorf("op %d: the server completed no TLS handshake and answered no request, yet the op has its answer: the client answers from a cache", ops)
			}
			return fmt.Errorf("op %d: the server completed no TLS handshake, want one a request (resume=%s): the client kept a connection alive, against clients.Config.Fresh",
				ops, onOff(resume))
		}
		if gotFull != wantFull || gotResumed != wantResumed {
			return fmt.Errorf("op %d: the server completed %d full and %d resumed TLS handshakes, want %d and %d (resume=%s)",
				ops, gotFull, gotResumed, wantFull, wantResumed, onOff(resume))
		}
		return nil
	}
}

// startTLSServers starts the TLS fixture servers for the life of tb: one
// for proto=h1 and h2 (ALPN chooses), one for proto=h3.
func startTLSServers(tb testing.TB) (tcp, h3 target) {
	tb.Helper()
	s, q := servertest.StartTLS(tb, benchCert), servertest.StartH3(tb, benchCert)
	return target{base: s.URL(), opened: s.Opened, requests: s.Requests, handshakes: s.Handshakes, wire: s.Wire},
		target{base: q.URL(), proto: 3, opened: q.Opened, requests: q.Requests, handshakes: q.Handshakes, wire: q.Wire}
}

// h3EarlyData is TLSHandshake's resume=0rtt row: HTTP/3 resuming with
// 0-RTT, each GET sent as early data (quic-go's http3.MethodGet0RTT) on a
// new QUIC connection that resumes the last one's session.
func h3EarlyData() variant {
	p := tlsProtos[len(tlsProtos)-1]
	cfg := p.config()
	cfg.Fresh, cfg.TLS.Resume, cfg.TLS.EarlyData = true, true, true
	return variant{levels: []string{"proto=" + p.label, "resume=0rtt"}, clients: p.clients, tls: p.major, cfg: cfg,
		newOp: func(c clients.Client, t target) op {
			return earlyChecked(handshakeChecked(getJSONBytes(bufFresh)(c, t), t, true), t)
		}}
}

// earlyChecked wraps o, an op on a new connection per request that resumes
// the previous one's session, with the server's count of requests on
// connections that accepted 0-RTT: from the second op on (the first has
// no session to resume), each op's request must be one.
func earlyChecked(o op, t target) op {
	ops := 0
	return func(full bool) error {
		before, _ := t.early()
		if err := o(full); err != nil {
			return err
		}
		ops++
		want := 0
		if ops > 1 {
			want = 1
		}
		// Accepted, not whether sent early: on the lan path the request
		// may race the client's Finished (clients'
		// TestEarlyDataSendsTheGETEarly checks that the GET goes early).
		// On a lossy path a lost ticket leaves nothing to resume.
		if after, _ := t.early(); after-before != want && !(t.lossy && after == before) {
			return fmt.Errorf("op %d: %d requests on a connection that accepted 0-RTT early data, want %d", ops, after-before, want)
		}
		return nil
	}
}
