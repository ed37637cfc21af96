package dashboard

// Machine is one runner the nightly workflow measures on: its matrix entry
// and the page's machine selector.
type Machine struct {
	ID     string // the data directory on gh-pages (dev/bench/<ID>) and the machine= of every entry
	Runner string // the GitHub-hosted runner label
	Name   string // what the page calls it
}

// Machines are the nightly's machines, the default first.
var Machines = []Machine{
	{"linux-x64", "ubuntu-24.04", "Linux x64 (GitHub-hosted ubuntu-24.04)"},
	{"linux-arm64", "ubuntu-24.04-arm", "Linux arm64 (GitHub-hosted ubuntu-24.04-arm)"},
}
