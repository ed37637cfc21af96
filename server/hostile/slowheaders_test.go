package hostile

import (
	"testing"
	"time"
)

// TestSlowHeaders: a request whose header lines stop after the first (a
// stalled slowloris), or come one byte every 100 ms without end (a
// trickling one, which no per-read deadline would stop), is ended by
// every TCP front end once its read timeout has run out: a 408 or the
// connection closed, long before the connection's deadline (bound).
// HTTP/2 and HTTP/3 carry headers in frames of announced length: an
// unfinished header block is TestContinuationFlood's and
// TestH3StreamLimit's.
func TestSlowHeaders(t *testing.T) {
	t.Parallel()
	for _, name := range []string{endH1, endTLSH1, endH2C} {
		for _, trickle := range []bool{false, true} {
			tc := map[bool]string{false: "stalled", true: "trickled"}[trickle]
			t.Run(name+"/"+tc, func(t *testing.T) {
				t.Parallel()
				fe := start(t, name, readTimeout)
				c := fe.dial(t)
				c.send(t, []byte("GET /json HTTP/1.1\r\nHost: x\r\nX-Slow: "))
				sent, began := 0, time.Now()
				if trickle {
					// One byte every 100 ms until the server ends the
					// connection or the time is well past the bound.
					for time.Since(began) < readTimeout+margin {
						if _, err := c.Write([]byte{'s'}); err != nil {
							break
						}
						sent++
						time.Sleep(100 * time.Millisecond)
					}
				}
				status := c.answer(t)
				t.Logf("%s %s: %d bytes trickled, then status %d after %v", name, tc, sent, status, time.Since(began).Round(time.Millisecond))
				if status != 0 && status != 408 && status != 400 {
					t.Errorf("status %d, want a 408 (or 400) or the connection closed", status)
				}
				if status == 408 || status == 400 {
					c.wantClosed(t)
				}
				checkAlive(t, fe)
			})
		}
	}
}
