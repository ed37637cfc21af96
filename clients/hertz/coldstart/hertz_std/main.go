// Command hertz_std is cmd/coldstart's minimal hertz program on hertz's
// standard network (package net, Go's own poller) instead of its default,
// netpoll: one GET of the URL in its argument with a
// client.NewClient(client.WithDialer(standard.NewDialer()))'s Get, the
// JSON body decoded and checked, exit 0 and no output on success.
package main

import (
	"context"
	"encoding/json"
	"strconv"

	"github.com/cloudwego/hertz/pkg/app/client"
	"github.com/cloudwego/hertz/pkg/network/standard"

	"github.com/httpclientbench/httpclientbench/clients/coldstart/answer"
)

func main() {
	p := answer.Program("hertz_std")
	url := p.URL()
	c, err := client.NewClient(client.WithDialer(standard.NewDialer()))
	p.Must(err)
	status, body, err := c.Get(context.Background(), nil, url)
	p.Must(err)
	p.Status(status, strconv.Itoa(status))
	var m answer.Message
	p.Must(json.Unmarshal(body, &m))
	p.Check(m)
}
