package hostile

import (
	"net/http"
	"strings"
	"testing"

	"golang.org/x/net/http2"
	"golang.org/x/net/http2/hpack"
)

// TestZeroWindow: a client that asks for a body and grants the server no
// flow-control window to send it — a stream window of 0 from the start
// (SETTINGS_INITIAL_WINDOW_SIZE 0), or the connection's 65,535 bytes
// spent and never replenished — holds the stream for the write timeout
// at most: then the server resets it (or ends the connection). The
// connection's deadline (bound) is far past the write timeout: a server
// that waits for a WINDOW_UPDATE forever fails the case.
func TestZeroWindow(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name     string
		settings []http2.Setting
		path     string
	}{
		{"stream-window-0", []http2.Setting{{ID: http2.SettingInitialWindowSize, Val: 0}}, "/bytes/1024"},
		{"connection-window-spent", nil, "/bytes/1048576"},
	}
	for _, name := range h2Ends {
		for _, tc := range cases {
			t.Run(name+"/"+tc.name, func(t *testing.T) {
				t.Parallel()
				fe := startWith(t, name, 0, writeTimeout)
				c := dialH2With(t, fe, tc.settings, false)
				c.writeBlock(t, 1, c.requestBlock("GET", tc.path), nil, true)
				out := c.outcome(t, 1)
				t.Logf("%s %s: %s", name, tc.name, out)
				if !out.reset && !out.closed {
					t.Errorf("%s; want the stream reset or the connection closed once the write timeout ran out", out)
				}
				checkAlive(t, fe)
			})
		}
	}
}

// TestHPACKBomb: a header block in one HEADERS frame (under 16 KiB) that
// decodes to some 64 MiB — one
// field of 4,000 bytes put into the HPACK dynamic table, then referred to
// by its one-byte index over and over — is refused on both HTTP/2 front
// ends as any header list over the server's limit is: a 431, a reset
// stream, or a GOAWAY and a closed connection. A server that decoded it
// whole would answer GET /json with 200.
func TestHPACKBomb(t *testing.T) {
	t.Parallel()
	eachEnd(t, h2Ends, func(t *testing.T, fe *frontEnd) {
		c := dialH2(t, fe)
		head := c.requestBlock("GET", "/json")
		f := hpack.HeaderField{Name: "x-bomb", Value: strings.Repeat("b", 4000)}
		bomb := c.encode(nil, f) // a literal with incremental indexing
		for len(head)+len(bomb) < 16<<10-1 {
			bomb = c.encode(bomb, f) // the index of the entry: one byte
		}
		c.writeBlock(t, 1, head, bomb, true)
		out := c.outcome(t, 1)
		t.Logf("%s: %d bytes of block, %s", fe.name, len(head)+len(bomb), out)
		if out.status != http.StatusRequestHeaderFieldsTooLarge && !out.reset && !(out.goAway && out.closed) {
			t.Errorf("%s; want a 431, a RST_STREAM, or a GOAWAY and a close", out)
		}
		checkAlive(t, fe)
	})
}

// TestUpgradeH2C: an HTTP/1.1 request asking to switch to h2c (RFC 7540's
// Upgrade: h2c, which RFC 9113 deprecates) is answered as HTTP/1.1 or
// refused by every cleartext or TLS HTTP/1.1 front end, and by the h2c
// one (prior knowledge only): never 101 Switching Protocols, so no
// HTTP/2 connection is slipped past whatever inspected the HTTP/1.1
// request. With a body (POST /echo) too: the body is the request's, not
// the first bytes of an HTTP/2 connection.
func TestUpgradeH2C(t *testing.T) {
	t.Parallel()
	const upgrade = "Connection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n"
	cases := []struct{ name, raw string }{
		{"get", "GET /json HTTP/1.1\r\nHost: x\r\n" + upgrade + "\r\n"},
		{"post", "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n" + upgrade + "\r\nhello"},
	}
	forEachEnd(t, append([]string{endH2C}, h1Ends...), cases, func(tc struct{ name, raw string }) string { return tc.name },
		func(t *testing.T, fe *frontEnd, tc struct{ name, raw string }) {
			c := fe.dial(t)
			c.send(t, []byte(tc.raw))
			status := c.answer(t)
			t.Logf("%s %s: %d", fe.name, tc.name, status)
			if status == http.StatusSwitchingProtocols {
				t.Errorf("101 Switching Protocols to h2c: want an HTTP/1.1 answer or a refusal")
			}
			checkAlive(t, fe)
		})
}
