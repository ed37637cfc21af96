package clients

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/quic-go/quic-go/http3"
)

// newHTTP3 is quic-go's HTTP/3 transport (http3.Transport) under an
// http.Client, used exactly as the nethttp adapter uses its transport: only
// the transport differs. It needs Config.TLS (HTTP/3 is always over TLS
// 1.3) and gets the same tls.Config as every other client; quic-go's QUIC
// settings stay at its defaults. It multiplexes every request to a host on
// one QUIC connection, so the pool settings (MaxConnsPerHost, LibraryPool)
// have nothing to set; Config.MaxConns, Fresh and H2C, which would, are
// refused rather than ignored.
func newHTTP3(cfg Config) (Client, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	switch {
	case cfg.TLS == nil:
		return nil, fmt.Errorf("clients: %s speaks only HTTP/3: set Config.TLS", HTTP3Client)
	case cfg.TLS.HTTP1:
		return nil, errors.New("clients: http3: Config.TLS.HTTP1 is not HTTP/3")
	case cfg.H2C != nil:
		return nil, errNoH2C(HTTP3Client)
	case cfg.Fresh:
		return nil, errors.New("clients: http3: Config.Fresh is not supported")
	case cfg.MaxConns > 0:
		return nil, errors.New("clients: http3: Config.MaxConns is not supported")
	}
	t := &http3.Transport{TLSClientConfig: cfg.TLS.clientConfig()}
	return &netHTTP{name: HTTP3Client, hc: &http.Client{Transport: t, Timeout: cfg.Timeout}, closeTransport: t.Close}, nil
}
