package clients_test

import (
	"cmp"
	"errors"
	"net"
	"syscall"
	"testing"
	"time"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/clients/clienttest"
	"github.com/httpclientbench/httpclientbench/server"
)

// TestErrorsKeepTheirCause: a load generator classifies failures with
// errors.Is, so every client's error must keep its cause: a refused
// connection is syscall.ECONNREFUSED; a request over its timeout is
// context.DeadlineExceeded for the net/http-based clients,
// fasthttp.ErrTimeout for fasthttp, hertz's errors.ErrTimeout for hertz
// and os.ErrDeadlineExceeded for raw (as the README says). Each read path
// is checked (fasthttp's and hertz's Get and their Request/Response path
// differ). TimedOut tells every timeout, and no refusal, for one.
//
// hertz's refused connection is netpoll.ErrConnClosed ("connection has
// been closed by peer"): its default dialer, netpoll, takes the hang-up
// that ends a failed connect for the peer closing and never reads the
// socket's error (pollDesc.WaitWrite), so ECONNREFUSED is lost there.
func TestErrorsKeepTheirCause(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	refusedURL := "http://" + ln.Addr().String()
	ln.Close()

	srv := startGated(t)
	release := make(chan struct{})
	t.Cleanup(func() { close(release) }) // before the server's Close waits for its handlers
	srv.setHold(func() { <-release })

	for _, f := range clients.HTTP1 {
		t.Run("client="+f.Name, func(t *testing.T) {
			t.Parallel() // a client of its own; the held server holds them all
			for _, tc := range []struct {
				cause string
				base  string
				cfg   clients.Config
				want  error
			}{
				{"refused", refusedURL, clients.Config{}, cmp.Or(adapter(t, f).Refused, error(syscall.ECONNREFUSED))},
				{"timeout", srv.URL(), clients.Config{Timeout: 50 * time.Millisecond}, adapter(t, f).Timeout},
			} {
				c := clienttest.New(t, f, tc.cfg)
				url := tc.base + "/json"
				for _, op := range []struct {
					name string
					do   func() error
				}{
					{"GetBytes", func() error { _, _, err := c.GetBytes(url); return err }},
					{"GetBytesInto", func() error { _, _, err := c.GetBytesInto(url, make([]byte, 0, 1024)); return err }},
					{"GetText", func() error { _, _, err := c.GetText(url); return err }},
					{"Post", func() error {
						_, _, err := c.Post(tc.base+"/echo", server.ContentTypeBinary, []byte("x"))
						return err
					}},
				} {
					err := op.do()
					if err == nil {
						t.Errorf("%s %s: no error", tc.cause, op.name)
					} else if !errors.Is(err, tc.want) {
						t.Errorf("%s %s: %v (%T) is not %v", tc.cause, op.name, err, err, tc.want)
					}
					if timedOut := clients.TimedOut(err); timedOut != (tc.cause == "timeout") {
						t.Errorf("%s %s: %v: TimedOut %t", tc.cause, op.name, err, timedOut)
					}
				}
			}
		})
	}
}
