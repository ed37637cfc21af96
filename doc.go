// Package httpclientbench runs the benchmark suite: its _test.go files
// hold a Benchmark function for each family of package suite, and this
// file holds nothing but the go:generate lines that rewrite every
// generated page and block of README.md and docs/ from the committed
// results, without running a benchmark or building a client library:
//
//	go generate ./...
//
// cmd/benchreport writes docs/REPORT.md, docs/charts/, the result tables of
// docs/results.md and the run's description on README.md from
// docs/results.txt; with -load the load reports under docs/load/ and
// docs/load.md's tables from each docs/load/NAME/results.txt; with
// -coldstart docs/coldstart.md's table from docs/coldstart.txt; with
// -behaviour docs/behaviour.md and docs/clients.md's summary from the matrix
// TestBehaviour records in docs/behaviour.json; from docs/network.txt and
// docs/network-lossy.txt (the net= rows: lan and wan, lossy),
// cmd/benchreport docs/network/ and docs/network-lossy/ (every family's
// table and chart), and with -net docs/network.md's tables and README.md's
// "On a real path" (with docs/results.txt as their loopback run). A test
// beside each fails when a committed page is not what its generator makes.
package httpclientbench

//go:generate go run ./cmd/benchreport -in docs/results.txt -shapes docs/shapes/cpus.txt,docs/shapes/cpus-more.txt -net docs/network.txt,docs/network-lossy.txt -out docs/ -readme README.md,docs/results.md,docs/clients.md,docs/network.md,docs/shapes.md
//go:generate go run ./cmd/benchreport -load docs/load/* -readme docs/load.md
//go:generate go run ./cmd/benchreport -load docs/shapes/load/* -readme docs/shapes.md
//go:generate go run ./cmd/benchreport -coldstart docs/coldstart.txt -readme docs/coldstart.md
//go:generate go run ./cmd/benchreport -behaviour docs/behaviour.json -readme docs/clients.md
//go:generate go run ./cmd/benchreport -in docs/network.txt -out docs/network/ -leaves ""
//go:generate go run ./cmd/benchreport -in docs/network-lossy.txt -out docs/network-lossy/ -leaves ""
