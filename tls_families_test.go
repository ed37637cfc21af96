package httpclientbench_test

import (
	"context"
	"crypto/tls"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/quic-go/quic-go"
	"github.com/quic-go/quic-go/http3"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/fixtures"
	"github.com/httpclientbench/httpclientbench/internal/benchtest"
	"github.com/httpclientbench/httpclientbench/internal/registry"
	"github.com/httpclientbench/httpclientbench/internal/tlscert"
)

// The TLS families run against in-process TLS fixture servers (package
// tlsserver) presenting benchCert, which every client trusts and nothing
// else: HTTP/1.1 and HTTP/2 by ALPN over TLS 1.3 (proto=h1, proto=h2) and
// HTTP/3 over QUIC (proto=h3). Session resumption is off (clients.TLS), so
// a new connection is a full handshake.
var benchCert = func() *tlscert.Cert {
	c, err := tlscert.Generate()
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
	tlsGet = family{"TLSGet", eachTLSProto(func(tlsProto) []variant {
		return []variant{{newOp: getJSONBytes(bufFresh)}}
	})}
	tlsDownload = family{"TLSDownload", prefixed("size=1MiB", eachTLSProto(func(tlsProto) []variant {
		return eachBuf(func(r bufRule) variant { return download(size{"1MiB", 1 << 20}, nil, clients.Config{}, r) })
	}))}
	tlsConcurrent = family{"TLSConcurrent", prefixed("n=50", eachTLSProto(func(tlsProto) []variant {
		v := concurrent(50, nil, clients.Config{})
		v.levels = nil // n= comes first
		return []variant{v}
	}))}
	// tlsHandshake: a new connection per request (Config.Fresh), so every
	// op pays a TLS handshake: a full one (resume=off), or one resuming the
	// session of the connection before (resume=on, a session cache in the
	// client), as the server's handshake count shows on every op.
	tlsHandshake = family{"TLSHandshake", eachTLSProto(func(p tlsProto) []variant {
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
	})}
)

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
	s, q := benchtest.StartTLS(tb, benchCert), benchtest.StartH3(tb, benchCert)
	return target{base: s.URL(), opened: s.Opened, handshakes: s.Handshakes},
		target{base: q.URL(), proto: 3, opened: q.Opened, handshakes: q.Handshakes}
}

// faultyTLSServers serves h with benchCert over TLS 1.3 (h2 and http/1.1
// by ALPN) and over HTTP/3, for the life of tb, with connections and
// handshakes counted as the TLS fixture servers count them. tweak, if not
// nil, changes the servers' tls.Config first.
func faultyTLSServers(tb testing.TB, h http.Handler, tweak func(*tls.Config)) (tcp, h3 target) {
	tb.Helper()
	var opened, openedH3, full, resumed atomic.Int64
	tc := benchCert.ServerConfig()
	if tweak != nil {
		tweak(tc)
	}
	tc.VerifyConnection = func(cs tls.ConnectionState) error {
		if cs.DidResume {
			resumed.Add(1)
		} else {
			full.Add(1)
		}
		return nil
	}
	handshakes := func() (int, int) { return int(full.Load()), int(resumed.Load()) }
	s := httptest.NewUnstartedServer(h)
	s.TLS = tc.Clone()
	s.TLS.NextProtos = []string{"h2", "http/1.1"}
	s.EnableHTTP2 = true
	s.Config.ConnState = func(_ net.Conn, st http.ConnState) {
		if st == http.StateNew {
			opened.Add(1)
		}
	}
	s.StartTLS()
	tb.Cleanup(s.Close)
	h3URL := benchtest.ServeH3(tb, &http3.Server{Handler: h, TLSConfig: http3.ConfigureTLSConfig(tc),
		ConnContext: func(ctx context.Context, _ *quic.Conn) context.Context {
			openedH3.Add(1)
			return ctx
		}})
	return target{base: s.URL, opened: func() int { return int(opened.Load()) }, handshakes: handshakes},
		target{base: h3URL, proto: 3, opened: func() int { return int(openedH3.Load()) }, handshakes: handshakes}
}

// TestTLSHandshakeRowsCheckResumption: a TLSHandshake row fails when the
// handshake is not its own: every resume=on leaf against servers that
// issue no session tickets (so every handshake is a full one), and every
// resume=off leaf whose client keeps a session cache (so the second
// handshake resumes).
func TestTLSHandshakeRowsCheckResumption(t *testing.T) {
	noTickets, noTicketsH3 := faultyTLSServers(t, fixtures.NewHTTPHandler(), func(c *tls.Config) { c.SessionTicketsDisabled = true })
	tcp, h3 := startTLSServers(t)
	eachLeaf(t, tlsHandshake, func(t *testing.T, v variant, cf clients.Factory) {
		cfg, tg := v.cfg, tcp
		tg.proto = v.tls
		if v.tls == 3 {
			tg = h3
		}
		if v.cfg.TLS.Resume {
			tg.base, tg.opened, tg.handshakes = noTickets.base, noTickets.opened, noTickets.handshakes
			if v.tls == 3 {
				tg.base, tg.opened = noTicketsH3.base, noTicketsH3.opened
			}
		} else {
			tlsCfg := *cfg.TLS
			tlsCfg.Resume = true
			cfg.TLS = &tlsCfg
		}
		o := v.op(benchtest.NewClient(t, cf, cfg), tg)
		if err := o(true); err != nil {
			t.Fatalf("first op (a full handshake either way): %v", err)
		}
		err := o(true)
		if err == nil || !strings.Contains(err.Error(), "TLS handshakes") {
			t.Fatalf("second op: %v; want a handshake error", err)
		}
		t.Logf("caught: %v", err)
	})
}

// TestTLSRowsCheckTheProtocol: a TLS row fails when the protocol
// negotiated is not its own. Every proto=h2 leaf against a server offering
// only http/1.1 by ALPN (a silent fallback to HTTP/1.1), and every
// proto=h1 leaf whose client is left free to negotiate h2, report an error.
// A proto=h2 client without HTTP/1.1 over TLS (xnethttp2, which offers
// only h2) cannot fall back: its handshake with that server fails.
func TestTLSRowsCheckTheProtocol(t *testing.T) {
	h1Only := httptest.NewUnstartedServer(fixtures.NewHTTPHandler())
	h1Only.TLS = benchCert.ServerConfig()
	h1Only.TLS.NextProtos = []string{"http/1.1"}
	// Quiet: it logs every handshake an h2-only client fails.
	h1Only.Config.ErrorLog = log.New(io.Discard, "", 0)
	h1Only.StartTLS()
	t.Cleanup(h1Only.Close)
	both, _ := startTLSServers(t)
	for _, fam := range []family{tlsGet, tlsDownload, tlsConcurrent, tlsHandshake} {
		t.Run(fam.name, func(t *testing.T) {
			eachLeaf(t, fam, func(t *testing.T, v variant, cf clients.Factory) {
				var tg target
				cfg := v.cfg
				want := "want HTTP/"
				switch v.tls {
				case 2:
					tg = target{base: h1Only.URL, proto: 2}
					if !slices.ContainsFunc(clients.TLS1, func(f clients.Factory) bool { return f.Name == cf.Name }) {
						want = "tls: no application protocol"
					}
				case 1:
					if !registry.Of(cf.Name).Speaks(registry.H2TLS) {
						t.Skip(cf.Name + " speaks only HTTP/1.1")
					}
					tg = target{base: both.base, proto: 1}
					tlsCfg := *cfg.TLS
					tlsCfg.HTTP1 = false
					cfg.TLS = &tlsCfg
				default:
					t.Skip("HTTP/3 has no fallback over QUIC")
				}
				err := v.op(benchtest.NewClient(t, cf, cfg), tg)(true)
				if err == nil || !strings.Contains(err.Error(), want) {
					t.Fatalf("op: %v; want a protocol error", err)
				}
				t.Logf("caught: %v", err)
			})
		})
	}
}
