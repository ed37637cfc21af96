// Package clients wraps each HTTP client library behind one small interface,
// configured once and fairly.
//
// # Fairness
//
// Every adapter starts from its library's defaults and changes only these,
// all in this package (the README lists the same):
//
//   - keep-alive stays on, and the per-host idle pool holds at least
//     Config.MaxConnsPerHost connections (DefaultMaxConnsPerHost, larger than
//     the largest concurrency any scenario uses). net/http keeps 2 idle
//     connections per host by default; resty and retryablehttp GOMAXPROCS+1;
//     fasthttp allows 512 connections per host by default and is left there.
//   - no proxy from the environment: net/http, resty and retryablehttp read
//     HTTP_PROXY by default; fasthttp and raw never do.
//   - one request timeout for all (Config.Timeout), so a stuck request fails
//     instead of hanging the run.
//   - retryablehttp: logger off (it logs a DEBUG line per request by default)
//     and RetryMax 0, so a benchmark never retries and never hides a failure.
//
// Each adapter reads bodies the way its library's users do: net/http and
// retryablehttp with io.ReadAll, resty through its Response, fasthttp into a
// reused buffer with AcquireRequest/AcquireResponse. Those idioms are part of
// what a user pays, so the suite measures them rather than equalising them.
package clients

import (
	"fmt"
	"time"
)

// Defaults shared by every adapter.
const (
	// DefaultTimeout bounds one whole request, body included.
	DefaultTimeout = 30 * time.Second
	// DefaultMaxConnsPerHost is the idle pool per host: at least the largest
	// concurrency any scenario uses (50).
	DefaultMaxConnsPerHost = 64
)

// Config is what the suite sets on every client. The zero value means the
// defaults above.
type Config struct {
	Timeout         time.Duration
	MaxConnsPerHost int
}

func (c Config) withDefaults() Config {
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	if c.MaxConnsPerHost <= 0 {
		c.MaxConnsPerHost = DefaultMaxConnsPerHost
	}
	return c
}

// Meta is what a request reports besides its body.
type Meta struct {
	Status     int
	ProtoMajor int // 1 or 2
}

// Client is the set of operations every adapter implements. Methods are safe
// for concurrent use. A non-nil error means the exchange failed at the
// transport level; an HTTP error status is reported in Meta, not as an error.
type Client interface {
	// Name is the client's name in benchmark names (client=Name).
	Name() string
	// GetBytes GETs url and returns the whole body. It may append to dst and
	// return it (libraries built on buffer reuse do) or ignore dst.
	GetBytes(url string, dst []byte) (Meta, []byte, error)
	// GetText GETs url and returns the body as a string.
	GetText(url string) (Meta, string, error)
	// GetJSON GETs url and decodes the JSON body into v.
	GetJSON(url string, v any) (Meta, error)
	// Post POSTs body with Content-Type contentType and returns the whole
	// response body, like GetBytes.
	Post(url, contentType string, body, dst []byte) (Meta, []byte, error)
	// Close releases idle connections and background goroutines.
	Close() error
}

// Factory builds one kind of client.
type Factory struct {
	Name string
	New  func(Config) (Client, error)
}

// HTTP1 lists the clients of the HTTP/1.1 scenarios, in the order of the
// README's tables. raw is the floor client.
var HTTP1 = []Factory{
	{NetHTTP, newNetHTTP},
	{FastHTTP, newFastHTTP},
	{Resty, newResty},
	{RetryableHTTP, newRetryableHTTP},
	{Raw, newRaw},
}

// Client names, as they appear after client= in benchmark names.
const (
	NetHTTP       = "nethttp"
	FastHTTP      = "fasthttp"
	Resty         = "resty"
	RetryableHTTP = "retryablehttp"
	Raw           = "raw"
)

// Lookup returns the factory called name from fs.
func Lookup(fs []Factory, name string) (Factory, error) {
	for _, f := range fs {
		if f.Name == name {
			return f, nil
		}
	}
	return Factory{}, fmt.Errorf("clients: no client %q", name)
}
