package loadbench

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"runtime"
	"runtime/pprof"
	"slices"
	"time"

	"github.com/google/renameio/v2"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/internal/cpuset"
	"github.com/httpclientbench/httpclientbench/loadbench/load"
)

// roleEnv tells a loadbench process started by loadbench what it is: a
// client process (it reads a job on stdin and writes a report on stdout)
// or the server.
const (
	roleEnv    = "HTTPCLIENTBENCH_LOADBENCH_ROLE"
	roleClient = "client"
	roleServer = "server"
)

// job is one client process's run, sent by the parent as JSON.
type job struct {
	Client  string
	Base    string // the target's base URL
	Payload string
	Mode    string
	// Open loop (steady, overload).
	Rate        int
	MaxInFlight int
	// Closed loop (sweep).
	InFlight    int
	MaxRequests int64

	Duration time.Duration
	Timeout  time.Duration
	// Connection pool: the fairness setting (pool ≥ the concurrency) or
	// the library's defaults (overload), and a cap (-maxconns).
	LibraryPool bool
	MaxConns    int
	// CPUProfile, if set, is where the process writes a CPU profile of
	// its run (runtime/pprof), from the first request due to the last
	// answer.
	CPUProfile string
}

// childReport is what a client process measured, sent back as JSON. CPU and
// memory come from the parent (the process's rusage), connections from
// the server.
type childReport struct {
	OK, Dropped int64
	Failed      map[string]int64 // by class name
	Elapsed     time.Duration
	Latency     map[string]int64 // by unit, nanoseconds
	SchedP99    time.Duration
	TickLateP99 time.Duration
	GCCycles    uint64
	// PeakRSS is the process's own peak resident set (Linux's VmHWM, in
	// bytes), 0 where the system has none. The rusage a parent reads is not
	// that: a child's ru_maxrss starts from its parent's at fork.
	PeakRSS int64
	// Examples holds the first error of each class seen, for the parent
	// to show.
	Examples map[string]string
	// GOMAXPROCS and CPUs are the process's own, as it ran (CPUs: those
	// it may run on, sched_getaffinity): the parent checks them against
	// -cpus's shape.
	GOMAXPROCS int
	CPUs       []int
}

// runClient is the client process: read a job, run it, write a report.
func runClient(stdin io.Reader, stdout io.Writer) error {
	j, err := readJob(stdin)
	if err != nil {
		return err
	}
	rep, err := j.run()
	if err != nil {
		return err
	}
	return json.NewEncoder(stdout).Encode(rep)
}

// readJob reads the job the parent sent: one JSON object of job's fields,
// nothing else, within the bounds parseFlags puts on the options it is
// made of (a sweep's level, or an open loop's in-flight cap, is that many
// goroutines and connections at once).
func readJob(r io.Reader) (job, error) {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	var j job
	if err := dec.Decode(&j); err != nil {
		return job{}, fmt.Errorf("reading the job: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return job{}, errors.New("reading the job: more than one JSON value")
	}
	if err := j.check(); err != nil {
		return job{}, fmt.Errorf("the job: %v", err)
	}
	return j, nil
}

func (j job) check() error {
	if _, err := lookupClient(j.Client); err != nil {
		return err
	}
	if _, err := lookupPayload(j.Payload); err != nil {
		return err
	}
	if u, err := url.Parse(j.Base); err != nil || u.Scheme != "http" || u.Host == "" {
		return fmt.Errorf("base %q: want http://host:port", j.Base)
	}
	switch {
	case j.Duration <= 0 || j.Duration > MaxDuration:
		return fmt.Errorf("duration %v: want more than 0 and at most %v", j.Duration, MaxDuration)
	case j.Timeout <= 0 || j.Timeout > MaxTimeout:
		return fmt.Errorf("timeout %v: want more than 0 and at most %v", j.Timeout, MaxTimeout)
	case j.MaxConns < 0:
		return fmt.Errorf("max conns %d: want >= 0", j.MaxConns)
	}
	switch j.Mode {
	case modeSteady, modeOverload:
		if j.MaxInFlight > MaxInFlight {
			return fmt.Errorf("max in flight %d: want at most %d", j.MaxInFlight, MaxInFlight)
		}
		return load.OpenLoop{Rate: j.Rate, Duration: j.Duration, MaxInFlight: j.MaxInFlight}.Validate()
	case modeSweep:
		if j.InFlight > MaxLevel {
			return fmt.Errorf("in flight %d: want at most %d", j.InFlight, MaxLevel)
		}
		return load.ClosedLoop{InFlight: j.InFlight, Duration: j.Duration, MaxRequests: j.MaxRequests}.Validate()
	}
	return fmt.Errorf("mode %q: want %s, %s or %s", j.Mode, modeSteady, modeSweep, modeOverload)
}

func (j job) config() clients.Config {
	cfg := clients.Config{Timeout: j.Timeout, LibraryPool: j.LibraryPool, MaxConns: j.MaxConns}
	if !j.LibraryPool {
		// The suite's fairness rule: an idle pool at least as large as
		// the concurrency, so no client closes connections it will need
		// (LibraryPool refuses a MaxConnsPerHost).
		cfg.MaxConnsPerHost = max(j.MaxInFlight, j.InFlight, clients.DefaultMaxConnsPerHost)
	}
	return cfg
}

func (j job) run() (_ *childReport, err error) {
	f, err := lookupClient(j.Client)
	if err != nil {
		return nil, err
	}
	p, err := lookupPayload(j.Payload)
	if err != nil {
		return nil, err
	}
	c, err := f.New(j.config())
	if err != nil {
		return nil, fmt.Errorf("%s: building the client: %w", j.Client, err)
	}
	defer c.Close()
	op := markFailures(p.op(c, j.Base))
	if err := op(); err != nil {
		return nil, fmt.Errorf("%s: the first answer of %s is wrong: %w", j.Client, p.path, err)
	}

	if j.CPUProfile != "" {
		// The profile replaces the file only when the run succeeds.
		prof, perr := renameio.NewPendingFile(j.CPUProfile, renameio.WithPermissions(0o666), renameio.WithExistingPermissions())
		if perr != nil {
			return nil, perr
		}
		defer prof.Cleanup() // after CloseAtomicallyReplace, does nothing
		if perr := pprof.StartCPUProfile(prof); perr != nil {
			return nil, perr
		}
		defer func() { // before prof.Cleanup: defers run last in, first out
			pprof.StopCPUProfile()
			if err == nil {
				err = prof.CloseAtomicallyReplace()
			}
		}()
	}
	probe := load.StartProbe()
	var res load.Result
	switch j.Mode {
	case modeSweep:
		res, err = load.ClosedLoop{InFlight: j.InFlight, Duration: j.Duration, MaxRequests: j.MaxRequests}.Run(op)
	default:
		res, err = load.OpenLoop{Rate: j.Rate, Duration: j.Duration, MaxInFlight: j.MaxInFlight}.Run(op)
	}
	pr := probe.Stop()
	if err != nil {
		return nil, err
	}
	rep := &childReport{
		OK: res.OK, Dropped: res.Dropped, Elapsed: res.Elapsed,
		Failed:      map[string]int64{},
		Latency:     map[string]int64{},
		SchedP99:    pr.SchedP99,
		TickLateP99: time.Duration(pr.TickLate.ValueAtQuantile(99)),
		GCCycles:    pr.GCCycles,
		Examples:    map[string]string{},
		PeakRSS:     peakRSS(),
		GOMAXPROCS:  runtime.GOMAXPROCS(0),
	}
	rep.CPUs, _ = cpuset.Allowed() // none where it cannot tell: a shape's check fails
	for _, c := range load.Classes() {
		rep.Failed[c.String()] = res.Failed[c]
		if e := res.Examples[c]; e != nil {
			rep.Examples[c.String()] = e.Error()
		}
	}
	for _, q := range load.Quantiles {
		rep.Latency[q.Unit] = res.Latency.ValueAtQuantile(q.Q)
	}
	return rep, nil
}

// factories are the clients a run can take: the suite's HTTP/1.1 clients,
// then those brought to Main.
var factories = clients.HTTP1

func lookupClient(name string) (clients.Factory, error) {
	i := slices.IndexFunc(factories, func(f clients.Factory) bool { return f.Name == name })
	if i < 0 {
		return clients.Factory{}, errors.New("unknown client " + name + ": want one of " + clientNames())
	}
	return factories[i], nil
}

func clientNames() string {
	var names []string
	for _, f := range factories {
		names = append(names, f.Name)
	}
	return joinNames(names)
}

// markFailures marks the clients' refusals at their own connection limit
// (clients.PoolFull) and their timeouts (clients.TimedOut: hertz's has
// nothing a deadline check would see) for load's classes, which know no
// client library.
func markFailures(op func() error) func() error {
	return func() error {
		err := op()
		switch {
		case err == nil:
		case clients.PoolFull(err):
			return load.PoolFull(err)
		case clients.TimedOut(err):
			return load.TimedOut(err)
		}
		return err
	}
}
