// The error log, bounded: how much a server's error log can print: a peer
// that opens 500 connections and abandons each TLS handshake must not
// write 500 lines. It is a log.Logger whose lines pass while a small burst
// lasts, then one per interval, each passing line saying how many were
// dropped before it.
//
// golang.org/x/time/rate.Sometimes does the first part but keeps no count
// of what it skipped, and the count is what tells an operator whether a
// quiet log means a quiet peer; so this is written out.

package benchserver

import (
	"fmt"
	"io"
	"log"
	"sync"
	"time"
)

// Defaults of newErrorLog.
const (
	logBurst    = 10               // lines that always pass
	logInterval = 10 * time.Second // then one line per interval
)

// newErrorLog returns a logger writing to w with prefix and log.LstdFlags, at most
// logBurst lines at once and then one per logInterval.
func newErrorLog(w io.Writer, prefix string) *log.Logger {
	return log.New(newLimiter(w, logBurst, logInterval, time.Now), prefix, log.LstdFlags)
}

// limiter is the io.Writer under the logger: log.Logger writes each line
// with one Write call, under its own lock.
type limiter struct {
	w        io.Writer
	burst    int
	interval time.Duration
	now      func() time.Time

	mu      sync.Mutex
	tokens  int       // lines that may pass now
	last    time.Time // when tokens were last refilled
	dropped int       // lines dropped since the last one passed
}

func newLimiter(w io.Writer, burst int, interval time.Duration, now func() time.Time) *limiter {
	return &limiter{w: w, burst: burst, interval: interval, now: now, tokens: burst, last: now()}
}

// Write passes line on if a token is left, else counts it as dropped. It
// always reports the whole line written: a dropped line is not an error.
func (l *limiter) Write(line []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if refill := int(now.Sub(l.last) / l.interval); refill > 0 {
		l.tokens = min(l.burst, l.tokens+refill)
		l.last = l.last.Add(time.Duration(refill) * l.interval)
	}
	if l.tokens == 0 {
		l.dropped++
		return len(line), nil
	}
	l.tokens--
	if l.dropped > 0 {
		fmt.Fprintf(l.w, "(%d similar lines dropped)\n", l.dropped)
		l.dropped = 0
	}
	return l.w.Write(line)
}
