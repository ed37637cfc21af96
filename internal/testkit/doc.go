// Package testkit is what the module's tests share beyond their servers:
// the goroutine leak check (go.uber.org/goleak, with the one list of
// goroutines that may outlive a test), the golden-file check with its
// line diff, and a copy of test data. It imports no client library and no
// package of this module, so the report tools' tests that use it do not
// link one (server/servertest does).
package testkit
