// Package servertest holds checks every fixture server must pass.
package servertest

import (
	"io"
	"testing"
	"time"
)

// CloseRightAfterStart starts a server 20 times and closes it twice at once,
// before its Serve goroutine may have begun: both Close calls must return
// promptly and without error.
func CloseRightAfterStart(t *testing.T, start func() (io.Closer, error)) {
	t.Helper()
	for range 20 {
		srv, err := start()
		if err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 2)
		go func() { done <- srv.Close(); done <- srv.Close() }()
		for range 2 {
			select {
			case err := <-done:
				if err != nil {
					t.Fatalf("Close: %v", err)
				}
			case <-time.After(15 * time.Second):
				t.Fatal("Close right after Start did not return")
			}
		}
	}
}
