package clients_test

import (
	"errors"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/valyala/fasthttp"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/clients/clienttest"
	"github.com/httpclientbench/httpclientbench/server"
	"github.com/httpclientbench/httpclientbench/server/servertest"
)

// gatedServer is a fixture server whose handler calls hold, which a test
// sets, before it answers.
type gatedServer struct {
	*server.Server
	mu   sync.Mutex
	hold func()
}

func startGated(t *testing.T) *gatedServer {
	t.Helper()
	g := &gatedServer{hold: func() {}}
	g.Server = servertest.Start(t, server.WithHandler(func(ctx *fasthttp.RequestCtx) {
		g.mu.Lock()
		hold := g.hold
		g.mu.Unlock()
		hold()
		server.Handler(ctx)
	}))
	return g
}

func (g *gatedServer) setHold(hold func()) {
	g.mu.Lock()
	g.hold = hold
	g.mu.Unlock()
}

// get GETs url and turns a status other than 200 into an error.
func get(c clients.Client, url string) error {
	m, _, err := c.GetBytes(url)
	if err == nil && m.Status != http.StatusOK {
		err = fmt.Errorf("status %d", m.Status)
	}
	return err
}

// TestLibraryPoolKeepsIdle checks, on the wire, how many connections each
// client keeps after a burst of n requests held open together: a second
// burst dials again every connection the first did not keep. With the
// fairness settings every client keeps all n; with LibraryPool each keeps
// its library's default (the package doc's Connection limits).
func TestLibraryPoolKeepsIdle(t *testing.T) {
	const n = 10
	for _, f := range clients.HTTP1 {
		for _, library := range []bool{false, true} {
			t.Run(fmt.Sprintf("client=%s/library_pool=%t", f.Name, library), func(t *testing.T) {
				t.Parallel() // a server and a client of its own
				kept := n
				if library {
					kept = min(n, adapter(t, f).LibraryIdle())
				}
				srv := startGated(t)
				c := clienttest.New(t, f, clients.Config{LibraryPool: library})
				var opened [2]int
				for r := range 2 {
					before := srv.Opened()
					srv.setHold(newBarrier(n, 10*time.Second).wait)
					for i, err := range burst(n, func() error { return get(c, srv.URL()+"/json") }) {
						if err != nil {
							t.Fatalf("round %d, request %d: %v", r, i, err)
						}
					}
					opened[r] = srv.Opened() - before
				}
				if opened[0] != n {
					t.Errorf("first burst opened %d connections, want %d", opened[0], n)
				}
				if kept == n && opened[1] != 0 {
					t.Errorf("second burst opened %d connections, want 0 (all %d kept idle)", opened[1], n)
				}
				// More than n-kept if the first burst's connections went
				// back to the pool only after the second burst began.
				if kept < n && (opened[1] < n-kept || opened[1] > n) {
					t.Errorf("second burst opened %d connections, want %d..%d (%d kept idle)", opened[1], n-kept, n, kept)
				}
			})
		}
	}
}

// burst runs do n times at once and returns the errors.
func burst(n int, do func() error) []error {
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { errs[i] = do() })
	}
	wg.Wait()
	return errs
}

// TestMaxConns: with MaxConns = 3 and 10 requests at once, the server never
// accepts more than 3 connections. The net/http-based clients make the
// other requests wait, and all succeed; fasthttp, hertz and raw fail the
// others at once, with an error that errors.Is their sentinel and that
// PoolFull tells.
func TestMaxConns(t *testing.T) {
	const n, limit = 10, 3
	for _, f := range clients.HTTP1 {
		for _, library := range []bool{false, true} {
			t.Run(fmt.Sprintf("client=%s/library_pool=%t", f.Name, library), func(t *testing.T) {
				t.Parallel() // a server and a client of its own
				srv := startGated(t)
				c := clienttest.New(t, f, clients.Config{LibraryPool: library, MaxConns: limit})
				release, full := make(chan struct{}), make(chan struct{})
				var once sync.Once
				releaseAll := func() { once.Do(func() { close(release) }) }
				t.Cleanup(releaseAll) // before the server's Close waits for its handlers
				var arrived atomic.Int32
				srv.setHold(func() {
					if arrived.Add(1) == limit {
						close(full)
					}
					<-release
				})
				results := make(chan error, n)
				for range n {
					go func() { results <- get(c, srv.URL()+"/json") }()
				}
				wantErr := adapter(t, f).PoolFull
				fast := wantErr != nil
				var errs []error
				if fast {
					// The first limit requests hold their connections until
					// released; every other one must fail meanwhile.
					timeout := time.After(10 * time.Second)
					for len(errs) < n-limit {
						select {
						case err := <-results:
							errs = append(errs, err)
						case <-timeout:
							t.Errorf("only %d of the %d requests beyond the cap returned while the cap was in use", len(errs), n-limit)
							errs = append(errs, errors.New("still waiting"))
						}
					}
				} else {
					select {
					case <-full:
					case <-time.After(10 * time.Second):
						t.Errorf("the server saw %d requests, want %d in flight", arrived.Load(), limit)
					}
				}
				releaseAll()
				for len(errs) < n {
					errs = append(errs, <-results)
				}
				if got := srv.Opened(); got > limit {
					t.Errorf("the server accepted %d connections, cap %d", got, limit)
				}
				failed := 0
				for _, err := range errs {
					if err == nil {
						continue
					}
					failed++
					if !fast || !errors.Is(err, wantErr) || !clients.PoolFull(err) {
						t.Errorf("request failed: %v (PoolFull %t)", err, clients.PoolFull(err))
					}
				}
				if fast && failed != n-limit {
					t.Errorf("%d requests failed, want %d (all beyond the cap)", failed, n-limit)
				}
			})
		}
	}
}

// TestContradictoryConfig: LibraryPool with MaxConnsPerHost, or a negative
// MaxConns, is an error, never a silent choice.
func TestContradictoryConfig(t *testing.T) {
	for _, f := range clients.HTTP1 {
		for _, cfg := range []clients.Config{
			{LibraryPool: true, MaxConnsPerHost: 8},
			{MaxConns: -1},
		} {
			if c, err := f.New(cfg); err == nil {
				c.Close()
				t.Errorf("%s accepted %+v", f.Name, cfg)
			}
		}
	}
}
