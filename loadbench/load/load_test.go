package load

import (
	"errors"
	"fmt"
	"math"
	"os"
	"runtime/metrics"
	"strings"
	"syscall"
	"testing"
	"testing/synctest"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"

	"github.com/httpclientbench/httpclientbench/internal/testkit"
)

func TestMain(m *testing.M) {
	newSleeper = func() (func(time.Duration), func()) { return time.Sleep, func() {} }
	testkit.VerifyTestMain(m)
}

// The precise sleep never wakes early (its lateness is the load runs'
// business, not a test's).
func TestPreciseSleepSleepsLongEnough(t *testing.T) {
	sleep, done := preciseSleeper()
	defer done()
	for _, d := range []time.Duration{0, 50 * time.Microsecond, 2 * time.Millisecond} {
		start := time.Now()
		sleep(d)
		if got := time.Since(start); got < d {
			t.Errorf("sleep(%v) returned after %v", d, got)
		}
	}
}

// A scripted server, on the bubble's fake clock: every answer takes
// service; one that arrives during [stallFrom, stallTo) (relative to the
// start) waits for the stall to end first.
type script struct {
	start              time.Time
	service            time.Duration
	stallFrom, stallTo time.Duration
}

func (s script) op() error {
	if at := time.Since(s.start); at >= s.stallFrom && at < s.stallTo {
		time.Sleep(s.stallTo - at)
	}
	time.Sleep(s.service)
	return nil
}

// near reports whether got is within HDR's three significant digits of
// want.
func near(got int64, want time.Duration) bool {
	return math.Abs(float64(got)-float64(want)) <= 0.001*float64(want)
}

func checkQuantiles(t *testing.T, h *hdrhistogram.Histogram, want map[float64]time.Duration) {
	t.Helper()
	for q, w := range want {
		if got := h.ValueAtQuantile(q); !near(got, w) {
			t.Errorf("p%v = %v, want %v", q, time.Duration(got), w)
		}
	}
}

// The open loop counts a stall against every request that was due during
// it, from its due time: 1000 req/s for 1 s, 1 ms answers, the server
// stalled from 300 ms to 500 ms. The 200 requests due in the stall take
// 201 ms (due at 300 ms) down to 2 ms (due at 499 ms); the 800 others 1 ms.
func TestOpenLoopCountsAStallFromTheDueTime(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := script{start: time.Now(), service: time.Millisecond, stallFrom: 300 * time.Millisecond, stallTo: 500 * time.Millisecond}
		res, err := OpenLoop{Rate: 1000, Duration: time.Second, MaxInFlight: 10000}.Run(s.op)
		if err != nil {
			t.Fatal(err)
		}
		if res.Due != 1000 || res.OK != 1000 || res.Failed.Total() != 0 || res.Dropped != 0 {
			t.Fatalf("due %d ok %d failed %d dropped %d, want 1000 1000 0 0", res.Due, res.OK, res.Failed.Total(), res.Dropped)
		}
		if res.Elapsed != time.Second {
			t.Errorf("elapsed %v, want 1s (the last request is due at 999 ms and takes 1 ms)", res.Elapsed)
		}
		if got := res.Delivered(); got != 1000 {
			t.Errorf("delivered %v req/s, want 1000", got)
		}
		checkQuantiles(t, res.Latency, map[float64]time.Duration{
			50:  time.Millisecond,
			80:  time.Millisecond,
			90:  101 * time.Millisecond, // the 900th of 1000: the 100th of the stall's 2…201 ms
			99:  191 * time.Millisecond,
			100: 201 * time.Millisecond,
		})
	})
}

// The same stall seen by a closed loop with one request in flight: the
// loop sends nothing while it waits, so the stall is one slow request and
// the percentiles below the top look healthy. This is the coordinated
// omission the open loop exists to avoid.
func TestClosedLoopHidesAStall(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := script{start: time.Now(), service: time.Millisecond, stallFrom: 300 * time.Millisecond, stallTo: 500 * time.Millisecond}
		res, err := ClosedLoop{InFlight: 1, Duration: time.Second}.Run(s.op)
		if err != nil {
			t.Fatal(err)
		}
		// 300 requests before the stall, one across it (300 → 501 ms),
		// then 499 more to 1000 ms.
		if res.OK != 800 || res.Due != 800 {
			t.Fatalf("ok %d due %d, want 800 800", res.OK, res.Due)
		}
		checkQuantiles(t, res.Latency, map[float64]time.Duration{
			99:  time.Millisecond,
			100: 201 * time.Millisecond,
		})
	})
}

// With MaxInFlight slots, requests due while every slot is taken wait for
// one, and the wait is part of their latency.
func TestOpenLoopWaitsForASlotAndCountsTheWait(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := script{start: time.Now(), service: time.Millisecond, stallFrom: 300 * time.Millisecond, stallTo: 500 * time.Millisecond}
		res, err := OpenLoop{Rate: 1000, Duration: time.Second, MaxInFlight: 50}.Run(s.op)
		if err != nil {
			t.Fatal(err)
		}
		if res.OK != 1000 || res.Dropped != 0 {
			t.Fatalf("ok %d dropped %d, want 1000 0", res.OK, res.Dropped)
		}
		// Requests 300…349 hold the slots until 501 ms. The sender waits
		// at request 350 (due at 350 ms), then starts 50 at a time as the
		// slots free: 350…399 at 501 ms, 400…449 at 502 ms, 450…499 at
		// 503 ms, each answered 1 ms later; then it is back on schedule.
		// Sorted, the latencies are 796 of 1 ms, 2…5 ms, then the batches
		// (5…54, 54…103, 103…152 ms) and the stall's 152…201 ms.
		checkQuantiles(t, res.Latency, map[float64]time.Duration{
			79.6:  time.Millisecond,
			90.05: 103 * time.Millisecond, // the 901st: request 399, due at 399 ms, answered at 502
			95.05: 152 * time.Millisecond, // the 951st: request 350, which waited 151 ms for a slot
			100:   201 * time.Millisecond,
		})
	})
}

// Requests still waiting for a slot when the duration ends are dropped,
// not sent late; the run still waits for the ones in flight.
func TestOpenLoopDropsWhatCannotStartInTime(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := script{start: time.Now(), service: time.Millisecond, stallFrom: 900 * time.Millisecond, stallTo: 1500 * time.Millisecond}
		res, err := OpenLoop{Rate: 1000, Duration: time.Second, MaxInFlight: 10}.Run(s.op)
		if err != nil {
			t.Fatal(err)
		}
		// 900 before the stall, 10 into it, 90 never started.
		if res.OK != 910 || res.Dropped != 90 || res.Due != 1000 {
			t.Fatalf("ok %d dropped %d due %d, want 910 90 1000", res.OK, res.Dropped, res.Due)
		}
		if res.Elapsed != 1501*time.Millisecond {
			t.Errorf("elapsed %v, want 1.501s (the stalled requests end after the duration)", res.Elapsed)
		}
		checkQuantiles(t, res.Latency, map[float64]time.Duration{100: 601 * time.Millisecond})
	})
}

// Failures are counted by class and never timed.
func TestFailuresAreCountedNotTimed(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		i := 0
		errs := []error{
			nil,
			fmt.Errorf("dial: %w", syscall.ECONNREFUSED),
			fmt.Errorf("dial: %w", syscall.EADDRNOTAVAIL),
			PoolFull(errors.New("no free connections")),
			fmt.Errorf("get: %w", PoolFull(errors.New("no free connections"))),
			fmt.Errorf("read: %w", os.ErrDeadlineExceeded),
			timeoutError{}, // a Timeout method, as fasthttp.ErrTimeout has
			BadAnswer(errors.New("status 500")),
			errors.New("connection reset"),
		}
		op := func() error { // the open loop's sender calls ops in order, one at a time here
			err := errs[i%len(errs)]
			i++
			time.Sleep(time.Millisecond)
			return err
		}
		res, err := ClosedLoop{InFlight: 1, Duration: 9 * time.Millisecond}.Run(op)
		if err != nil {
			t.Fatal(err)
		}
		want := Counts{Refused: 1, PortExhaust: 1, Pool: 2, Timeout: 2, Answer: 1, Other: 1}
		if res.OK != 1 || res.Failed != want {
			t.Errorf("ok %d failed %v, want 1 %v", res.OK, res.Failed, want)
		}
		if res.Latency.TotalCount() != 1 {
			t.Errorf("%d latencies recorded, want 1 (only the success)", res.Latency.TotalCount())
		}
		// The first error of each class is kept to show.
		wantEx := map[Class]error{Refused: errs[1], PortExhaust: errs[2], Pool: errs[3], Timeout: errs[5], Answer: errs[7], Other: errs[8]}
		for _, c := range Classes() {
			if res.Examples[c] != wantEx[c] {
				t.Errorf("example of %s: %v, want %v", c, res.Examples[c], wantEx[c])
			}
		}
	})
}

// timeoutError is an error whose Timeout method says so, not a net.Error.
type timeoutError struct{}

func (timeoutError) Error() string { return "timeout" }
func (timeoutError) Timeout() bool { return true }

func TestClosedLoopStopsAtItsCap(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		op := func() error { time.Sleep(time.Millisecond); return nil }
		res, err := ClosedLoop{InFlight: 4, Duration: 100 * time.Millisecond}.Run(op)
		if err != nil {
			t.Fatal(err)
		}
		if res.OK != 400 || res.Delivered() != 4000 {
			t.Errorf("ok %d delivered %v, want 400 and 4000 req/s", res.OK, res.Delivered())
		}
		res, err = ClosedLoop{InFlight: 4, Duration: 100 * time.Millisecond, MaxRequests: 10}.Run(op)
		if err != nil {
			t.Fatal(err)
		}
		if res.OK != 10 || res.Due != 10 {
			t.Errorf("ok %d due %d with a cap of 10", res.OK, res.Due)
		}
		// The cap stopped the run at 3 ms (4, 4, then 2 requests of 1 ms):
		// its rate is over those 3 ms, not over the 100 ms it did not run.
		if res.Elapsed != 3*time.Millisecond {
			t.Errorf("elapsed %v with a cap of 10, want 3ms (delivered %v req/s)", res.Elapsed, res.Delivered())
		}
	})
}

func TestBadSchedulesAreRefused(t *testing.T) {
	op := func() error { return nil }
	for _, o := range []OpenLoop{
		{Rate: 0, Duration: time.Second, MaxInFlight: 1},
		{Rate: 10, Duration: 0, MaxInFlight: 1},
		{Rate: 10, Duration: time.Second, MaxInFlight: 0},
		{Rate: 1, Duration: time.Millisecond, MaxInFlight: 1},
	} {
		if _, err := o.Run(op); err == nil {
			t.Errorf("%+v ran", o)
		}
	}
	if _, err := (ClosedLoop{InFlight: 0, Duration: time.Second}).Run(op); err == nil {
		t.Error("a closed loop with nothing in flight ran")
	}
}

// The ticker on a fake clock is never late; the probe reports its ticks.
func TestProbeTicks(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := StartProbe()
		time.Sleep(100*time.Millisecond + time.Microsecond)
		r := p.Stop()
		if r.TickLate.TotalCount() != 10 || r.TickLate.Max() >= int64(time.Microsecond) {
			t.Errorf("%d ticks, max lateness %d ns; want 10, none late (below the histogram's 1 µs)", r.TickLate.TotalCount(), r.TickLate.Max())
		}
	})
}

func TestHistQuantile(t *testing.T) {
	buckets := []float64{math.Inf(-1), 0.001, 0.002, 0.004, math.Inf(1)}
	before := &metrics.Float64Histogram{Buckets: buckets, Counts: []uint64{5, 5, 5, 5}}
	for _, c := range []struct {
		counts []uint64
		want   time.Duration
	}{
		{[]uint64{5, 5, 5, 5}, 0},                      // nothing new
		{[]uint64{5, 105, 5, 5}, 2 * time.Millisecond}, // all in [1 ms, 2 ms): the upper edge
		{[]uint64{105, 5, 5, 5}, 1 * time.Millisecond}, // all below 1 ms
		{[]uint64{5, 5, 104, 6}, 4 * time.Millisecond}, // 1 of 100 above 4 ms: the 99th is in [2 ms, 4 ms)
		{[]uint64{5, 103, 5, 7}, 4 * time.Millisecond}, // 2 of 100 above 4 ms: the 99th among them, the lower edge as the top is +Inf
		{[]uint64{5, 5, 5, 105}, 4 * time.Millisecond}, // all above 4 ms
	} {
		after := &metrics.Float64Histogram{Buckets: buckets, Counts: c.counts}
		if got := histQuantile(before, after, 0.99); got != c.want {
			t.Errorf("counts %v: p99 %v, want %v", c.counts, got, c.want)
		}
	}
}

// A sender that falls behind past the end (its thread descheduled, or
// requests that fail so fast that slots never run out) drops what it has
// not started by the end, as the slot wait does: the run stays within its
// duration and no request goes out after it.
func TestOpenLoopLateSenderDropsAfterTheEnd(t *testing.T) {
	saved := newSleeper
	defer func() { newSleeper = saved }()
	newSleeper = func() (func(time.Duration), func()) {
		stalled := false
		return func(d time.Duration) {
			if !stalled { // the first sleep overshoots by two durations
				stalled = true
				d += 2 * time.Second
			}
			time.Sleep(d)
		}, func() {}
	}
	synctest.Test(t, func(t *testing.T) {
		start := time.Now()
		res, err := OpenLoop{Rate: 1000, Duration: time.Second, MaxInFlight: 10000}.Run(func() error { return nil })
		if err != nil {
			t.Fatal(err)
		}
		// Request 0 is due at the start; the sender wakes for request 1
		// at 2.001 s, after the end: 999 dropped.
		if res.OK != 1 || res.Dropped != 999 || res.Due != 1000 {
			t.Errorf("ok %d dropped %d due %d, want 1 999 1000", res.OK, res.Dropped, res.Due)
		}
		if took := time.Since(start); took > 2*time.Second+2*time.Millisecond {
			t.Errorf("run took %v", took)
		}
	})
}

// The schedule's arithmetic does not overflow at rates × durations beyond
// int64 nanoseconds (40M req/s for 10 minutes: 2.4e19).
func TestScheduleArithmeticDoesNotOverflow(t *testing.T) {
	o := OpenLoop{Rate: 40_000_000, Duration: 10 * time.Minute, MaxInFlight: 1}
	if got, want := o.due(), int64(24_000_000_000); got != want {
		t.Errorf("due %d, want %d", got, want)
	}
	if got, want := o.dueAt(o.due()-1), 10*time.Minute-25*time.Nanosecond; got != want {
		t.Errorf("last request due at %v, want %v", got, want)
	}
	if err := (OpenLoop{Rate: 20_000_000, Duration: 10 * time.Minute, MaxInFlight: 1}).Validate(); err != nil {
		t.Errorf("20M req/s for 10m refused: %v", err)
	}
	// At the highest rate, one request per nanosecond, the longest schedule
	// holds a request per nanosecond of it, to the last.
	o = OpenLoop{Rate: 1_000_000_000, Duration: math.MaxInt64, MaxInFlight: 1}
	if err := o.Validate(); err != nil {
		t.Errorf("1e9 req/s for %v refused: %v", o.Duration, err)
	}
	if got, want := o.due(), int64(math.MaxInt64); got != want {
		t.Errorf("1e9 req/s for %v: due %d, want %d", o.Duration, got, want)
	}
	if got, want := o.dueAt(o.due()-1), time.Duration(math.MaxInt64-1); got != want {
		t.Errorf("1e9 req/s for %v: last request due at %d, want %d", o.Duration, got, want)
	}
	// Just below it, with a duration that is not whole seconds.
	o = OpenLoop{Rate: 999_999_999, Duration: math.MaxInt64, MaxInFlight: 1}
	if got, want := o.due(), int64(9_223_372_027_631_403_770); got != want {
		t.Errorf("999999999 req/s for %v: due %d, want %d", o.Duration, got, want)
	}
	if got, want := o.dueAt(o.due()-1), time.Duration(math.MaxInt64-2); got != want {
		t.Errorf("999999999 req/s for %v: last request due at %d, want %d", o.Duration, got, want)
	}
	// Above it the interval is below a nanosecond, and due would overflow
	// (1e10 req/s for 999 ms: 9.99e18 before dividing): refused for that.
	for _, o := range []OpenLoop{
		{Rate: 1_000_000_001, Duration: time.Second, MaxInFlight: 1},
		{Rate: 10_000_000_000, Duration: 999 * time.Millisecond, MaxInFlight: 1},
		{Rate: math.MaxInt64, Duration: time.Second, MaxInFlight: 1},
	} {
		if err := o.Validate(); err == nil || !strings.Contains(err.Error(), "at most 1000000000") {
			t.Errorf("rate %d for %v: %v; want refused as above one request per nanosecond", o.Rate, o.Duration, err)
		}
	}
	// The small cases keep their exact values.
	o = OpenLoop{Rate: 3, Duration: 1500 * time.Millisecond}
	if o.due() != 4 || o.dueAt(1) != 333333333 || o.dueAt(4) != 1333333333 {
		t.Errorf("rate 3 for 1.5s: due %d, dueAt(1) %d, dueAt(4) %d", o.due(), o.dueAt(1), o.dueAt(4))
	}
}
