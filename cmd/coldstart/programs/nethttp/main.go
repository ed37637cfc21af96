// Command nethttp is cmd/coldstart's minimal net/http program: one GET of
// the URL in its argument, the JSON body decoded and checked, exit 0 and
// no output on success.
package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
)

type message struct {
	Message string `json:"message"`
	Count   int    `json:"count"`
}

func main() {
	if len(os.Args) != 2 {
		fail(fmt.Errorf("usage: %s URL", os.Args[0]))
	}
	resp, err := http.Get(os.Args[1])
	if err != nil {
		fail(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		fail(fmt.Errorf("status %s", resp.Status))
	}
	var m message
	if err := json.NewDecoder(resp.Body).Decode(&m); err != nil {
		fail(err)
	}
	if m.Message != "hello" || m.Count != 42 {
		fail(fmt.Errorf("wrong answer %+v", m))
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "nethttp:", err)
	os.Exit(1)
}
