package clients

import (
	"errors"
	"fmt"
	"net/http"
)

// The adapters for a client brought to the suite (package suite's Client)
// that is built on net/http: it then reads bodies, streams, ranges and
// forms as nethttp does, and only its transport or its http.Client is its
// own. Each constructor gets the row's Config and must honour all of it
// (Fresh, H2C, TLS, Net, the pool); starting from Transport(cfg) does.

// Transport returns what nethttp runs on for cfg: a clone of
// http.DefaultTransport with the suite's fairness settings and cfg applied
// (see the package documentation): no proxy from the environment, the
// idle pool, keep-alive off when Fresh, h2c with its windows when H2C, the
// tls.Config when TLS, the path's dialer when Net. A brought client starts
// from it and changes what it tunes.
func Transport(cfg Config) (*http.Transport, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	t := http.DefaultTransport.(*http.Transport).Clone()
	ConfigureTransport(t, cfg)
	return t, nil
}

// HTTPClient is the factory of a client built on an *http.Client: newClient
// builds it for each row's Config (with Config.Timeout filled in, as its
// http.Client's Timeout should be).
func HTTPClient(name string, newClient func(Config) (*http.Client, error)) Factory {
	return Factory{Name: name, New: func(cfg Config) (Client, error) {
		cfg, err := cfg.withDefaults()
		if err != nil {
			return nil, err
		}
		hc, err := newClient(cfg)
		if err != nil {
			return nil, fmt.Errorf("clients: %s: %w", name, err)
		}
		if hc == nil {
			return nil, fmt.Errorf("clients: %s: no *http.Client", name)
		}
		return &netHTTP{name: name, hc: hc}, nil
	}}
}

// RoundTripper is the factory of a client that is an http.RoundTripper
// (a transport, or a chain of them): newRT builds it for each row's
// Config, and requests go through an http.Client with Config.Timeout.
// Close calls its CloseIdleConnections, if it has one (see Middleware for
// a chain that does not pass it on).
func RoundTripper(name string, newRT func(Config) (http.RoundTripper, error)) Factory {
	return HTTPClient(name, func(cfg Config) (*http.Client, error) {
		rt, err := newRT(cfg)
		if err != nil {
			return nil, err
		}
		if rt == nil {
			return nil, fmt.Errorf("no http.RoundTripper")
		}
		return &http.Client{Transport: rt, Timeout: cfg.Timeout}, nil
	})
}

// TunedNetHTTP is nethttp with tune applied to its transport (Transport)
// after the suite's settings: a tuned net/http.
func TunedNetHTTP(name string, tune func(*http.Transport)) Factory {
	return RoundTripper(name, func(cfg Config) (http.RoundTripper, error) {
		if tune == nil {
			return nil, errors.New("TunedNetHTTP with no tune func")
		}
		t, err := Transport(cfg)
		if err != nil {
			return nil, err
		}
		tune(t)
		return t, nil
	})
}

// Middleware is nethttp with its transport (Transport) wrapped by wrap: a
// middleware chain around the default transport. Close closes the idle
// connections of the transport under the chain, whether or not the chain
// passes CloseIdleConnections on (otelhttp's Transport does not).
func Middleware(name string, wrap func(http.RoundTripper) http.RoundTripper) Factory {
	return Factory{Name: name, New: func(cfg Config) (Client, error) {
		cfg, err := cfg.withDefaults()
		if err != nil {
			return nil, err
		}
		t, err := Transport(cfg)
		if err != nil {
			return nil, err
		}
		rt := wrap(t)
		if rt == nil {
			return nil, fmt.Errorf("clients: %s: the middleware returned no http.RoundTripper", name)
		}
		return &netHTTP{name: name, hc: &http.Client{Transport: rt, Timeout: cfg.Timeout},
			closeTransport: func() error { t.CloseIdleConnections(); return nil }}, nil
	}}
}
