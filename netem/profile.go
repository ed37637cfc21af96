// Package netem is an emulated network path between a client and a server
// in one process, with the delay, bandwidth and loss of a real one, for the
// suite's net= rows.
//
// Both ends run a TCP/IP stack of their own (gVisor's netstack,
// gvisor.dev/gvisor/pkg/tcpip: TCP with CUBIC, SACK and RACK, as Linux
// does by default; UDP for QUIC), and every IP packet between them goes
// through a queue that serialises it at the profile's bandwidth, holds it
// for half the round trip and drops it with the profile's loss rate. So a
// TCP handshake costs a round trip, slow start and loss recovery happen
// and a QUIC packet can be lost, as on a real path; a stream proxy delays
// bytes but not handshakes, and cannot lose a segment. Clients reach the
// server through Path.DialContext and Path.ListenPacket, their libraries'
// own dialer hooks; servers serve on Path.Listen and Path.ListenServerPacket.
//
// It needs no privileges and runs on any OS. Its TCP is gVisor's, not the
// host kernel's: fine for comparing clients and protocols on one path, not
// a stand-in for Linux's absolute numbers under loss.
package netem

import (
	"fmt"
	"time"
)

// A Profile is what the path does to every packet, the same in each
// direction.
type Profile struct {
	Name string // the net= value in benchmark names
	// RTT is the round trip time of an empty path: each direction holds
	// a packet for RTT/2 after sending it.
	RTT time.Duration
	// Bandwidth is each direction's rate, in bits per second of IP
	// packets (headers included).
	Bandwidth int64
	// Loss is the probability that a packet is dropped, in each
	// direction, independently of every other packet.
	Loss float64
	// MTU is the largest IP packet the links carry, in bytes; 0 is
	// Ethernet's 1500, what every profile of the net= rows has. A larger
	// one only makes a path cheaper to run (fewer packets for the stacks
	// and the lines to handle), as the tests' path does.
	MTU uint32
}

// The profiles of the net= rows.
var (
	// LAN: 1 ms round trip, 1 Gbit/s.
	LAN = Profile{Name: "lan", RTT: time.Millisecond, Bandwidth: 1e9}
	// WAN: 40 ms round trip, 50 Mbit/s.
	WAN = Profile{Name: "wan", RTT: 40 * time.Millisecond, Bandwidth: 50e6}
	// Lossy is WAN with 1 % of the packets lost in each direction.
	Lossy = Profile{Name: "lossy", RTT: 40 * time.Millisecond, Bandwidth: 50e6, Loss: 0.01}
)

// Profiles lists the profiles in the order of the tables.
var Profiles = []Profile{LAN, WAN, Lossy}

// ByName returns the profile called name.
func ByName(name string) (Profile, error) {
	for _, p := range Profiles {
		if p.Name == name {
			return p, nil
		}
	}
	return Profile{}, fmt.Errorf("netem: no profile %q (have lan, wan, lossy)", name)
}

// check reports a profile the path cannot emulate.
func (p Profile) check() error {
	switch {
	case p.RTT < 0:
		return fmt.Errorf("netem: profile %q: negative round trip %v", p.Name, p.RTT)
	case p.Bandwidth <= 0:
		return fmt.Errorf("netem: profile %q: bandwidth %d bit/s, want > 0", p.Name, p.Bandwidth)
	case !(p.Loss >= 0 && p.Loss < 1):
		return fmt.Errorf("netem: profile %q: loss %v, want 0 <= loss < 1", p.Name, p.Loss)
	case p.MTU != 0 && (p.MTU < minMTU || p.MTU > maxMTU):
		return fmt.Errorf("netem: profile %q: MTU %d, want 0 (Ethernet's %d) or %d to %d", p.Name, p.MTU, defaultMTU, minMTU, maxMTU)
	}
	return nil
}

// mtu is the links' MTU: p.MTU, or Ethernet's.
func (p Profile) mtu() uint32 {
	if p.MTU == 0 {
		return defaultMTU
	}
	return p.MTU
}

// BDP is the path's bandwidth-delay product in bytes: what is in flight
// when a sender keeps the path full.
func (p Profile) BDP() int64 {
	return int64(float64(p.Bandwidth) / 8 * p.RTT.Seconds())
}
