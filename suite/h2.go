package suite

import (
	"github.com/httpclientbench/httpclientbench/server/h2c"
)

// The HTTP/2 families: every client that speaks h2c (prior knowledge, no
// TLS), against an h2c fixture server of each leaf's own. Every row names
// its window preset (see package h2c), set on both ends.

var (
	// H2Get: one op is a GET of the JSON body over h2c, tuned windows on
	// both ends, read into a new slice.
	H2Get = Family{name: "H2Get", process: true, variants: []variant{
		variant{clients: h2Clients, cfg: h2cConfig(h2c.WindowTuned), newOp: getJSONBytes(bufFresh)}.with("window=tuned"),
	}}

	// H2Download: one op is a GET of 64 KiB or 1 MiB over h2c, read whole
	// under each buffer rule (buf=), with each window preset on both ends
	// (the client's receive windows are the ones that matter here). On a
	// path (net=), 1 MiB into a new slice.
	H2Download = Family{name: "H2Download", process: true,
		variants: eachSize(func(sz size) []variant {
			return eachWindow(func(w h2c.Window) []variant {
				return eachBuf(func(r bufRule) variant { return download(sz, h2Clients, h2cConfig(w), r) })
			})
		}),
		net: onPaths(prefixed("size=1MiB", eachWindow(func(w h2c.Window) []variant {
			return []variant{download(size{"1MiB", 1 << 20}, h2Clients, h2cConfig(w), bufFresh).with("buf=" + string(bufFresh))}
		}))),
	}

	// H2Upload: one op is a POST of 1 MiB over h2c and the echo read back
	// whole, with each window preset on both ends (the server's receive
	// windows bound the upload).
	H2Upload = Family{name: "H2Upload", variants: prefixed("size=1MiB", eachWindow(func(w h2c.Window) []variant {
		return []variant{{clients: h2Clients, cfg: h2cConfig(w), bytes: 1 << 20, newOp: post(1<<20, bufFresh)}}
	}))}

	// H2Concurrent: one op is 10 GETs of the JSON body multiplexed over
	// one h2c connection (tuned windows), all awaited. On a path (net=),
	// 50 with the default windows.
	H2Concurrent = Family{name: "H2Concurrent",
		variants: []variant{concurrent(10, h2Clients, h2cConfig(h2c.WindowTuned)).with("window=tuned")},
		net:      onPaths([]variant{concurrent(50, h2Clients, h2cConfig(h2c.WindowDefault)).with("window=default")}),
	}

	// H2Post4KiB: one op is a POST of 4 KiB over h2c (tuned windows) and
	// the echo read back into a new slice.
	H2Post4KiB = Family{name: "H2Post4KiB", variants: []variant{
		variant{clients: h2Clients, cfg: h2cConfig(h2c.WindowTuned), bytes: 4 << 10, newOp: post(4<<10, bufFresh)}.with("window=tuned"),
	}}
)
