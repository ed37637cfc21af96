package loadbench

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/httpclientbench/httpclientbench/internal/cli"
	"github.com/httpclientbench/httpclientbench/internal/cpuset"
	"github.com/httpclientbench/httpclientbench/internal/registry"
	"github.com/httpclientbench/httpclientbench/loadbench/load"
	"github.com/httpclientbench/httpclientbench/loadbench/report"
	"github.com/httpclientbench/httpclientbench/server/benchserver"
)

// The modes.
const (
	modeSteady   = "steady"
	modeSweep    = "sweep"
	modeOverload = "overload"
)

// Defaults of the flags.
const (
	DefaultRate         = 2000
	DefaultOverloadRate = 200000
	DefaultDuration     = 5 * time.Second
	DefaultInFlight     = "50,100,200,500"
	DefaultMaxInFlight  = 10000
	DefaultMaxRequests  = 5_000_000
	DefaultTimeout      = 10 * time.Second
	DefaultRounds       = 5
	// MaxDuration bounds one run: a load run on a shared machine must
	// end by itself.
	MaxDuration = 10 * time.Minute
	// MaxTimeout, MaxInFlight and MaxLevel bound the rest: every request
	// ends within MaxTimeout, and no more than MaxInFlight (open loop) or
	// MaxLevel (sweep) goroutines and connections exist at once.
	MaxTimeout  = time.Minute
	MaxInFlight = 100_000
	MaxLevel    = 10_000
)

// overloadFactor is -overload-of's multiple of a sweep's best rate.
const overloadFactor = 3

// DefaultClients are the clients of a run without -clients: the
// registry's HTTP/1.1 clients, the libraries and the floor, in its order.
var DefaultClients = registry.Names(registry.H1)

// options is the validated command line.
type options struct {
	mode        string
	rate        int
	duration    time.Duration
	inflight    []int
	maxInFlight int
	maxRequests int64
	maxConns    int
	timeout     time.Duration
	payload     payload
	clients     []string
	rounds      int
	target      string // "" to start a benchserver
	allowRemote bool
	serverProcs int
	clientProcs int
	// cpus are -cpus's CPU counts, in order: the run is done once as on a
	// machine of each (shapes); none without -cpus.
	cpus       []int
	out        string // -out DIR
	results    string // -o FILE
	terminal   bool   // standard output is a terminal: it gets the tables
	cpuProfile string // directory for one CPU profile per client process
}

// usagef is a mistake in the command line: loadbench exits with status 2
// and runs nothing.
var usagef = cli.Usagef

const usage = `usage: loadbench [flags]

Runs each client in its own process against a benchserver (started in a
process of its own, or -target) and writes Go benchmark-format lines, one
per client per round, for go tool benchstat.

  loadbench -mode steady -rate 2000 -duration 5s       open loop, latency from each request's due time
  loadbench -mode sweep -inflight 50,100,200,500       closed loop, a fixed number in flight per level
  loadbench -mode overload -rate 200000                open loop above capacity, library default pools
  loadbench -cpus 2,4,8                                the whole run as on a 2-, a 4- and an 8-CPU machine

` + cli.OutputUsage + `
On a terminal the tables are the load report's (as -out writes them), and
with -out DIR but no -o the results are DIR/results.txt.

Flags:
`

func parseFlags(args []string, stderr io.Writer) (*options, error) {
	fs := flag.NewFlagSet("loadbench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), usage)
		fs.PrintDefaults()
	}
	o := &options{}
	fs.StringVar(&o.mode, "mode", modeSteady, "steady, sweep or overload")
	overloadOf := fs.String("overload-of", "", "overload: instead of -rate, offer "+strconv.Itoa(overloadFactor)+" times the best median req/s (any client, any level) of this sweep's results.txt, rounded down to a thousand")
	fs.IntVar(&o.rate, "rate", 0, fmt.Sprintf("requests per second offered, open loop, 1 to %d (default %d for steady, %d for overload)", load.MaxRate, DefaultRate, DefaultOverloadRate))
	fs.DurationVar(&o.duration, "duration", DefaultDuration, fmt.Sprintf("length of each client's run (at most %v)", MaxDuration))
	inflight := fs.String("inflight", DefaultInFlight, "sweep: the requests in flight, one level per value")
	fs.IntVar(&o.maxInFlight, "max-inflight", DefaultMaxInFlight, "steady and overload: cap on requests in flight; a due request waits for a slot, and is dropped if none frees before the end")
	fs.Int64Var(&o.maxRequests, "max-requests", DefaultMaxRequests, "sweep: cap on the requests of one level")
	fs.IntVar(&o.maxConns, "maxconns", 0, "cap on each client's connections to the server, applied the library's way (0: none; net/http-based clients queue, fasthttp, hertz and raw fail fast)")
	fs.DurationVar(&o.timeout, "timeout", DefaultTimeout, "each request's timeout")
	payloadName := fs.String("payload", "json", "what each request fetches: "+payloadNames())
	clientList := fs.String("clients", strings.Join(DefaultClients, ","), "clients to run, comma-separated: "+clientNames())
	fs.IntVar(&o.rounds, "rounds", DefaultRounds, "rounds: each runs every client once, in rotating order")
	fs.StringVar(&o.target, "target", "", "base URL of a running benchserver (default: start one on loopback)")
	fs.BoolVar(&o.allowRemote, "allow-remote", false, "allow a -target that is not a loopback address")
	fs.IntVar(&o.serverProcs, "server-gomaxprocs", 0, "GOMAXPROCS of the started benchserver (0: Go's default)")
	fs.IntVar(&o.clientProcs, "client-gomaxprocs", 0, "GOMAXPROCS of each client process (0: Go's default)")
	cpus := fs.String("cpus", "", "a comma-separated `LIST` of CPU counts (2,4,8): the whole run once per count N, as on an N-CPU machine, on the first N CPUs this process may use; "+
		"from 4 on the started benchserver gets the second half and each client process the first (as on two machines), below 4 both share the N; "+
		"each process's GOMAXPROCS is the number of its CPUs, and the server is restarted for each N. "+
		"Each result's name ends in -N (go test's GOMAXPROCS suffix: go tool benchstat -col /gomaxprocs puts the counts side by side), "+
		"which names the machine's shape, not the client's GOMAXPROCS. With -target only the client processes are restricted, each to all N: where your server runs is yours. Linux only")
	results := cli.OutputFlag(fs)
	fs.StringVar(&o.out, "out", "", "also write results.txt, a Markdown summary and SVG charts to this directory")
	fs.StringVar(&o.cpuProfile, "cpuprofile", "", "write a CPU profile of each client process's run to this directory (CLIENT-LEVEL-rROUND.pprof; CLIENT-LEVEL-rROUND-cpusN.pprof with -cpus), for go tool pprof")
	if err := cli.Parse(fs, args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, usagef("unexpected arguments %q (everything is a flag)", fs.Args())
	}
	o.results = *results
	set := cli.Given(fs)
	if *overloadOf != "" {
		if o.mode != modeOverload || set["rate"] {
			return nil, usagef("-overload-of is for -mode overload, instead of -rate")
		}
		run, err := report.ReadFile(*overloadOf)
		if err != nil {
			return nil, usagef("-overload-of: %v", err)
		}
		best, err := run.BestRate()
		if err != nil || best < 1000 {
			return nil, usagef("-overload-of: %v (best %.0f req/s: want at least a thousand)", err, best)
		}
		o.rate, set["rate"] = overloadFactor*(int(best)/1000*1000), true
	}
	if err := o.check(set, *inflight, *payloadName, *clientList, *cpus); err != nil {
		return nil, cli.UsageError{Err: err}
	}
	return o, nil
}

func (o *options) check(set map[string]bool, inflight, payloadName, clientList, cpus string) error {
	if o.duration <= 0 || o.duration > MaxDuration {
		return fmt.Errorf("-duration %v: want more than 0 and at most %v", o.duration, MaxDuration)
	}
	var err error
	switch o.mode {
	case modeSteady, modeOverload:
		if set["inflight"] || set["max-requests"] {
			return fmt.Errorf("-inflight and -max-requests are for -mode sweep; %s is an open loop (-rate)", o.mode)
		}
		if !set["rate"] { // an explicit -rate 0 is refused below
			o.rate = map[string]int{modeSteady: DefaultRate, modeOverload: DefaultOverloadRate}[o.mode]
		}
		if o.maxInFlight <= 0 || o.maxInFlight > MaxInFlight {
			return fmt.Errorf("-max-inflight %d: want more than 0 and at most %d", o.maxInFlight, MaxInFlight)
		}
		if err := (load.OpenLoop{Rate: o.rate, Duration: o.duration, MaxInFlight: o.maxInFlight}).Validate(); err != nil {
			return fmt.Errorf("-%v", err) // "-rate 0: want at least 1 request per second", "-rate R for D schedules no request"
		}
	case modeSweep:
		if set["rate"] || set["max-inflight"] {
			return errors.New("-rate and -max-inflight are for the open-loop modes; a sweep sets -inflight")
		}
		if o.inflight, err = parseLevels(inflight); err != nil {
			return err
		}
		if o.maxRequests <= 0 {
			return fmt.Errorf("-max-requests %d: want > 0", o.maxRequests)
		}
	default:
		return fmt.Errorf("-mode %q: want steady, sweep or overload", o.mode)
	}
	switch {
	case o.timeout <= 0 || o.timeout > MaxTimeout:
		return fmt.Errorf("-timeout %v: want more than 0 and at most %v", o.timeout, MaxTimeout)
	case o.rounds < 1:
		return fmt.Errorf("-rounds %d: want at least 1", o.rounds)
	case o.maxConns < 0:
		return fmt.Errorf("-maxconns %d: want >= 0", o.maxConns)
	case o.serverProcs < 0 || o.clientProcs < 0:
		return errors.New("-server-gomaxprocs and -client-gomaxprocs: want >= 0")
	case o.target != "" && set["server-gomaxprocs"]:
		return errors.New("-server-gomaxprocs sets the benchserver loadbench starts; with -target, start yours with benchserver -gomaxprocs")
	}
	if set["cpus"] {
		if err := o.checkCPUs(set, cpus); err != nil {
			return err
		}
	}
	if o.cpuProfile != "" {
		if err := os.MkdirAll(o.cpuProfile, 0o755); err != nil {
			return fmt.Errorf("-cpuprofile: %v", err)
		}
	}
	if o.payload, err = lookupPayload(payloadName); err != nil {
		return err
	}
	if o.clients, err = parseClients(clientList); err != nil {
		return err
	}
	if o.target != "" {
		if o.target, err = checkTarget(o.target, o.allowRemote); err != nil {
			return err
		}
	}
	return nil
}

// cpusSupported says whether -cpus can restrict processes here
// (cpuset.Supported; a variable for the tests).
var cpusSupported = cpuset.Supported

// checkCPUs parses -cpus: counts of at most the CPUs this process may run
// on, Linux only, and not with the flags that set a GOMAXPROCS (a shape
// sets each process's to the number of its CPUs).
func (o *options) checkCPUs(set map[string]bool, cpus string) error {
	if !cpusSupported {
		return errors.New("-cpus restricts each process to some CPUs (sched_setaffinity), which loadbench does on Linux only")
	}
	if set["client-gomaxprocs"] || set["server-gomaxprocs"] {
		return errors.New("-cpus sets each process's GOMAXPROCS to the number of its CPUs; it does not go with -client-gomaxprocs or -server-gomaxprocs")
	}
	allowed, err := cpuset.Allowed()
	if err != nil {
		return fmt.Errorf("-cpus: %v", err)
	}
	o.cpus, err = cpuset.ParseCounts(cpus, len(allowed))
	return err
}

func parseLevels(s string) ([]int, error) {
	var levels []int
	for f := range strings.SplitSeq(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n <= 0 || n > MaxLevel {
			return nil, fmt.Errorf("-inflight %q: want integers from 1 to %d separated by commas", s, MaxLevel)
		}
		if slices.Contains(levels, n) {
			return nil, fmt.Errorf("-inflight %q: %d twice", s, n)
		}
		levels = append(levels, n)
	}
	return levels, nil
}

func parseClients(s string) ([]string, error) {
	var names []string
	for f := range strings.SplitSeq(s, ",") {
		name := strings.TrimSpace(f)
		if _, err := lookupClient(name); err != nil {
			return nil, fmt.Errorf("-clients: %v", err)
		}
		if slices.Contains(names, name) {
			return nil, fmt.Errorf("-clients: %s twice", name)
		}
		names = append(names, name)
	}
	return names, nil
}

// checkTarget accepts an http URL with a host and no path beyond "/",
// whose host is a loopback IP or localhost unless allowRemote, and
// returns it without a trailing slash.
func checkTarget(s string, allowRemote bool) (string, error) {
	u, err := url.Parse(s)
	if err != nil {
		return "", fmt.Errorf("-target: %v", err)
	}
	if u.Scheme != "http" || u.Host == "" || (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.User != nil {
		return "", fmt.Errorf("-target %q: want http://host:port of a benchserver", s)
	}
	if !allowRemote && !benchserver.IsLoopback(u.Hostname()) {
		return "", fmt.Errorf("-target %q is not a loopback address; pass -allow-remote to load another machine", s)
	}
	return "http://" + u.Host, nil
}

func joinNames(names []string) string { return strings.Join(names, ", ") }
