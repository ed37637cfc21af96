// Command gen writes dashboard/clients.js from internal/registry; run it
// with go generate ./dashboard.
package main

import (
	"log"

	"github.com/google/renameio/v2"

	"github.com/httpclientbench/httpclientbench/dashboard"
)

func main() {
	if err := renameio.WriteFile("clients.js", dashboard.ClientsJS(), 0o644); err != nil {
		log.Fatal(err)
	}
}
