package clients_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"testing"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/clients/clienttest"
	h3adapter "github.com/httpclientbench/httpclientbench/clients/http3"
	"github.com/httpclientbench/httpclientbench/netem"
	"github.com/httpclientbench/httpclientbench/server"
	"github.com/httpclientbench/httpclientbench/server/h2c"
	"github.com/httpclientbench/httpclientbench/server/servertest"
	"github.com/httpclientbench/httpclientbench/server/tlsserver"
)

// refusingNet is a path on which nothing opens.
type refusingNet struct{}

var errRefused = errors.New("test: the path refuses")

func (refusingNet) DialContext(context.Context, string, string) (net.Conn, error) {
	return nil, errRefused
}

func (refusingNet) ListenPacket() (net.PacketConn, error) { return nil, errRefused }

// A netKind is one kind of server and the clients of its rows.
type netKind struct {
	name    string
	clients []clients.Factory
	cfg     func(*tlsserver.Cert) clients.Config
	// serve starts the server on path and returns its URL.
	serve func(t *testing.T, path *netem.Path, cert *tlsserver.Cert) string
}

var netKinds = []netKind{
	{"h1", clients.HTTP1,
		func(*tlsserver.Cert) clients.Config { return clients.Config{} },
		func(t *testing.T, path *netem.Path, _ *tlsserver.Cert) string {
			return servertest.Start(t, server.WithListener(listen(t, path))).URL()
		}},
	{"h2c", clients.HTTP2,
		func(*tlsserver.Cert) clients.Config { return clients.Config{H2C: &h2c.WindowDefault} },
		func(t *testing.T, path *netem.Path, _ *tlsserver.Cert) string {
			return servertest.StartH2C(t, h2c.WindowDefault, h2c.WithListener(listen(t, path))).URL()
		}},
	{"h1_tls", clients.TLS1,
		func(c *tlsserver.Cert) clients.Config {
			return clients.Config{TLS: &clients.TLS{RootCAs: c.Pool(), HTTP1: true}}
		},
		startTLS},
	{"h2_tls", clients.TLS2,
		func(c *tlsserver.Cert) clients.Config { return clients.Config{TLS: &clients.TLS{RootCAs: c.Pool()}} },
		startTLS},
	{"h3", clients.HTTP3,
		func(c *tlsserver.Cert) clients.Config { return clients.Config{TLS: &clients.TLS{RootCAs: c.Pool()}} },
		func(t *testing.T, path *netem.Path, cert *tlsserver.Cert) string {
			pc, err := path.ListenServerPacket(0)
			if err != nil {
				t.Fatal(err)
			}
			return servertest.StartH3(t, cert, tlsserver.WithPacketConn(pc)).URL()
		}},
}

func listen(t *testing.T, path *netem.Path) net.Listener {
	t.Helper()
	ln, err := path.Listen(0)
	if err != nil {
		t.Fatal(err)
	}
	return ln
}

func startTLS(t *testing.T, path *netem.Path, cert *tlsserver.Cert) string {
	return servertest.StartTLS(t, cert, tlsserver.WithListener(listen(t, path))).URL()
}

// TestNetCarriesEveryClient: with Config.Net set, every client of every
// kind of row reaches a server that listens only on an emulated path (its
// address, 127.0.2.1, where nothing on the host listens), and opens each connection
// through Net: with Config.Fresh, one dial per request over TCP, one UDP
// socket for QUIC.
func TestNetCarriesEveryClient(t *testing.T) {
	cert := servertest.NewCert(t)
	for _, k := range netKinds {
		for _, f := range k.clients {
			t.Run(k.name+"/client="+f.Name, func(t *testing.T) {
				t.Parallel()
				path, err := netem.New(netem.Profile{Name: "test", Bandwidth: 10e9})
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { path.Close() }) // after the server's and the client's
				n := &clients.CountingNetwork{Network: path}
				base := k.serve(t, path, cert)
				cfg := k.cfg(cert)
				cfg.Net, cfg.Fresh = n, true
				c := clienttest.New(t, f, cfg)
				const gets = 3
				for range gets {
					m, body, err := c.GetBytes(base + "/json")
					if err != nil || m.Status != 200 || string(body) != server.JSONBody {
						t.Fatalf("GET /json over the path: %+v %q %v", m, body, err)
					}
				}
				dials, sockets := n.Dials.Load(), n.Sockets.Load()
				if k.name == "h3" {
					if dials != 0 || sockets != 1 {
						t.Errorf("%d dials and %d UDP sockets through Net, want 0 and 1", dials, sockets)
					}
				} else if dials != gets || sockets != 0 {
					t.Errorf("%d dials and %d UDP sockets through Net for %d fresh GETs, want %d and 0", dials, sockets, gets, gets)
				}
			})
		}
	}
}

// TestNetRefusedFailsEveryClient: a client whose Net refuses fails its
// request (or, for http3, which opens its socket up front, its New) with
// Net's error: no client falls back to the host's network.
func TestNetRefusedFailsEveryClient(t *testing.T) {
	cert := servertest.NewCert(t)
	for _, k := range netKinds {
		for _, f := range k.clients {
			t.Run(k.name+"/client="+f.Name, func(t *testing.T) {
				cfg := k.cfg(cert)
				cfg.Net = refusingNet{}
				c, err := f.New(cfg)
				if err == nil {
					defer c.Close()
					var m clients.Meta
					scheme := "https"
					if cfg.TLS == nil {
						scheme = "http"
					}
					m, _, err = c.GetBytes(scheme + "://" + netem.ServerAddr.String() + ":1/json")
					if err == nil {
						t.Fatalf("GET over a refusing path: %+v, no error", m)
					}
				}
				if !errors.Is(err, errRefused) {
					t.Errorf("error %q does not wrap the path's %q", err, errRefused)
				}
			})
		}
	}
}

// TestEarlyDataOnlyOnHTTP3: TLS.EarlyData is http3's, and needs Resume;
// every other combination is an error from New.
func TestEarlyDataOnlyOnHTTP3(t *testing.T) {
	roots := servertest.NewCert(t).Pool()
	early := clients.Config{TLS: &clients.TLS{RootCAs: roots, Resume: true, EarlyData: true}}
	for _, f := range tcpTLS() {
		if c, err := f.New(early); err == nil {
			c.Close()
			t.Errorf("%s accepted TLS.EarlyData", f.Name)
		}
	}
	f := factory(t, clients.HTTP3, "http3")
	if c, err := f.New(clients.Config{TLS: &clients.TLS{RootCAs: roots, EarlyData: true}}); err == nil {
		c.Close()
		t.Error("http3 accepted TLS.EarlyData without TLS.Resume")
	}
	clienttest.New(t, f, early) // fails the test if New does
}

// TestEarlyDataSendsTheGETEarly: over a path with a 40 ms round trip, a
// resumed http3 connection with TLS.EarlyData delivers its GET to the
// server before the handshake completes (0-RTT early data: the request
// costs no round trip of its own), and without EarlyData after it. Race
// builds send it after the handshake either way (clients/http3/race.go).
func TestEarlyDataSendsTheGETEarly(t *testing.T) {
	cert := servertest.NewCert(t)
	for _, earlyData := range []bool{false, true} {
		t.Run(fmt.Sprint("EarlyData=", earlyData), func(t *testing.T) {
			t.Parallel()
			p := netem.WAN
			p.Bandwidth = 10e9
			path, err := netem.New(p)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { path.Close() })
			pc, err := path.ListenServerPacket(0)
			if err != nil {
				t.Fatal(err)
			}
			s := servertest.StartH3(t, cert, tlsserver.WithPacketConn(pc))
			f := factory(t, clients.HTTP3, "http3")
			c := clienttest.New(t, f, clients.Config{Net: path, Fresh: true,
				TLS: &clients.TLS{RootCAs: cert.Pool(), Resume: true, EarlyData: earlyData}})
			const gets = 3 // the first has no session to resume
			for range gets {
				if m, body, err := c.GetBytes(s.URL() + "/json"); err != nil || string(body) != server.JSONBody {
					t.Fatalf("GET /json: %+v %q %v", m, body, err)
				}
			}
			accepted, early := s.EarlyData()
			wantEarly := 0
			if earlyData && !h3adapter.WaitsForHandshake {
				wantEarly = gets - 1
			}
			if accepted != gets-1 || early != wantEarly {
				t.Errorf("%d requests on connections that accepted 0-RTT, %d of them before the handshake completed; want %d and %d",
					accepted, early, gets-1, wantEarly)
			}
		})
	}
}
