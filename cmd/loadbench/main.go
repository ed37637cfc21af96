// Command loadbench is the load mode with the suite's clients: package
// loadbench's Main (its documentation has the modes, flags and output).
//
//	go run ./cmd/loadbench -mode sweep -inflight 50,100,200,500
package main

import "github.com/httpclientbench/httpclientbench/loadbench"

func main() { loadbench.Main() }
