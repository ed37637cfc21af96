package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"

	"github.com/httpclientbench/httpclientbench/internal/markdown"
	"github.com/httpclientbench/httpclientbench/internal/registry"
)

// The client and protocol matrices: the registry's (internal/registry),
// in its order, with each library's version from go.mod. They need no
// results file.

// clientMatrix is one row per registry client: its name, the library its
// adapter uses with the version goMod (a go.mod file's path) requires,
// and how the adapter uses it.
func clientMatrix(goMod string, unrecorded []string) (string, error) {
	data, err := os.ReadFile(goMod)
	if err != nil {
		return "", err
	}
	mf, err := modfile.Parse(goMod, data, nil)
	if err != nil {
		return "", err
	}
	t := markdown.NewTable("client=", "library", "how the suite uses it")
	for _, c := range registry.All() {
		lib, err := library(c, mf)
		if err != nil {
			return "", err
		}
		t.Row("`"+c.Name+"`", lib, c.Uses)
	}
	text := strings.TrimSuffix(t.String(), "\n")
	if len(unrecorded) > 0 {
		names := make([]string, len(unrecorded))
		for i, c := range unrecorded {
			names[i] = "`" + c + "`"
		}
		text += fmt.Sprintf("\n\nNot in the recorded run yet, so in no result table: %s. Its rows appear with the next recorded run (`scripts/report.sh`).",
			strings.Join(names, ", "))
	}
	return text, nil
}

// library is the library cell of client c: its package, and the module's
// version that mf requires (and what replaces it, if anything does).
func library(c registry.Client, mf *modfile.File) (string, error) {
	switch {
	case c.Role == registry.Floor:
		return fmt.Sprintf("this suite, over `%s`", c.Package), nil
	case c.Module == "":
		return fmt.Sprintf("`%s` (standard library)", c.Package), nil
	}
	version := ""
	for _, r := range mf.Require {
		if r.Mod.Path == c.Module {
			version = r.Mod.Version
		}
	}
	if version == "" {
		return "", fmt.Errorf("client %s: %s requires no module %s", c.Name, mf.Syntax.Name, c.Module)
	}
	v := version + versionNote(version)
	for _, r := range mf.Replace {
		if r.Old.Path == c.Module && (r.Old.Version == "" || r.Old.Version == version) {
			v += fmt.Sprintf(", replaced by `%s` %s", r.New.Path, r.New.Version)
			v = strings.TrimSuffix(v, " ")
		}
	}
	if c.Package == c.Module {
		return fmt.Sprintf("`%s` %s", c.Package, v), nil
	}
	return fmt.Sprintf("`%s` (`%s` %s)", c.Package, c.Module, v), nil
}

// versionNote marks a version that is not a release: a pseudo-version (an
// untagged commit), a release candidate (-rc…), another pre-release.
func versionNote(v string) string {
	pre := semver.Prerelease(v)
	switch {
	case module.IsPseudoVersion(v):
		return " (untagged commit)"
	case strings.HasPrefix(strings.ToLower(pre), "-rc"):
		return " (release candidate)"
	case pre != "":
		return " (pre-release)"
	}
	return ""
}

// protoRows are the rows of the protocol matrix: every protocol of the
// registry, in its order.
var protoRows = []struct {
	proto registry.Proto
	name  string
}{
	{registry.H1, "HTTP/1.1"},
	{registry.H2C, "HTTP/2 cleartext (h2c)"},
	{registry.H1TLS, "HTTP/1.1 over TLS"},
	{registry.H2TLS, "HTTP/2 over TLS"},
	{registry.H3, "HTTP/3"},
}

// protoMatrix is which client has rows in which protocol: one row per
// protocol, one column per registry client.
func protoMatrix() (string, error) {
	clients := registry.All()
	var covered registry.Proto
	for _, r := range protoRows {
		covered |= r.proto
	}
	for _, c := range clients {
		if missing := c.Protos &^ covered; missing != 0 {
			return "", fmt.Errorf("client %s has rows in a protocol the matrix has no row for (%s): add it to protoRows", c.Name, missing)
		}
	}
	head := []string{""}
	for _, c := range clients {
		head = append(head, c.Name)
	}
	t := markdown.NewTable(head...)
	for _, r := range protoRows {
		cells := []string{r.name}
		for _, c := range clients {
			cell := "—"
			if c.Speaks(r.proto) {
				cell = "yes"
			}
			cells = append(cells, cell)
		}
		t.Row(cells...)
	}
	return strings.TrimSuffix(t.String(), "\n"), nil
}

// findGoMod returns the go.mod of the module dir is in: the nearest one
// in dir or above it.
func findGoMod(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for d := abs; ; d = filepath.Dir(d) {
		p := filepath.Join(d, "go.mod")
		if _, err := os.Stat(p); err == nil {
			return p, nil
		} else if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("no go.mod in %s or above it: give -gomod", dir)
		}
	}
}
