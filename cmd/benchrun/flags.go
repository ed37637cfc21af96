package main

import (
	"flag"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/httpclientbench/httpclientbench/internal/cli"
	"github.com/httpclientbench/httpclientbench/internal/cpuset"
	"github.com/httpclientbench/httpclientbench/internal/results"
)

// options is the validated command line.
type options struct {
	bench     patterns // -bench, each as go test's -bench
	benchtime string   // -benchtime, as go test's -benchtime
	rounds    int
	out       string // "" for stdout
	order     Order
	seed      uint64
	pkg       string   // -pkg: the package whose benchmarks run ("" for the module's root package)
	bin       string   // -bin: a test binary built already, run instead of building one ("" to build)
	commit    string   // -commit: with -bin, the commit it was built from, where it records none
	cpus      []int    // -cpus: the machine shapes, CPU counts (nil: the process's CPUs, unrestricted)
	refs      []string // none (the working tree) or two commits (A/B)
}

// usagef is a mistake in the command line or its arguments: benchrun
// exits with status 2 and runs nothing.
var usagef = cli.Usagef

const usage = `usage: benchrun [flags]               run the suite on the working tree
       benchrun [flags] REF_A REF_B   compare two commits, interleaved

Runs the benchmarks of one package (by default the module's root
package: the suite), every leaf in its own process, in rounds; writes one
benchfmt file for go tool benchstat.

Flags:
`

// parseFlags parses and checks args. Errors are cli.UsageErrors, except
// flag.ErrHelp for -h.
func parseFlags(args []string, stderr io.Writer, now func() time.Time) (*options, error) {
	fs := flag.NewFlagSet("benchrun", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), usage)
		fs.PrintDefaults()
	}
	opt := &options{}
	fs.Var(&opt.bench, "bench", "run only the leaves matching this regexp (go test's -bench syntax); repeated, the leaves matching any of them (default .)")
	fs.StringVar(&opt.benchtime, "benchtime", "1s", "time or iterations of each sample, as go test's -benchtime (1s, 500ms, 200x)")
	fs.IntVar(&opt.rounds, "rounds", 6, "samples per leaf (and side): one per round")
	fs.StringVar(&opt.out, "o", "", "write the results to this file (default stdout); written only when the run succeeds")
	order := fs.String("order", string(Rotate), "order of the leaves in a round: rotate or shuffle")
	fs.Uint64Var(&opt.seed, "seed", 0, "seed of -order shuffle (default: from the clock; printed and written to the output)")
	fs.StringVar(&opt.pkg, "pkg", "", "run the benchmarks of this package, a directory or import path as go test takes it (default: the root package of the module benchrun runs in)")
	fs.StringVar(&opt.bin, "bin", "", "run this test binary, built already (go test -c -buildvcs=true), from the current directory, instead of building one: for a machine without Go")
	fs.StringVar(&opt.commit, "commit", "", "with -bin: the commit the binary was built from, where its build information records none (go test -c stamps some test binaries only)")
	headline := fs.Bool("headline", false, "run the README's headline rows (every client of each, in process and with the server in its own process) besides any -bench")
	cpus := fs.String("cpus", "", "run every leaf once for each of these CPU counts (2,4,8,16), each sample restricted to the first N of the CPUs benchrun may use, with GOMAXPROCS N; the result's name ends in -N, which benchstat reads as /gomaxprocs (default: no restriction)")
	if err := cli.Parse(fs, args); err != nil {
		return nil, err
	}
	set := cli.Given(fs)
	seedSet := set["seed"]

	var err error
	if opt.order, err = parseOrder(*order); err != nil {
		return nil, cli.UsageError{Err: err}
	}
	switch {
	case seedSet && opt.order != Shuffle:
		return nil, usagef("-seed applies only to -order shuffle")
	case !seedSet && opt.order == Shuffle:
		opt.seed = uint64(now().UnixNano())
	}
	if opt.rounds < 1 {
		return nil, usagef("-rounds must be at least 1, got %d", opt.rounds)
	}
	if err := checkBenchtime(opt.benchtime); err != nil {
		return nil, cli.UsageError{Err: err}
	}
	if strings.HasPrefix(opt.pkg, "-") {
		return nil, usagef("-pkg %q: want a package (a directory or an import path)", opt.pkg)
	}
	if *headline {
		opt.bench = append(opt.bench, headlinePatterns()...)
	}
	if len(opt.bench) == 0 {
		opt.bench = patterns{"."}
	}
	for _, p := range opt.bench {
		if _, err := regexp.Compile(p); err != nil {
			return nil, usagef("-bench: %v", err)
		}
	}
	switch opt.refs = fs.Args(); len(opt.refs) {
	case 0, 2:
	default:
		return nil, usagef("want no arguments (the working tree) or two commits REF_A REF_B, got %d: %q (flags go before the commits)", len(opt.refs), opt.refs)
	}
	if opt.bin != "" && (opt.pkg != "" || len(opt.refs) > 0) {
		return nil, usagef("-bin runs a test binary as it is: no -pkg, no commits")
	}
	if opt.commit != "" && opt.bin == "" {
		return nil, usagef("-commit names the commit of a -bin binary; without -bin benchrun knows it")
	}
	if set["cpus"] {
		if opt.cpus, err = parseCPUs(*cpus); err != nil {
			return nil, err
		}
	}
	return opt, nil
}

// parseCPUs checks -cpus against the CPUs this process may use.
func parseCPUs(s string) ([]int, error) {
	if !cpuset.Supported {
		return nil, usagef("-cpus: restricting a process to some CPUs is Linux's")
	}
	all, err := cpuset.Allowed()
	if err != nil {
		return nil, err
	}
	counts, err := cpuset.ParseCounts(s, len(all))
	if err != nil {
		return nil, cli.UsageError{Err: err}
	}
	return counts, nil
}

// patterns is the -bench flag: each use adds a pattern (none: ".").
type patterns []string

func (p *patterns) String() string { return strings.Join(*p, " ") }

func (p *patterns) Set(s string) error {
	*p = append(*p, s)
	return nil
}

// headlinePatterns are -bench patterns of the headline's rows
// (results.Headline), each row's leaves and their server=process twins,
// and the rows their ratios are taken to: every level anchored, the client
// level open.
func headlinePatterns() []string {
	var ps []string
	for _, h := range results.Headline {
		rows := []string{h.Row}
		if h.Base != "" {
			rows = append(rows, h.Base)
		}
		for _, row := range rows {
			levels := strings.Split("Benchmark"+row, "/") // go test matches the first level with its prefix
			for i, l := range levels {
				levels[i] = "^" + regexp.QuoteMeta(l) + "$"
			}
			process := slices.Insert(slices.Clone(levels), 1, "^"+regexp.QuoteMeta(results.ProcessLevel)+"$")
			for _, p := range []string{strings.Join(levels, "/") + "/^client=", strings.Join(process, "/") + "/^client="} {
				if !slices.Contains(ps, p) {
					ps = append(ps, p)
				}
			}
		}
	}
	return ps
}

// checkBenchtime accepts what go test's -benchtime accepts: a positive
// duration or a positive count of iterations followed by x.
func checkBenchtime(s string) error {
	if n, ok := strings.CutSuffix(s, "x"); ok {
		if i, err := strconv.ParseInt(n, 10, 64); err != nil || i <= 0 {
			return fmt.Errorf("-benchtime: %q is not a positive number of iterations", s)
		}
		return nil
	}
	if d, err := time.ParseDuration(s); err != nil || d <= 0 {
		return fmt.Errorf("-benchtime: want a positive duration (1s, 500ms) or count (100x), got %q", s)
	}
	return nil
}
