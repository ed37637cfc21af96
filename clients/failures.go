package clients

import (
	"context"
	"errors"
	"os"
)

// PoolFull reports whether err is a client's refusal at its own connection
// limit (Config.MaxConns), which fasthttp, hertz and raw return at once
// where the net/http-based clients wait: each adapter's PoolFull
// (fasthttp.ErrNoFreeConns, hertz's errors.ErrNoFreeConns, raw.ErrNoFreeConns).
// A load generator, which knows no client library, counts these apart from
// other failures. It knows the errors of the adapters the program links:
// a program that imports only some clients' folders tells only theirs.
func PoolFull(err error) bool {
	for _, a := range adapters {
		if a.PoolFull != nil && errors.Is(err, a.PoolFull) {
			return true
		}
	}
	return false
}

// TimedOut reports whether err is a client's timeout (Config.Timeout or a
// deadline): context.DeadlineExceeded for the net/http-based clients,
// os.ErrDeadlineExceeded for raw, each adapter's Timeout (fasthttp.ErrTimeout,
// hertz's errors.ErrTimeout), or any error with a Timeout method that says
// so. hertz's ErrTimeout is a plain error with no Timeout method, so only
// this function tells it for one, in a program that links hertz's adapter.
func TimedOut(err error) bool {
	var te interface{ Timeout() bool }
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, os.ErrDeadlineExceeded) ||
		errors.As(err, &te) && te.Timeout() {
		return true
	}
	for _, a := range adapters {
		if a.Timeout != nil && errors.Is(err, a.Timeout) {
			return true
		}
	}
	return false
}
