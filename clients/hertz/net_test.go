package hertz

import (
	"bytes"
	"errors"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	errs "github.com/cloudwego/hertz/pkg/common/errors"
)

// pipeConn is a hertzConn reading what the test writes to the other end
// of a pipe, in writes of the given sizes, then EOF.
func pipeConn(t *testing.T, data string, writes ...int) *hertzConn {
	t.Helper()
	a, b := net.Pipe()
	t.Cleanup(func() { a.Close() })
	go func() {
		defer b.Close()
		for _, n := range writes {
			if _, err := b.Write([]byte(data[:n])); err != nil {
				return
			}
			data = data[n:]
		}
		b.Write([]byte(data))
	}()
	return newHertzConn(a)
}

// TestHertzConnReads: Peek waits for bytes across reads, returns fewer
// with the error at EOF; Skip, ReadByte, ReadBinary and Read consume in
// order; Skip past the buffer is an error and consumes nothing; what Peek
// returned stays unchanged through later reads until Release.
func TestHertzConnReads(t *testing.T) {
	data := strings.Repeat("0123456789", 1000) // 10,000 bytes, past one chunk
	c := pipeConn(t, data, 3, 5, 4000)
	p, err := c.Peek(6)
	if err != nil || string(p) != data[:6] {
		t.Fatalf("Peek(6) = %q, %v", p, err)
	}
	held := string(p)
	if err := c.Skip(2); err != nil {
		t.Fatal(err)
	}
	if b, err := c.ReadByte(); err != nil || b != data[2] {
		t.Fatalf("ReadByte = %q, %v", b, err)
	}
	bin, err := c.ReadBinary(5000) // grows the buffer past what Peek held
	if err != nil || string(bin) != data[3:5003] {
		t.Fatalf("ReadBinary(5000): %d bytes, %v", len(bin), err)
	}
	if string(p) != held {
		t.Errorf("Peek's bytes changed before Release: %q, were %q", p, held)
	}
	if err := c.Skip(c.Len() + 1); err == nil {
		t.Error("Skip past the buffered bytes succeeded")
	}
	if err := c.Release(); err != nil {
		t.Fatal(err)
	}
	rest, err := io.ReadAll(c)
	if err != nil || string(rest) != data[5003:] {
		t.Fatalf("the rest: %d bytes, %v; want %d", len(rest), err, len(data)-5003)
	}
	if p, err := c.Peek(1); len(p) != 0 || !errors.Is(err, io.EOF) {
		t.Errorf("Peek at EOF = %q, %v", p, err)
	}
	if _, err := c.Peek(-1); err == nil {
		t.Error("Peek(-1) succeeded")
	}
}

// TestHertzConnWrites: Malloc, WriteBinary (small and large) and Write
// reach the peer in the order made, and nothing before Flush or Write.
func TestHertzConnWrites(t *testing.T) {
	a, b := net.Pipe()
	defer b.Close()
	c := newHertzConn(a)
	got := make(chan []byte)
	go func() {
		all, _ := io.ReadAll(b)
		got <- all
	}()
	var want bytes.Buffer
	m, _ := c.Malloc(3)
	copy(m, "abc")
	want.WriteString("abc")
	large := bytes.Repeat([]byte("L"), 2*hertzChunk)
	for _, w := range [][]byte{[]byte("small"), large, []byte("after")} {
		if _, err := c.WriteBinary(w); err != nil {
			t.Fatal(err)
		}
		want.Write(w)
	}
	m, _ = c.Malloc(hertzChunk + 1) // larger than a chunk
	copy(m, bytes.Repeat([]byte("M"), len(m)))
	want.Write(m)
	if err := c.Flush(); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Write([]byte("tail")); err != nil {
		t.Fatal(err)
	}
	want.WriteString("tail")
	a.Close()
	if all := <-got; !bytes.Equal(all, want.Bytes()) {
		t.Errorf("the peer got %d bytes, want %d in order", len(all), want.Len())
	}
}

// TestHertzConnTimeout: a read timeout is hertz's ErrTimeout.
func TestHertzConnTimeout(t *testing.T) {
	a, b := net.Pipe()
	defer b.Close()
	c := newHertzConn(a)
	defer c.Close()
	if err := c.SetReadTimeout(10 * time.Millisecond); err != nil {
		t.Fatal(err)
	}
	_, err := c.Peek(1)
	if err == nil || !errors.Is(c.ToHertzError(err), errs.ErrTimeout) {
		t.Errorf("Peek with nothing to read: %v (as hertz's: %v), want a timeout", err, c.ToHertzError(err))
	}
}
