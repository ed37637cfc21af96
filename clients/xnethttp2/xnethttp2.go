// Package xnethttp2 is the suite's adapter of golang.org/x/net/http2's
// client, HTTP/2 only. Importing it registers the client xnethttp2.
package xnethttp2

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/http"

	"golang.org/x/net/http2"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/server/h2c"
)

func init() {
	clients.Register(clients.Adapter{
		Name:      "xnethttp2",
		New:       newClient,
		Timeout:   context.DeadlineExceeded,
		TLSMajor:  2,
		Behaviour: behaviour,
	})
}

// newClient is golang.org/x/net/http2's client, HTTP/2 only, set up one
// way per kind of row:
//
//   - h2c (Config.H2C): an http.Transport with x/net registered for its
//     unencrypted HTTP/2 connections by http2.ConfigureTransports, because
//     the h2c rows set receive windows and x/net's own Transport cannot
//     (see h2c.ConfigureXNetTransport). The transport's other settings are
//     nethttp's (clients.ConfigureTransport), Fresh its DisableKeepAlives.
//   - TLS (Config.TLS): x/net's own http2.Transport with the tls.Config
//     every client gets as its TLSClientConfig, as its users set it up: it
//     dials TLS itself, offers only h2 by ALPN and fails a connection that
//     does not negotiate it. The TLS rows leave windows at the library's
//     defaults, which are net/http's (h2c's TestWindowsOnTheWire compares
//     them). It has no DisableKeepAlives: Fresh sets Request.Close on every
//     request instead, which makes its pool dial the request a single-use
//     connection and close it after the response. Its pool keeps every
//     connection it opens, with no cap and no idle limit, so the pool
//     settings (MaxConnsPerHost, LibraryPool) have nothing to set;
//     Config.MaxConns, which would, and TLS.HTTP1 are refused.
//
// Either way requests go through an http.Client with the suite's Timeout.
func newClient(name string, cfg clients.Config) (clients.Client, error) {
	switch {
	case cfg.TLS != nil && cfg.TLS.HTTP1:
		return nil, fmt.Errorf("clients: %s: Config.TLS.HTTP1 is not HTTP/2", name)
	case cfg.TLS != nil && cfg.MaxConns > 0:
		return nil, fmt.Errorf("clients: %s: Config.MaxConns is not supported over TLS (http2.Transport has no connection cap)", name)
	case cfg.TLS != nil:
		t := &http2.Transport{TLSClientConfig: cfg.TLS.ClientConfig()}
		if cfg.Net != nil {
			t.DialTLSContext = dialTLS(cfg.Net)
		}
		return clients.NewNetHTTP(name, &http.Client{Transport: t, Timeout: cfg.Timeout}, clients.NetHTTPOptions{CloseEach: cfg.Fresh}), nil
	case cfg.H2C == nil:
		return nil, fmt.Errorf("clients: %s speaks only HTTP/2: set Config.H2C or Config.TLS", name)
	}
	t := http.DefaultTransport.(*http.Transport).Clone()
	h2cWindow := *cfg.H2C
	cfg.H2C = nil // configured below, by x/net
	clients.ConfigureTransport(t, cfg)
	if err := h2c.ConfigureXNetTransport(t, h2cWindow); err != nil {
		return nil, err
	}
	return clients.NewNetHTTP(name, &http.Client{Transport: t, Timeout: cfg.Timeout}, clients.NetHTTPOptions{}), nil
}

// dialTLS is x/net's http2.Transport.DialTLSContext over n: what the
// transport's own dialTLS does (tls.Dialer, then the ALPN checks of
// x/net/http2's transport_common.go) on a connection from n.
func dialTLS(n clients.Network) func(ctx context.Context, network, addr string, tc *tls.Config) (net.Conn, error) {
	return func(ctx context.Context, network, addr string, tc *tls.Config) (net.Conn, error) {
		raw, err := n.DialContext(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		cn := tls.Client(raw, tc)
		if err := cn.HandshakeContext(ctx); err != nil {
			raw.Close()
			return nil, err
		}
		state := cn.ConnectionState()
		switch {
		case state.NegotiatedProtocol != http2.NextProtoTLS:
			err = fmt.Errorf("http2: unexpected ALPN protocol %q; want %q", state.NegotiatedProtocol, http2.NextProtoTLS)
		case !state.NegotiatedProtocolIsMutual:
			err = errors.New("http2: could not negotiate protocol mutually")
		}
		if err != nil {
			cn.Close()
			return nil, err
		}
		return cn, nil
	}
}
