// Command resty is cmd/coldstart's minimal resty program: one GET of the
// URL in its argument, the JSON body decoded (by resty's SetResult) and
// checked, exit 0 and no output on success.
package main

import (
	"fmt"
	"os"

	"github.com/go-resty/resty/v2"
)

type message struct {
	Message string `json:"message"`
	Count   int    `json:"count"`
}

func main() {
	if len(os.Args) != 2 {
		fail(fmt.Errorf("usage: %s URL", os.Args[0]))
	}
	var m message
	resp, err := resty.New().R().SetResult(&m).Get(os.Args[1])
	if err != nil {
		fail(err)
	}
	if resp.StatusCode() != 200 {
		fail(fmt.Errorf("status %s", resp.Status()))
	}
	if m.Message != "hello" || m.Count != 42 {
		fail(fmt.Errorf("wrong answer %+v", m))
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "resty:", err)
	os.Exit(1)
}
