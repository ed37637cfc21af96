// Package raw is the suite's floor client, a minimal HTTP/1.1 client over
// net.Conn: how close a library comes to the physical limit, not a library
// to choose. Importing it registers the client raw.
package raw

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/httpclientbench/httpclientbench/clients"
)

// raw is the floor client: a minimal HTTP/1.1 keep-alive client over
// net.Conn. It writes a pre-built request and reads a Content-Length framed
// response into a reused buffer, with no header map, no URL parsing per
// request and no goroutine per connection. It is correct for the fixture
// server's answers and returns an error on anything else (chunked or
// close-delimited bodies, 1xx, a malformed status line), never a guess.
//
// Its row shows how much of a library's number is the library: what is left
// when only the syscalls, the server and the HTTP bytes remain.
type raw struct {
	name    string
	cfg     clients.Config
	maxIdle int      // idle connections kept per host
	targets sync.Map // url string -> *rawTarget
	mu      sync.Mutex
	idle    map[string][]*rawConn // by host:port
	open    map[string]int        // connections per host:port, idle and in use
	closed  bool
}

type rawTarget struct {
	addr    string
	host    string
	path    string
	getHead []byte // the whole GET request
}

type rawConn struct {
	nc  net.Conn
	br  *bufio.Reader
	buf []byte // request bytes under construction
}

// ErrNoFreeConns is raw's error for a request that finds
// clients.Config.MaxConns connections to its host already in use: raw
// fails fast, as fasthttp does with fasthttp.ErrNoFreeConns.
var ErrNoFreeConns = errors.New("clients: raw: no free connections to the host (Config.MaxConns)")

// GetRequest returns the exact bytes the raw client writes to GET path
// from host: the request line, Host and User-Agent, nothing else.
func GetRequest(host, path string) []byte {
	return []byte("GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nUser-Agent: raw\r\n\r\n")
}

func init() {
	clients.Register(clients.Adapter{
		Name:        "raw",
		New:         newRaw,
		PoolFull:    ErrNoFreeConns,
		Timeout:     os.ErrDeadlineExceeded,
		LibraryIdle: func() int { return clients.DefaultMaxConnsPerHost },
		Behaviour:   clients.Behaviour{None: "the floor is the suite's own client, not a library: it handles only the benchmarks' answers"},
	})
}

// newRaw: raw has no library defaults, so with clients.Config.LibraryPool it keeps
// clients.DefaultMaxConnsPerHost idle per host and has no cap; clients.Config.MaxConns caps
// the connections per host, and a request beyond the cap fails at once
// with ErrNoFreeConns, as fasthttp's do.
func newRaw(name string, cfg clients.Config) (clients.Client, error) {
	if cfg.H2C != nil {
		return nil, clients.Unsupported(name, "HTTP/2")
	}
	if cfg.TLS != nil {
		return nil, clients.Unsupported(name, "TLS")
	}
	maxIdle := cfg.MaxConnsPerHost
	if cfg.LibraryPool {
		maxIdle = clients.DefaultMaxConnsPerHost
	}
	maxIdle = max(maxIdle, cfg.MaxConns)
	return &raw{name: name, cfg: cfg, maxIdle: maxIdle, idle: make(map[string][]*rawConn), open: make(map[string]int)}, nil
}

func (c *raw) Name() string { return c.name }

func (c *raw) target(rawURL string) (*rawTarget, error) {
	if t, ok := c.targets.Load(rawURL); ok {
		return t.(*rawTarget), nil
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, err
	}
	if u.Scheme != "http" || u.Host == "" {
		return nil, fmt.Errorf("raw: only http://host[:port]/path URLs, got %q", rawURL)
	}
	addr := u.Host
	if u.Port() == "" {
		addr = net.JoinHostPort(u.Hostname(), "80")
	}
	t := &rawTarget{addr: addr, host: u.Host, path: u.RequestURI()}
	t.getHead = GetRequest(t.host, t.path)
	c.targets.Store(rawURL, t)
	return t, nil
}

func (c *raw) conn(addr string) (*rawConn, error) {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return nil, errors.New("raw: client closed")
	}
	if conns := c.idle[addr]; len(conns) > 0 {
		rc := conns[len(conns)-1]
		c.idle[addr] = conns[:len(conns)-1]
		c.mu.Unlock()
		return rc, nil
	}
	if c.cfg.MaxConns > 0 && c.open[addr] >= c.cfg.MaxConns {
		c.mu.Unlock()
		return nil, ErrNoFreeConns
	}
	c.open[addr]++
	c.mu.Unlock()
	var nc net.Conn
	var err error
	if c.cfg.Net != nil {
		nc, err = clients.DialTimeout(c.cfg.Net, addr, c.cfg.Timeout)
	} else {
		nc, err = net.DialTimeout("tcp", addr, c.cfg.Timeout)
	}
	if err != nil {
		c.mu.Lock()
		c.open[addr]--
		c.mu.Unlock()
		return nil, err
	}
	return &rawConn{nc: nc, br: bufio.NewReaderSize(nc, 16<<10)}, nil
}

// drop closes a connection that is not going back to the pool.
func (c *raw) drop(addr string, rc *rawConn) {
	rc.nc.Close()
	c.mu.Lock()
	c.open[addr]--
	c.mu.Unlock()
}

func (c *raw) put(addr string, rc *rawConn) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed || c.cfg.Fresh || len(c.idle[addr]) >= c.maxIdle {
		rc.nc.Close()
		c.open[addr]--
		return
	}
	c.idle[addr] = append(c.idle[addr], rc)
}

// exchange writes head and body on a pooled connection and reads the
// response body into dst.
func (c *raw) exchange(t *rawTarget, head func(buf []byte) []byte, body, dst []byte) (clients.Meta, []byte, error) {
	rc, err := c.conn(t.addr)
	if err != nil {
		return clients.Meta{}, dst, err
	}
	if err := rc.nc.SetDeadline(time.Now().Add(c.cfg.Timeout)); err != nil {
		c.drop(t.addr, rc)
		return clients.Meta{}, dst, err
	}
	rc.buf = head(rc.buf[:0])
	if len(body) > 0 && len(body) <= 16<<10 {
		rc.buf = append(rc.buf, body...) // one write for small bodies
		body = nil
	}
	_, err = rc.nc.Write(rc.buf)
	if err == nil && len(body) > 0 {
		_, err = rc.nc.Write(body)
	}
	if err != nil {
		c.drop(t.addr, rc)
		return clients.Meta{}, dst, err
	}
	status, keep, dst, err := readResponse(rc.br, dst[:0])
	if err != nil {
		c.drop(t.addr, rc)
		return clients.Meta{}, dst, fmt.Errorf("raw: %w", err)
	}
	if keep {
		c.put(t.addr, rc)
	} else {
		c.drop(t.addr, rc)
	}
	return clients.Meta{Status: status, ProtoMajor: 1}, dst, nil
}

// maxRawBody is the largest body raw accepts: far above any fixture answer,
// far below what would exhaust memory.
const maxRawBody = 256 << 20

// readResponse reads one Content-Length framed HTTP/1.1 response, appending
// its body to dst. keep reports whether the connection may be reused.
func readResponse(br *bufio.Reader, dst []byte) (status int, keep bool, _ []byte, _ error) {
	line, err := br.ReadSlice('\n')
	if err != nil {
		return 0, false, dst, err
	}
	if len(line) < 14 || !bytes.HasPrefix(line, []byte("HTTP/1.1 ")) || line[12] != ' ' && line[12] != '\r' {
		return 0, false, dst, fmt.Errorf("malformed status line %q", line)
	}
	status, err = strconv.Atoi(string(line[9:12]))
	if err != nil || status < 200 {
		return 0, false, dst, fmt.Errorf("unsupported status line %q", line)
	}
	length, keep := -1, true
	for {
		line, err := br.ReadSlice('\n')
		if err != nil {
			return 0, false, dst, err
		}
		line = bytes.TrimRight(line, "\r\n")
		if len(line) == 0 {
			break
		}
		name, value, ok := bytes.Cut(line, []byte(":"))
		if !ok {
			return 0, false, dst, fmt.Errorf("malformed header line %q", line)
		}
		value = bytes.TrimSpace(value)
		switch {
		case bytes.EqualFold(name, []byte("Content-Length")):
			n, err := strconv.Atoi(string(value))
			if err != nil || n < 0 || n > maxRawBody {
				return 0, false, dst, fmt.Errorf("bad Content-Length %q", value)
			}
			length = n
		case bytes.EqualFold(name, []byte("Transfer-Encoding")):
			return 0, false, dst, fmt.Errorf("unsupported Transfer-Encoding %q", value)
		case bytes.EqualFold(name, []byte("Connection")):
			keep = !bytes.EqualFold(value, []byte("close"))
		}
	}
	if length < 0 {
		return 0, false, dst, errors.New("response without Content-Length")
	}
	// Reserve without clearing: a reused buffer that is large enough is
	// overwritten as the bytes arrive, with no pass over it first.
	n := len(dst)
	dst = slices.Grow(dst, length)[:n+length]
	if _, err := io.ReadFull(br, dst[n:]); err != nil {
		return 0, false, dst[:n], err
	}
	return status, keep, dst, nil
}

// GetBytes reads the body into a new slice of exactly its length.
func (c *raw) GetBytes(url string) (clients.Meta, []byte, error) {
	return c.GetBytesInto(url, nil)
}

func (c *raw) GetBytesInto(url string, dst []byte) (clients.Meta, []byte, error) {
	t, err := c.target(url)
	if err != nil {
		return clients.Meta{}, dst[:0], err
	}
	return c.exchange(t, func(buf []byte) []byte { return append(buf, t.getHead...) }, nil, dst)
}

func (c *raw) GetText(url string) (clients.Meta, string, error) {
	m, b, err := c.GetBytes(url)
	m.BodyLen = len(b)
	return m, string(b), err
}

func (c *raw) GetJSON(url string, v any) (clients.Meta, error) {
	m, b, err := c.GetBytes(url)
	if err != nil {
		return m, err
	}
	m.BodyLen = len(b)
	return m, json.Unmarshal(b, v)
}

func (c *raw) Post(url, contentType string, body []byte) (clients.Meta, []byte, error) {
	return c.PostInto(url, contentType, body, nil)
}

func (c *raw) PostInto(url, contentType string, body, dst []byte) (clients.Meta, []byte, error) {
	t, err := c.target(url)
	if err != nil {
		return clients.Meta{}, dst, err
	}
	head := func(buf []byte) []byte {
		buf = append(buf, "POST "...)
		buf = append(buf, t.path...)
		buf = append(buf, " HTTP/1.1\r\nHost: "...)
		buf = append(buf, t.host...)
		buf = append(buf, "\r\nUser-Agent: raw\r\nContent-Type: "...)
		buf = append(buf, contentType...)
		buf = append(buf, "\r\nContent-Length: "...)
		buf = strconv.AppendInt(buf, int64(len(body)), 10)
		return append(buf, "\r\n\r\n"...)
	}
	return c.exchange(t, head, body, dst)
}

func (c *raw) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closed = true
	for addr, conns := range c.idle {
		for _, rc := range conns {
			rc.nc.Close()
		}
		c.open[addr] -= len(conns)
		delete(c.idle, addr)
	}
	return nil
}
