// Command gen writes dashboard/clients.js from internal/registry and
// dashboard/machines.js from dashboard.Machines; run it with go generate
// ./dashboard.
package main

import (
	"log"

	"github.com/google/renameio/v2"

	"github.com/httpclientbench/httpclientbench/dashboard"
)

func main() {
	for _, f := range []struct {
		name string
		text []byte
	}{{"clients.js", dashboard.ClientsJS()}, {"machines.js", dashboard.MachinesJS()}} {
		if err := renameio.WriteFile(f.name, f.text, 0o644); err != nil {
			log.Fatal(err)
		}
	}
}
