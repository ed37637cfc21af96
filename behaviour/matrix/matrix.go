// Package matrix is the behaviour matrix as package behaviour's test
// records it (docs/behaviour.json) and as cmd/benchreport renders it
// (docs/behaviour.md, and docs/clients.md's behaviour:summary block): what
// each client's default client did on every row, and the line that makes
// it behave like net/http. It imports no client library, so that the
// report generator renders the page without building one.
package matrix

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/httpclientbench/httpclientbench/internal/markdown"
)

// Matrix is the whole table.
type Matrix struct {
	// Clients are the columns, in the registry's order.
	Clients []string `json:"clients"`
	// Modules are, by column, the modules whose versions the page lists:
	// the library's own, then those it does its work with (hertz's
	// netpoll); none for the standard library.
	Modules map[string][]string `json:"modules"`
	Rows    []Row               `json:"rows"`
}

// Row is one behaviour.
type Row struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	// Bites puts the row in docs/clients.md's summary.
	Bites bool `json:"bites,omitempty"`
	// Cells are what each client did, in Clients' order; "n/a: WHY" where
	// the row does not apply.
	Cells []string `json:"cells"`
	// Fixes are the lines that make a client behave like net/http here,
	// and "none" with the reason where no line does.
	Fixes []Fix `json:"fixes,omitempty"`
}

// Fix is one line of the fix table.
type Fix struct {
	Client string `json:"client"`
	// Line is the code, in backquotes, or "none".
	Line string `json:"line"`
	// Then is what the row observes with it, or why there is none.
	Then string `json:"then"`
}

// Read reads a recorded matrix.
func Read(path string) (Matrix, error) {
	var m Matrix
	b, err := os.ReadFile(path)
	if err != nil {
		return m, err
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return m, fmt.Errorf("%s: %w", path, err)
	}
	for _, r := range m.Rows {
		if len(r.Cells) != len(m.Clients) {
			return m, fmt.Errorf("%s: row %s has %d cells for %d clients", path, r.ID, len(r.Cells), len(m.Clients))
		}
	}
	return m, nil
}

// Encode is m as the recorded file holds it.
func (m Matrix) Encode() []byte {
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil { // only strings, bools and slices of them
		panic(err)
	}
	return append(b, '\n')
}

// Versions is the page's list of versions: go.mod's go line for Go
// (net/http), and the version go.mod selects for each column's modules.
// Not the toolchain's: the page must render the same wherever it is
// made (CI's setup-go installs the go line's version, a developer may
// have a later patch release).
func (m Matrix) Versions(goMod []byte) (string, error) {
	selected := map[string]string{}
	for _, line := range strings.Split(string(goMod), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && strings.Contains(f[0], ".") && strings.HasPrefix(f[1], "v") {
			selected[f[0]] = f[1]
		}
	}
	g := GoLine(goMod)
	if g == "" {
		return "", fmt.Errorf("go.mod has no go line")
	}
	var b strings.Builder
	fmt.Fprintf(&b, "- Go %s or later, go.mod's go line (net/http)\n", g)
	for _, name := range m.Clients {
		for _, p := range m.Modules[name] {
			v, ok := selected[p]
			if !ok {
				return "", fmt.Errorf("go.mod does not require %s", p)
			}
			fmt.Fprintf(&b, "- %s %s\n", p, v)
		}
	}
	return b.String(), nil
}

// GoLine is go.mod's go directive ("1.26.0", say), or "".
func GoLine(goMod []byte) string {
	for _, line := range strings.Split(string(goMod), "\n") {
		if f := strings.Fields(line); len(f) == 2 && f[0] == "go" {
			return f[1]
		}
	}
	return ""
}

// table is rows as one Markdown table, a column per client.
func (m Matrix) table(rows []Row) string {
	t := markdown.NewTable(append([]string{"behaviour"}, m.Clients...)...)
	for _, r := range rows {
		t.Row(append([]string{r.Title}, r.Cells...)...)
	}
	return t.String()
}
