package httpclientbench_test

import (
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/internal/benchtest"
	"github.com/httpclientbench/httpclientbench/internal/results"
)

// benchFamily runs every variant × client of f. Each leaf validates two
// warm-up ops fully, then times ops in b.Loop; any failed op fails the
// benchmark.
//
// The family's net= rows (netRows) and server=process rows (processRows)
// run only when the -bench pattern names them (see optIns); otherwise the
// run says once that it left them out.
func benchFamily(b *testing.B, f family) {
	s := defaultServers(b, f)
	vs := slices.Concat(f.variants, selectedOptIns(f))
	runVariants(b, vs, 0, func(b *testing.B, v variant, cf clients.Factory) {
		t := s.target(b, v)
		if v.process {
			pinClient(b)
		}
		benchOp(b, v.bytes, v.op(benchtest.NewClient(b, cf, netConfig(v, t)), t))
		if v.clientTimeWait && v.net == nil {
			checkPortBudget(b, b.N)
		}
	})
}

// benchOp is the timed loop every leaf shares: two fully checked warm-up
// ops (status, protocol, every byte), then b.Loop with the op's in-loop
// check; the first failed op fails the benchmark, so a wrong answer is never
// counted as a fast one.
func benchOp(b *testing.B, bytes int64, o op) {
	b.Helper()
	// Two warm-up ops: the second is the first to get a previous result
	// back to fill (buf=reused), fully poisoned, so a client that does not
	// overwrite all of it fails here.
	for i := range 2 {
		if err := o(true); err != nil {
			b.Fatalf("warm-up op %d: %v", i+1, err)
		}
	}
	b.ReportAllocs()
	if bytes > 0 {
		b.SetBytes(bytes)
	}
	cpu := processCPU(b)
	for b.Loop() {
		if err := o(false); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, cpu)
}

// cpuUnit is the benchmark process's CPU time per op, user and system, over
// the timed loop: with the server in process the client's and the
// server's, with the server in its own process (server=process) the
// client's alone. Lower is better (TestMain writes its Unit line).
const cpuUnit = results.CPUUnit

// processCPU is the CPU time this process has used so far, all threads.
func processCPU(tb testing.TB) time.Duration {
	tb.Helper()
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		tb.Fatalf("getrusage: %v", err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU reports the CPU time per op since start, as cpuUnit.
func reportCPU(b *testing.B, start time.Duration) {
	b.Helper()
	b.ReportMetric(float64(processCPU(b)-start)/float64(b.N), cpuUnit)
}

// BenchmarkH1GetBytes: one op is a GET of the 30-byte JSON body, read whole
// as bytes, over a kept-alive HTTP/1.1 connection: into a new slice
// (buf=fresh) or into the caller's buffer kept across ops (buf=reused).
func BenchmarkH1GetBytes(b *testing.B) { benchFamily(b, h1GetBytes) }

// BenchmarkH1GetText: BenchmarkH1GetBytes, with the body read as a string.
func BenchmarkH1GetText(b *testing.B) { benchFamily(b, h1GetText) }

// BenchmarkJSON: one op is a GET of the JSON body decoded into a struct, each
// client its own way (resty through SetResult).
func BenchmarkJSON(b *testing.B) { benchFamily(b, jsonFamily) }

// BenchmarkH1Post4KiB: one op is a POST of 4 KiB to /echo and the echo read
// back whole, under each buffer rule (buf=).
func BenchmarkH1Post4KiB(b *testing.B) { benchFamily(b, h1Post4KiB) }

// BenchmarkH1Download: one op is a GET of 64 KiB or 1 MiB, read whole,
// under each buffer rule (buf=).
func BenchmarkH1Download(b *testing.B) { benchFamily(b, h1Download) }

// BenchmarkH1Concurrent: one op is n GETs of the JSON body started together
// on one client and all awaited.
func BenchmarkH1Concurrent(b *testing.B) { benchFamily(b, h1Concurrent) }

// BenchmarkH2Get: one op is a GET of the JSON body over h2c, tuned windows on
// both ends, read into a new slice.
func BenchmarkH2Get(b *testing.B) { benchFamily(b, h2Get) }

// BenchmarkH2Download: one op is a GET of 64 KiB or 1 MiB over h2c, read
// whole under each buffer rule (buf=), with each window preset on both ends
// (the client's receive windows are the ones that matter here).
func BenchmarkH2Download(b *testing.B) { benchFamily(b, h2Download) }

// BenchmarkH2Upload: one op is a POST of 1 MiB over h2c and the echo read
// back whole, with each window preset on both ends (the server's receive
// windows bound the upload).
func BenchmarkH2Upload(b *testing.B) { benchFamily(b, h2Upload) }

// BenchmarkH2Concurrent: one op is 10 GETs of the JSON body multiplexed over
// one h2c connection (tuned windows), all awaited.
func BenchmarkH2Concurrent(b *testing.B) { benchFamily(b, h2Concurrent) }

// BenchmarkH2Post4KiB: one op is a POST of 4 KiB over h2c (tuned windows)
// and the echo read back into a new slice.
func BenchmarkH2Post4KiB(b *testing.B) { benchFamily(b, h2Post4KiB) }

// BenchmarkPool: one op is a GET of the JSON body on a kept-alive connection
// (conn=pooled) or on a new one (conn=fresh: a new TCP connection, and for
// proto=h2 a new HTTP/2 connection with default windows, per request).
func BenchmarkPool(b *testing.B) { benchFamily(b, pool) }

// BenchmarkSSE: one op is a GET of 100 server-sent events, parsed with
// github.com/tmaxmax/go-sse and counted.
func BenchmarkSSE(b *testing.B) { benchFamily(b, sseFamily) }

// BenchmarkMultipart: one op is a multipart/form-data POST (two text fields,
// or a text field and a 1 MiB file) and the server's summary read back.
func BenchmarkMultipart(b *testing.B) { benchFamily(b, multipartFamily) }

// BenchmarkUpload: one op sends 1 MiB to /echo and reads the echo: a byte
// slice with its Content-Length (length=known, aioduct's upload row) or an
// io.Reader of unknown length, sent chunked (length=unknown).
func BenchmarkUpload(b *testing.B) { benchFamily(b, uploadFamily) }

// BenchmarkRangeDownload: one op is a HEAD and then 1, 4 or 8 range GETs in
// parallel, assembled into one 1 MiB buffer. The single-GET baseline is
// BenchmarkH1Download/size=1MiB.
func BenchmarkRangeDownload(b *testing.B) { benchFamily(b, rangeDownload) }

// BenchmarkBodyStream: one op GETs 64 KiB and reads it through a fixed
// 16 KiB buffer as it arrives (read=frames), or whole with the client's
// usual API (read=collect).
func BenchmarkBodyStream(b *testing.B) { benchFamily(b, bodyStream) }

// BenchmarkTLSGet: one op is a GET of the JSON body over a kept-alive TLS
// 1.3 connection, read into a new slice: HTTP/1.1 (proto=h1: fasthttp, and
// the net/http-based clients offering only http/1.1 by ALPN), HTTP/2 by
// ALPN (proto=h2) or HTTP/3 over QUIC (proto=h3, the http3 client).
func BenchmarkTLSGet(b *testing.B) { benchFamily(b, tlsGet) }

// BenchmarkTLSDownload: one op is a GET of 1 MiB over TLS, read whole
// under each buffer rule (buf=), for each protocol as in BenchmarkTLSGet.
func BenchmarkTLSDownload(b *testing.B) { benchFamily(b, tlsDownload) }

// BenchmarkTLSConcurrent: one op is 50 GETs of the JSON body over TLS
// started together on one client and all awaited, for each protocol as in
// BenchmarkTLSGet.
func BenchmarkTLSConcurrent(b *testing.B) { benchFamily(b, tlsConcurrent) }

// BenchmarkTLSHandshake: one op is a GET of the JSON body on a new TLS 1.3
// connection (keep-alive off; for proto=h3 a new QUIC connection), so it
// pays a full handshake (resume=off) or a resumed one from the client's
// session cache (resume=on); the server's handshake count checks which on
// every op. Protocols and clients as in BenchmarkTLSGet.
func BenchmarkTLSHandshake(b *testing.B) { benchFamily(b, tlsHandshake) }
