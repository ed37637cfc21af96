// Package suite is httpclientbench's benchmark suite: every family of rows
// (a Family: H1GetBytes, JSON, Pool, TLSHandshake, …), its levels and
// clients, the op each leaf times and the checks every op passes, and the
// servers the requests go to.
//
// A family runs as sub-benchmarks named level/…/client=NAME under its
// Benchmark function (the root package's BenchmarkH1GetBytes calls
// H1GetBytes.Bench), so a leaf reads
// BenchmarkH1GetBytes/buf=fresh/client=nethttp. Each leaf validates two
// warm-up ops in full (status, protocol, every byte), then times ops in
// b.Loop, each checked again; the first failed op fails the benchmark, so
// a wrong answer is never counted as a fast one. Every leaf reports
// allocations, bytes per op where a body moves, and the process's CPU time
// per op (CPUUnit).
//
// The rows over an emulated network path (net=lan|wan|lossy) and those
// with the fixture server in a process of its own (server=process) run
// only when the -bench pattern names their level (see LevelUnderFamilies).
package suite
