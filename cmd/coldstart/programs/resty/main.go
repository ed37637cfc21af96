// Command resty is cmd/coldstart's minimal resty program: one GET of the
// URL in its argument, the JSON body decoded (by resty's SetResult) and
// checked, exit 0 and no output on success.
package main

import (
	"github.com/go-resty/resty/v2"
	"github.com/httpclientbench/httpclientbench/cmd/coldstart/programs/answer"
)

func main() {
	p := answer.Program("resty")
	var m answer.Message
	resp, err := resty.New().R().SetResult(&m).Get(p.URL())
	p.Must(err)
	p.Status(resp.StatusCode(), resp.Status())
	p.Check(m)
}
