package load

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// newSleeper is how the open loop's sender sleeps: preciseSleeper, or
// time.Sleep in tests (a testing/synctest bubble's fake clock moves only
// for the time package's sleeps).
var newSleeper = preciseSleeper

// MaxRate is the highest rate an open loop takes: one request per
// nanosecond. The schedule is in nanoseconds (time.Duration), so above it
// the interval 1 s/Rate is below the schedule's resolution; no sender comes
// near it anyway (starting a request, a goroutine, takes far longer than a
// nanosecond). Up to it the schedule's arithmetic cannot overflow, whatever
// the duration: see due and dueAt.
const MaxRate = int(time.Second / time.Nanosecond)

// OpenLoop is a steady rate: request i is due at start + i/Rate.
type OpenLoop struct {
	// Rate in requests per second, 1 to MaxRate.
	Rate int
	// Duration of the schedule: Rate × Duration requests are due.
	Duration time.Duration
	// MaxInFlight caps the requests running at once. A due request waits
	// for a slot (the wait counts in its latency); one still waiting when
	// the duration is over, or that the sender reaches only after it, is
	// dropped.
	MaxInFlight int
}

// Validate reports a schedule that cannot run.
func (o OpenLoop) Validate() error {
	switch {
	case o.Rate <= 0:
		return fmt.Errorf("rate %d: want at least 1 request per second", o.Rate)
	case o.Rate > MaxRate:
		return fmt.Errorf("rate %d: want at most %d, one request per nanosecond (the schedule's resolution)", o.Rate, MaxRate)
	case o.Duration <= 0:
		return fmt.Errorf("duration %v: want > 0", o.Duration)
	case o.MaxInFlight <= 0:
		return fmt.Errorf("max in flight %d: want > 0", o.MaxInFlight)
	case o.due() < 1:
		return fmt.Errorf("rate %d for %v schedules no request", o.Rate, o.Duration)
	}
	return nil
}

// due is the number of requests the schedule holds.
func (o OpenLoop) due() int64 {
	// Rate × Duration / 1 s, rounded down and split at whole seconds:
	// with Rate at most MaxRate (1e9), Rate × s is at most the duration's
	// whole seconds in nanoseconds, Rate × ns below 1e18 and Rate × ns / 1 s
	// at most ns, so no term and not the sum, at most the duration in
	// nanoseconds, can overflow. (The product itself can: 40M req/s × 10
	// minutes is 2.4e19 req·ns/s.)
	s, ns := o.Duration.Nanoseconds()/int64(time.Second), o.Duration.Nanoseconds()%int64(time.Second)
	return int64(o.Rate)*s + int64(o.Rate)*ns/int64(time.Second)
}

// dueAt is when request i (0 ≤ i < due) is due, relative to the start,
// without the rounding drift of adding a period i times.
func (o OpenLoop) dueAt(i int64) time.Duration {
	// i × 1 s / Rate, rounded down and split at whole multiples of Rate so
	// that i × 1 s, which can overflow, is never computed: i/r × 1 s is at
	// most the result, below the duration; i%r × 1 s is below Rate × 1 s,
	// at most 1e18 since Rate is at most MaxRate.
	r := int64(o.Rate)
	return time.Duration(i/r*int64(time.Second) + i%r*int64(time.Second)/r)
}

// Run runs op on the schedule, then waits for every started request to
// end (ops must be bounded by their client's timeout).
//
// One goroutine sends: it sleeps until the next request is due, starts
// every request due by then (each in its own goroutine), and so stays on
// schedule however long requests take. A request's latency is its end
// minus its due time, so it includes the sender's own lateness (about
// 0.1 ms on Linux, see preciseSleeper; the raw client's row shows what is
// left when the client costs almost nothing) and any wait for a slot.
func (o OpenLoop) Run(op Op) (Result, error) {
	if err := o.Validate(); err != nil {
		return Result{}, err
	}
	n := o.due()
	sleep, done := newSleeper()
	defer done()
	start := time.Now()
	end := start.Add(o.Duration)
	rec := newRecorder(start)
	slots := make(chan struct{}, o.MaxInFlight)
	var wg sync.WaitGroup
	var dropped int64
	var endTimer *time.Timer // created on the first wait for a slot
	for i := int64(0); i < n; i++ {
		due := start.Add(o.dueAt(i))
		now := time.Now() // once per request when behind schedule
		if d := due.Sub(now); d > 0 {
			sleep(d)
			now = time.Now()
		}
		// A sender behind schedule (its thread descheduled, or requests
		// failing faster than it can start them, so slots never run out)
		// must not send after the end either: what it has not started by
		// then is dropped, as below when no slot frees in time.
		if !now.Before(end) {
			dropped = n - i
			break
		}
		select {
		case slots <- struct{}{}:
		default:
			if endTimer == nil {
				endTimer = time.NewTimer(time.Until(end))
				defer endTimer.Stop()
			}
			select {
			case slots <- struct{}{}:
			case <-endTimer.C:
				dropped = n - i
			}
		}
		if dropped > 0 {
			break
		}
		wg.Add(1)
		go func(key int, due time.Time) {
			defer wg.Done()
			err := op()
			rec.record(key, due, time.Now(), err)
			<-slots
		}(int(i), due)
	}
	wg.Wait()
	res := rec.result(end)
	res.Due = n
	res.Dropped = dropped
	return res, nil
}

// ClosedLoop keeps InFlight requests running: each of InFlight workers
// sends its next request as soon as its last one ends.
type ClosedLoop struct {
	InFlight int
	// Duration after which no worker starts a request.
	Duration time.Duration
	// MaxRequests caps the requests started over the run (0: no cap).
	MaxRequests int64
}

// Validate reports a loop that cannot run.
func (c ClosedLoop) Validate() error {
	switch {
	case c.InFlight <= 0:
		return fmt.Errorf("in flight %d: want > 0", c.InFlight)
	case c.Duration <= 0:
		return fmt.Errorf("duration %v: want > 0", c.Duration)
	case c.MaxRequests < 0:
		return errors.New("max requests: want >= 0")
	}
	return nil
}

// Run runs op from InFlight workers released together, until the
// duration is over or MaxRequests have started, then waits for the
// requests in flight. A request's latency runs from its start: in a
// closed loop nothing is due before it is sent.
func (c ClosedLoop) Run(op Op) (Result, error) {
	if err := c.Validate(); err != nil {
		return Result{}, err
	}
	var (
		wg     sync.WaitGroup
		tokens atomic.Int64 // requests claimed, including refused claims
	)
	take := func() bool { // may a worker start another request?
		return c.MaxRequests == 0 || tokens.Add(1) <= c.MaxRequests
	}
	gun := make(chan struct{})
	start := time.Now()
	end := start.Add(c.Duration)
	rec := newRecorder(start)
	for w := range c.InFlight {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-gun
			for {
				t := time.Now()
				if !t.Before(end) || !take() {
					return
				}
				err := op()
				rec.record(w, t, time.Now(), err)
			}
		}()
	}
	close(gun)
	wg.Wait()
	// Elapsed runs to the last answer: when MaxRequests stops the run
	// before its duration, the rate is over the time it ran. (Without a
	// cap the last answer comes after the end anyway.)
	res := rec.result(start)
	res.Due = res.OK + res.Failed.Total()
	return res, nil
}
