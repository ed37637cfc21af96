package hertz

import (
	"crypto/tls"
	"errors"
	"net"
	"strconv"
	"time"

	errs "github.com/cloudwego/hertz/pkg/common/errors"
	"github.com/cloudwego/hertz/pkg/network"

	"github.com/httpclientbench/httpclientbench/clients"
)

// hertzDialer is hertz's network.Dialer over a clients.Network (clients.Config.Net):
// hertz's default network, netpoll, works only on the host's sockets, and
// its standard network dials with net.DialTimeout and wraps connections in
// a type of its own that it does not export. So this dialer dials through
// the clients.Network, adds crypto/tls as hertz's standard dialer does, and hands
// hertz the connection as a network.Conn (hertzConn): hertz's cleartext
// rows over a path use this code where loopback's use netpoll.
type hertzDialer struct{ net clients.Network }

var _ network.Dialer = hertzDialer{}

func (d hertzDialer) DialConnection(_, address string, timeout time.Duration, tc *tls.Config) (network.Conn, error) {
	c, err := clients.DialTimeout(d.net, address, timeout)
	if err != nil {
		return nil, err
	}
	if tc != nil {
		return newHertzTLSConn(tls.Client(c, tc)), nil
	}
	return newHertzConn(c), nil
}

func (d hertzDialer) DialTimeout(_, address string, timeout time.Duration, _ *tls.Config) (net.Conn, error) {
	return clients.DialTimeout(d.net, address, timeout)
}

func (d hertzDialer) AddTLS(conn network.Conn, tc *tls.Config) (network.Conn, error) {
	c := tls.Client(conn, tc)
	if err := c.Handshake(); err != nil {
		return nil, err
	}
	return newHertzTLSConn(c), nil
}

// hertzConn is a net.Conn as hertz's network.Conn: reads through a buffer
// that Peek, Skip and Release work on, writes gathered by Malloc and
// WriteBinary until Flush. As network.Reader asks, what Peek and
// ReadBinary return stays valid until Release: the buffer is never
// rewritten in place before that, only replaced by a larger copy.
type hertzConn struct {
	net.Conn
	in   []byte // in[r:w] is read and not yet consumed
	r, w int
	err  error // what the last read returned beside its bytes; sticky

	out    [][]byte // chunks to write, in order
	outCur []byte   // the chunk Malloc slices from; never reallocated
}

const hertzChunk = 4 << 10

func newHertzConn(c net.Conn) *hertzConn { return &hertzConn{Conn: c} }

// fill reads until n bytes are buffered or a read fails.
func (c *hertzConn) fill(n int) {
	for c.w-c.r < n && c.err == nil {
		if len(c.in)-c.r < n || c.w == len(c.in) {
			size := max(2*len(c.in), n, hertzChunk)
			in := make([]byte, size)
			c.w = copy(in, c.in[c.r:c.w])
			c.in, c.r = in, 0
		}
		k, err := c.Conn.Read(c.in[c.w:])
		c.w += k
		if err != nil {
			c.err = err
		}
	}
}

// Peek returns the next n bytes without consuming them; fewer, with the
// read's error, when the connection ends or fails first.
func (c *hertzConn) Peek(n int) ([]byte, error) {
	if n < 0 {
		return nil, errors.New("hertzConn: negative Peek")
	}
	c.fill(n)
	if c.w-c.r < n {
		return c.in[c.r:c.w], c.err
	}
	return c.in[c.r : c.r+n], nil
}

func (c *hertzConn) Skip(n int) error {
	if n < 0 || c.w-c.r < n {
		return errs.NewPrivate("hertzConn: skip " + strconv.Itoa(n) + " of " + strconv.Itoa(c.w-c.r) + " buffered bytes")
	}
	c.r += n
	return nil
}

// Release ends the validity of what Peek returned: the unread bytes move
// to the front of the buffer.
func (c *hertzConn) Release() error {
	c.w = copy(c.in, c.in[c.r:c.w])
	c.r = 0
	return nil
}

func (c *hertzConn) Len() int { return c.w - c.r }

func (c *hertzConn) ReadByte() (byte, error) {
	p, err := c.Peek(1)
	if len(p) < 1 {
		return 0, err
	}
	c.r++
	return p[0], nil
}

func (c *hertzConn) ReadBinary(n int) ([]byte, error) {
	p, err := c.Peek(n)
	if len(p) < n {
		return nil, err
	}
	out := make([]byte, n)
	copy(out, p)
	c.r += n
	return out, nil
}

// Read serves buffered bytes first, then reads the connection.
func (c *hertzConn) Read(b []byte) (int, error) {
	if c.w > c.r {
		k := copy(b, c.in[c.r:c.w])
		c.r += k
		return k, nil
	}
	if c.err != nil {
		return 0, c.err
	}
	return c.Conn.Read(b)
}

// Malloc returns n bytes of the output to fill in, sent by Flush.
func (c *hertzConn) Malloc(n int) ([]byte, error) {
	if cap(c.outCur)-len(c.outCur) < n {
		c.flushCur()
		c.outCur = make([]byte, 0, max(n, hertzChunk))
	}
	c.outCur = c.outCur[:len(c.outCur)+n]
	return c.outCur[len(c.outCur)-n:], nil
}

// flushCur moves the chunk Malloc slices from into the output.
func (c *hertzConn) flushCur() {
	if len(c.outCur) > 0 {
		c.out = append(c.out, c.outCur)
	}
	c.outCur = nil
}

// WriteBinary adds b to the output: copied if small, else by reference
// (b must stay unchanged until Flush, as network.Writer says).
func (c *hertzConn) WriteBinary(b []byte) (int, error) {
	if len(b) < hertzChunk {
		buf, _ := c.Malloc(len(b))
		return copy(buf, b), nil
	}
	c.flushCur()
	c.out = append(c.out, b)
	return len(b), nil
}

func (c *hertzConn) Flush() error {
	c.flushCur()
	bufs := net.Buffers(c.out)
	c.out = nil
	_, err := bufs.WriteTo(c.Conn)
	return err
}

// Write sends what is gathered, then b.
func (c *hertzConn) Write(b []byte) (int, error) {
	if err := c.Flush(); err != nil {
		return 0, err
	}
	return c.Conn.Write(b)
}

func (c *hertzConn) SetReadTimeout(t time.Duration) error {
	if t <= 0 {
		return c.Conn.SetReadDeadline(time.Time{})
	}
	return c.Conn.SetReadDeadline(time.Now().Add(t))
}

func (c *hertzConn) SetWriteTimeout(t time.Duration) error {
	if t <= 0 {
		return c.Conn.SetWriteDeadline(time.Time{})
	}
	return c.Conn.SetWriteDeadline(time.Now().Add(t))
}

// ToHertzError is network.ErrorNormalization: a timeout is hertz's
// errs.ErrTimeout, as its standard connection reports one.
func (c *hertzConn) ToHertzError(err error) error {
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return errs.ErrTimeout
	}
	return err
}

// hertzTLSConn is a hertzConn over crypto/tls, with the handshake hertz
// forces with a deadline (network.ConnTLSer).
type hertzTLSConn struct {
	*hertzConn
	tls *tls.Conn
}

var _ network.ConnTLSer = hertzTLSConn{}

func newHertzTLSConn(c *tls.Conn) hertzTLSConn {
	return hertzTLSConn{hertzConn: newHertzConn(c), tls: c}
}

func (c hertzTLSConn) Handshake() error                     { return c.tls.Handshake() }
func (c hertzTLSConn) ConnectionState() tls.ConnectionState { return c.tls.ConnectionState() }
