package loadbench

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/httpclientbench/httpclientbench/internal/cli"
	"github.com/httpclientbench/httpclientbench/internal/cpuset"
	"github.com/httpclientbench/httpclientbench/internal/registry"
	"github.com/httpclientbench/httpclientbench/loadbench/report"
)

func TestFlags(t *testing.T) {
	o, err := parseFlags(nil, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if o.mode != modeSteady || o.rate != DefaultRate || o.duration != DefaultDuration || o.rounds != DefaultRounds ||
		o.maxInFlight != DefaultMaxInFlight || o.payload.name != "json" || !slices.Equal(o.clients, DefaultClients) {
		t.Errorf("defaults: %+v", o)
	}
	if want := registry.Names(registry.H1); !slices.Equal(DefaultClients, want) || !slices.Contains(want, registry.FloorName) {
		t.Errorf("default clients %v, want the registry's HTTP/1.1 clients %v, the floor among them", DefaultClients, want)
	}
	o, err = parseFlags([]string{"-mode", "overload"}, io.Discard)
	if err != nil || o.rate != DefaultOverloadRate {
		t.Errorf("overload's default rate: %v, %v", o, err)
	}
	o, err = parseFlags([]string{"-mode", "sweep", "-inflight", "50, 100", "-duration", "2s", "-clients", "fasthttp", "-payload", "bin8m"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(o.inflight, []int{50, 100}) || o.duration != 2*time.Second || !slices.Equal(o.clients, []string{"fasthttp"}) || o.payload.name != "bin8m" {
		t.Errorf("sweep: %+v", o)
	}
	// The highest rate, one request per nanosecond, for the longest run.
	o, err = parseFlags([]string{"-rate", "1000000000", "-duration", "10m"}, io.Discard)
	if err != nil || o.rate != 1_000_000_000 {
		t.Errorf("-rate 1000000000 -duration 10m: %v, %v", o, err)
	}
	o, err = parseFlags([]string{"-o", "out.txt", "-out", "dir"}, io.Discard)
	if err != nil || o.results != "out.txt" || o.out != "dir" {
		t.Errorf("-o out.txt -out dir: %v, %v", o, err)
	}
	o, err = parseFlags([]string{"-target", "http://localhost:8080/"}, io.Discard)
	if err != nil || o.target != "http://localhost:8080" {
		t.Errorf("-target localhost: %v, %v", o, err)
	}
	// Three times the recorded sweep's best median, rounded down to a
	// thousand first (scripts/load-report.sh's overload run).
	const sweep = "../docs/load/sweep/results.txt"
	run, err := report.ReadFile(sweep)
	if err != nil {
		t.Fatal(err)
	}
	best, _ := run.BestRate()
	o, err = parseFlags([]string{"-mode", "overload", "-overload-of", sweep}, io.Discard)
	if want := 3 * (int(best) / 1000 * 1000); err != nil || o.rate != want || want < 3000 {
		t.Errorf("-overload-of %s (best %.0f req/s): rate %v, %v; want %d", sweep, best, o, err, want)
	}
}

func TestBadFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-mode", "burst"}, "-mode"},
		{[]string{"-rate", "-5"}, "-rate -5: want at least 1 request per second"},
		{[]string{"-rate", "0"}, "-rate 0: want at least 1 request per second"},
		{[]string{"-mode", "overload", "-rate", "0"}, "-rate 0: want at least 1 request per second"},
		{[]string{"-rate", "1000000001"}, "-rate 1000000001: want at most 1000000000, one request per nanosecond"},
		{[]string{"-rate", "9223372036854775807", "-duration", "1s"}, "-rate 9223372036854775807: want at most 1000000000"},
		{[]string{"-rate", "10000000000", "-duration", "999ms"}, "-rate 10000000000: want at most 1000000000"},
		{[]string{"-rate", "1", "-duration", "100ms"}, "schedules no request"},
		{[]string{"-duration", "11m"}, "-duration"},
		{[]string{"-duration", "0s"}, "-duration"},
		{[]string{"-rounds", "0"}, "-rounds"},
		{[]string{"-timeout", "0s"}, "-timeout"},
		{[]string{"-maxconns", "-1"}, "-maxconns"},
		{[]string{"-max-inflight", "0"}, "-max-inflight"},
		{[]string{"-inflight", "50"}, "for -mode sweep"},
		{[]string{"-mode", "sweep", "-rate", "100"}, "open-loop"},
		{[]string{"-mode", "sweep", "-inflight", "50,x"}, "-inflight"},
		{[]string{"-mode", "sweep", "-inflight", "50,50"}, "twice"},
		{[]string{"-mode", "sweep", "-inflight", "0"}, "-inflight"},
		{[]string{"-payload", "json9"}, "-payload"},
		{[]string{"-clients", "nethttp,curl"}, "unknown client curl"},
		{[]string{"-clients", "raw,raw"}, "twice"},
		{[]string{"-clients", "xnethttp2"}, "unknown client"},
		{[]string{"-target", "http://10.1.2.3:8080"}, "not a loopback"},
		{[]string{"-target", "https://127.0.0.1:8080"}, "benchserver"},
		{[]string{"-target", "http://127.0.0.1:8080/json"}, "benchserver"},
		{[]string{"-target", "http://127.0.0.1:1", "-server-gomaxprocs", "1"}, "-server-gomaxprocs"},
		{[]string{"extra"}, "unexpected arguments"},
		{[]string{"-nope"}, "not defined"},
		{[]string{"-overload-of", "../docs/load/sweep/results.txt"}, "for -mode overload"},
		{[]string{"-mode", "overload", "-rate", "5", "-overload-of", "../docs/load/sweep/results.txt"}, "instead of -rate"},
		{[]string{"-mode", "overload", "-overload-of", "nope.txt"}, "-overload-of: "},
	} {
		_, err := parseFlags(c.args, io.Discard)
		var ue cli.UsageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want a usage error about %q", c.args, err, c.want)
		}
	}
	if _, err := parseFlags([]string{"-target", "http://10.1.2.3:8080", "-allow-remote"}, io.Discard); err != nil {
		t.Errorf("-allow-remote: %v", err)
	}
}

// -cpus: counts of at most the CPUs this process may run on, in order;
// anything else, or with a flag that sets a GOMAXPROCS, or off Linux, is
// a usage error, the count error naming the machine's count.
func TestCPUsFlags(t *testing.T) {
	if !cpuset.Supported {
		t.Skip("-cpus is Linux's")
	}
	all, err := cpuset.Allowed()
	if err != nil {
		t.Fatal(err)
	}
	n := len(all)
	o, err := parseFlags([]string{"-cpus", fmt.Sprintf("%d, 1", n)}, io.Discard)
	if want := []int{n, 1}; n > 1 && (err != nil || !slices.Equal(o.cpus, want)) {
		t.Errorf("-cpus %d,1: %v, %v; want counts %v", n, o, err, want)
	}
	if o, err := parseFlags(nil, io.Discard); err != nil || o.cpus != nil {
		t.Errorf("no -cpus: counts %v, %v; want none", o.cpus, err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-cpus", strconv.Itoa(n + 1)}, fmt.Sprintf("%d CPUs asked for, but this machine lets this process run on %d", n+1, n)},
		{[]string{"-cpus", "1," + strconv.Itoa(n+1)}, fmt.Sprintf("lets this process run on %d", n)},
		{[]string{"-cpus", "0"}, `"0" is not a CPU count`},
		{[]string{"-cpus", "1,two"}, `"two" is not a CPU count`},
		{[]string{"-cpus", ""}, `"" is not a CPU count`},
		{[]string{"-cpus", "1,1"}, "1 is listed twice"},
		{[]string{"-cpus", "1", "-client-gomaxprocs", "1"}, "does not go with -client-gomaxprocs or -server-gomaxprocs"},
		{[]string{"-cpus", "1", "-server-gomaxprocs", "0"}, "does not go with -client-gomaxprocs or -server-gomaxprocs"},
		{[]string{"-client-gomaxprocs", "1", "-cpus", "1", "-target", "http://127.0.0.1:1"}, "does not go with -client-gomaxprocs"},
	} {
		_, err := parseFlags(c.args, io.Discard)
		var ue cli.UsageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want a usage error about %q", c.args, err, c.want)
		}
	}
	cpusSupported = false
	defer func() { cpusSupported = cpuset.Supported }()
	_, err = parseFlags([]string{"-cpus", "1"}, io.Discard)
	var ue cli.UsageError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), "on Linux only") {
		t.Errorf("-cpus where it is not supported: %v, want a usage error saying it is Linux's", err)
	}
}

// The command exits with status 2 on a count above the machine's, and
// says how many CPUs it has.
func TestCPUsAboveTheMachineExit2(t *testing.T) {
	if !cpuset.Supported {
		t.Skip("-cpus is Linux's")
	}
	all, err := cpuset.Allowed()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-cpus", "1,"+strconv.Itoa(len(all)+1), "-clients", "raw")
	cmd.Env = append(os.Environ(), mainEnv+"=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err = cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 2 || !strings.Contains(stderr.String(), fmt.Sprintf("lets this process run on %d\n", len(all))) {
		t.Errorf("loadbench -cpus 1,%d: %v, standard error\n%s\nwant exit status 2 and the machine's %d CPUs named", len(all)+1, err, stderr.String(), len(all))
	}
	if strings.Contains(stderr.String(), "round") {
		t.Errorf("a client ran:\n%s", stderr.String())
	}
}

// A shape halves the CPUs from 4 on, the server the second half, as the
// suite's server=process placement does, and below 4 the two share
// them; with -target only the clients are placed.
func TestShapeOf(t *testing.T) {
	for _, c := range []struct {
		first          []int
		target         bool
		client, server []int
	}{
		{[]int{0}, false, []int{0}, []int{0}},
		{[]int{0, 1, 2}, false, []int{0, 1, 2}, []int{0, 1, 2}},
		{[]int{0, 1, 2, 3}, false, []int{0, 1}, []int{2, 3}},
		{[]int{0, 1, 2, 3, 4}, false, []int{0, 1}, []int{2, 3, 4}},
		{[]int{2, 3, 6, 7, 8, 9, 10, 11}, false, []int{2, 3, 6, 7}, []int{8, 9, 10, 11}},
		{[]int{0, 1, 2, 3}, true, []int{0, 1, 2, 3}, nil},
	} {
		sh := shapeOf(c.first, c.target)
		if sh.n != len(c.first) || !slices.Equal(sh.client, c.client) || !slices.Equal(sh.server, c.server) || (c.server == nil) != (sh.server == nil) {
			t.Errorf("shapeOf(%v, target %v) = %+v; want client %v, server %v", c.first, c.target, sh, c.client, c.server)
		}
	}
	if got := cpuList([]int{0, 1, 2, 5, 7, 8}); got != "0-2,5,7-8" {
		t.Errorf("cpuList = %q, want 0-2,5,7-8", got)
	}
	if got := shapesLine([]shape{shapeOf([]int{0}, false), shapeOf([]int{0, 1, 2, 3}, false), shapeOf([]int{0, 1}, true)}); got != "-1 (client and server share CPU 0), -4 (client CPUs 0-1, server CPUs 2-3), -2 (client CPUs 0-1, server not restricted (-target))" {
		t.Errorf("shapesLine = %q", got)
	}
}
