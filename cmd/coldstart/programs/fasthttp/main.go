// Command fasthttp is cmd/coldstart's minimal fasthttp program: one GET of
// the URL in its argument, the JSON body decoded and checked, exit 0 and
// no output on success.
package main

import (
	"encoding/json"
	"strconv"

	"github.com/httpclientbench/httpclientbench/cmd/coldstart/programs/answer"
	"github.com/valyala/fasthttp"
)

func main() {
	p := answer.Program("fasthttp")
	status, body, err := fasthttp.Get(nil, p.URL())
	p.Must(err)
	p.Status(status, strconv.Itoa(status))
	var m answer.Message
	p.Must(json.Unmarshal(body, &m))
	p.Check(m)
}
