// Package load drives one HTTP client the two ways a load test can: open
// loop (requests due at a steady rate, whether or not earlier ones have
// finished) and closed loop (a fixed number of requests in flight), and
// records what it sees: the latency of every request that succeeded in an
// HDR histogram, failures by class, requests that never started.
//
// In the open loop a request's latency runs from the time it was due, not
// from the time it was sent: when the client (or the server) stalls, the
// requests that should have gone out meanwhile count the whole wait, as
// wrk2 counts it. A generator that starts its clock when it gets round to
// sending (vegeta's workers, any closed loop) hides exactly the queueing a
// user would see ("coordinated omission").
//
// The package uses only the time package's clock, so tests run it in a
// testing/synctest bubble with a fake clock and scripted operations.
package load

import (
	"sync"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"
)

// Op performs one request and checks its answer. It returns nil only for
// a correct answer; wrap a wrong one with BadAnswer so it is counted as
// such. Ops run concurrently.
type Op func() error

// Histogram bounds: 1 µs … 2 minutes at three significant digits. A latency
// above the top is recorded as the top (a run's timeouts are far below).
const (
	histMin     = int64(time.Microsecond)
	histMax     = int64(2 * time.Minute)
	histSigFigs = 3
)

// Result is what one run measured.
type Result struct {
	// Due is the number of requests the run asked for: rate × duration in
	// the open loop; in the closed loop, the requests started.
	Due int64
	// OK is the number of requests that completed with a correct answer;
	// Failed counts the others by class.
	OK     int64
	Failed Counts
	// Dropped counts open-loop requests that were due before the end but
	// never started by then: MaxInFlight requests were still running, or
	// the sender fell that far behind.
	Dropped int64
	// Elapsed runs from the start to the last completion, or in the open
	// loop to the end of the duration if that is later: delivered req/s is
	// OK / Elapsed.
	Elapsed time.Duration
	// Latency holds the latency of every request that succeeded (failures
	// are counted, not timed: a request refused in a microsecond is not a
	// fast request), in nanoseconds.
	Latency *hdrhistogram.Histogram
	// Examples holds, for each class with failures, the first error seen
	// of it (first on its shard of the recorder), to show what failed.
	Examples [numClasses]error
}

// A Quantile is a latency percentile a run reports, with its unit in the
// benchmark-format output and its label in tables.
type Quantile struct {
	Q           float64 // percent; 100 is the slowest request
	Unit, Label string
}

// Quantiles are the latency percentiles of a run's output, in order.
var Quantiles = []Quantile{
	{50, "p50-ns", "p50"}, {90, "p90-ns", "p90"}, {95, "p95-ns", "p95"},
	{99, "p99-ns", "p99"}, {99.9, "p99.9-ns", "p99.9"}, {100, "max-ns", "max"},
}

// Delivered is the rate of correct answers over the run, in requests per
// second.
func (r *Result) Delivered() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.OK) / r.Elapsed.Seconds()
}

// NewHistogram returns an empty latency histogram with the package's
// bounds, in nanoseconds.
func NewHistogram() *hdrhistogram.Histogram {
	return hdrhistogram.New(histMin, histMax, histSigFigs)
}

// recorder collects outcomes from many goroutines. Shards keep the lock
// uncontended; one histogram per request goroutine would cost ~150 KB
// each, which would show up in the client's peak memory.
type recorder struct {
	shards [16]shard
	start  time.Time
}

type shard struct {
	mu       sync.Mutex
	hist     *hdrhistogram.Histogram
	ok       int64
	failed   Counts
	examples [numClasses]error // the first of each class
	last     time.Time         // latest completion
	_        [64]byte          // keep shards on separate cache lines
}

func newRecorder(start time.Time) *recorder {
	r := &recorder{start: start}
	for i := range r.shards {
		r.shards[i].hist = NewHistogram()
	}
	return r
}

// record files one outcome: err from an op that was due at due and ended
// at end. key picks the shard.
func (r *recorder) record(key int, due, end time.Time, err error) {
	s := &r.shards[key%len(r.shards)]
	var class Class
	if err != nil {
		class = Classify(err) // walks the error chain: outside the lock
	}
	s.mu.Lock()
	if err == nil {
		s.ok++
		lat := end.Sub(due).Nanoseconds()
		if lat > histMax {
			lat = histMax
		}
		// RecordValue fails only above the top, excluded just above.
		_ = s.hist.RecordValue(lat)
	} else {
		s.failed[class]++
		if s.examples[class] == nil {
			s.examples[class] = err
		}
	}
	if end.After(s.last) {
		s.last = end
	}
	s.mu.Unlock()
}

// result merges the shards. minEnd is the earliest end the run may report
// (the end of its duration).
func (r *recorder) result(minEnd time.Time) Result {
	res := Result{Latency: NewHistogram()}
	last := minEnd
	for i := range r.shards {
		s := &r.shards[i]
		s.mu.Lock()
		res.OK += s.ok
		for c, n := range s.failed {
			res.Failed[c] += n
			if res.Examples[c] == nil {
				res.Examples[c] = s.examples[c]
			}
		}
		res.Latency.Merge(s.hist)
		if s.last.After(last) {
			last = s.last
		}
		s.mu.Unlock()
	}
	res.Elapsed = last.Sub(r.start)
	return res
}
