// Command clientbumps tells the pull-request check which client libraries
// a change of go.mod moves, so that it benchmarks their rows:
//
//	git show "$BASE:go.mod" > base.go.mod
//	clientbumps -old base.go.mod -new go.mod -groups .github/dependabot.yml -focus "$FOCUS_BENCH"
//
// It compares the versions the two files require of every module, direct
// or indirect, and maps each that changed to the clients of the registry
// (internal/registry) it moves: the clients that measure it
// (Client.Module), and those whose library is in a Dependabot group of
// -groups (the gomod updates of .github/dependabot.yml) that the module is
// in too, by the group's patterns and exclude-patterns, as Dependabot
// matches them (* any run of characters, case ignored). The groups are the
// modules that ship with a client library and are bumped with it, such as
// github.com/cloudwego/netpoll with hertz: a pull request that moves only
// netpoll runs hertz's rows. It prints two lines in GitHub's step output
// format:
//
//	bench=<-focus, with the bumped libraries' clients in each of its client= levels>
//	bumps=github.com/cloudwego/hertz v0.10.3 → v0.10.4 (hertz, hertz_std); github.com/cloudwego/netpoll v0.7.1 → v0.7.2 (hertz, hertz_std)
//
// bench is -focus unchanged and bumps empty when no client library moved.
// A module a file does not require is "none" on that side. It exits 2 on
// a file it cannot read or parse.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"

	"go.yaml.in/yaml/v4"
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
	groupsFile := fs.String("groups", "", "the Dependabot configuration whose gomod groups bump a client library with its companion modules, .github/dependabot.yml (required)")
	focus := fs.String("focus", "", "the -bench regexp of the focused set, which bench= extends (required)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *oldFile == "" || *newFile == "" || *groupsFile == "" || *focus == "" || fs.NArg() > 0 {
		fs.Usage()
		return errors.New("-old, -new, -groups and -focus are required, and nothing else")
	}
	groups, err := ReadGroups(*groupsFile)
	if err != nil {
		return err
	}
	before, err := requires(*oldFile)
	if err != nil {
		return err
	}
	after, err := requires(*newFile)
	if err != nil {
		return err
	}
	bumps := Bumps(before, after, groups)
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

// Group is a Dependabot group of gomod updates: the modules that match one
// of its patterns and none of its exclude-patterns.
type Group struct {
	Name            string   `yaml:"-"`
	Patterns        []string `yaml:"patterns"`
	ExcludePatterns []string `yaml:"exclude-patterns"`
}

// Has reports whether module is in the group.
func (g Group) Has(module string) bool {
	match := func(p string) bool { return Match(p, module) }
	return slices.ContainsFunc(g.Patterns, match) && !slices.ContainsFunc(g.ExcludePatterns, match)
}

// Match is Dependabot's match of a group pattern (dependabot-core's
// WildcardMatcher): the whole name, * standing for any run of characters
// (/ too), case ignored.
func Match(pattern, name string) bool {
	parts := strings.Split(strings.ToLower(pattern), "*")
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	return regexp.MustCompile("^" + strings.Join(parts, ".*") + "$").MatchString(strings.ToLower(name))
}

// ReadGroups is the groups of the gomod updates of the root module in the
// Dependabot configuration at path, by name.
func ReadGroups(path string) ([]Group, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var cfg struct {
		Updates []struct {
			Ecosystem string           `yaml:"package-ecosystem"`
			Directory string           `yaml:"directory"`
			Groups    map[string]Group `yaml:"groups"`
		} `yaml:"updates"`
	}
	if err := yaml.Unmarshal(b, &cfg); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var groups []Group
	for _, u := range cfg.Updates {
		if u.Ecosystem != "gomod" || u.Directory != "/" {
			continue
		}
		for name, g := range u.Groups {
			g.Name = name
			groups = append(groups, g)
		}
	}
	slices.SortFunc(groups, func(a, b Group) int { return strings.Compare(a.Name, b.Name) })
	return groups, nil
}

// Bump is a module whose version changed, and the registry's clients
// that it moves.
type Bump struct {
	Module, Old, New string
	Clients          []string
}

// String is "github.com/cloudwego/hertz v0.10.3 → v0.10.4 (hertz, hertz_std)".
func (b Bump) String() string {
	return fmt.Sprintf("%s %s → %s (%s)", b.Module, b.Old, b.New, strings.Join(b.Clients, ", "))
}

// Clients is the registry's clients that module moves: those that measure
// it, and those whose library shares a group with it.
func Clients(module string, groups []Group) []string {
	var out []string
	for _, c := range registry.All() {
		if c.Module != "" && (c.Module == module ||
			slices.ContainsFunc(groups, func(g Group) bool { return g.Has(c.Module) && g.Has(module) })) {
			out = append(out, c.Name)
		}
	}
	return out
}

// Bumps is the modules whose required version differs between before and
// after and that move a client, in the registry's order of their first
// client, a client library before its companions, then by path.
func Bumps(before, after map[string]string, groups []Group) []Bump {
	modules := slices.Collect(maps.Keys(before))
	for m := range after {
		if _, ok := before[m]; !ok {
			modules = append(modules, m)
		}
	}
	slices.Sort(modules)
	var out []Bump
	for _, m := range modules {
		if before[m] == after[m] {
			continue
		}
		if clients := Clients(m, groups); len(clients) > 0 {
			out = append(out, Bump{Module: m, Old: or(before[m], "none"), New: or(after[m], "none"), Clients: clients})
		}
	}
	order := map[string]int{}
	libraries := map[string]bool{}
	for i, c := range registry.All() {
		order[c.Name] = i
		libraries[c.Module] = true
	}
	slices.SortStableFunc(out, func(a, b Bump) int {
		if d := order[a.Clients[0]] - order[b.Clients[0]]; d != 0 {
			return d
		}
		if la, lb := libraries[a.Module], libraries[b.Module]; la != lb {
			if la {
				return -1
			}
			return 1
		}
		return 0 // by path, as they came
	})
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
