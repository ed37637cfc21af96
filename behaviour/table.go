package behaviour

import (
	"slices"

	"github.com/httpclientbench/httpclientbench/clients"
	_ "github.com/httpclientbench/httpclientbench/clients/all" // every client's column
	"github.com/httpclientbench/httpclientbench/internal/registry"
)

// The table's columns are the registry's clients, each from its folder's
// clients.Behaviour (clients/NAME/behaviour.go): how its library's
// default client is built, and what it did on every row. A client whose
// Behaviour says None has no column. A library driven through net/http's
// API needs nothing here; one with an API of its own also needs its case
// in do (client.go), and one whose defaults differ from net/http's on a
// row, its fix lines (rows.go).

// columnOf is the behaviour column of the client called name.
func columnOf(name string) clients.Behaviour {
	a, _ := clients.AdapterOf(name)
	return a.Behaviour
}

// clientNames are the table's columns: the registry's clients in its
// order, but those with no column.
var clientNames = slices.DeleteFunc(registry.Names(0), func(n string) bool {
	return columnOf(n).Default == nil
})

func init() {
	for i := range rows {
		want := map[string]string{}
		for _, n := range clientNames {
			if o, ok := columnOf(n).Observed[rows[i].id]; ok {
				want[n] = o
			}
		}
		rows[i].want = want
	}
}
