// Command hertz is cmd/coldstart's minimal hertz program: one GET of the
// URL in its argument (an https URL with the file of the certificate to
// trust after it), the JSON body decoded and checked, exit 0 and no output
// on success. Over http it calls a client.NewClient()'s Get, on hertz's
// default network (netpoll); over https a client made with WithTLSConfig
// and that certificate (hertz's standard dialer, HTTP/1.1, the only
// protocol hertz's client speaks).
package main

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"strconv"

	"github.com/cloudwego/hertz/pkg/app/client"
	"github.com/cloudwego/hertz/pkg/common/config"

	"github.com/httpclientbench/httpclientbench/clients/coldstart/answer"
	"github.com/httpclientbench/httpclientbench/clients/coldstart/trust"
)

func main() {
	p := answer.Program("hertz")
	url, certFile := p.Target()
	var opts []config.ClientOption
	if certFile != "" {
		opts = append(opts, client.WithTLSConfig(&tls.Config{RootCAs: trust.Roots(p, certFile)}))
	}
	c, err := client.NewClient(opts...)
	p.Must(err)
	status, body, err := c.Get(context.Background(), nil, url)
	p.Must(err)
	p.Status(status, strconv.Itoa(status))
	var m answer.Message
	p.Must(json.Unmarshal(body, &m))
	p.Check(m)
}
