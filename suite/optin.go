package suite

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"sync"
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
	rows   func(Family) []variant
	notice string
	once   sync.Once
}

var optIns = []*optIn{
	{key: "net", rows: func(f Family) []variant { return f.net }, notice: "net= rows (emulated network paths, seconds per leaf) not run; -bench=net= selects them, -bench=net=wan one profile"},
	{key: "server", rows: Family.processRows, notice: "server=process rows (the fixture server in a process of its own) not run; -bench=server=process selects them"},
}

// selected reports whether the -bench pattern asks for o's rows.
func (o *optIn) selected() bool {
	f := flag.Lookup("test.bench")
	return f != nil && strings.Contains(f.Value.String(), o.key+"=")
}

// selectedOptIns is f's opt-in rows that the -bench pattern asks for; of
// the others it has, the run says once that it left them out.
func selectedOptIns(f Family) []variant {
	var vs []variant
	for _, o := range optIns {
		rows := o.rows(f)
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

// LevelUnderFamilies makes a -bench pattern whose first element is an
// opt-in level (-bench=net=wan, -bench=server=process) select that level
// under every family (-bench=/net=wan), and reports the pattern it set. Go
// matches a pattern's first element against the top-level benchmark's
// name (BenchmarkPool), and no such name holds "=", so the pattern as given
// would select nothing.
func LevelUnderFamilies() (string, bool) {
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
