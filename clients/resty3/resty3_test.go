package resty3_test

import (
	"bytes"
	"testing"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/clients/clienttest"
	"github.com/httpclientbench/httpclientbench/server"
	"github.com/httpclientbench/httpclientbench/server/servertest"
)

// TestResty3PostIntoFullDuplex: PostInto of a body larger than the socket
// buffers to /echo, which answers as it reads, so resty v3 has the answer's
// headers while the request is still being sent. Sent as a []byte, the
// body's pooled copy went back to resty's pool at that moment and every
// such request failed (see resty3Client.PostInto); the request must go
// out whole and the echo come back whole.
func TestResty3PostIntoFullDuplex(t *testing.T) {
	base := servertest.Start(t, server.WithHandler(server.Handler)).URL()
	c := clienttest.New(t, clients.Named("resty3"), clients.Config{})
	want := server.Bytes(4 << 20)
	var dst []byte
	for i := range 5 {
		m, b, err := c.PostInto(base+"/echo", server.ContentTypeBinary, want, dst)
		if err != nil || m.Status != 200 || !bytes.Equal(b, want) {
			t.Fatalf("request %d: status %d, %d of %d bytes, %v", i, m.Status, len(b), len(want), err)
		}
		dst = b
	}
}
