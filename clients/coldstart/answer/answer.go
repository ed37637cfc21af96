// Package answer is what cmd/coldstart's programs share besides their HTTP
// client: their one argument, the answer GET /json must give, and how they
// fail. It uses only what every program links anyway (fmt, os, strings),
// so it adds nothing a program's size would show.
package answer

import (
	"fmt"
	"os"
	"strings"
)

// Message is the body of GET /json: {"message":"hello","count":42}.
type Message struct {
	Message string `json:"message"`
	Count   int    `json:"count"`
}

// Program is one cold-start program, by the client name its messages start
// with.
type Program string

// URL is the program's one argument; anything else is a usage error.
func (p Program) URL() string { return p.Args("URL")[0] }

// Target is the program's URL and, for an https URL, the file of the one
// certificate (PEM) to trust: "URL" or "URL CERT.pem"; anything else is a
// usage error.
func (p Program) Target() (url, certFile string) {
	if len(os.Args) == 3 {
		return os.Args[1], os.Args[2]
	}
	return p.URL(), ""
}

// Proto fails unless the answer came over HTTP/want (got is its major
// version): each program knows what its library negotiates by default.
func (p Program) Proto(got, want int) {
	if got != want {
		p.Fail(fmt.Errorf("answered over HTTP/%d, want HTTP/%d", got, want))
	}
}

// Args are the program's arguments, one per name in usage; any other
// number is a usage error.
func (p Program) Args(usage ...string) []string {
	if len(os.Args) != len(usage)+1 {
		p.Fail(fmt.Errorf("usage: %s %s", os.Args[0], strings.Join(usage, " ")))
	}
	return os.Args[1:]
}

// Must fails on a non-nil err.
func (p Program) Must(err error) {
	if err != nil {
		p.Fail(err)
	}
}

// Status fails unless status is 200; text is how the client shows it.
func (p Program) Status(status int, text string) {
	if status != 200 {
		p.Fail(fmt.Errorf("status %s", text))
	}
}

// Check fails unless m is the answer of GET /json.
func (p Program) Check(m Message) {
	if m.Message != "hello" || m.Count != 42 {
		p.Fail(fmt.Errorf("wrong answer %+v", m))
	}
}

// Fail prints "client: err" on stderr and exits 1.
func (p Program) Fail(err error) {
	fmt.Fprintf(os.Stderr, "%s: %v\n", p, err)
	os.Exit(1)
}
