// Command fasthttp is cmd/coldstart's minimal fasthttp program: one GET of
// the URL in its argument, the JSON body decoded and checked, exit 0 and
// no output on success.
package main

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/valyala/fasthttp"
)

type message struct {
	Message string `json:"message"`
	Count   int    `json:"count"`
}

func main() {
	if len(os.Args) != 2 {
		fail(fmt.Errorf("usage: %s URL", os.Args[0]))
	}
	status, body, err := fasthttp.Get(nil, os.Args[1])
	if err != nil {
		fail(err)
	}
	if status != fasthttp.StatusOK {
		fail(fmt.Errorf("status %d", status))
	}
	var m message
	if err := json.Unmarshal(body, &m); err != nil {
		fail(err)
	}
	if m.Message != "hello" || m.Count != 42 {
		fail(fmt.Errorf("wrong answer %+v", m))
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "fasthttp:", err)
	os.Exit(1)
}
