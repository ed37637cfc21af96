package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBumps: a library two clients measure is one bump naming both; a
// module no client measures, or one unchanged, is none; a library one side
// lacks is "none" there; the bumped clients join every client= level of
// the focus, once.
func TestBumps(t *testing.T) {
	dir := t.TempDir()
	write := func(name, requires string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("module m\n\ngo 1.26\n\nrequire (\n"+requires+")\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	old := write("old.mod", "\tgithub.com/cloudwego/hertz v0.10.3\n\tgithub.com/valyala/fasthttp v1.78.0\n\tgolang.org/x/text v0.1.0\n")
	cur := write("new.mod", "\tgithub.com/cloudwego/hertz v0.10.4\n\tgithub.com/valyala/fasthttp v1.78.0\n\tgolang.org/x/text v0.2.0\n\tresty.dev/v3 v3.0.0-rc.4\n")
	var out strings.Builder
	const focus = "Floor$|./^client=(nethttp|fasthttp)$|././^client=(nethttp|fasthttp)$"
	if err := run([]string{"-old", old, "-new", cur, "-focus", focus}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	want := "bench=Floor$|./^client=(nethttp|fasthttp|hertz|hertz_std|resty3)$|././^client=(nethttp|fasthttp|hertz|hertz_std|resty3)$\n" +
		"bumps=github.com/cloudwego/hertz v0.10.3 → v0.10.4 (hertz, hertz_std); resty.dev/v3 none → v3.0.0-rc.4 (resty3)\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
	out.Reset()
	if err := run([]string{"-old", old, "-new", old, "-focus", focus}, &out, io.Discard); err != nil || out.String() != "bench="+focus+"\nbumps=\n" {
		t.Errorf("no change: %v %q", err, out.String())
	}
	for _, args := range [][]string{
		{"-old", old, "-new", cur},
		{"-old", filepath.Join(dir, "none.mod"), "-new", cur, "-focus", focus},
		{"-old", write("bad.mod", "\tnot a requirement line at all ((\n"), "-new", cur, "-focus", focus},
		{"-old", old, "-new", cur, "-focus", "Floor$"},
		{"-old", old, "-new", cur, "-focus", focus, "extra"},
	} {
		if err := run(args, io.Discard, io.Discard); err == nil {
			t.Errorf("clientbumps %q: no error", args)
		}
	}
}
