// Package behaviour holds TestBehaviour: what each HTTP client library does
// with its own defaults when the server does something other than a quick
// 200 (a 404, redirects, gzip, retries, cookies, a cut body, a 1xx, ...),
// observed against the fixture server's behaviour routes and compared with
// the table in the test. The table is rendered to docs/behaviour.md and to
// docs/clients.md's behaviour block; `go test ./behaviour -run TestBehaviour
// -update` (or `go generate ./...`) rewrites both.
package behaviour
