package hostile

import (
	"fmt"
	"io"
	"testing"
	"time"
)

// writeTimeout is the write timeout of the servers TestSlowReader starts:
// how long a client that stops reading may hold an answer.
const writeTimeout = time.Second

// stallPast is how long past writeTimeout the slow reader stalls before it
// reads: a liveness bound on the server's cut, which a timer fires the
// moment the write timeout runs out (its blocked write fails then).
const stallPast = 2 * time.Second

// bigBody is more than a connection's socket buffers and a stream's flow
// control window hold (a few MiB each on loopback): its answer cannot be
// written whole to a client that reads nothing.
const bigBody = 16 << 20

// TestSlowReader: a client that asks for a big body and reads none of it
// holds the answer for the write timeout at most, on every front end:
// then the server cuts it (closes the connection over HTTP/1.1, resets
// the stream over HTTP/2 and HTTP/3), and what the client reads after
// waiting is short of the body. The server stays up.
func TestSlowReader(t *testing.T) {
	t.Parallel()
	for _, name := range allEnds {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			fe := startWith(t, name, 0, writeTimeout)
			path := fmt.Sprintf("/bytes/%d", bigBody)
			var body io.Reader
			if fe.major == 1 {
				c := fe.dial(t)
				c.send(t, []byte("GET "+path+" HTTP/1.1\r\nHost: x\r\n\r\n"))
				body = c.br
			} else {
				resp, err := fe.client(t).Get(fe.url + path)
				if err != nil {
					t.Fatal(err)
				}
				defer resp.Body.Close()
				body = resp.Body
			}
			// Stall past the write timeout by stallPast: the server must
			// have cut the answer within that much of its timeout.
			time.Sleep(writeTimeout + stallPast)
			n, err := io.Copy(io.Discard, body)
			if n >= bigBody {
				t.Errorf("read %d bytes after stalling %v: the server wrote the whole body to a client that stopped reading (err %v)", n, writeTimeout+stallPast, err)
			}
			t.Logf("%s: %d bytes after the stall, then %v", name, n, err)
			checkAlive(t, fe)
		})
	}
}
