package clients

import (
	"slices"

	hertzerrors "github.com/cloudwego/hertz/pkg/common/errors"
	"github.com/valyala/fasthttp"
)

// A record is one client of the registry (internal/registry, which says
// what it is: its module, protocols, role, colour) as this package builds
// it: its adapter's constructor and the errors of its library that
// TimedOut and PoolFull tell.
type record struct {
	name string
	// new builds the client, named name, for cfg.
	new func(name string, cfg Config) (Client, error)
	// timeout is the library's own timeout error, when it has one besides
	// context.DeadlineExceeded and os.ErrDeadlineExceeded that errors.As
	// a Timeout method would not tell (hertz's has none).
	timeout error
	// poolFull is its refusal at its own connection limit
	// (Config.MaxConns), when it fails there instead of waiting.
	poolFull error
	// earlyData: it can send a GET as TLS 1.3 early data (TLS.EarlyData);
	// the others refuse the setting.
	earlyData bool
}

// records are the suite's clients, in the registry's order
// (TestRecordsAreTheRegistry). A new client's record is one step of
// CONTRIBUTING.md's list, with its adapter file and its registry entry.
var records = []record{
	{name: "nethttp", new: newNetHTTP},
	{name: "xnethttp2", new: newXNetHTTP2},
	{name: "fasthttp", new: newFastHTTP, timeout: fasthttp.ErrTimeout, poolFull: fasthttp.ErrNoFreeConns},
	{name: "hertz", new: newHertz, timeout: hertzerrors.ErrTimeout, poolFull: hertzerrors.ErrNoFreeConns},
	{name: "hertz_std", new: newHertzStd, timeout: hertzerrors.ErrTimeout, poolFull: hertzerrors.ErrNoFreeConns},
	{name: "resty", new: newResty},
	{name: "resty3", new: newResty3},
	{name: "retryablehttp", new: newRetryableHTTP},
	{name: "http3", new: newHTTP3, earlyData: true},
	{name: "raw", new: newRaw, poolFull: ErrNoFreeConns},
}

// recordOf is the record of the client called name; the registry's names
// all have one (TestRecordsAreTheRegistry), so another is a bug here.
func recordOf(name string) record {
	i := slices.IndexFunc(records, func(r record) bool { return r.name == name })
	if i < 0 {
		panic("clients: no record for the registry's client " + name)
	}
	return records[i]
}
