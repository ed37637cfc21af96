package load

import (
	"math"
	"runtime/metrics"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"
)

// TickPeriod is the period of the probe's ticker goroutine.
const TickPeriod = 10 * time.Millisecond

// Probe watches how the process's own goroutines fare while a client
// works: the Go scheduler's latency (runtime/metrics
// /sched/latencies:seconds, the time goroutines spent runnable before
// they ran) and the lateness of a goroutine that wants to run every
// TickPeriod — Go's counterpart of Node's event-loop delay — and how many
// GC cycles ran.
type Probe struct {
	samples []metrics.Sample
	sched0  *metrics.Float64Histogram
	gc0     uint64
	stop    chan struct{}
	done    chan *hdrhistogram.Histogram
}

// ProbeResult is what a Probe saw between Start and Stop.
type ProbeResult struct {
	// SchedP99 is the 99th percentile of scheduling latency: the upper
	// edge of the runtime histogram's bucket that holds it.
	SchedP99 time.Duration
	// TickLate is how late each tick ran, in nanoseconds.
	TickLate *hdrhistogram.Histogram
	// GCCycles is the number of GC cycles completed.
	GCCycles uint64
}

const (
	metricSched = "/sched/latencies:seconds"
	metricGC    = "/gc/cycles/total:gc-cycles"
)

// StartProbe starts watching.
func StartProbe() *Probe {
	p := &Probe{
		samples: []metrics.Sample{{Name: metricSched}, {Name: metricGC}},
		stop:    make(chan struct{}),
		done:    make(chan *hdrhistogram.Histogram, 1),
	}
	metrics.Read(p.samples)
	p.sched0 = copyHist(p.samples[0].Value.Float64Histogram())
	p.gc0 = p.samples[1].Value.Uint64()
	go p.tick()
	return p
}

// tick sleeps until each multiple of TickPeriod after its start and
// records how late it woke. A tick missed entirely is still due: when the
// goroutine runs again, every tick it missed counts its own lateness.
func (p *Probe) tick() {
	h := NewHistogram()
	start := time.Now()
	for i := int64(1); ; i++ {
		due := start.Add(time.Duration(i) * TickPeriod)
		t := time.NewTimer(time.Until(due))
		select {
		case <-p.stop:
			t.Stop()
			p.done <- h
			return
		case <-t.C:
		}
		late := time.Since(due).Nanoseconds()
		_ = h.RecordValue(max(late, 0)) // within bounds unless the process stopped for minutes
	}
}

// Stop ends the probe and reports.
func (p *Probe) Stop() ProbeResult {
	close(p.stop)
	tick := <-p.done
	metrics.Read(p.samples)
	sched := p.samples[0].Value.Float64Histogram()
	return ProbeResult{
		SchedP99: histQuantile(p.sched0, sched, 0.99),
		TickLate: tick,
		GCCycles: p.samples[1].Value.Uint64() - p.gc0,
	}
}

func copyHist(h *metrics.Float64Histogram) *metrics.Float64Histogram {
	return &metrics.Float64Histogram{
		Counts:  append([]uint64(nil), h.Counts...),
		Buckets: h.Buckets, // never modified by the runtime
	}
}

// histQuantile is the q quantile of the counts added between before and
// after (the same metric read twice): the upper edge of the bucket that
// holds it, or its lower edge when the upper one is +Inf. Zero when
// nothing was added.
func histQuantile(before, after *metrics.Float64Histogram, q float64) time.Duration {
	var total uint64
	delta := make([]uint64, len(after.Counts))
	for i := range after.Counts {
		delta[i] = after.Counts[i] - before.Counts[i]
		total += delta[i]
	}
	if total == 0 {
		return 0
	}
	rank := uint64(math.Ceil(q * float64(total)))
	var seen uint64
	for i, n := range delta {
		seen += n
		if seen >= rank {
			edge := after.Buckets[i+1]
			if math.IsInf(edge, 1) {
				edge = after.Buckets[i]
			}
			return time.Duration(edge * float64(time.Second))
		}
	}
	return 0 // unreachable: seen reaches total
}
