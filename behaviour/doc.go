// Package behaviour is what each HTTP client library does with its own
// defaults when the server does something other than a quick 200 (a 404,
// redirects, gzip, retries, cookies, a cut body, a 1xx, ...), observed
// against the fixture server's behaviour routes.
//
// Its test, TestBehaviour, observes every row with every column's library
// and compares each observation with the table: the rows in rows.go, each
// client's column in its folder (clients/NAME/behaviour.go). It records
// the table in docs/behaviour.json (`go test ./behaviour -run
// TestBehaviour -update`; without -update it fails when the file is not
// the table), which cmd/benchreport renders to docs/behaviour.md and to
// docs/clients.md's behaviour block (behaviour/matrix; `go generate
// ./...`).
//
// Column runs the same rows against a client of your own built on an
// *http.Client, beside net/http's default client, and prints your column
// with the lines that make it behave like net/http where it does not:
//
//	func TestBehaviour(t *testing.T) {
//		behaviour.Column(t, behaviour.Brought{Name: "mine", New: newMine})
//	}
package behaviour
