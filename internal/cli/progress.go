// Progress shows how far a run of rounds is, on stderr: a bar with
// the round, what runs and the time left when stderr is a terminal, one
// line per round otherwise (so a log stays readable).

package cli

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/mattn/go-isatty"
	"github.com/schollz/progressbar/v3"
)

// Progress counts runs done out of a known total.
type Progress struct {
	w           io.Writer
	tool        string
	bar         *progressbar.ProgressBar // nil when w is not a terminal
	rounds, all int
	done, round int
	start       time.Time
}

// NewProgress returns a Progress for runs runs in rounds rounds, written to w;
// tool prefixes the per-round lines.
func NewProgress(w io.Writer, tool string, rounds, runs int) *Progress {
	p := &Progress{w: w, tool: tool, rounds: rounds, all: runs, round: -1, start: time.Now()}
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

// Begin is called before each run; round counts from 0.
func (p *Progress) Begin(round int, what string) {
	if p.bar != nil {
		p.bar.Describe(fmt.Sprintf("round %d/%d %s", round+1, p.rounds, what))
		return
	}
	if round != p.round {
		p.round = round
		left := ""
		if p.done > 0 {
			elapsed := time.Since(p.start)
			eta := elapsed * time.Duration(p.all-p.done) / time.Duration(p.done)
			left = fmt.Sprintf(", %s so far, about %s left", elapsed.Round(time.Second), eta.Round(time.Second))
		}
		fmt.Fprintf(p.w, "%s: round %d/%d (%d of %d runs done%s)\n", p.tool, round+1, p.rounds, p.done, p.all, left)
	}
}

// End is called after each run.
func (p *Progress) End() {
	p.done++
	if p.bar != nil {
		p.bar.Add(1)
	}
}
