// Command xnethttp2 is cmd/coldstart's minimal golang.org/x/net/http2
// program: one GET of the https URL in its first argument with x/net's own
// http2.Transport (which dials TLS itself, offering only h2 by ALPN),
// trusting only the PEM certificate in the file named by its second, the
// JSON body decoded and checked, exit 0 and no output on success.
package main

import (
	"crypto/tls"
	"encoding/json"
	"net/http"

	"golang.org/x/net/http2"

	"github.com/httpclientbench/httpclientbench/clients/coldstart/answer"
	"github.com/httpclientbench/httpclientbench/clients/coldstart/trust"
)

func main() {
	p := answer.Program("xnethttp2")
	args := p.Args("URL", "CERT.pem")
	c := &http.Client{Transport: &http2.Transport{TLSClientConfig: &tls.Config{RootCAs: trust.Roots(p, args[1])}}}
	resp, err := c.Get(args[0])
	p.Must(err)
	defer resp.Body.Close()
	p.Status(resp.StatusCode, resp.Status)
	p.Proto(resp.ProtoMajor, 2)
	var m answer.Message
	p.Must(json.NewDecoder(resp.Body).Decode(&m))
	p.Check(m)
}
