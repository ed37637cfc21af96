package server

import (
	"io"
	"strings"
	"testing"
)

func TestCountingReader(t *testing.T) {
	r := &CountingReader{R: strings.NewReader("hello, world")}
	b, err := io.ReadAll(io.LimitReader(r, 5))
	if err != nil || string(b) != "hello" || r.N != 5 {
		t.Errorf("read %q (%v), counted %d", b, err, r.N)
	}
	if _, err := io.ReadAll(r); err != nil || r.N != 12 {
		t.Errorf("counted %d after the rest (%v), want 12", r.N, err)
	}
}
