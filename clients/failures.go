package clients

import (
	"context"
	"errors"
	"os"

	hertzerrors "github.com/cloudwego/hertz/pkg/common/errors"
	"github.com/valyala/fasthttp"
)

// PoolFull reports whether err is a client's refusal at its own connection
// limit (Config.MaxConns), which fasthttp, hertz and raw return at once
// where the net/http-based clients wait: fasthttp.ErrNoFreeConns, hertz's
// errors.ErrNoFreeConns, ErrNoFreeConns. A load generator, which knows no
// client library, counts these apart from other failures.
func PoolFull(err error) bool {
	return errors.Is(err, fasthttp.ErrNoFreeConns) || errors.Is(err, hertzerrors.ErrNoFreeConns) ||
		errors.Is(err, ErrNoFreeConns)
}

// TimedOut reports whether err is a client's timeout (Config.Timeout or a
// deadline): context.DeadlineExceeded for the net/http-based clients,
// os.ErrDeadlineExceeded for raw, fasthttp.ErrTimeout and hertz's
// errors.ErrTimeout, or any error with a Timeout method that says so.
// hertz's ErrTimeout is a plain error with no Timeout method, so only
// this function tells it for one.
func TimedOut(err error) bool {
	var te interface{ Timeout() bool }
	return errors.Is(err, context.DeadlineExceeded) || errors.Is(err, os.ErrDeadlineExceeded) ||
		errors.Is(err, fasthttp.ErrTimeout) || errors.Is(err, hertzerrors.ErrTimeout) ||
		errors.As(err, &te) && te.Timeout()
}
