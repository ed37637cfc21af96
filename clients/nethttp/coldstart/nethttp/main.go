// Command nethttp is cmd/coldstart's minimal net/http program: one GET of
// the URL in its argument (an https URL with the file of the certificate to
// trust after it), the JSON body decoded and checked, exit 0 and no output
// on success. Over https it trusts the certificate on a clone of
// http.DefaultTransport, as a user would, and must get HTTP/2, net/http's
// default over TLS; over http HTTP/1.1.
package main

import (
	"crypto/tls"
	"encoding/json"
	"net/http"

	"github.com/httpclientbench/httpclientbench/clients/coldstart/answer"
	"github.com/httpclientbench/httpclientbench/clients/coldstart/trust"
)

func main() {
	p := answer.Program("nethttp")
	url, certFile := p.Target()
	c, proto := http.DefaultClient, 1
	if certFile != "" {
		t := http.DefaultTransport.(*http.Transport).Clone()
		t.TLSClientConfig = &tls.Config{RootCAs: trust.Roots(p, certFile)}
		c, proto = &http.Client{Transport: t}, 2
	}
	resp, err := c.Get(url)
	p.Must(err)
	defer resp.Body.Close()
	p.Status(resp.StatusCode, resp.Status)
	p.Proto(resp.ProtoMajor, proto)
	var m answer.Message
	p.Must(json.NewDecoder(resp.Body).Decode(&m))
	p.Check(m)
}
