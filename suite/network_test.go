package suite

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/netem"
)

// TestNetRows: every net= row runs its ops, fully checked, over a path
// (the test profile), as TestScenarios does for the loopback rows. A row
// is the same on every profile but for its path (TestNetLevels), and here
// every path is the test profile, so each row runs once: the first
// profile's leaf.
//
// Every leaf has a path, a server and a client of its own, and its checks
// count what its own ops did, so the leaves run in parallel: a leaf's
// time is mostly the paths' delivering threads waking up (the test
// profile has no delay to wait out), which leaves the CPUs idle.
func TestNetRows(t *testing.T) {
	t.Parallel()
	first := "net=" + netem.Profiles[0].Name
	for _, f := range Families {
		rows := slices.DeleteFunc(slices.Clone(f.net), func(v variant) bool { return v.levels[0] != first })
		if len(rows) == 0 {
			continue
		}
		t.Run(f.name, func(t *testing.T) {
			t.Parallel()
			walkVariants(t, underRace(rows), 0, (*testing.T).Parallel, func(t *testing.T, v variant, cf clients.Factory) {
				v.net = &testPath
				if err := scenarioOps(t, v, cf, netTarget(t, v)); err != nil {
					t.Fatal(err)
				}
			})
		})
	}
}

// TestNetLevels: every family with net= rows has the same rows on every
// profile (the same levels, clients and protocol), each with the net=
// level first and a loopback counterpart's levels after it where the
// loopback family has that row.
func TestNetLevels(t *testing.T) {
	// row is what a net= row is apart from its path.
	row := func(v variant) string {
		names := make([]string, len(v.clients))
		for i, cf := range v.clients {
			names[i] = cf.Name
		}
		window := "none"
		if v.cfg.H2C != nil {
			window = v.cfg.H2C.Name
		}
		return fmt.Sprintf("%v %v tls=%d bytes=%d fresh=%v h2c=%s", v.levels[1:], names, v.tls, v.bytes, v.cfg.Fresh, window)
	}
	for _, f := range Families {
		name, rows := f.name, f.net
		if len(rows) == 0 {
			continue
		}
		perProfile := map[string][]string{}
		for _, v := range rows {
			if v.net == nil || len(v.levels) == 0 || v.levels[0] != "net="+v.net.Name {
				t.Errorf("%s %v: want net=<profile> as the first level", name, v.levels)
				continue
			}
			perProfile[v.net.Name] = append(perProfile[v.net.Name], row(v))
		}
		want := perProfile[netem.Profiles[0].Name]
		for _, p := range netem.Profiles {
			if got := perProfile[p.Name]; len(got) == 0 || !slices.Equal(got, want) {
				t.Errorf("%s: the rows on net=%s are\n\t%s\nwant those on net=%s\n\t%s", name, p.Name,
					strings.Join(got, "\n\t"), netem.Profiles[0].Name, strings.Join(want, "\n\t"))
			}
		}
	}
}
