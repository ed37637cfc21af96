package load

import (
	"context"
	"errors"
	"net"
	"os"
	"syscall"

	"github.com/valyala/fasthttp"

	"github.com/httpclientbench/httpclientbench/clients"
)

// Class is a kind of failure.
type Class int

// The failure classes, in report order.
const (
	// Refused: the server refused the connection (ECONNREFUSED), e.g. its
	// accept queue was full or it was not running.
	Refused Class = iota
	// Timeout: the request hit the client's timeout (or a deadline).
	Timeout
	// PortExhaust: no local port was left to connect from (EADDRNOTAVAIL),
	// what a client that opens connections without bound meets.
	PortExhaust
	// Pool: the client's own connection limit was reached and it failed
	// the request at once instead of queueing it (fasthttp's
	// ErrNoFreeConns).
	Pool
	// Answer: a response came, but not the right one (status or body).
	Answer
	// Other: anything else (a reset connection, an EOF mid-body…).
	Other
	numClasses
)

// Counts counts failures by class.
type Counts [numClasses]int64

// Total is the number of failures of every class.
func (c Counts) Total() int64 {
	var n int64
	for _, v := range c {
		n += v
	}
	return n
}

var classNames = [numClasses]string{"refused", "timeout", "portexhaust", "pool", "answer", "other"}

// String is the class's name in units (errors-NAME) and tables.
func (c Class) String() string {
	if c < 0 || c >= numClasses {
		return "unknown"
	}
	return classNames[c]
}

// Classes lists every class in report order.
func Classes() []Class {
	cs := make([]Class, numClasses)
	for i := range cs {
		cs[i] = Class(i)
	}
	return cs
}

// answerError marks a wrong answer.
type answerError struct{ err error }

func (e answerError) Error() string { return "wrong answer: " + e.err.Error() }
func (e answerError) Unwrap() error { return e.err }

// BadAnswer marks err as a wrong answer (class Answer).
func BadAnswer(err error) error { return answerError{err} }

// Classify tells which class err belongs to. It relies on the adapters
// keeping the cause in the error chain (clients tests check they do).
func Classify(err error) Class {
	var ae answerError
	var ne net.Error
	switch {
	case errors.As(err, &ae):
		return Answer
	case errors.Is(err, syscall.ECONNREFUSED):
		return Refused
	case errors.Is(err, syscall.EADDRNOTAVAIL):
		return PortExhaust
	case errors.Is(err, fasthttp.ErrNoFreeConns), errors.Is(err, clients.ErrNoFreeConns):
		return Pool
	case errors.Is(err, os.ErrDeadlineExceeded), errors.Is(err, context.DeadlineExceeded),
		errors.Is(err, fasthttp.ErrTimeout), errors.As(err, &ne) && ne.Timeout():
		return Timeout
	}
	return Other
}
