package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/mattn/go-isatty"
	"github.com/schollz/progressbar/v3"
)

// progress shows how far the run is on stderr: a bar with the round, the
// leaf and the time left when stderr is a terminal, one line per round
// otherwise (a log stays readable).
type progress struct {
	w           io.Writer
	bar         *progressbar.ProgressBar // nil when w is not a terminal
	rounds, all int
	done, round int
	start       time.Time
}

func newProgress(w io.Writer, rounds, runs int) *progress {
	p := &progress{w: w, rounds: rounds, all: runs, round: -1, start: time.Now()}
	if f, ok := w.(*os.File); ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())) {
		p.bar = progressbar.NewOptions(runs,
			progressbar.OptionSetWriter(w),
			progressbar.OptionShowCount(),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionSetElapsedTime(true),
			progressbar.OptionSetWidth(20),
			progressbar.OptionShowDescriptionAtLineEnd(),
			progressbar.OptionOnCompletion(func() { fmt.Fprintln(w) }),
		)
	}
	return p
}

// begin is called before each run.
func (p *progress) begin(r Run, what string) {
	if p.bar != nil {
		p.bar.Describe(fmt.Sprintf("round %d/%d %s", r.Round+1, p.rounds, what))
		return
	}
	if r.Round != p.round {
		p.round = r.Round
		left := ""
		if p.done > 0 {
			elapsed := time.Since(p.start)
			eta := elapsed * time.Duration(p.all-p.done) / time.Duration(p.done)
			left = fmt.Sprintf(", %s so far, about %s left", elapsed.Round(time.Second), eta.Round(time.Second))
		}
		fmt.Fprintf(p.w, "benchrun: round %d/%d (%d of %d runs done%s)\n", r.Round+1, p.rounds, p.done, p.all, left)
	}
}

// end is called after each run.
func (p *progress) end() {
	p.done++
	if p.bar != nil {
		p.bar.Add(1)
	}
}
