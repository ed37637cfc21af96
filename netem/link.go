package netem

import (
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"gvisor.dev/gvisor/pkg/tcpip"
	"gvisor.dev/gvisor/pkg/tcpip/header"
	"gvisor.dev/gvisor/pkg/tcpip/stack"
)

// defaultMTU is the links' MTU unless a profile sets one: Ethernet's.
// minMTU is IPv4's smallest (RFC 791); maxMTU the largest an IPv4 packet's
// 16-bit length allows.
const (
	defaultMTU = 1500
	minMTU     = 576
	maxMTU     = 65535
)

// queueBDPs is how many bandwidth-delay products a direction's queue holds
// before it drops what arrives (drop-tail, as a router's buffer). With one,
// CUBIC settled below the path's rate in a prototype (a warm 1 MiB over the
// WAN profile took 266 ms against a 212 ms bound); with four it reached it.
const queueBDPs = 4

// minQueue is the smallest queue, in packets of the path's MTU: for paths
// whose product is small.
const minQueue = 64

// A line is one direction of the path: packets enter at the sender's
// stack's write, wait for the transmitter (serialisation at the
// bandwidth), then for the one-way delay, and are handed to the receiving
// stack by a goroutine of their own at their due time.
type line struct {
	delay    time.Duration
	bw       float64 // bytes per second
	loss     float64
	capacity time.Duration // the queue's length, as time at the bandwidth
	to       *link         // the receiving end
	clk      clock

	mu   sync.Mutex
	rng  *rand.Rand
	free time.Duration // when the transmitter is next free, on clk
	q    []parcel
	head int

	// What the deliverer did, in the line's own time: how many parcels
	// it handed over, and how late after their due times (the lateness
	// of its thread's wake-ups, which a busy machine adds to).
	delivered        int64
	lateSum, maxLate time.Duration

	// tracing, if set, keeps a passage for every packet queued (tests).
	tracing bool
	trace   []passage

	wake chan struct{} // a packet was queued to an empty line
	done chan struct{}
	gone chan struct{} // the delivering goroutine has returned

	sent, lost, overflowed, bytes atomic.Int64
}

// early is how much before its due time a parcel may be delivered with
// the ones due before it, rather than after a sleep of its own: at 1 Gbit/s
// packets are due 12 µs apart, and a sleep per packet (a system call, a
// thread woken) cost a third of the CPU of a bulk transfer. It is less than
// a sleep's own lateness on a busy machine.
const early = 20 * time.Microsecond

// A parcel is a packet on its way, due at the receiver at due (on the
// line's clock); rec is its passage's index when the line is tracing.
type parcel struct {
	due   time.Duration
	proto tcpip.NetworkProtocolNumber
	pkt   *stack.PacketBuffer
	rec   int
}

// A passage is one packet's way along a line, in the line's own time: when
// it was queued, when the transmitter began and finished sending it (its
// size at the bandwidth), when it was due at the far end (the one-way
// delay after it was sent) and when the deliverer handed it over.
type passage struct {
	size                                int
	queued, start, end, due, handedOver time.Duration
}

// A clock is what a line measures time and sleeps with: the host's, or a
// test's that moves only when the line sleeps.
type clock interface {
	now() time.Duration
	sleep(d time.Duration)
}

// epoch: the monotonic time every line on the host clock measures from.
var epoch = time.Now()

// hostClock is the monotonic clock and wait's precise sleep.
type hostClock struct{}

func (hostClock) now() time.Duration    { return time.Since(epoch) }
func (hostClock) sleep(d time.Duration) { wait(d) }

func newLine(p Profile, seed uint64, to *link, clk clock) *line {
	bw := float64(p.Bandwidth) / 8
	capBytes := max(queueBDPs*p.BDP(), minQueue*int64(p.mtu()))
	l := &line{
		delay:    p.RTT / 2,
		bw:       bw,
		loss:     p.Loss,
		capacity: time.Duration(float64(capBytes) / bw * float64(time.Second)),
		to:       to,
		clk:      clk,
		rng:      rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)),
		wake:     make(chan struct{}, 1),
		done:     make(chan struct{}),
		gone:     make(chan struct{}),
	}
	go l.deliver()
	return l
}

// send queues a copy of pkt, or drops it (loss, or a full queue).
func (l *line) send(pkt *stack.PacketBuffer) {
	size := pkt.Size()
	l.mu.Lock()
	if l.loss > 0 && l.rng.Float64() < l.loss {
		l.mu.Unlock()
		l.lost.Add(1)
		return
	}
	now := l.clk.now()
	start := max(now, l.free)
	if start-now > l.capacity {
		l.mu.Unlock()
		l.overflowed.Add(1)
		return
	}
	l.free = start + time.Duration(float64(size)/l.bw*float64(time.Second))
	// A fresh packet with pkt's bytes and nothing else, as gVisor's pipe
	// link hands packets across: the receiving stack parses it anew.
	cp := stack.NewPacketBuffer(stack.PacketBufferOptions{Payload: pkt.ToBuffer()})
	wasEmpty := l.head == len(l.q)
	pc := parcel{due: l.free + l.delay, proto: pkt.NetworkProtocolNumber, pkt: cp, rec: -1}
	if l.tracing {
		pc.rec = len(l.trace)
		l.trace = append(l.trace, passage{size: size, queued: now, start: start, end: l.free, due: pc.due})
	}
	l.q = append(l.q, pc)
	l.mu.Unlock()
	l.sent.Add(1)
	l.bytes.Add(int64(size))
	if wasEmpty {
		select {
		case l.wake <- struct{}{}:
		default:
		}
	}
}

// deliver hands every parcel to the receiving stack at its due time, on a
// thread of its own: see wait. Parcels are due in the order they were
// queued (one transmitter, one delay), so the line is a FIFO.
func (l *line) deliver() {
	defer close(l.gone)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	preciseThread()
	var batch []parcel
	for {
		l.mu.Lock()
		if l.head == len(l.q) {
			l.q, l.head = l.q[:0], 0
			l.mu.Unlock()
			select {
			case <-l.wake:
				continue
			case <-l.done:
				return
			}
		}
		due := l.q[l.head].due
		l.mu.Unlock()
		if d := due - l.clk.now(); d > early {
			l.clk.sleep(d)
			select {
			case <-l.done:
				return
			default:
			}
		}
		now := l.clk.now()
		l.mu.Lock()
		batch = batch[:0]
		for l.head < len(l.q) && l.q[l.head].due <= now+early {
			p := l.q[l.head]
			batch = append(batch, p)
			l.q[l.head] = parcel{}
			l.head++
			l.delivered++
			if late := now - p.due; late > 0 {
				l.lateSum += late
				l.maxLate = max(l.maxLate, late)
			}
			if p.rec >= 0 {
				l.trace[p.rec].handedOver = now
			}
		}
		l.mu.Unlock()
		for _, p := range batch {
			l.to.receive(p.proto, p.pkt)
			p.pkt.DecRef()
		}
	}
}

// close stops delivering and releases what is still queued.
func (l *line) close() {
	close(l.done)
	<-l.gone
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, p := range l.q[l.head:] {
		p.pkt.DecRef()
	}
	l.q, l.head = nil, 0
}

// A link is one stack's network interface: what the stack writes goes out
// on out; what the other end's line delivers goes to the stack's
// dispatcher. It is gVisor's pipe link (pkg/tcpip/link/pipe) with a line
// in the middle, and no checksums, which nothing can corrupt here.
type link struct {
	out *line
	mtu uint32

	mu         sync.RWMutex
	dispatcher stack.NetworkDispatcher
}

var _ stack.LinkEndpoint = (*link)(nil)

func (e *link) receive(proto tcpip.NetworkProtocolNumber, pkt *stack.PacketBuffer) {
	e.mu.RLock()
	d := e.dispatcher
	e.mu.RUnlock()
	if d != nil {
		d.DeliverNetworkPacket(proto, pkt)
	}
}

// WritePackets implements stack.LinkWriter.
func (e *link) WritePackets(pkts stack.PacketBufferList) (int, tcpip.Error) {
	for _, pkt := range pkts.AsSlice() {
		e.out.send(pkt)
	}
	return pkts.Len(), nil
}

// Attach implements stack.NetworkLinkEndpoint.
func (e *link) Attach(d stack.NetworkDispatcher) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.dispatcher = d
}

// IsAttached implements stack.NetworkLinkEndpoint.
func (e *link) IsAttached() bool {
	e.mu.RLock()
	defer e.mu.RUnlock()
	return e.dispatcher != nil
}

func (*link) Wait()                            {}
func (e *link) MTU() uint32                    { return e.mtu }
func (*link) SetMTU(uint32)                    {}
func (*link) MaxHeaderLength() uint16          { return 0 }
func (*link) LinkAddress() tcpip.LinkAddress   { return "" }
func (*link) SetLinkAddress(tcpip.LinkAddress) {}
func (*link) ARPHardwareType() header.ARPHardwareType {
	return header.ARPHardwareNone
}
func (*link) AddHeader(*stack.PacketBuffer)        {}
func (*link) ParseHeader(*stack.PacketBuffer) bool { return true }
func (*link) Close()                               {}
func (*link) SetOnCloseAction(func())              {}

// Capabilities implements stack.NetworkLinkEndpoint: no checksums computed
// or verified (an in-process copy cannot corrupt a packet).
func (*link) Capabilities() stack.LinkEndpointCapabilities {
	return stack.CapabilityRXChecksumOffload | stack.CapabilityTXChecksumOffload
}
