package netem

import (
	"encoding/binary"
	"sync"
	"testing"
	"time"

	"gvisor.dev/gvisor/pkg/buffer"
	"gvisor.dev/gvisor/pkg/tcpip"
	"gvisor.dev/gvisor/pkg/tcpip/header"
	"gvisor.dev/gvisor/pkg/tcpip/stack"
)

// The line's physics in its own time. A line on a test clock that moves
// only when the line sleeps is the same code as on the host's clock, with
// every time it reads exact: what these tests assert holds on any machine,
// however busy, and fails when the line serialises at another bandwidth,
// delays by another time, keeps a queue of another length or hands a
// packet over before it is due. (On the host clock the same line can only
// be late, by its thread's wake-up: physics_test.go logs by how much.)

// testClock starts at zero and moves only when the line sleeps, by exactly
// what it sleeps. Its sleeps wait for gate to close: a test queues what it
// wants before the line moves time on.
type testClock struct {
	mu   sync.Mutex
	t    time.Duration
	gate chan struct{}
}

func newTestClock() *testClock { return &testClock{gate: make(chan struct{})} }

func (c *testClock) now() time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *testClock) sleep(d time.Duration) {
	<-c.gate
	c.mu.Lock()
	c.t += d
	c.mu.Unlock()
}

func (c *testClock) open() { close(c.gate) }

// received records the order in which packets reach the far end, by the
// sequence number each test packet carries.
type received struct {
	mu      sync.Mutex
	seqs    []uint32
	arrived chan struct{} // a packet arrived
}

func (r *received) DeliverNetworkPacket(_ tcpip.NetworkProtocolNumber, pkt *stack.PacketBuffer) {
	b := pkt.ToView().AsSlice()
	r.mu.Lock()
	r.seqs = append(r.seqs, binary.BigEndian.Uint32(b))
	r.mu.Unlock()
	select {
	case r.arrived <- struct{}{}:
	default:
	}
}

func (r *received) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.seqs)
}

// waitFor waits until n packets have arrived.
func (r *received) waitFor(t *testing.T, n int) {
	t.Helper()
	guard := time.After(time.Minute) // liveness only: on the test clock nothing waits
	for r.count() < n {
		select {
		case <-r.arrived:
		case <-guard:
			t.Fatalf("%d of %d packets arrived", r.count(), n)
		}
	}
}

func (*received) DeliverLinkPacket(tcpip.NetworkProtocolNumber, *stack.PacketBuffer) {}

// testLine is a line of profile p on a test clock, tracing, whose far end
// records what arrives.
func testLine(t *testing.T, p Profile) (*line, *testClock, *received) {
	t.Helper()
	clk := newTestClock()
	r := &received{arrived: make(chan struct{}, 1)}
	to := &link{}
	to.Attach(r)
	l := newLine(p, 1, to, clk)
	l.tracing = true
	t.Cleanup(func() {
		select {
		case <-clk.gate:
		default:
			clk.open()
		}
		l.close()
	})
	return l, clk, r
}

// packet is an IP packet of size bytes carrying seq.
func packet(seq uint32, size int) *stack.PacketBuffer {
	b := make([]byte, size)
	binary.BigEndian.PutUint32(b, seq)
	return stack.NewPacketBuffer(stack.PacketBufferOptions{Payload: buffer.MakeWithData(b)})
}

func send(l *line, seq uint32, size int) {
	pkt := packet(seq, size)
	pkt.NetworkProtocolNumber = header.IPv4ProtocolNumber
	l.send(pkt)
	pkt.DecRef()
}

// lineProfiles: the profiles' delays and bandwidths (lossy's are wan's).
var lineProfiles = []Profile{LAN, WAN}

// atRate is how long size bytes take at p's bandwidth, computed from the
// profile as a reader would, not from the line's fields.
func atRate(p Profile, size int) time.Duration {
	return time.Duration(float64(size) * 8 / float64(p.Bandwidth) * float64(time.Second))
}

// within1ns: the line and atRate round the same product differently.
func within1ns(a, b time.Duration) bool { return a-b <= 1 && b-a <= 1 }

func lineTrace(l *line) []passage {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]passage(nil), l.trace...)
}

// TestLineSerialisesAtItsBandwidth: a burst queued at once leaves back to
// back, each packet taking its size at the profile's bandwidth; a packet
// queued to an idle line starts at once.
func TestLineSerialisesAtItsBandwidth(t *testing.T) {
	for _, p := range lineProfiles {
		t.Run(p.Name, func(t *testing.T) {
			sizes := []int{1500, 40, 1500, 576, 1500, 52, 1500, 1500}
			l, clk, r := testLine(t, p)
			for i, size := range sizes {
				send(l, uint32(i), size)
			}
			clk.open()
			r.waitFor(t, len(sizes))
			idle := clk.now() // the line has sent everything: it is idle
			send(l, uint32(len(sizes)), 1500)
			r.waitFor(t, len(sizes)+1)

			tr := lineTrace(l)
			if len(tr) != len(sizes)+1 {
				t.Fatalf("%d passages, want %d", len(tr), len(sizes)+1)
			}
			var busy time.Duration
			for i, ps := range tr[:len(sizes)] {
				if ps.queued != 0 {
					t.Errorf("packet %d queued at %v, want 0 (the clock moves only when the line sleeps)", i, ps.queued)
				}
				if took := ps.end - ps.start; !within1ns(took, atRate(p, ps.size)) {
					t.Errorf("packet %d (%d bytes) took %v to send, want %v at %d bit/s", i, ps.size, took, atRate(p, ps.size), p.Bandwidth)
				}
				if i > 0 && ps.start != tr[i-1].end {
					t.Errorf("packet %d started at %v, want %v, when packet %d was sent: back to back", i, ps.start, tr[i-1].end, i-1)
				}
				busy += atRate(p, ps.size)
			}
			if last := tr[len(sizes)-1].end; last-tr[0].start < busy-time.Duration(len(sizes)) {
				t.Errorf("the burst was sent in %v, want %v: faster than the bandwidth", last-tr[0].start, busy)
			}
			if ps := tr[len(sizes)]; ps.queued < idle || ps.start != ps.queued {
				t.Errorf("a packet queued at %v to an idle line (idle since %v) started at %v, want at once", ps.queued, idle, ps.start)
			}
		})
	}
}

// TestLineDelaysHalfTheRoundTrip: every packet is due the profile's
// one-way delay after it was sent, is handed over no earlier than that
// (less the batching allowance, early) and never after (on this clock
// the deliverer's thread is never late), in the order it was sent.
func TestLineDelaysHalfTheRoundTrip(t *testing.T) {
	for _, p := range lineProfiles {
		t.Run(p.Name, func(t *testing.T) {
			const n = 64 // what the shortest queue holds
			l, clk, r := testLine(t, p)
			for i := range n {
				send(l, uint32(i), []int{1500, 52, 1500, 1500}[i%4])
			}
			if s := l.stats(); s.Sent != n {
				t.Fatalf("%d of %d packets queued (stats %+v)", s.Sent, n, s)
			}
			clk.open()
			r.waitFor(t, n)
			for i, ps := range lineTrace(l) {
				if d := ps.due - ps.end; d != p.RTT/2 {
					t.Errorf("packet %d due %v after it was sent, want RTT/2 = %v", i, d, p.RTT/2)
				}
				if ps.handedOver < ps.due-early || ps.handedOver > ps.due {
					t.Errorf("packet %d handed over at %v, due at %v: want from %v before to on time", i, ps.handedOver, ps.due, early)
				}
			}
			for i, seq := range r.seqs {
				if seq != uint32(i) {
					t.Fatalf("arrival %d was packet %d: the line reordered", i, seq)
				}
			}
			if s := l.stats(); s.Delivered != n || s.Late != 0 || s.Bytes != n/4*(1500+52+1500+1500) {
				t.Errorf("stats %+v, want %d delivered, %d bytes, none late", s, n, n/4*(1500+52+1500+1500))
			}
		})
	}
}

// TestLineQueueDropsTheTail: a burst larger than the queue keeps what
// waits at most the queue's length (four bandwidth-delay products, at
// least 64 full packets) for the transmitter, and drops the rest.
func TestLineQueueDropsTheTail(t *testing.T) {
	for _, p := range lineProfiles {
		t.Run(p.Name, func(t *testing.T) {
			const size = 1500
			queue := max(4*p.BDP(), 64*1500)
			// Packet k waits k packets' time for the transmitter; it is
			// kept while that is at most the queue's length in time.
			kept := int(queue/size) + 1
			n := kept + 100
			l, clk, r := testLine(t, p)
			for i := range n {
				send(l, uint32(i), size)
			}
			s := l.stats()
			if s.Sent != int64(kept) || s.Overflowed != int64(n-kept) {
				t.Errorf("%d packets at once into a queue of %d bytes: %d sent, %d dropped; want %d and %d", n, queue, s.Sent, s.Overflowed, kept, n-kept)
			}
			clk.open()
			r.waitFor(t, int(s.Sent))
			for i, seq := range r.seqs {
				if seq != uint32(i) {
					t.Fatalf("arrival %d was packet %d: want the first %d (drop-tail)", i, seq, kept)
				}
			}
		})
	}
}

// TestLineLosesAtItsRate: on one seed, 100,000 packets lose 1 % ± 0.1 %,
// counted by the line (no socket, no timing: the rate alone).
func TestLineLosesAtItsRate(t *testing.T) {
	p := Lossy
	p.RTT, p.Bandwidth = 0, 1e15
	const n = 100_000
	for _, seed := range []uint64{1, 22} {
		clk := newTestClock()
		to := &link{}
		l := newLine(p, seed, to, clk)
		for i := range n {
			send(l, uint32(i), 40)
		}
		s := l.stats()
		clk.open()
		l.close()
		if s.Sent+s.Lost != n {
			t.Fatalf("seed %d: %d sent + %d lost, want %d", seed, s.Sent, s.Lost, n)
		}
		if rate := float64(s.Lost) / n; rate < 0.009 || rate > 0.011 {
			t.Errorf("seed %d: lost %d of %d (%.3f %%), want 1 %% ± 0.1 %%", seed, s.Lost, n, rate*100)
		}
	}
}
