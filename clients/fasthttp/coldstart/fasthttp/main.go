// Command fasthttp is cmd/coldstart's minimal fasthttp program: one GET of
// the URL in its argument (an https URL with the file of the certificate to
// trust after it), the JSON body decoded and checked, exit 0 and no output
// on success. Over http it calls fasthttp.Get; over https a fasthttp.Client
// with that certificate in its TLSConfig (HTTP/1.1, the only protocol
// fasthttp speaks).
package main

import (
	"crypto/tls"
	"encoding/json"
	"strconv"

	"github.com/valyala/fasthttp"

	"github.com/httpclientbench/httpclientbench/clients/coldstart/answer"
	"github.com/httpclientbench/httpclientbench/clients/coldstart/trust"
)

func main() {
	p := answer.Program("fasthttp")
	url, certFile := p.Target()
	get := fasthttp.Get
	if certFile != "" {
		c := &fasthttp.Client{TLSConfig: &tls.Config{RootCAs: trust.Roots(p, certFile)}}
		get = c.Get
	}
	status, body, err := get(nil, url)
	p.Must(err)
	p.Status(status, strconv.Itoa(status))
	var m answer.Message
	p.Must(json.Unmarshal(body, &m))
	p.Check(m)
}
