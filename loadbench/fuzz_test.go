package loadbench

import (
	"bytes"
	"encoding/json"
	"io"
	"net/url"
	"strings"
	"testing"
)

// parentJobs are the jobs runner.runClient sends for each mode with the
// default flags (and a few more), as JSON.
func parentJobs(t testing.TB) [][]byte {
	t.Helper()
	var out [][]byte
	for _, args := range [][]string{
		{"-mode", "steady"},
		{"-mode", "overload", "-maxconns", "64", "-payload", "bin8m"},
		{"-mode", "sweep", "-inflight", "1,10000", "-payload", "json600k", "-timeout", "1m"},
	} {
		o, err := parseFlags(args, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range o.clients {
			j := job{
				Client: name, Base: "http://127.0.0.1:8080", Payload: o.payload.name, Mode: o.mode,
				Rate: o.rate, MaxInFlight: o.maxInFlight, MaxRequests: o.maxRequests,
				Duration: o.duration, Timeout: o.timeout,
				LibraryPool: o.mode == modeOverload, MaxConns: o.maxConns,
			}
			if o.mode == modeSweep {
				j.MaxInFlight, j.InFlight = 0, o.inflight[len(o.inflight)-1]
			}
			b, err := json.Marshal(j)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, b)
		}
	}
	return out
}

// FuzzReadJob feeds any bytes to a client process's stdin reader: a clear
// error ("reading the job: …", "the job: …"), or a job within the bounds
// the parent's flags have (running it starts no more goroutines and
// connections than they allow) that reads back the same once encoded.
// Every job the parent sends is read.
func FuzzReadJob(f *testing.F) {
	for _, b := range parentJobs(f) {
		if _, err := readJob(bytes.NewReader(b)); err != nil {
			f.Fatalf("the parent's job %s: %v", b, err)
		}
		f.Add(b)
		f.Add(append(b, "\n"...))
		f.Add(append(b, "{}"...))
		f.Add(bytes.Replace(b, []byte(`"Rate"`), []byte(`"Rat"`), 1))
	}
	for _, s := range []string{"", "null", "{}", "[]", `{"Mode":"sweep","InFlight":1e9}`, `{"MaxInFlight":-1}`, `{"Duration":"5s"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		j, err := readJob(bytes.NewReader(in))
		if err != nil {
			if msg := err.Error(); !strings.HasPrefix(msg, "reading the job: ") && !strings.HasPrefix(msg, "the job: ") {
				t.Fatalf("%q: error %q does not say it is the job's", in, msg)
			}
			if j != (job{}) {
				t.Fatalf("%q: error %v with a job %+v", in, err, j)
			}
			return
		}
		if _, err := lookupClient(j.Client); err != nil {
			t.Fatalf("%q: client %q", in, j.Client)
		}
		if _, err := lookupPayload(j.Payload); err != nil {
			t.Fatalf("%q: payload %q", in, j.Payload)
		}
		if u, err := url.Parse(j.Base); err != nil || u.Scheme != "http" || u.Host == "" {
			t.Fatalf("%q: base %q", in, j.Base)
		}
		ok := j.Duration > 0 && j.Duration <= MaxDuration && j.Timeout > 0 && j.Timeout <= MaxTimeout && j.MaxConns >= 0
		switch j.Mode {
		case modeSteady, modeOverload:
			// At least one request due (Rate × Duration ≥ 1 s), and a slot
			// for each one in flight.
			ok = ok && j.Rate > 0 && j.MaxInFlight > 0 && j.MaxInFlight <= MaxInFlight &&
				float64(j.Rate)*j.Duration.Seconds() >= 1-1e-9
		case modeSweep:
			ok = ok && j.InFlight > 0 && j.InFlight <= MaxLevel && j.MaxRequests >= 0
		default:
			ok = false
		}
		if !ok {
			t.Fatalf("%q: read as a job outside the bounds: %+v", in, j)
		}
		b, err := json.Marshal(j)
		if err != nil {
			t.Fatal(err)
		}
		if again, err := readJob(bytes.NewReader(b)); err != nil || again != j {
			t.Fatalf("%+v encodes as %s, which reads as %+v, %v", j, b, again, err)
		}
	})
}
