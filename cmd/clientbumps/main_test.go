package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// dependabot is the repository's Dependabot configuration, whose groups the
// pull-request workflow passes as -groups.
const dependabot = "../../.github/dependabot.yml"

// writeMod writes a go.mod named name into dir, of module m with the
// require block requires (lines with tabs and newlines), and returns its
// path.
func writeMod(t *testing.T, dir, name, requires string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte("module m\n\ngo 1.26\n\nrequire (\n"+requires+")\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestBumps: a library two clients measure is one bump naming both; a
// module no client measures, or one unchanged, is none; a library one side
// lacks is "none" there; the bumped clients join every client= level of
// the focus, once.
func TestBumps(t *testing.T) {
	dir := t.TempDir()
	write := func(name, requires string) string { return writeMod(t, dir, name, requires) }
	old := write("old.mod", "\tgithub.com/cloudwego/hertz v0.10.3\n\tgithub.com/valyala/fasthttp v1.78.0\n\tgolang.org/x/text v0.1.0\n")
	cur := write("new.mod", "\tgithub.com/cloudwego/hertz v0.10.4\n\tgithub.com/valyala/fasthttp v1.78.0\n\tgolang.org/x/text v0.2.0\n\tresty.dev/v3 v3.0.0-rc.4\n")
	var out strings.Builder
	const focus = "Floor$|./^client=(nethttp|fasthttp)$|././^client=(nethttp|fasthttp)$"
	if err := run([]string{"-old", old, "-new", cur, "-groups", dependabot, "-focus", focus}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	want := "bench=Floor$|./^client=(nethttp|fasthttp|hertz|hertz_std|resty3)$|././^client=(nethttp|fasthttp|hertz|hertz_std|resty3)$\n" +
		"bumps=github.com/cloudwego/hertz v0.10.3 → v0.10.4 (hertz, hertz_std); resty.dev/v3 none → v3.0.0-rc.4 (resty3)\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
	out.Reset()
	if err := run([]string{"-old", old, "-new", old, "-groups", dependabot, "-focus", focus}, &out, io.Discard); err != nil || out.String() != "bench="+focus+"\nbumps=\n" {
		t.Errorf("no change: %v %q", err, out.String())
	}
	badYAML := filepath.Join(dir, "bad.yml")
	if err := os.WriteFile(badYAML, []byte("updates: [\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"-old", old, "-new", cur, "-groups", dependabot},
		{"-old", old, "-new", cur, "-focus", focus},
		{"-old", filepath.Join(dir, "none.mod"), "-new", cur, "-groups", dependabot, "-focus", focus},
		{"-old", write("bad.mod", "\tnot a requirement line at all ((\n"), "-new", cur, "-groups", dependabot, "-focus", focus},
		{"-old", old, "-new", cur, "-groups", filepath.Join(dir, "none.yml"), "-focus", focus},
		{"-old", old, "-new", cur, "-groups", badYAML, "-focus", focus},
		{"-old", old, "-new", cur, "-groups", dependabot, "-focus", "Floor$"},
		{"-old", old, "-new", cur, "-groups", dependabot, "-focus", focus, "extra"},
	} {
		if err := run(args, io.Discard, io.Discard); err == nil {
			t.Errorf("clientbumps %q: no error", args)
		}
	}
}

// TestCompanionBumps: a module that a Dependabot group of
// .github/dependabot.yml bumps with a client library moves that library's
// clients, also alone (github.com/cloudwego/netpoll, a direct requirement,
// and github.com/bytedance/sonic, an indirect one, are in the hertz
// group's patterns); a group's pull request names each module, the
// library first; a module of no group and of no client moves none.
func TestCompanionBumps(t *testing.T) {
	dir := t.TempDir()
	write := func(name, requires string) string { return writeMod(t, dir, name, requires) }
	base := write("base.mod", "\tgithub.com/cloudwego/hertz v0.10.3\n\tgithub.com/cloudwego/netpoll v0.7.1\n\tgolang.org/x/text v0.1.0\n"+
		"\tgithub.com/bytedance/sonic v1.14.0 // indirect\n\tgithub.com/hashicorp/go-cleanhttp v0.5.1 // indirect\n")
	const focus = "Floor$|./^client=(nethttp)$"
	for _, c := range []struct{ name, requires, bench, bumps string }{
		{"netpoll alone",
			"\tgithub.com/cloudwego/hertz v0.10.3\n\tgithub.com/cloudwego/netpoll v0.7.2\n\tgolang.org/x/text v0.1.0\n" +
				"\tgithub.com/bytedance/sonic v1.14.0 // indirect\n\tgithub.com/hashicorp/go-cleanhttp v0.5.1 // indirect\n",
			"Floor$|./^client=(nethttp|hertz|hertz_std)$",
			"github.com/cloudwego/netpoll v0.7.1 → v0.7.2 (hertz, hertz_std)"},
		{"the hertz group, and go-cleanhttp of the retryablehttp group",
			"\tgithub.com/cloudwego/hertz v0.10.4\n\tgithub.com/cloudwego/netpoll v0.7.2\n\tgolang.org/x/text v0.2.0\n" +
				"\tgithub.com/bytedance/sonic v1.15.0 // indirect\n\tgithub.com/hashicorp/go-cleanhttp v0.5.2 // indirect\n",
			"Floor$|./^client=(nethttp|hertz|hertz_std|retryablehttp)$",
			"github.com/cloudwego/hertz v0.10.3 → v0.10.4 (hertz, hertz_std); github.com/bytedance/sonic v1.14.0 → v1.15.0 (hertz, hertz_std); " +
				"github.com/cloudwego/netpoll v0.7.1 → v0.7.2 (hertz, hertz_std); github.com/hashicorp/go-cleanhttp v0.5.1 → v0.5.2 (retryablehttp)"},
		{"no group's",
			"\tgithub.com/cloudwego/hertz v0.10.3\n\tgithub.com/cloudwego/netpoll v0.7.1\n\tgolang.org/x/text v0.2.0\n" +
				"\tgithub.com/bytedance/sonic v1.14.0 // indirect\n\tgithub.com/hashicorp/go-cleanhttp v0.5.1 // indirect\n",
			focus, ""},
	} {
		var out strings.Builder
		if err := run([]string{"-old", base, "-new", write("head.mod", c.requires), "-groups", dependabot, "-focus", focus}, &out, io.Discard); err != nil {
			t.Fatal(err)
		}
		if want := "bench=" + c.bench + "\nbumps=" + c.bumps + "\n"; out.String() != want {
			t.Errorf("%s: got\n%s\nwant\n%s", c.name, out.String(), want)
		}
	}
}

// TestGroups: Dependabot's matching of group patterns, and a group's
// exclude-patterns; only the root module's gomod updates count.
func TestGroups(t *testing.T) {
	for _, c := range []struct {
		pattern, name string
		want          bool
	}{
		{"github.com/valyala/*", "github.com/valyala/bytebufferpool", true},
		{"github.com/valyala/*", "github.com/valyala/fasthttp/v2", true},
		{"github.com/valyala/*", "github.com/valyalax/fasthttp", false},
		{"GitHub.com/Valyala/*", "github.com/valyala/fasthttp", true},
		{"golang.org/x/net", "golang.org/x/net", true},
		{"golang.org/x/net", "golang.org/x/network", false},
		{"golang.org/x/net", "xgolang.org/x/net", false},
		{"golang.org/x/n.t", "golang.org/x/nxt", false},
		{"*quic*", "github.com/quic-go/qpack", true},
	} {
		if got := Match(c.pattern, c.name); got != c.want {
			t.Errorf("Match(%q, %q) = %v", c.pattern, c.name, got)
		}
	}
	p := filepath.Join(t.TempDir(), "dependabot.yml")
	if err := os.WriteFile(p, []byte(`version: 2
updates:
  - package-ecosystem: gomod
    directory: /
    groups:
      fasthttp:
        patterns: ["github.com/valyala/*"]
        exclude-patterns: ["github.com/valyala/bytebufferpool"]
  - package-ecosystem: gomod
    directory: /tools
    groups:
      hertz:
        patterns: ["github.com/cloudwego/*"]
`), 0o644); err != nil {
		t.Fatal(err)
	}
	groups, err := ReadGroups(p)
	if err != nil {
		t.Fatal(err)
	}
	for module, want := range map[string]string{
		"github.com/valyala/fasthttp":           "fasthttp",
		"github.com/valyala/tcplisten":          "fasthttp",
		"github.com/valyala/bytebufferpool":     "",
		"github.com/cloudwego/netpoll":          "",
		"github.com/cloudwego/hertz":            "hertz,hertz_std",
		"github.com/hashicorp/go-cleanhttp":     "",
		"github.com/hashicorp/go-retryablehttp": "retryablehttp",
	} {
		if got := strings.Join(Clients(module, groups), ","); got != want {
			t.Errorf("%s moves %q, want %q", module, got, want)
		}
	}
}
