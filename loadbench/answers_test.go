package loadbench

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	hertzerrors "github.com/cloudwego/hertz/pkg/common/errors"
	"github.com/valyala/fasthttp"

	"github.com/httpclientbench/httpclientbench/clients/raw"
	"github.com/httpclientbench/httpclientbench/loadbench/load"
	"github.com/httpclientbench/httpclientbench/server"
)

// corrupting serves the fixture routes, but from the answer number from
// on (counting every answer of path) replaces old with new in the body.
func corrupting(t *testing.T, path string, from int64, old, new []byte) string {
	t.Helper()
	var n atomic.Int64
	srv, err := server.Start(server.WithHandler(func(ctx *fasthttp.RequestCtx) {
		server.Handler(ctx)
		if string(ctx.Path()) == path && n.Add(1) >= from {
			ctx.Response.SetBodyRaw(bytes.Replace(ctx.Response.Body(), old, new, 1))
		}
	}))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	return srv.URL()
}

// A wrong answer is never a fast request: every client's wrong answers
// after the first are errors of class answer, wherever the bytes differ
// (a value deep inside the 0.6 MB document, one byte in the middle of
// 8 MiB), and a wrong first answer stops the run.
func TestWrongAnswersAreErrors(t *testing.T) {
	// Not parallel, nor its bin8m runs: a run of 8 MiB answers beside
	// others (under -race, on 2 CPUs) saw timeouts where wrong answers were
	// due. The small payloads' runs, which wait far more than they work,
	// run together after it, but under -race.
	// The record holding the first "score": past the middle of the 0.6 MB
	// document, from its {"id": so that no earlier record matches.
	recs := server.JSON600KBody()
	mid := bytes.Index(recs[len(recs)/2:], []byte(`"score":`)) + len(recs)/2
	id := bytes.LastIndex(recs[:mid], []byte(`{"id":`))
	if first := bytes.Index(recs, recs[id:mid+12]); first != id || id < len(recs)/3 {
		t.Fatalf("the json600k record to corrupt is at byte %d, first matched at %d of %d", id, first, len(recs))
	}
	bin := server.Bytes(bin8mSize)
	for _, tc := range []struct {
		payload, path string
		old, new      []byte
	}{
		{"json", "/json", []byte(`hello`), []byte(`hellp`)},
		{"json600k", "/json600k", recs[id : mid+12], slices.Concat(recs[id:mid], []byte(`"score":9`), recs[mid+9:mid+12])},
		{"bin8m", "/bytes/8388608", bin[bin8mSize/2+1000 : bin8mSize/2+1016], bytes.Repeat([]byte{0}, 16)},
	} {
		together := !raceDetector && tc.payload != "bin8m"
		t.Run(tc.payload, func(t *testing.T) {
			if together {
				t.Parallel()
			}
			if bytes.Equal(tc.old, tc.new) {
				t.Fatal("the corruption changes nothing")
			}
			for _, client := range []string{"nethttp", "fasthttp", "raw"} {
				t.Run(client, func(t *testing.T) {
					if together {
						t.Parallel() // a server of its own, as the payload's
					}
					wrongAnswers(t, tc.path, tc.payload, client, tc.old, tc.new)
				})
			}
		})
	}
	url := corrupting(t, "/json", 1, []byte(`42`), []byte(`43`))
	var stderr bytes.Buffer
	err := run(context.Background(), []string{"-target", url, "-rate", "20", "-duration", "200ms", "-rounds", "1", "-clients", "resty"}, io.Discard, &stderr)
	if err == nil || !strings.Contains(stderr.String()+err.Error(), "first answer") {
		t.Errorf("a wrong first answer: %v (stderr %q), want the run to stop on it", err, stderr.String())
	}
}

// wrongAnswers runs client on path of a server whose answers from the
// third on have old replaced with new. 10 are due, 100 ms apart: answers
// 1 (the process's first check) and 2 are right, the 9 others wrong, but
// for any the sender did not reach before the end (a slow machine, -race)
// and dropped. The first wrong one is due 900 ms before the end: only a
// sender held off that long drops it, a liveness bound on a loop that
// sends every 100 ms.
func wrongAnswers(t *testing.T, path, payload, client string, old, new []byte) {
	t.Helper()
	url := corrupting(t, path, 3, old, new)
	p := parse(t, runLoadbench(t, "-target", url, "-payload", payload, "-rate", "10", "-duration", "1s", "-rounds", "1", "-clients", client))
	v := p.values[0]
	if p.iters[0] != 1 || v["errors-answer"] < 1 || v["errors-answer"]+v["dropped"] != 9 || v["errors"] != v["errors-answer"] {
		t.Errorf("%s: %d answered correctly, %v wrong answers, %v errors, %v dropped; want 1 right and 9 wrong or dropped, at least one wrong",
			p.names[0], p.iters[0], v["errors-answer"], v["errors"], v["dropped"])
	}
}

// TestPoolErrorsMarked: the clients' refusals at their connection limit
// count in the pool class and their timeouts in the timeout class, however
// wrapped (hertz's timeout has nothing else to tell it by); other errors
// keep their class.
func TestPoolErrorsMarked(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want load.Class
	}{
		{fmt.Errorf("get: %w", fasthttp.ErrNoFreeConns), load.Pool},
		{fmt.Errorf("get: %w", raw.ErrNoFreeConns), load.Pool},
		{fmt.Errorf("get: %w", hertzerrors.ErrNoFreeConns), load.Pool},
		{fasthttp.ErrTimeout, load.Timeout},
		{fmt.Errorf("get: %w", hertzerrors.ErrTimeout), load.Timeout},
		{errors.New("connection reset"), load.Other},
	} {
		err := markFailures(func() error { return tc.err })()
		if got := load.Classify(err); got != tc.want || !errors.Is(err, tc.err) {
			t.Errorf("%v: class %v (cause kept: %v), want %v", tc.err, got, errors.Is(err, tc.err), tc.want)
		}
	}
	if err := markFailures(func() error { return nil })(); err != nil {
		t.Errorf("a success became %v", err)
	}
}
