package suite_test

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/httpclientbench/httpclientbench/clients"
	"github.com/httpclientbench/httpclientbench/suite"
)

// The suite's leaves, as go test -bench names them under a family's
// Benchmark function: here the HTTP/1.1 small GET's rows of nethttp, in
// process and with the server in a process of its own (the
// server=process rows).
func ExampleLeaves() {
	for _, leaf := range suite.Leaves() {
		if strings.HasPrefix(leaf, "H1GetBytes/") && strings.HasSuffix(leaf, "/client=nethttp") {
			fmt.Println(leaf)
		}
	}
	// Output:
	// H1GetBytes/buf=fresh/client=nethttp
	// H1GetBytes/buf=reused/client=nethttp
	// H1GetBytes/server=process/buf=fresh/client=nethttp
	// H1GetBytes/server=process/buf=reused/client=nethttp
}

// Your own client on every row of the protocols it speaks, beside the
// suite's clients: a tuned net/http here, HTTP/1.1 in the clear and over
// TLS. In a _test.go file of your module:
//
//	func BenchmarkMine(b *testing.B) { suite.Benchmark(b, mine) }
//	func TestMine(t *testing.T)      { suite.Test(t, mine) }
//
// Test runs every row's ops a few times, fully checked; Benchmark times
// them (go test -bench=Mine).
func Example_ownClient() {
	mine := suite.Client{
		Factory: clients.TunedNetHTTP("mine", func(t *http.Transport) { t.MaxIdleConnsPerHost = 256 }),
		Speaks:  suite.H1 | suite.H1TLS,
	}
	fmt.Println(mine.Name)
	// Output:
	// mine
}
