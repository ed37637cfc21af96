// Command clientbumps tells the pull-request check which client libraries
// a change of go.mod moves, so that it benchmarks their rows:
//
//	git show "$BASE:go.mod" > base.go.mod
//	clientbumps -old base.go.mod -new go.mod -focus "$FOCUS_BENCH"
//
// It compares the versions the two files require of every module a client
// of the registry measures (internal/registry, Client.Module) and prints
// two lines in GitHub's step output format:
//
//	bench=<-focus, with the bumped libraries' clients in each of its client= levels>
//	bumps=github.com/cloudwego/hertz v0.10.3 → v0.10.4 (hertz, hertz_std)
//
// bench is -focus unchanged and bumps empty when no client library moved.
// A library a file does not require is "none" on that side. It exits 2 on
// a file it cannot read or parse.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/mod/modfile"

	"github.com/httpclientbench/httpclientbench/internal/registry"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "clientbumps:", err)
		}
		os.Exit(2)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("clientbumps", flag.ContinueOnError)
	fs.SetOutput(stderr)
	oldFile := fs.String("old", "", "the base's go.mod (required)")
	newFile := fs.String("new", "", "the head's go.mod (required)")
	focus := fs.String("focus", "", "the -bench regexp of the focused set, which bench= extends (required)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *oldFile == "" || *newFile == "" || *focus == "" || fs.NArg() > 0 {
		fs.Usage()
		return errors.New("-old, -new and -focus are required, and nothing else")
	}
	before, err := requires(*oldFile)
	if err != nil {
		return err
	}
	after, err := requires(*newFile)
	if err != nil {
		return err
	}
	bumps := Bumps(before, after)
	var clients, text []string
	for _, b := range bumps {
		clients = append(clients, b.Clients...)
		text = append(text, b.String())
	}
	bench, err := Bench(*focus, clients)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(stdout, "bench=%s\nbumps=%s\n", bench, strings.Join(text, "; "))
	return err
}

// requires is the module versions a go.mod requires, by path.
func requires(path string) (map[string]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	f, err := modfile.ParseLax(path, b, nil)
	if err != nil {
		return nil, err
	}
	m := map[string]string{}
	for _, r := range f.Require {
		m[r.Mod.Path] = r.Mod.Version
	}
	return m, nil
}

// Bump is a client library whose version changed, and the registry's
// clients that measure it.
type Bump struct {
	Module, Old, New string
	Clients          []string
}

// String is "github.com/cloudwego/hertz v0.10.3 → v0.10.4 (hertz, hertz_std)".
func (b Bump) String() string {
	return fmt.Sprintf("%s %s → %s (%s)", b.Module, b.Old, b.New, strings.Join(b.Clients, ", "))
}

// Bumps is the client libraries whose required version differs between
// before and after, in the registry's order.
func Bumps(before, after map[string]string) []Bump {
	var out []Bump
	for _, c := range registry.All() {
		if c.Module == "" || before[c.Module] == after[c.Module] {
			continue
		}
		if i := slices.IndexFunc(out, func(b Bump) bool { return b.Module == c.Module }); i >= 0 {
			out[i].Clients = append(out[i].Clients, c.Name)
			continue
		}
		out = append(out, Bump{Module: c.Module, Old: or(before[c.Module], "none"), New: or(after[c.Module], "none"), Clients: []string{c.Name}})
	}
	return out
}

func or(s, none string) string {
	if s == "" {
		return none
	}
	return s
}

// clientLevel is the focused set's client= level, one per depth:
// "^client=(nethttp|fasthttp|http3|raw)$".
var clientLevel = regexp.MustCompile(`\^client=\(([^()]*)\)\$`)

// Bench is focus with clients added to each of its client= levels. They
// go into its alternatives, not after them: go test takes the first
// alternative that matches a name's levels, and a deeper one that matches
// a shorter name only in part (./././^client=…$ on H1GetBytes/buf=fresh/…)
// makes the leaf a parent to descend into, never run, so an alternative
// appended at the end would never be reached.
func Bench(focus string, clients []string) (string, error) {
	if len(clients) == 0 {
		return focus, nil
	}
	if !clientLevel.MatchString(focus) {
		return "", fmt.Errorf("-focus %q has no level ^client=(…)$ to add the clients to", focus)
	}
	return clientLevel.ReplaceAllStringFunc(focus, func(level string) string {
		names := strings.Split(clientLevel.FindStringSubmatch(level)[1], "|")
		for _, c := range clients {
			if !slices.Contains(names, c) {
				names = append(names, c)
			}
		}
		return "^client=(" + strings.Join(names, "|") + ")$"
	}), nil
}
