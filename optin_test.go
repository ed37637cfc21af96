package httpclientbench_test

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
)

// Two kinds of rows run only when the -bench pattern names their level,
// each a level right under the family that the loopback rows do not have,
// so that the loopback rows keep their names (the recorded run, the
// dashboard's history):
//   - net=lan|wan|lossy (netRows): an emulated network path, seconds per
//     leaf;
//   - server=process (processRows): the fixture server in a process of its
//     own.
//
// `go test -bench=.` leaves both out and says so, once each.
type optIn struct {
	key    string // "net", "server": the level is key=value
	rows   map[string][]variant
	notice string
	once   sync.Once
}

var optIns = []*optIn{
	{key: "net", rows: netRows, notice: "net= rows (emulated network paths, seconds per leaf) not run; -bench=net= selects them, -bench=net=wan one profile"},
	{key: "server", rows: processRows, notice: "server=process rows (the fixture server in a process of its own) not run; -bench=server=process selects them"},
}

// selected reports whether the -bench pattern asks for o's rows.
func (o *optIn) selected() bool {
	f := flag.Lookup("test.bench")
	return f != nil && strings.Contains(f.Value.String(), o.key+"=")
}

// selectedOptIns is f's opt-in rows that the -bench pattern asks for; of
// the others it has, the run says once that it left them out.
func selectedOptIns(f family) []variant {
	var vs []variant
	for _, o := range optIns {
		rows := o.rows[f.name]
		switch {
		case len(rows) == 0:
		case o.selected():
			vs = append(vs, rows...)
		default:
			o.once.Do(func() { fmt.Fprintln(os.Stderr, o.notice) })
		}
	}
	return vs
}

// levelUnderFamilies makes a -bench pattern whose first element is an
// opt-in level (-bench=net=wan, -bench=server=process) select that level
// under every family (-bench=/net=wan), and reports the pattern it set. Go
// matches a pattern's first element against the top-level benchmark's
// name (BenchmarkPool), and no such name holds "=", so the pattern as given
// would select nothing.
func levelUnderFamilies() (string, bool) {
	f := flag.Lookup("test.bench")
	if f == nil {
		return "", false
	}
	for _, o := range optIns {
		if strings.HasPrefix(f.Value.String(), o.key+"=") {
			p := "/" + f.Value.String()
			if err := f.Value.Set(p); err != nil {
				panic(err) // a string flag takes any value
			}
			return p, true
		}
	}
	return "", false
}

// TestLevelUnderFamilies: -bench=net=wan becomes -bench=/net=wan, and
// -bench=server=process -bench=/server=process; a pattern that does not
// start with an opt-in level is left as it is.
func TestLevelUnderFamilies(t *testing.T) {
	f := flag.Lookup("test.bench")
	old := f.Value.String()
	t.Cleanup(func() { f.Value.Set(old) })
	for _, tc := range []struct{ in, want string }{
		{"net=wan", "/net=wan"},
		{"net=(wan|lossy)/size=1MiB", "/net=(wan|lossy)/size=1MiB"},
		{"/net=wan", "/net=wan"},
		{"Pool/net=lan", "Pool/net=lan"},
		{"server=process", "/server=process"},
		{"server=process/buf=fresh/client=raw", "/server=process/buf=fresh/client=raw"},
		{"H1GetBytes/server=process", "H1GetBytes/server=process"},
		{".", "."},
		{"H1GetBytes", "H1GetBytes"},
	} {
		f.Value.Set(tc.in)
		p, ok := levelUnderFamilies()
		if got := f.Value.String(); got != tc.want || ok != (tc.in != tc.want) || (ok && p != tc.want) {
			t.Errorf("-bench=%s: now %q (reported %q, %v), want %q", tc.in, got, p, ok, tc.want)
		}
	}
}
