// Command retryablehttp is cmd/coldstart's minimal go-retryablehttp
// program: one GET of the URL in its argument (an https URL with the file of
// the certificate to trust after it, set on its go-cleanhttp transport),
// the JSON body decoded and checked, exit 0 and no output on success. It
// must get HTTP/2 over https (its transport negotiates it by default),
// HTTP/1.1 over http.
package main

import (
	"crypto/tls"
	"encoding/json"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/httpclientbench/httpclientbench/clients/coldstart/answer"
	"github.com/httpclientbench/httpclientbench/clients/coldstart/trust"
)

func main() {
	p := answer.Program("retryablehttp")
	url, certFile := p.Target()
	c, proto := retryablehttp.NewClient(), 1
	c.Logger = nil
	if certFile != "" {
		c.HTTPClient.Transport.(*http.Transport).TLSClientConfig = &tls.Config{RootCAs: trust.Roots(p, certFile)}
		proto = 2
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
