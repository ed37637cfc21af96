// Command benchrun runs the suite's benchmarks the way their numbers can be
// trusted, and writes one benchfmt file for go tool benchstat.
//
//	benchrun [flags]                 # the working tree, as it is
//	benchrun [flags] REF_A REF_B     # two commits, interleaved (A/B)
//
// Why not go test -count=N: it runs the N samples of one leaf (one
// benchmark with no sub-benchmarks) back to back, then the next leaf's. A
// machine that drifts (heat, frequency, a neighbour waking up) then reads as
// a difference between leaves: two leaves doing identical work came out
// "significantly" different that way. And leaves that share a process share
// its state: fasthttp's byte-buffer pool is shared by its server and its
// client, so what a leaf allocates can depend on the leaves that ran before
// it.
//
// What benchrun does instead, in the spirit of golang.org/x/benchmarks'
// bent:
//
//   - It builds one package's test binary once (go test -c): the module's
//     root package (the suite's benchmarks), or -pkg's (a module's own
//     rows, package suite run against its client); from the working tree,
//     or from each commit checked out in a temporary git worktree (removed
//     at the end, also on error or interrupt).
//
//   - It runs every leaf matching -bench once, for one iteration: this lists
//     the leaves and checks that each works before a long run.
//
//   - With -bin it builds nothing: it runs that test binary, built already
//     (go test -c -buildvcs=true, for a machine without Go), from the
//     current directory, and names the run by the commit and Go version
//     the binary records (go test -c stamps the commit into some test
//     binaries only: -commit names it where the binary has none).
//
//   - It runs -rounds rounds. In each round every leaf runs once, in a fresh
//     process of its own (-test.bench anchored to exactly that leaf), from
//     the package's directory as go test does. So a sample never inherits
//     another leaf's pools or heap, and drift spreads over all leaves alike
//     instead of landing on one. The order of the leaves changes from round
//     to round: -order rotate (the default) starts round r at leaf
//     r*N/rounds; -order shuffle draws each round from -seed. Either way a
//     leaf never ends one round and starts the next.
//
//   - With -cpus 2,4,8,16 every leaf runs once per CPU count in each
//     round, the counts of one leaf back to back (which count goes first
//     rotates from round to round): each sample's process is
//     restricted to the first N of the CPUs benchrun may use (its affinity
//     set before it starts) with GOMAXPROCS N, so that one machine
//     measures the shapes of smaller ones: N real CPUs, not only the N Ps
//     of go test -cpu. With the server in its own process (the
//     server=process rows) and N of 4 or more, the suite splits the N
//     between client and server. The result's name ends in -N, as go test
//     writes GOMAXPROCS (-1 too, which go test omits), so
//
//     go tool benchstat -col /gomaxprocs out.txt
//
//     puts the shapes side by side. A count above the CPUs benchrun may
//     use is a mistake in the command line. -headline adds the README's
//     headline rows, in both placements, to -bench:
//
//     benchrun -headline -cpus 2,4,8,16 -o shapes.txt
//
//   - With two commits, each round runs each leaf for A and B back to back,
//     and which goes first alternates, so drift hits both sides alike. A
//     leaf that exists on one side only runs on that side (listed on
//     stderr).
//
// The output (-o, or stdout), written by golang.org/x/perf/benchfmt.Writer,
// starts with unit metadata (Unit ns/op better=lower...) and configuration
// lines (commit, date, go, machine, rounds, benchtime, order, then goos,
// goarch, pkg and cpu as go test prints them), then the result lines in
// the order they ran, as benchfmt writes them (one space between fields,
// values in Go's shortest form). In A/B runs a commit: line comes before
// each result whose commit differs from the one before, and the first
// result is A's, so
//
//	go tool benchstat -col commit out.txt
//
// compares A (first column) with B, and
//
//	go tool benchstat -col /client out.txt
//
// puts the clients side by side. Mistakes in the command line exit with
// status 2 and run nothing; with -o, the file is written only when the whole
// run succeeds.
package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/httpclientbench/httpclientbench/internal/cli"
)

func main() { cli.Main("benchrun", run) }

func run(ctx context.Context, args []string, stdout, stderr io.Writer) (err error) {
	start := time.Now()
	opt, err := parseFlags(args, stderr, time.Now)
	if err != nil {
		return err
	}
	logf := func(format string, args ...any) { fmt.Fprintf(stderr, "benchrun: "+format+"\n", args...) }

	ws, err := newWorkspace(ctx, opt.pkg, opt.bin)
	if err != nil {
		return err
	}
	defer ws.close()
	out, err := createOutput(opt.out, stdout)
	if err != nil {
		return err
	}
	defer out.discard()

	sides := []*side{ws.workingTree(ctx)}
	if len(opt.refs) > 0 {
		if sides, err = ws.commits(ctx, opt.refs); err != nil {
			return err
		}
	}
	for _, s := range sides {
		if opt.bin == "" {
			logf("building %s", s.describe())
			if err := ws.build(ctx, s); err != nil {
				return err
			}
		} else if err := ws.prebuilt(s, opt.bin, opt.commit); err != nil {
			return err
		}
		if err := listLeaves(ctx, s, opt.bench); err != nil {
			return err
		}
	}
	leaves, has := union(sides)
	if len(leaves) == 0 {
		return usagef("-bench %q matches no benchmark", opt.bench.String())
	}
	if len(sides) == 2 {
		for i, s := range sides {
			var only []string
			for l, name := range leaves {
				if has[l][i] && !has[l][1-i] {
					only = append(only, name)
				}
			}
			if len(only) > 0 {
				logf("%s only in %s, run there alone:\n\t%s", count(len(only), "leaf", "leaves"), s.describe(), strings.Join(only, "\n\t"))
			}
		}
	}

	// With -cpus, each run of a leaf is one per shape, back to back, so
	// that the shapes compare as A and B do.
	shapes := opt.cpus
	if shapes == nil {
		shapes = []int{0}
	}
	plan := WithShapes(Plan(has, opt.rounds, opt.order, opt.seed), shapes)
	order := string(opt.order)
	if opt.order == Shuffle {
		order += fmt.Sprintf(", seed %d (-seed %d repeats this order)", opt.seed, opt.seed)
	}
	logf("%s%s, %s, %s of -benchtime %s, order %s", count(len(leaves), "leaf", "leaves"), shapesText(opt.cpus),
		count(opt.rounds, "round", "rounds"), count(len(plan), "run", "runs"), opt.benchtime, order)

	first := sides[plan[0].Side]
	w, err := newResultWriter(out, runConfig(ctx, ws.modRoot, first, opt, start))
	if err != nil {
		return err
	}
	prog := cli.NewProgress(stderr, "benchrun", opt.rounds, len(plan))
	for _, r := range plan {
		s, leaf := sides[r.Side], leaves[r.Leaf]
		what := leaf + shapeText(r.CPUs)
		if s.name != "" {
			what += " (" + s.name + ")"
		}
		prog.Begin(r.Round, what)
		res, err := runLeaf(ctx, s, leaf, opt.benchtime, r.CPUs)
		if err != nil {
			return fmt.Errorf("round %d: %w", r.Round+1, err)
		}
		if err := w.result(s.commit, res); err != nil {
			return err
		}
		prog.End()
	}
	if err := out.commit(); err != nil {
		return err
	}
	if opt.out != "" {
		logf("wrote %s (%d results) in %s", opt.out, len(plan), time.Since(start).Round(time.Second))
	}
	return nil
}

// union is every side's leaves, each once: the first side's in their order,
// then the others'. has[leaf][side] says which sides have each.
func union(sides []*side) (leaves []string, has [][]bool) {
	index := map[string]int{}
	for i, s := range sides {
		for _, name := range s.leaves {
			l, ok := index[name]
			if !ok {
				l = len(leaves)
				index[name] = l
				leaves = append(leaves, name)
				has = append(has, make([]bool, len(sides)))
			}
			has[l][i] = true
		}
	}
	return leaves, has
}

// shapesText is ", each on 2 and 4 CPUs" for -cpus 2,4, or "".
func shapesText(cpus []int) string {
	if len(cpus) == 0 {
		return ""
	}
	var ns []string
	for _, n := range cpus {
		ns = append(ns, fmt.Sprint(n))
	}
	last := len(ns) - 1
	list := ns[last]
	if last > 0 {
		list = strings.Join(ns[:last], ", ") + " and " + ns[last]
	}
	return ", each on " + list + " CPUs"
}

// count is "1 leaf", "2 leaves".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
