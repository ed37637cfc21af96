package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/httpclientbench/httpclientbench/internal/runinfo"
)

// units is the unit metadata written after the configuration lines, in
// benchfmt's syntax ("Unit UNIT key=value"): which way each of go test's
// units improves, and that the TCP floor's req-bytes and resp-bytes (the
// sizes of the exchange it reproduces) are exact counts with no better
// side: cmd/benchjson leaves units without better= out of the dashboard.
var units = []kv{
	{"ns/op", "better=lower"},
	{"B/op", "better=lower"},
	{"allocs/op", "better=lower"},
	{"MB/s", "better=higher"},
	{"req-bytes", "assume=exact"},
	{"resp-bytes", "assume=exact"},
}

// resultWriter writes benchfmt: configuration lines, unit lines and result
// lines. A configuration line is written whenever its value changes, so
// every result carries its own commit, goos, pkg... as benchfmt readers
// see them.
type resultWriter struct {
	w     *bufio.Writer
	cur   map[string]string
	width int // of the names' column
}

// newResultWriter returns a writer whose result lines align names up to
// width bytes long, as go test aligns them within one process.
func newResultWriter(w io.Writer, width int) *resultWriter {
	return &resultWriter{w: bufio.NewWriter(w), cur: map[string]string{}, width: width}
}

func (w *resultWriter) config(cfg []kv) {
	for _, c := range cfg {
		if v, ok := w.cur[c.key]; !ok || v != c.value {
			fmt.Fprintf(w.w, "%s: %s\n", c.key, c.value)
			w.cur[c.key] = c.value
		}
	}
}

// header writes the run's configuration, the first side's goos, goarch,
// pkg and cpu, and the unit metadata.
func (w *resultWriter) header(run, goTest []kv) {
	w.config(run)
	w.config(goTest)
	for _, u := range units {
		fmt.Fprintf(w.w, "Unit %s %s\n", u.key, u.value)
	}
}

// result writes one result line, preceded by the configuration lines that
// differ from the previous result's (in A/B runs, the commit).
func (w *resultWriter) result(commit string, r result) error {
	w.config(append([]kv{{"commit", commit}}, r.config...))
	line := r.line
	if name, rest, ok := strings.Cut(line, "\t"); ok {
		line = fmt.Sprintf("%-*s\t%s", w.width, strings.TrimRight(name, " "), rest)
	}
	fmt.Fprintln(w.w, line)
	return w.w.Flush() // a result is worth keeping as soon as it exists
}

// runConfig is the configuration the output starts with.
func runConfig(ctx context.Context, modRoot, commit string, opt *options, start time.Time) []kv {
	order := string(opt.order)
	if opt.order == Shuffle {
		order += fmt.Sprintf(" seed=%d", opt.seed)
	}
	goVersion, err := output(ctx, modRoot, "go", "env", "GOVERSION")
	if err != nil {
		goVersion = runtime.Version() + " (benchrun's; go env GOVERSION failed)"
	}
	return []kv{
		{"commit", commit},
		{"date", start.UTC().Format(time.RFC3339)},
		{"go", goVersion},
		{"machine", runinfo.Machine(ctx)},
		{"rounds", fmt.Sprint(opt.rounds)},
		{"benchtime", opt.benchtime},
		{"order", order},
	}
}

// outFile is where the results go: stdout, or a temporary file beside the
// -o file that replaces it only when the run succeeds.
type outFile struct {
	io.Writer
	tmp  *os.File // nil for stdout
	path string
}

func createOutput(path string, stdout io.Writer) (*outFile, error) {
	if path == "" {
		return &outFile{Writer: stdout}, nil
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return nil, usagef("-o: %v", err)
	}
	return &outFile{Writer: tmp, tmp: tmp, path: path}, nil
}

// commit moves the finished file into place.
func (o *outFile) commit() error {
	if o.tmp == nil {
		return nil
	}
	if err := o.tmp.Chmod(0o644); err != nil {
		return err
	}
	if err := o.tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(o.tmp.Name(), o.path); err != nil {
		return err
	}
	o.tmp = nil
	return nil
}

// discard removes the temporary file of a failed run; after commit it does
// nothing.
func (o *outFile) discard() {
	if o.tmp != nil {
		o.tmp.Close()
		os.Remove(o.tmp.Name())
	}
}
