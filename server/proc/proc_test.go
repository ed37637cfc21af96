package proc

import (
	"crypto/tls"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/quic-go/quic-go/http3"

	"github.com/httpclientbench/httpclientbench/internal/testkit"
	"github.com/httpclientbench/httpclientbench/server"
	"github.com/httpclientbench/httpclientbench/server/h2c"
	"github.com/httpclientbench/httpclientbench/server/tlsserver"
)

func TestMain(m *testing.M) { testkit.VerifyTestMain(m) }

// client is a client for spec's front end trusting cert, closed at the
// end of t; fresh makes every request open its own connection.
func client(t *testing.T, spec Spec, cert *tlsserver.Cert, fresh bool) *http.Client {
	t.Helper()
	var rt http.RoundTripper
	switch spec.Proto {
	case H3:
		tr := &http3.Transport{TLSClientConfig: &tls.Config{RootCAs: cert.Pool()}}
		t.Cleanup(func() { tr.Close() })
		rt = tr
	default:
		tr := &http.Transport{DisableKeepAlives: fresh}
		switch spec.Proto {
		case H2C:
			h2c.ConfigureTransport(tr, h2c.WindowDefault)
		case TLS:
			tr.TLSClientConfig = &tls.Config{RootCAs: cert.Pool()}
			tr.ForceAttemptHTTP2 = true
		}
		t.Cleanup(tr.CloseIdleConnections)
		rt = tr
	}
	return &http.Client{Transport: rt, Timeout: 10 * time.Second}
}

// TestServesAndCounts: every front end serves the routes from its child
// process, over the protocol asked for, and counts in the shared page what
// GET /stats reports, each connection and handshake as it happens; Close
// stops the child cleanly and its port refuses afterwards.
func TestServesAndCounts(t *testing.T) {
	cert, err := tlsserver.GenerateCert()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		spec  Spec
		major int
	}{
		{Spec{Proto: H1}, 1},
		{Spec{Proto: H2C, Window: "default"}, 2},
		{Spec{Proto: H2C, Window: "64KiB"}, 2},
		{Spec{Proto: TLS}, 2},
		{Spec{Proto: H3}, 3},
	} {
		t.Run(tc.spec.Proto+tc.spec.Window, func(t *testing.T) {
			s, err := Start(tc.spec, cert)
			if err != nil {
				t.Fatal(err)
			}
			get := func(hc *http.Client, path string) []byte {
				t.Helper()
				resp, err := hc.Get(s.URL + path)
				if err != nil {
					t.Fatal(err)
				}
				defer resp.Body.Close()
				b, err := io.ReadAll(resp.Body)
				if err != nil || resp.StatusCode != 200 || resp.ProtoMajor != tc.major {
					t.Fatalf("GET %s: %s %s, %v; want HTTP/%d 200", path, resp.Proto, resp.Status, err, tc.major)
				}
				return b
			}
			pooled := client(t, tc.spec, cert, false)
			if b := get(pooled, "/json"); string(b) != server.JSONBody {
				t.Errorf("GET /json: %q", b)
			}
			var st server.Stats
			if err := json.Unmarshal(get(pooled, server.StatsPath), &st); err != nil {
				t.Fatal(err)
			}
			if got := s.Counters.Accepted.Load(); got != 1 || st.ConnsAccepted != 1 {
				t.Errorf("one connection: the page counts %d accepted, GET /stats %d; want 1", got, st.ConnsAccepted)
			}
			if tc.spec.tls() {
				if full, resumed := s.Counters.FullHandshakes.Load(), s.Counters.ResumedHandshakes.Load(); full != 1 || resumed != 0 {
					t.Errorf("one connection: %d full and %d resumed handshakes counted, want 1 and 0", full, resumed)
				}
			}
			if tc.spec.Proto != H3 {
				if open := s.Counters.Open.Load(); open != 1 {
					t.Errorf("one connection: %d open, want 1", open)
				}
				get(client(t, tc.spec, cert, true), "/json")
				if got := s.Counters.Accepted.Load(); got != 2 {
					t.Errorf("a second connection: %d accepted, want 2", got)
				}
			}
			u, _ := url.Parse(s.URL)
			pooled.CloseIdleConnections() // or the server waits for them to go
			if err := s.Close(); err != nil {
				t.Errorf("close: %v", err)
			}
			if tc.spec.Proto != H3 {
				if c, err := net.DialTimeout("tcp", u.Host, time.Second); err == nil {
					c.Close()
					t.Errorf("%s still accepts connections after Close", u.Host)
				}
			}
		})
	}
}

// TestRefusesBadSpecs: a spec the child could not serve is refused before
// any child starts; the child itself refuses what Start would.
func TestRefusesBadSpecs(t *testing.T) {
	for _, tc := range []struct {
		spec Spec
		want string
	}{
		{Spec{Proto: "h4"}, "want h1"},
		{Spec{Proto: H2C, Window: "huge"}, "no window preset"},
		{Spec{Proto: H1, Window: "default"}, "a window is for h2c"},
		{Spec{Proto: TLS, Burn: time.Millisecond}, "Burn is for h1"},
		{Spec{Proto: H1, Burn: -1}, "Burn -1ns < 0"},
		{Spec{Proto: TLS}, "needs a certificate"},
	} {
		if s, err := Start(tc.spec, nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			if s != nil {
				s.Close()
			}
			t.Errorf("Start(%+v): %v, want an error saying %q", tc.spec, err, tc.want)
		}
	}
	for _, js := range []string{"", "{", `{"proto":"h4"}`} {
		if err := serve(js); err == nil {
			t.Errorf("serve(%q) accepted it", js)
		}
	}
}

// TestPinsTheChild: with Spec.CPUs the child's threads run on those CPUs
// alone, and its GOMAXPROCS is their number.
func TestPinsTheChild(t *testing.T) {
	all, err := CPUs()
	if err != nil {
		t.Skip(err)
	}
	one := all[len(all)-1:]
	s, err := Start(Spec{Proto: H1, CPUs: one}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	resp, err := http.Get(s.URL + server.StatsPath)
	if err != nil {
		t.Fatal(err)
	}
	var st server.Stats
	err = json.NewDecoder(resp.Body).Decode(&st)
	resp.Body.Close()
	if err != nil || st.GOMAXPROCS != 1 {
		t.Errorf("the child's GOMAXPROCS: %d (%v), want 1", st.GOMAXPROCS, err)
	}
	got, err := threadCPUs(s.Pid())
	if err != nil {
		t.Skip(err)
	}
	for tid, cpus := range got {
		if len(cpus) != 1 || cpus[0] != one[0] {
			t.Errorf("thread %d runs on CPUs %v, want %v", tid, cpus, one)
		}
	}
}
