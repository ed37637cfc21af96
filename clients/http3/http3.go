// Package http3 is the suite's adapter of quic-go's HTTP/3 transport under
// an http.Client. Importing it registers the client http3.
package http3

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"time"

	"github.com/quic-go/quic-go"
	"github.com/quic-go/quic-go/http3"

	"github.com/httpclientbench/httpclientbench/clients"
)

func init() {
	clients.Register(clients.Adapter{
		Name:      "http3",
		New:       newHTTP3,
		EarlyData: true,
		Timeout:   context.DeadlineExceeded,
		Behaviour: clients.Behaviour{None: "quic-go's HTTP/3 client needs the behaviour routes over HTTP/3, which the table does not observe yet"},
	})
}

// newHTTP3 is quic-go's HTTP/3 transport (http3.Transport) under an
// http.Client, used exactly as the nethttp adapter uses its transport: only
// the transport differs. It needs clients.Config.TLS (HTTP/3 is always over TLS
// 1.3) and gets the same tls.Config as every other client; quic-go's QUIC
// settings stay at its defaults. It multiplexes every request to a host on
// one QUIC connection, so the pool settings (MaxConnsPerHost, LibraryPool)
// have nothing to set; clients.Config.MaxConns and H2C, which would, are refused
// rather than ignored. clients.Config.Fresh gives a new QUIC connection per request
// (see h3Fresh).
func newHTTP3(name string, cfg clients.Config) (clients.Client, error) {
	switch {
	case cfg.TLS == nil:
		return nil, fmt.Errorf("clients: %s speaks only HTTP/3: set clients.Config.TLS", name)
	case cfg.TLS.HTTP1:
		return nil, fmt.Errorf("clients: %s: clients.Config.TLS.HTTP1 is not HTTP/3", name)
	case cfg.H2C != nil:
		return nil, clients.Unsupported(name, "HTTP/2")
	case cfg.MaxConns > 0:
		return nil, fmt.Errorf("clients: %s: clients.Config.MaxConns is not supported", name)
	case cfg.TLS.EarlyData && !cfg.TLS.Resume:
		return nil, fmt.Errorf("clients: %s: clients.Config.TLS.EarlyData needs TLS.Resume (0-RTT resumes a session)", name)
	}
	getMethod := ""
	if cfg.TLS.EarlyData {
		getMethod = http3.MethodGet0RTT
	}
	t := &http3.Transport{TLSClientConfig: cfg.TLS.ClientConfig()}
	if cfg.Fresh {
		f, err := newH3Fresh(t, cfg.Net)
		if err != nil {
			return nil, err
		}
		return clients.NewNetHTTP(name, &http.Client{Transport: f, Timeout: cfg.Timeout}, clients.NetHTTPOptions{CloseTransport: f.close, GetMethod: getMethod}), nil
	}
	closeTransport := t.Close
	if cfg.Net != nil {
		// Every QUIC connection on one UDP socket of the path's client
		// side, dialed as http3.Transport's own dialer does (DialEarly on
		// its quic.Transport, with the tls.Config and QUIC settings it
		// passes).
		qt, err := h3Transport(cfg.Net)
		if err != nil {
			return nil, err
		}
		t.Dial = func(ctx context.Context, addr string, tc *tls.Config, qc *quic.Config) (*quic.Conn, error) {
			ua, err := net.ResolveUDPAddr("udp", addr)
			if err != nil {
				return nil, err
			}
			return qt.DialEarly(ctx, udp4(ua), tc, qc)
		}
		closeTransport = func() error { return errors.Join(t.Close(), qt.Close(), qt.Conn.Close()) }
	}
	return clients.NewNetHTTP(name, &http.Client{Transport: t, Timeout: cfg.Timeout}, clients.NetHTTPOptions{CloseTransport: closeTransport, GetMethod: getMethod}), nil
}

// h3Transport is a quic.Transport on a UDP socket of n's client side, or
// of the host's network when n is nil.
func h3Transport(n clients.Network) (*quic.Transport, error) {
	var pc net.PacketConn
	var err error
	if n != nil {
		pc, err = n.ListenPacket()
	} else {
		pc, err = net.ListenUDP("udp", nil)
	}
	if err != nil {
		return nil, fmt.Errorf("clients: http3: %w", err)
	}
	return &quic.Transport{Conn: pc}, nil
}

// udp4 is a with its IPv4 address in 4 bytes, the form a socket of an
// emulated path compares with (package net's resolver gives 16).
func udp4(a *net.UDPAddr) *net.UDPAddr {
	if ip4 := a.IP.To4(); ip4 != nil {
		return &net.UDPAddr{IP: ip4, Port: a.Port, Zone: a.Zone}
	}
	return a
}

// h3QUICConfig is what http3.Transport dials with when its QUICConfig is
// nil: quic-go's http3 defaultQuicConfig (unexported: the server may open
// no bidirectional streams, keep-alive pings every 10 s) with its Versions
// pinned to the first supported one, as Transport.init does.
// TestHTTP3FreshDialsAsTheTransport compares the two.
var h3QUICConfig = &quic.Config{
	MaxIncomingStreams: -1,
	KeepAlivePeriod:    10 * time.Second,
	Versions:           []quic.Version{quic.SupportedVersions()[0]},
}

// h3Fresh is the http3 client with clients.Config.Fresh: a new QUIC connection per
// request, closed when the response body is closed, as DisableKeepAlives
// does for a net/http transport. http3.Transport has no such setting (it
// keeps one connection per host for every request), so h3Fresh dials each
// connection itself the way http3.Transport's own dialer does (DialEarly on
// one UDP socket for the client, the tls.Config cloned with the server name
// if it has none and ALPN h3, the same QUIC settings) and sends the request
// on it through http3.Transport.NewClientConn, so the HTTP/3 layer and its
// settings are the transport's. Requests may run concurrently, each on its
// own connection, but not with TLS.Resume: concurrent dials resuming from
// one cached ticket race inside quic-go v0.65.0 (see TestHTTP3Fresh). A
// resumed dial is a 0-RTT connection, whose first stream races with the
// handshake inside quic-go (quic-go/quic-go#4303); race-detector builds
// therefore wait for the handshake first (see awaitEarlyHandshake).
type h3Fresh struct {
	h3 *http3.Transport // its settings and NewClientConn; it never dials
	qt *quic.Transport  // the UDP socket every connection is dialed on
}

func newH3Fresh(t *http3.Transport, n clients.Network) (*h3Fresh, error) {
	qt, err := h3Transport(n)
	if err != nil {
		return nil, err
	}
	return &h3Fresh{h3: t, qt: qt}, nil
}

func (f *h3Fresh) RoundTrip(req *http.Request) (*http.Response, error) {
	conn, err := f.dial(req)
	if err == nil {
		if err = awaitEarlyHandshake(req.Context(), conn); err != nil {
			conn.CloseWithError(0, "")
		}
	}
	if err != nil {
		if req.Body != nil {
			req.Body.Close() // as http3.Transport does when it fails
		}
		return nil, err
	}
	resp, err := f.h3.NewClientConn(conn).RoundTrip(req)
	if err != nil {
		conn.CloseWithError(0, "")
		return nil, err
	}
	resp.Body = &closeConn{ReadCloser: resp.Body, conn: conn}
	return resp, nil
}

// dial opens the request's QUIC connection as http3.Transport.dial does.
func (f *h3Fresh) dial(req *http.Request) (*quic.Conn, error) {
	if req.URL.Scheme != "https" {
		return nil, fmt.Errorf("http3: unsupported protocol scheme: %s", req.URL.Scheme)
	}
	host, port := req.URL.Hostname(), req.URL.Port()
	if port == "" {
		port = "443"
	}
	ips, err := net.DefaultResolver.LookupNetIP(req.Context(), "ip", host)
	if err != nil {
		return nil, err
	}
	p, err := net.LookupPort("udp", port)
	if err != nil {
		return nil, err
	}
	tc := f.h3.TLSClientConfig.Clone()
	if tc.ServerName == "" {
		tc.ServerName = host
	}
	tc.NextProtos = []string{http3.NextProtoH3}
	addr := net.UDPAddrFromAddrPort(netip.AddrPortFrom(ips[0].Unmap(), uint16(p)))
	return f.qt.DialEarly(req.Context(), udp4(addr), tc, h3QUICConfig)
}

// close closes the UDP socket and every connection still open on it.
func (f *h3Fresh) close() error {
	return errors.Join(f.qt.Close(), f.qt.Conn.Close())
}

// closeConn is a response body that closes its QUIC connection with it.
type closeConn struct {
	io.ReadCloser
	conn *quic.Conn
}

func (b *closeConn) Close() error {
	err := b.ReadCloser.Close()
	if cerr := b.conn.CloseWithError(0, ""); err == nil {
		err = cerr
	}
	return err
}
