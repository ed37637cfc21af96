package all_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"

	"github.com/httpclientbench/httpclientbench/clients"
	_ "github.com/httpclientbench/httpclientbench/clients/all"
)

// Every HTTP/1.1 client of the suite, each through its adapter with the
// suite's fairness settings, GETs one answer; the floor, raw, reads only
// answers framed by Content-Length, as this one is.
func Example() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "hello")
	}))
	defer srv.Close()

	for _, f := range clients.HTTP1 {
		c, err := f.New(clients.Config{})
		if err != nil {
			panic(err)
		}
		meta, body, err := c.GetBytes(srv.URL)
		fmt.Println(f.Name, meta.Status, string(body), err)
		c.Close()
	}
	// Output:
	// nethttp 200 hello <nil>
	// fasthttp 200 hello <nil>
	// hertz 200 hello <nil>
	// hertz_std 200 hello <nil>
	// resty 200 hello <nil>
	// resty3 200 hello <nil>
	// retryablehttp 200 hello <nil>
	// raw 200 hello <nil>
}
