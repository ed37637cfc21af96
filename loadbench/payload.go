package loadbench

import (
	"fmt"
	"reflect"
	"strconv"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/loadbench/load"
	"github.com/httpclientbench/httpclientbench/server"
)

// A payload is what each request of a run fetches, and how its answer is
// checked: every answer whole (status, length, every decoded value or
// every byte); a wrong answer is a failure of class answer, never a fast
// request.
type payload struct {
	name string
	path string
	doc  string
	// op returns one request against base with c.
	op func(c clients.Client, base string) load.Op
}

// bin8mSize is the body of the bin8m payload: 8 MiB.
const bin8mSize = 8 << 20

var payloads = []payload{
	{"json", "/json", "GET /json, decoded into a struct", jsonOp},
	{"json600k", "/json600k", fmt.Sprintf("GET /json600k, %d records (about 0.6 MB) decoded into []server.Record", server.JSON600KRecords), json600kOp},
	{"bin8m", "/bytes/" + strconv.Itoa(bin8mSize), "GET /bytes/8388608, read whole into a new slice", bin8mOp},
}

func lookupPayload(name string) (payload, error) {
	for _, p := range payloads {
		if p.name == name {
			return p, nil
		}
	}
	return payload{}, fmt.Errorf("-payload %q: want one of %s", name, payloadNames())
}

func payloadNames() string {
	var names []string
	for _, p := range payloads {
		names = append(names, p.name)
	}
	return joinNames(names)
}

// checkMeta checks what every answer must have: status 200 and, where the
// body is decoded, the exact length that came over the wire.
func checkMeta(m clients.Meta, bodyLen int) error {
	if err := server.CheckStatus(m.Status, 200); err != nil {
		return err
	}
	if bodyLen >= 0 && m.BodyLen != bodyLen {
		return fmt.Errorf("body of %d bytes, want %d", m.BodyLen, bodyLen)
	}
	return nil
}

func jsonOp(c clients.Client, base string) load.Op {
	url := base + "/json"
	return func() error {
		var v server.JSONMessage
		m, err := c.GetJSON(url, &v)
		if err != nil {
			return err
		}
		if err := checkMeta(m, len(server.JSONBody)); err != nil {
			return load.BadAnswer(err)
		}
		if v != server.WantJSON {
			return load.BadAnswer(fmt.Errorf("decoded %+v, want %+v", v, server.WantJSON))
		}
		return nil
	}
}

// json600kOp decodes the whole array into a new slice each time and
// compares every record with the fixture's, field by field: a corrupted
// value anywhere fails (the comparison costs a few percent of the
// decode, the same for every client).
func json600kOp(c clients.Client, base string) load.Op {
	url := base + "/json600k"
	want := server.Records()
	bodyLen := len(server.JSON600KBody())
	return func() error {
		var got []server.Record
		m, err := c.GetJSON(url, &got)
		if err != nil {
			return err
		}
		if err := checkMeta(m, bodyLen); err != nil {
			return load.BadAnswer(err)
		}
		if err := equalRecords(got, want); err != nil {
			return load.BadAnswer(err)
		}
		return nil
	}
}

func equalRecords(got, want []server.Record) error {
	if len(got) != len(want) {
		return fmt.Errorf("%d records, want %d", len(got), len(want))
	}
	for i := range want {
		if !reflect.DeepEqual(got[i], want[i]) {
			return fmt.Errorf("record %d is %+v, want %+v", i, got[i], want[i])
		}
	}
	return nil
}

// bin8mOp reads the body into a new slice (the usual idiom) and compares
// all of it with the expected bytes (a memory compare, small next to the
// transfer and the same for every client).
func bin8mOp(c clients.Client, base string) load.Op {
	url := base + "/bytes/" + strconv.Itoa(bin8mSize)
	want := server.Bytes(bin8mSize)
	return func() error {
		m, body, err := c.GetBytes(url)
		if err != nil {
			return err
		}
		if err := checkMeta(m, -1); err != nil {
			return load.BadAnswer(err)
		}
		if err := server.CheckBody(body, want, true); err != nil {
			return load.BadAnswer(err)
		}
		return nil
	}
}
