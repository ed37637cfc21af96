// Command mine is a loadbench with a client of its own among the
// defaults, as a module's main makes one (TestMainBrought builds it).
package main

import (
	"net/http"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/loadbench"
)

func main() {
	loadbench.Main(clients.TunedNetHTTP("tuned", func(t *http.Transport) { t.MaxIdleConnsPerHost = 256 }))
}
