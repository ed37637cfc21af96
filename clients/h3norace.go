//go:build !race

package clients

import (
	"context"

	"github.com/quic-go/quic-go"
)

// awaitEarlyHandshake does nothing outside race-detector builds: see
// h3race.go for why race builds wait.
func awaitEarlyHandshake(context.Context, *quic.Conn) error { return nil }

// h3WaitsForHandshake: this build's awaitEarlyHandshake does not wait.
const h3WaitsForHandshake = false
