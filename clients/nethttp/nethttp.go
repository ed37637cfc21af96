// Package nethttp is the suite's adapter of the standard library's
// net/http client, the baseline every ratio is taken to: an http.Client on
// a clone of http.DefaultTransport with the fairness settings applied
// (clients.Transport), read as net/http's users read (clients.NewNetHTTP).
// Importing it registers the client nethttp.
package nethttp

import (
	"context"
	"net/http"

	"github.com/httpclientbench/httpclientbench/clients"
)

func init() {
	clients.Register(clients.Adapter{
		Name:        "nethttp",
		New:         newClient,
		Timeout:     context.DeadlineExceeded,
		LibraryIdle: func() int { return http.DefaultMaxIdleConnsPerHost },
		TLSMajor:    2,
		Behaviour:   behaviour,
	})
}

// newClient is the nethttp client, named name, for cfg (its defaults
// filled in by clients.Named).
func newClient(name string, cfg clients.Config) (clients.Client, error) {
	t, err := clients.Transport(cfg)
	if err != nil {
		return nil, err
	}
	return clients.NewNetHTTP(name, &http.Client{Transport: t, Timeout: cfg.Timeout}, clients.NetHTTPOptions{}), nil
}
