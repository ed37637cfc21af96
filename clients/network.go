package clients

import (
	"context"
	"net"
	"sync/atomic"
	"time"
)

// Network is a path to the servers other than the host's own network (an
// emulated one: package netem). With Config.Net set, every connection a
// client opens goes through it, by its library's own dialer hook (see the
// package doc's fairness list).
type Network interface {
	// DialContext opens a TCP connection to addr ("ip:port").
	DialContext(ctx context.Context, network, addr string) (net.Conn, error)
	// ListenPacket opens a UDP socket on the client's side of the path,
	// for QUIC.
	ListenPacket() (net.PacketConn, error)
}

// CountingNetwork is a Network that counts what is opened through it: the
// TCP connections (Dials) and the UDP sockets (Sockets). A check that a
// client keeps to Config.Net reads them.
type CountingNetwork struct {
	Network
	Dials, Sockets atomic.Int64
}

func (n *CountingNetwork) DialContext(ctx context.Context, network, addr string) (net.Conn, error) {
	n.Dials.Add(1)
	return n.Network.DialContext(ctx, network, addr)
}

func (n *CountingNetwork) ListenPacket() (net.PacketConn, error) {
	n.Sockets.Add(1)
	return n.Network.ListenPacket()
}

// DialTimeout dials addr over TCP through n, giving up after timeout:
// the hook of the libraries that dial with a timeout rather than a
// context (fasthttp, hertz, raw).
func DialTimeout(n Network, addr string, timeout time.Duration) (net.Conn, error) {
	if timeout <= 0 { // as net.DialTimeout: no timeout
		return n.DialContext(context.Background(), "tcp", addr)
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	return n.DialContext(ctx, "tcp", addr)
}
