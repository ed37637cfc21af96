package hostile

import (
	"testing"
	"time"

	"golang.org/x/net/http2"
)

// floodBound is the deadline of a flood's connection: its 100,000 frames
// each way, and as many answers read, take seconds under -race on a busy
// machine, which bound leaves too little room for. It only tells a server
// that stops answering from a slow one.
const floodBound = 3 * bound

// TestControlFloods: 100,000 PING, SETTINGS or WINDOW_UPDATE frames on one
// HTTP/2 connection, none of the server's answers read while they are
// sent (each PING and SETTINGS asks for an acknowledgement the server must
// queue). The server either stays responsive on that connection (it
// answers a PING sent after the flood) or ends it, with GOAWAY
// ENHANCE_YOUR_CALM or without; either way it holds no unbounded queue
// open at the deadline, and a new connection is served.
func TestControlFloods(t *testing.T) {
	t.Parallel()
	const frames = 100_000
	floods := []struct {
		name  string
		write func(*http2.Framer) error
	}{
		{"ping", func(fr *http2.Framer) error { return fr.WritePing(false, [8]byte{'f', 'l', 'o', 'o', 'd'}) }},
		{"settings", func(fr *http2.Framer) error {
			return fr.WriteSettings(http2.Setting{ID: http2.SettingMaxConcurrentStreams, Val: 100})
		}},
		{"window-update", func(fr *http2.Framer) error { return fr.WriteWindowUpdate(0, 1) }},
	}
	forEachEnd(t, h2Ends, floods, func(f struct {
		name  string
		write func(*http2.Framer) error
	}) string {
		return f.name
	}, func(t *testing.T, fe *frontEnd, f struct {
		name  string
		write func(*http2.Framer) error
	}) {
		computing(t)
		c := dialH2(t, fe)
		c.SetDeadline(time.Now().Add(floodBound))
		sent := 0
		for ; sent < frames; sent++ {
			if f.write(c.fr) != nil {
				break
			}
			if sent%1000 == 999 && c.bw.Flush() != nil {
				break
			}
		}
		last := [8]byte{'h', 'o', 's', 't', 'i', 'l', 'e', '!'}
		c.fr.WritePing(false, last)
		c.bw.Flush() // an error shows as the reader's
		var goAway *http2.ErrCode
		ponged := false
		err := <-c.readFrames(func(fr http2.Frame) bool {
			switch fr := fr.(type) {
			case *http2.GoAwayFrame:
				code := fr.ErrCode
				goAway = &code
			case *http2.PingFrame:
				ponged = fr.IsAck() && fr.Data == last
			}
			return !ponged
		})
		t.Logf("%s %s: %d frames sent, GOAWAY %v, last PING answered %v, end %v", fe.name, f.name, sent, goAway, ponged, err)
		switch {
		case goAway != nil && *goAway != http2.ErrCodeEnhanceYourCalm:
			t.Errorf("GOAWAY %v, want ENHANCE_YOUR_CALM or none", *goAway)
		case isTimeout(err):
			t.Errorf("neither the PING after the flood answered nor the connection closed at the deadline: %v", err)
		}
		checkAlive(t, fe)
	})
}
