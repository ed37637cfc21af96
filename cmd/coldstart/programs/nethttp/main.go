// Command nethttp is cmd/coldstart's minimal net/http program: one GET of
// the URL in its argument, the JSON body decoded and checked, exit 0 and
// no output on success.
package main

import (
	"encoding/json"
	"net/http"

	"github.com/httpclientbench/httpclientbench/cmd/coldstart/programs/answer"
)

func main() {
	p := answer.Program("nethttp")
	resp, err := http.Get(p.URL())
	p.Must(err)
	defer resp.Body.Close()
	p.Status(resp.StatusCode, resp.Status)
	var m answer.Message
	p.Must(json.NewDecoder(resp.Body).Decode(&m))
	p.Check(m)
}
