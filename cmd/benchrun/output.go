package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/google/renameio/v2"
	"golang.org/x/perf/benchfmt"

	"github.com/httpclientbench/httpclientbench/internal/cli"
	"github.com/httpclientbench/httpclientbench/internal/results"
	"github.com/httpclientbench/httpclientbench/internal/runinfo"
)

// units is the unit metadata the output starts with (benchfmt's "Unit
// UNIT key=value" lines), declared once, in results.Units.
var units = results.Units()

// resultWriter writes benchfmt with benchfmt.Writer: the unit metadata,
// then the results, each with the run's configuration (commit, date, go,
// machine…; the commit the side it ran on) and the configuration its test
// binary printed (goos, goarch, pkg, cpu). benchfmt.Writer writes a
// configuration line before the first result and again whenever its value
// changes, so every result carries its own commit, goos, pkg... as
// benchfmt readers see them.
type resultWriter struct {
	w   *benchfmt.Writer
	run []kv
}

// newResultWriter writes the unit metadata to w and returns a writer of
// results with the run's configuration run.
func newResultWriter(w io.Writer, run []kv) (*resultWriter, error) {
	bw := benchfmt.NewWriter(w)
	for _, u := range units {
		if err := bw.Write(u); err != nil {
			return nil, err
		}
	}
	return &resultWriter{w: bw, run: run}, nil
}

// result writes one result, preceded by the configuration lines that
// differ from the previous result's (in A/B runs, the commit). Each
// result reaches w in one write: a result is worth keeping as soon as it
// exists.
func (w *resultWriter) result(commit string, r result) error {
	res := r.res.Clone()
	res.Config = nil
	for _, c := range w.run {
		if c.key == "commit" {
			c.value = commit
		}
		res.Config = append(res.Config, results.Config(c.key, c.value))
	}
	res.Config = append(res.Config, r.res.Config...)
	return w.w.Write(res)
}

// runConfig is the configuration the output starts with, first the
// configuration of the side that runs first.
func runConfig(ctx context.Context, modRoot string, first *side, opt *options, start time.Time) []kv {
	order := string(opt.order)
	if opt.order == Shuffle {
		order += fmt.Sprintf(" seed=%d", opt.seed)
	}
	goVersion := first.goVer
	if goVersion == "" {
		var err error
		if goVersion, err = output(ctx, modRoot, "go", "env", "GOVERSION"); err != nil {
			goVersion = runtime.Version() + " (benchrun's; go env GOVERSION failed)"
		}
	}
	config := []kv{
		{"commit", first.commit},
		{"date", start.UTC().Format(time.RFC3339)},
		{"go", goVersion},
		{"machine", runinfo.Machine(ctx)},
		{"rounds", fmt.Sprint(opt.rounds)},
		{"benchtime", opt.benchtime},
		{"order", order},
	}
	if len(opt.cpus) > 0 {
		// The shapes of the run; each result's -N suffix is its own.
		var ns []string
		for _, n := range opt.cpus {
			ns = append(ns, fmt.Sprint(n))
		}
		config = append(config, kv{"cpus", strings.Join(ns, ",")})
	}
	return config
}

// outFile is where the results go: stdout, or a pending file (renameio)
// beside the -o file that replaces it only when the run succeeds.
type outFile struct {
	io.Writer
	pending *renameio.PendingFile // nil for stdout
}

func createOutput(path string, stdout io.Writer) (*outFile, error) {
	if path == "" {
		return &outFile{Writer: stdout}, nil
	}
	// A run takes minutes to hours and moves the file into place at its
	// end: what would fail then must fail now.
	if err := cli.CheckFile(path); err != nil {
		return nil, usagef("-o: %v", err)
	}
	f, err := renameio.NewPendingFile(path, renameio.WithTempDir(filepath.Dir(path)), renameio.WithStaticPermissions(0o644))
	if err != nil {
		return nil, usagef("-o: %v", err)
	}
	return &outFile{Writer: f, pending: f}, nil
}

// commit moves the finished file into place.
func (o *outFile) commit() error {
	if o.pending == nil {
		return nil
	}
	return o.pending.CloseAtomicallyReplace()
}

// discard removes the pending file of a failed run; after commit it does
// nothing.
func (o *outFile) discard() {
	if o.pending != nil {
		o.pending.Cleanup()
	}
}
