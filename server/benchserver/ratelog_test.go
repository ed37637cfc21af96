package benchserver

import (
	"fmt"
	"log"
	"strings"
	"testing"
	"time"
)

// TestLimits: a burst passes, the lines past it are dropped and counted,
// and one line per interval passes after it, saying how many were dropped.
func TestLimits(t *testing.T) {
	var out strings.Builder
	clock := time.Unix(0, 0)
	l := log.New(newLimiter(&out, 3, time.Second, func() time.Time { return clock }), "", 0)
	for i := range 500 {
		l.Printf("handshake error %d", i)
	}
	if got, want := out.String(), "handshake error 0\nhandshake error 1\nhandshake error 2\n"; got != want {
		t.Fatalf("500 lines at once printed %q, want the first 3", got)
	}
	out.Reset()
	clock = clock.Add(1500 * time.Millisecond)
	l.Print("later")
	l.Print("too soon")
	if got, want := out.String(), "(497 similar lines dropped)\nlater\n"; got != want {
		t.Fatalf("after an interval: %q, want %q", got, want)
	}
	out.Reset()
	clock = clock.Add(time.Hour) // refills the burst, not more
	for i := range 5 {
		l.Print(fmt.Sprint("burst ", i))
	}
	if got, want := out.String(), "(1 similar lines dropped)\nburst 0\nburst 1\nburst 2\n"; got != want {
		t.Fatalf("after an hour: %q, want %q", got, want)
	}
}
