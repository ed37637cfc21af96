// Package h2wire records the HTTP/2 frames that cross a loopback proxy, so
// tests can assert what each end really advertised on the wire.
package h2wire

import (
	"errors"
	"fmt"
	"io"
	"net"
	"sync"
	"testing"

	"golang.org/x/net/http2"

	"github.com/httpclientbench/httpclientbench/server/h2c"
)

// Flow is what one direction of a connection announced about its receive
// windows before sending any data.
type Flow struct {
	// InitialWindow is SETTINGS_INITIAL_WINDOW_SIZE from the first
	// non-ACK SETTINGS frame; HasInitialWindow is false if it was absent
	// (the protocol default of 65,535 then applies).
	InitialWindow    uint32
	HasInitialWindow bool
	// ConnUpdate is the increment of the first connection-level
	// (stream 0) WINDOW_UPDATE, 0 if none came before the first DATA frame.
	ConnUpdate uint32
}

// Conn is one proxied connection: what the client and the server sent.
type Conn struct {
	Client, Server Flow
}

// Proxy forwards loopback TCP connections to an upstream and parses the
// HTTP/2 frames of both directions.
type Proxy struct {
	ln       net.Listener
	upstream string
	wg       sync.WaitGroup
	once     sync.Once
	mu       sync.Mutex
	conns    []*Conn
	errs     []error
	open     []net.Conn
}

// Start proxies connections from a new loopback address to upstream until
// t ends.
func Start(t testing.TB, upstream string) *Proxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &Proxy{ln: ln, upstream: upstream}
	p.wg.Add(1)
	go p.accept()
	t.Cleanup(p.close)
	return p
}

// Addr is the proxy's host:port.
func (p *Proxy) Addr() string { return p.ln.Addr().String() }

// Finish closes the proxy and every connection through it, waits until
// their frames are parsed, and returns the connections seen and any parse
// error.
func (p *Proxy) Finish() ([]Conn, error) {
	p.close()
	p.mu.Lock()
	defer p.mu.Unlock()
	out := make([]Conn, len(p.conns))
	for i, c := range p.conns {
		out[i] = *c
	}
	return out, errors.Join(p.errs...)
}

// CheckOneClient finishes p and returns the one connection that went
// through it; it fails t at once on a parse error or any other number of
// connections, and fails it if the client did not advertise WantClient(w).
func (p *Proxy) CheckOneClient(t testing.TB, w h2c.Window) Conn {
	t.Helper()
	conns, err := p.Finish()
	if err != nil {
		t.Fatal(err)
	}
	if len(conns) != 1 {
		t.Fatalf("%d connections, want 1", len(conns))
	}
	if got, want := conns[0].Client, WantClient(w); got != want {
		t.Errorf("client sent %+v, want %+v", got, want)
	}
	return conns[0]
}

func (p *Proxy) close() { p.once.Do(p.shutdown) }

func (p *Proxy) shutdown() {
	p.ln.Close()
	p.mu.Lock()
	for _, c := range p.open {
		c.Close()
	}
	p.mu.Unlock()
	p.wg.Wait()
}

func (p *Proxy) accept() {
	defer p.wg.Done()
	for {
		down, err := p.ln.Accept()
		if err != nil {
			return
		}
		up, err := net.Dial("tcp", p.upstream)
		if err != nil {
			down.Close()
			p.fail(err)
			continue
		}
		c := new(Conn)
		p.mu.Lock()
		p.conns = append(p.conns, c)
		p.open = append(p.open, down, up)
		p.mu.Unlock()
		p.wg.Add(2)
		go p.pipe(up, down, &c.Client, true)
		go p.pipe(down, up, &c.Server, false)
	}
}

// pipe copies src to dst and parses the copy. The client side starts with
// the 24-byte connection preface.
func (p *Proxy) pipe(dst, src net.Conn, f *Flow, preface bool) {
	defer p.wg.Done()
	pr, pw := io.Pipe()
	parsed := make(chan struct{})
	go func() {
		defer close(parsed)
		if err := p.parse(pr, f, preface); err != nil {
			p.fail(err)
		}
		io.Copy(io.Discard, pr) // keep the copy flowing after a parse error
	}()
	io.Copy(dst, io.TeeReader(src, pw))
	pw.Close()
	<-parsed
	dst.Close() // the other direction's reader sees EOF
	src.Close()
}

func (p *Proxy) parse(r io.Reader, f *Flow, preface bool) error {
	if preface {
		buf := make([]byte, len(http2.ClientPreface))
		if _, err := io.ReadFull(r, buf); err != nil {
			return nil // the connection closed before speaking
		}
		if string(buf) != http2.ClientPreface {
			return fmt.Errorf("h2wire: client preface %q", buf)
		}
	}
	fr := http2.NewFramer(nil, r)
	settings, data := false, false
	for {
		frame, err := fr.ReadFrame()
		if err != nil {
			if errors.Is(err, io.EOF) || errors.Is(err, io.ErrClosedPipe) {
				return nil
			}
			return fmt.Errorf("h2wire: %w", err)
		}
		p.mu.Lock()
		switch fr := frame.(type) {
		case *http2.SettingsFrame:
			if !fr.IsAck() && !settings {
				settings = true
				f.InitialWindow, f.HasInitialWindow = fr.Value(http2.SettingInitialWindowSize)
			}
		case *http2.WindowUpdateFrame:
			if fr.StreamID == 0 && !data && f.ConnUpdate == 0 {
				f.ConnUpdate = fr.Increment
			}
		case *http2.DataFrame:
			data = true
		}
		p.mu.Unlock()
	}
}

func (p *Proxy) fail(err error) {
	p.mu.Lock()
	p.errs = append(p.errs, err)
	p.mu.Unlock()
}

// The protocol's initial window (RFC 9113 §6.9.2): every connection starts
// with it, and WINDOW_UPDATEs add to it.
const initialWindow = 65535

// WantClient is what a Go HTTP/2 client (net/http's or x/net's) advertises
// with preset w: its stream window as SETTINGS_INITIAL_WINDOW_SIZE, and its
// connection window as a WINDOW_UPDATE of the full size, so the connection
// window it really grants is that plus the initial 65,535.
func WantClient(w h2c.Window) Flow {
	if w.IsDefault() {
		return Flow{InitialWindow: 4 << 20, HasInitialWindow: true, ConnUpdate: 1 << 30}
	}
	return Flow{InitialWindow: uint32(w.Stream), HasInitialWindow: true, ConnUpdate: uint32(w.Conn)}
}

// WantServer is what net/http's server advertises with preset w: its stream
// window as SETTINGS_INITIAL_WINDOW_SIZE, and a WINDOW_UPDATE that raises the
// connection window from 65,535 to exactly the preset. The server holds
// back increments under 4 KiB until it has more to grant, so the 64KiB
// preset's 1-byte raise is not on the wire at the start.
func WantServer(w h2c.Window) Flow {
	const minRefresh = 4 << 10 // net/http's inflowMinRefresh
	stream, conn := w.Stream, w.Conn
	if w.IsDefault() {
		stream, conn = 1<<20, 1<<20
	}
	update := conn - initialWindow
	if update < minRefresh {
		update = 0
	}
	return Flow{InitialWindow: uint32(stream), HasInitialWindow: true, ConnUpdate: uint32(update)}
}
