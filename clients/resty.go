package clients

import (
	"fmt"

	"github.com/go-resty/resty/v2"
)

// restyClient is go-resty/resty v2 on its own transport, with the fairness
// settings applied to that transport.
type restyClient struct {
	rc *resty.Client
}

func newResty(cfg Config) (Client, error) {
	cfg = cfg.withDefaults()
	rc := resty.New().SetTimeout(cfg.Timeout)
	t, err := rc.Transport()
	if err != nil {
		return nil, fmt.Errorf("resty: %w", err)
	}
	configureTransport(t, cfg)
	return &restyClient{rc: rc}, nil
}

func (c *restyClient) Name() string { return Resty }

func restyMeta(r *resty.Response) Meta {
	return Meta{Status: r.StatusCode(), ProtoMajor: r.RawResponse.ProtoMajor}
}

func (c *restyClient) GetBytes(url string, _ []byte) (Meta, []byte, error) {
	r, err := c.rc.R().Get(url)
	if err != nil {
		return Meta{}, nil, err
	}
	return restyMeta(r), r.Body(), nil
}

func (c *restyClient) GetText(url string) (Meta, string, error) {
	r, err := c.rc.R().Get(url)
	if err != nil {
		return Meta{}, "", err
	}
	return restyMeta(r), r.String(), nil
}

// GetJSON decodes with resty's own result handling (SetResult), the way its
// users do.
func (c *restyClient) GetJSON(url string, v any) (Meta, error) {
	r, err := c.rc.R().SetResult(v).Get(url)
	if err != nil {
		return Meta{}, err
	}
	return restyMeta(r), nil
}

func (c *restyClient) Post(url, contentType string, body, _ []byte) (Meta, []byte, error) {
	r, err := c.rc.R().SetHeader("Content-Type", contentType).SetBody(body).Post(url)
	if err != nil {
		return Meta{}, nil, err
	}
	return restyMeta(r), r.Body(), nil
}

func (c *restyClient) Close() error {
	c.rc.GetClient().CloseIdleConnections()
	return nil
}
