// Command http3 is cmd/coldstart's minimal HTTP/3 program: one GET of the
// https URL in its first argument over HTTP/3 with quic-go's http3.Transport,
// trusting only the PEM certificate in the file named by its second, the
// JSON body decoded and checked, exit 0 and no output on success.
package main

import (
	"crypto/tls"
	"encoding/json"
	"net/http"

	"github.com/quic-go/quic-go/http3"

	"github.com/httpclientbench/httpclientbench/clients/coldstart/answer"
	"github.com/httpclientbench/httpclientbench/clients/coldstart/trust"
)

func main() {
	p := answer.Program("http3")
	args := p.Args("URL", "CERT.pem")
	c := &http.Client{Transport: &http3.Transport{TLSClientConfig: &tls.Config{RootCAs: trust.Roots(p, args[1])}}}
	resp, err := c.Get(args[0])
	p.Must(err)
	defer resp.Body.Close()
	p.Status(resp.StatusCode, resp.Status)
	p.Proto(resp.ProtoMajor, 3)
	var m answer.Message
	p.Must(json.NewDecoder(resp.Body).Decode(&m))
	p.Check(m)
}
