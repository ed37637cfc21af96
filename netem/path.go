package netem

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"gvisor.dev/gvisor/pkg/tcpip"
	"gvisor.dev/gvisor/pkg/tcpip/adapters/gonet"
	"gvisor.dev/gvisor/pkg/tcpip/header"
	"gvisor.dev/gvisor/pkg/tcpip/network/ipv4"
	"gvisor.dev/gvisor/pkg/tcpip/stack"
	"gvisor.dev/gvisor/pkg/tcpip/transport/tcp"
	"gvisor.dev/gvisor/pkg/tcpip/transport/udp"
)

// The two ends' addresses, in the host's loopback range: a client that
// dials around the path (ignores clients.Config.Net) reaches the host's
// 127.0.2.1, where the suite listens on nothing, and no packet leaves the
// machine.
// TEST-NET-1 (192.0.2.0/24, RFC 5737), used before, is routed off the
// machine where a network uses it, as a sandbox's may. Both stacks accept
// loopback addresses on their NIC (ipv4.Options.AllowExternalLoopbackTraffic,
// off by default as martian packets).
var (
	ServerAddr = netip.AddrFrom4([4]byte{127, 0, 2, 1})
	ClientAddr = netip.AddrFrom4([4]byte{127, 0, 2, 2})
)

const nicID = 1

// udpBuffer is each UDP socket's receive buffer: QUIC sends a window of
// packets at once, and netstack's default (212 KiB) would drop them at
// the socket rather than on the path.
const udpBuffer = 8 << 20

// A Path joins a client stack and a server stack by two lines, one per
// direction. Its methods are safe for concurrent use.
type Path struct {
	profile        Profile
	client, server *stack.Stack
	up, down       *line // client → server, server → client

	closeOnce sync.Once
}

// An Option changes how New builds a path.
type Option func(*options)

type options struct{ seed uint64 }

// WithSeed seeds the lines' loss: the same seed drops the same packets of
// the same sequence. The default is 1.
func WithSeed(seed uint64) Option { return func(o *options) { o.seed = seed } }

// New builds a path with profile p. Close releases it.
func New(p Profile, opts ...Option) (*Path, error) {
	if err := p.check(); err != nil {
		return nil, err
	}
	o := options{seed: 1}
	for _, opt := range opts {
		opt(&o)
	}
	clientLink, serverLink := &link{mtu: p.mtu()}, &link{mtu: p.mtu()}
	path := &Path{profile: p}
	path.up = newLine(p, o.seed, serverLink, hostClock{})
	path.down = newLine(p, o.seed+1, clientLink, hostClock{})
	clientLink.out, serverLink.out = path.up, path.down
	var err error
	if path.client, err = newStack(clientLink, ClientAddr); err == nil {
		path.server, err = newStack(serverLink, ServerAddr)
	}
	if err != nil {
		path.Close()
		return nil, err
	}
	return path, nil
}

// newStack is one end: IPv4, TCP (CUBIC, SACK, RACK and receive-buffer
// auto-tuning, netstack's defaults but for CUBIC, Linux's default
// congestion control) and UDP, on a NIC over l with address a.
func newStack(l *link, a netip.Addr) (*stack.Stack, error) {
	s := stack.New(stack.Options{
		NetworkProtocols:   []stack.NetworkProtocolFactory{ipv4.NewProtocolWithOptions(ipv4.Options{AllowExternalLoopbackTraffic: true})},
		TransportProtocols: []stack.TransportProtocolFactory{tcp.NewProtocolCUBIC, udp.NewProtocol},
	})
	fail := func(what string, err tcpip.Error) (*stack.Stack, error) {
		s.Close()
		s.Wait()
		return nil, fmt.Errorf("netem: %s: %s", what, err)
	}
	if err := s.CreateNIC(nicID, l); err != nil {
		return fail("create NIC", err)
	}
	addr := tcpip.AddrFrom4(a.As4())
	if err := s.AddProtocolAddress(nicID, tcpip.ProtocolAddress{
		Protocol:          ipv4.ProtocolNumber,
		AddressWithPrefix: tcpip.AddressWithPrefix{Address: addr, PrefixLen: 24},
	}, stack.AddressProperties{}); err != nil {
		return fail("add address", err)
	}
	s.SetRouteTable([]tcpip.Route{{Destination: header.IPv4EmptySubnet, NIC: nicID}})
	if err := s.SetOption(tcpip.ReceiveBufferSizeOption{Min: 4 << 10, Default: udpBuffer, Max: udpBuffer}); err != nil {
		return fail("UDP receive buffer", err)
	}
	return s, nil
}

// Profile is the path's profile.
func (p *Path) Profile() Profile { return p.profile }

// Listen listens for TCP connections on the server's side, at port (0: any
// free port).
func (p *Path) Listen(port int) (net.Listener, error) {
	ln, err := gonet.ListenTCP(p.server, full(ServerAddr, port), ipv4.ProtocolNumber)
	if err != nil {
		return nil, err
	}
	return &listener{TCPListener: ln}, nil
}

// listener is gonet's, with the error a closed listener's Accept returns in
// package net (net.ErrClosed), which servers take as the end of Serve:
// gonet returns netstack's "endpoint is in invalid state", which fasthttp's
// server reports as a failure.
type listener struct {
	*gonet.TCPListener
	closed atomic.Bool
}

func (l *listener) Accept() (net.Conn, error) {
	c, err := l.TCPListener.Accept()
	if err != nil && l.closed.Load() {
		return nil, &net.OpError{Op: "accept", Net: "tcp", Addr: l.Addr(), Err: net.ErrClosed}
	}
	return c, err
}

func (l *listener) Close() error {
	l.closed.Store(true)
	return l.TCPListener.Close()
}

// ListenServerPacket opens a UDP socket on the server's side, at port (0:
// any free port).
func (p *Path) ListenServerPacket(port int) (net.PacketConn, error) {
	return listenUDP(p.server, ServerAddr, port)
}

// ListenPacket opens a UDP socket on the client's side, at a free port.
func (p *Path) ListenPacket() (net.PacketConn, error) {
	return listenUDP(p.client, ClientAddr, 0)
}

// DialContext opens a TCP connection from the client's side to addr, an
// address on the server's side ("127.0.2.1:port"). network must be tcp or
// tcp4.
func (p *Path) DialContext(ctx context.Context, network, addr string) (net.Conn, error) {
	if network != "tcp" && network != "tcp4" {
		return nil, fmt.Errorf("netem: dial %s %s: only tcp", network, addr)
	}
	ap, err := netip.ParseAddrPort(addr)
	if err != nil {
		return nil, fmt.Errorf("netem: dial %s: %w (want %s:port)", addr, err, ServerAddr)
	}
	if ap.Addr() != ServerAddr {
		return nil, fmt.Errorf("netem: dial %s: the path leads only to %s", addr, ServerAddr)
	}
	c, err := gonet.DialContextTCP(ctx, p.client, full(ServerAddr, int(ap.Port())), ipv4.ProtocolNumber)
	if err != nil {
		return nil, err // gonet's *net.OpError already names the address
	}
	return c, nil
}

// Stats counts the packets of each direction.
type Stats struct {
	Up, Down LineStats // client → server, server → client
}

// LineStats counts one direction's packets: sent on (delivered or still
// on their way), lost at random, or dropped because the queue was full;
// and of those sent, the IP bytes and how many were handed to the far end
// so far, with how late after their due times in all and at most. The
// lateness is the delivering thread's: it wakes up late when the machine
// is busy, and every packet it hands over late reaches the stack late.
type LineStats struct {
	Sent, Lost, Overflowed int64
	Bytes                  int64
	Delivered              int64
	Late, MaxLate          time.Duration
}

// MeanLate is the mean lateness of the packets delivered so far.
func (s LineStats) MeanLate() time.Duration {
	if s.Delivered == 0 {
		return 0
	}
	return s.Late / time.Duration(s.Delivered)
}

// Stats reports what the path has done with the packets so far.
func (p *Path) Stats() Stats {
	return Stats{Up: p.up.stats(), Down: p.down.stats()}
}

func (l *line) stats() LineStats {
	l.mu.Lock()
	defer l.mu.Unlock()
	return LineStats{
		Sent: l.sent.Load(), Lost: l.lost.Load(), Overflowed: l.overflowed.Load(),
		Bytes: l.bytes.Load(), Delivered: l.delivered, Late: l.lateSum, MaxLate: l.maxLate,
	}
}

// Close stops the path: every connection and socket on it ends. It is
// safe to call more than once.
func (p *Path) Close() error {
	p.closeOnce.Do(func() {
		for _, s := range []*stack.Stack{p.client, p.server} {
			if s != nil {
				s.Close()
			}
		}
		for _, s := range []*stack.Stack{p.client, p.server} {
			if s != nil {
				s.Wait()
			}
		}
		p.up.close()
		p.down.close()
	})
	return nil
}

func full(a netip.Addr, port int) tcpip.FullAddress {
	return tcpip.FullAddress{NIC: nicID, Addr: tcpip.AddrFrom4(a.As4()), Port: uint16(port)}
}

// listenUDP opens an unconnected UDP socket at a:port on s.
func listenUDP(s *stack.Stack, a netip.Addr, port int) (net.PacketConn, error) {
	if port < 0 || port > 65535 {
		return nil, errors.New("netem: port " + strconv.Itoa(port) + " out of range")
	}
	laddr := full(a, port)
	return gonet.DialUDP(s, &laddr, nil, ipv4.ProtocolNumber)
}
