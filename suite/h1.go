package suite

import (
	"fmt"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/server"
)

// The HTTP/1.1 families: every HTTP/1.1 client, the floor (raw) last, over
// a kept-alive connection to the fixture server.

var (
	// H1GetBytes: one op is a GET of the 30-byte JSON body, read whole as
	// bytes, over a kept-alive HTTP/1.1 connection: into a new slice
	// (buf=fresh) or into the caller's buffer kept across ops
	// (buf=reused).
	H1GetBytes = Family{name: "H1GetBytes", process: true, variants: eachBuf(func(r bufRule) variant {
		return variant{clients: h1Clients, newOp: getJSONBytes(r)}
	})}

	// H1GetText: H1GetBytes, with the body read as a string.
	H1GetText = Family{name: "H1GetText", variants: []variant{{clients: h1Clients, newOp: getText}}}

	// JSON: one op is a GET of the JSON body decoded into a struct, each
	// client its own way (resty through SetResult).
	JSON = Family{name: "JSON", process: true, variants: []variant{{clients: h1Clients, newOp: getJSON}}}

	// H1Post4KiB: one op is a POST of 4 KiB to /echo and the echo read
	// back whole, under each buffer rule (buf=).
	H1Post4KiB = Family{name: "H1Post4KiB", process: true, variants: eachBuf(func(r bufRule) variant {
		return variant{clients: h1Clients, bytes: 4 << 10, newOp: post(4<<10, r)}
	})}

	// H1Download: one op is a GET of 64 KiB or 1 MiB, read whole, under
	// each buffer rule (buf=).
	H1Download = Family{name: "H1Download", process: true, variants: eachSize(func(sz size) []variant {
		return eachBuf(func(r bufRule) variant { return download(sz, h1Clients, clients.Config{}, r) })
	})}

	// H1Concurrent: one op is n GETs of the JSON body started together on
	// one client and all awaited. On a path (net=) only n=50.
	H1Concurrent = Family{name: "H1Concurrent", process: true,
		variants: []variant{
			concurrent(10, h1Clients, clients.Config{}),
			concurrent(50, h1Clients, clients.Config{}),
		},
		net: onPaths([]variant{concurrent(50, h1Clients, clients.Config{})}),
	}
)

func getText(c clients.Client, t target) op {
	url := t.base + "/json"
	return func(bool) error {
		m, s, err := c.GetText(url)
		if err := checkMeta(m, err, 200, t.proto); err != nil {
			return err
		}
		// The length as received too: a library may trim what it hands over.
		if m.BodyLen != len(server.JSONBody) || s != server.JSONBody {
			return fmt.Errorf("text %q from a %d-byte body, want %q (%d bytes)", s, m.BodyLen, server.JSONBody, len(server.JSONBody))
		}
		return nil
	}
}

func getJSON(c clients.Client, t target) op {
	url := t.base + "/json"
	return func(bool) error {
		var v server.JSONMessage
		m, err := c.GetJSON(url, &v)
		if err := checkMeta(m, err, 200, t.proto); err != nil {
			return err
		}
		// A decoder skips whitespace around the value: check the length.
		if m.BodyLen != len(server.JSONBody) {
			return fmt.Errorf("JSON body of %d bytes, want %d", m.BodyLen, len(server.JSONBody))
		}
		if v != server.WantJSON {
			return fmt.Errorf("decoded %+v, want %+v", v, server.WantJSON)
		}
		return nil
	}
}
