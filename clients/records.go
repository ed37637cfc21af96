package clients

// A record is one client of the registry (internal/registry, which says
// what it is: its module, protocols, role, colour) as this package builds
// it: its adapter's constructor and the errors of its library that
// TimedOut and PoolFull tell.
type record struct {
	name string
	// new builds the client, named name, for cfg.
	new func(name string, cfg Config) (Client, error)
	// timeout is the library's own timeout error, when it has one besides
	// context.DeadlineExceeded and os.ErrDeadlineExceeded that errors.As
	// a Timeout method would not tell (hertz's has none).
	timeout error
	// poolFull is its refusal at its own connection limit
	// (Config.MaxConns), when it fails there instead of waiting.
	poolFull error
	// earlyData: it can send a GET as TLS 1.3 early data (TLS.EarlyData);
	// the others refuse the setting.
	earlyData bool
}

// records are the suite's clients by name, each registered by its adapter
// file (a package-level register call beside its constructor), so that a
// client's record, adapter and fairness settings are one file. The map has
// no order: the clients' order is the registry's (internal/registry), the
// one list of them; TestRecordsAreTheRegistry checks both name the same
// clients.
var records = map[string]record{}

// register adds r to records; it returns nothing of use, and exists to be
// called from a package-level var declaration of r's adapter file.
func register(r record) struct{} {
	if r.name == "" || r.new == nil {
		panic("clients: a record needs a name and a constructor: " + r.name)
	}
	if _, dup := records[r.name]; dup {
		panic("clients: two records for client " + r.name)
	}
	records[r.name] = r
	return struct{}{}
}

// recordOf is the record of the client called name; the registry's names
// all have one (TestRecordsAreTheRegistry), so another is a bug here.
func recordOf(name string) record {
	r, ok := records[name]
	if !ok {
		panic("clients: no record for the registry's client " + name)
	}
	return r
}
