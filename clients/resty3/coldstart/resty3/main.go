// Command resty3 is cmd/coldstart's minimal resty v3 program: one GET of
// the URL in its argument (an https URL with the file of the certificate
// to trust after it, given to resty's SetRootCertificates), the JSON body
// decoded by resty into a struct (SetResult) and checked, exit 0 and no
// output on success. It must get HTTP/2 over https (resty's transport
// negotiates it by default), HTTP/1.1 over http.
package main

import (
	"resty.dev/v3"

	"github.com/httpclientbench/httpclientbench/clients/coldstart/answer"
)

func main() {
	p := answer.Program("resty3")
	url, certFile := p.Target()
	c, proto := resty.New(), 1
	defer c.Close()
	if certFile != "" {
		c, proto = c.SetRootCertificates(certFile), 2
	}
	var m answer.Message
	resp, err := c.R().SetResult(&m).Get(url)
	p.Must(err)
	p.Status(resp.StatusCode(), resp.Status())
	p.Proto(resp.RawResponse.ProtoMajor, proto)
	p.Check(m)
}
