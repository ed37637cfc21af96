package clients

import (
	"fmt"

	"github.com/httpclientbench/httpclientbench/internal/registry"
)

// An Adapter is one client of the registry (internal/registry, which says
// what it is: its module, protocols, role, colour) as this package builds
// it: its constructor and the errors of its library that TimedOut and
// PoolFull tell. Each client's folder, clients/NAME, registers its own
// with Register; clients/all imports every folder.
type Adapter struct {
	// Name is the registry's name of the client.
	Name string
	// New builds the client, named name, for cfg, whose defaults are
	// filled in and whose settings are consistent (Config's zero fields
	// set, TLS and H2C not both). It refuses what its library cannot do
	// (Unsupported), never falling back silently.
	New func(name string, cfg Config) (Client, error)
	// Timeout is the error a request past Config.Timeout is (errors.Is):
	// context.DeadlineExceeded on net/http, os.ErrDeadlineExceeded on a
	// net.Conn, or the library's own (TimedOut tells them all, hertz's,
	// which has no Timeout method, included). A client with HTTP/1.1 rows
	// has one (TestErrorsKeepTheirCause).
	Timeout error
	// PoolFull is its refusal at its own connection limit
	// (Config.MaxConns), when it fails there at once instead of waiting
	// (TestMaxConns).
	PoolFull error
	// EarlyData: it can send a GET as TLS 1.3 early data (TLS.EarlyData);
	// for the others New is not called and the setting is refused.
	EarlyData bool
	// Behaviour is its column of the behaviour matrix (package
	// behaviour), or why it has none.
	Behaviour Behaviour

	// The rest are facts of the library that the tests of package clients
	// pin, each named by the test that compares it with the adapter.

	// Refused is the error of a refused connect, when it is not
	// syscall.ECONNREFUSED (TestErrorsKeepTheirCause).
	Refused error
	// LibraryIdle is how many idle connections per host the library keeps
	// with Config.LibraryPool (TestLibraryPoolKeepsIdle); a client with
	// HTTP/1.1 rows has it.
	LibraryIdle func() int
	// TLSMajor is the HTTP version it negotiates over TLS on TCP against a
	// server offering h2 and http/1.1; 0 when it has no TLS over TCP
	// (TestTLSGet).
	TLSMajor int
}

// adapters are the suite's clients by name, each registered by its
// folder. The map has no order: the clients' order is the registry's
// (internal/registry), the one list of them; clients/all's
// TestAdaptersAreTheRegistry checks both name the same clients.
var adapters = map[string]Adapter{}

// Register adds a client's adapter; a client's folder calls it from an
// init function. It panics on an adapter with no name or constructor and
// on a second adapter of one name: both are bugs of the program.
func Register(a Adapter) {
	if a.Name == "" || a.New == nil {
		panic("clients: an adapter needs a name and a constructor: " + a.Name)
	}
	if _, dup := adapters[a.Name]; dup {
		panic("clients: two adapters for client " + a.Name)
	}
	adapters[a.Name] = a
}

// AdapterOf returns the adapter registered for the client called name.
func AdapterOf(name string) (Adapter, bool) {
	a, ok := adapters[name]
	return a, ok
}

// Registered returns the names of the registered adapters, in no order.
func Registered() []string {
	names := make([]string, 0, len(adapters))
	for n := range adapters {
		names = append(names, n)
	}
	return names
}

// Named is the factory of the client called name, whose adapter its
// folder registers. The adapter is looked up when a client is built, not
// here: the client lists below are package variables, set before the
// folders' init functions run. A client whose folder the program does not
// import fails to build, with an error that names the folder.
func Named(name string) Factory {
	return Factory{name, func(cfg Config) (Client, error) {
		a, ok := adapters[name]
		if !ok {
			return nil, unregistered(name)
		}
		cfg, err := cfg.withDefaults()
		if err != nil {
			return nil, err
		}
		if !a.EarlyData && cfg.TLS != nil && cfg.TLS.EarlyData {
			return nil, errEarlyData(name)
		}
		return a.New(name, cfg)
	}}
}

// unregistered is the error of building a client whose adapter no
// imported folder registered: one of the registry's, whose folder the
// program does not import, or a name that is no client of the registry.
func unregistered(name string) error {
	c, ok := registry.Lookup(name)
	if !ok {
		return fmt.Errorf("clients: %q is no client of the registry (internal/registry)", name)
	}
	return fmt.Errorf("clients: no adapter for %s: import %s/clients/%s, or clients/all", name, modulePath, c.Folder())
}

// modulePath is this module's path, for the import paths errors name.
const modulePath = "github.com/httpclientbench/httpclientbench"

// Unsupported is an adapter's refusal of a setting its library has no
// way to honour: "clients: NAME does not speak WHAT".
func Unsupported(name, what string) error {
	return fmt.Errorf("clients: %s does not speak %s", name, what)
}
