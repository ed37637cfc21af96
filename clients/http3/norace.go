//go:build !race

package http3

import (
	"context"

	"github.com/quic-go/quic-go"
)

// awaitEarlyHandshake does nothing outside race-detector builds: see
// race.go for why race builds wait.
func awaitEarlyHandshake(context.Context, *quic.Conn) error { return nil }

// WaitsForHandshake is whether this build's fresh http3 connections wait
// for the QUIC handshake before their first stream (race builds: see
// race.go), so that nothing goes as 0-RTT early data.
const WaitsForHandshake = false
