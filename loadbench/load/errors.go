package load

import (
	"context"
	"errors"
	"os"
	"syscall"
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
	// the request at once instead of queueing it (fasthttp's, hertz's and
	// raw's ErrNoFreeConns): an error the op marked with PoolFull.
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

// poolError marks a request the client refused at its connection limit.
type poolError struct{ err error }

func (e poolError) Error() string { return e.err.Error() }
func (e poolError) Unwrap() error { return e.err }

// PoolFull marks err as the client's refusal at its own connection limit
// (class Pool). Which errors those are is the client library's business:
// the op knows its library, this package imports none.
func PoolFull(err error) error { return poolError{err} }

// timedOutError marks a client's timeout whose error says nothing of it.
type timedOutError struct{ err error }

func (e timedOutError) Error() string { return e.err.Error() }
func (e timedOutError) Unwrap() error { return e.err }
func (e timedOutError) Timeout() bool { return true }

// TimedOut marks err as the client's timeout (class Timeout), for a
// library whose timeout error is neither a deadline error nor has a
// Timeout method (hertz's errors.ErrTimeout); as for PoolFull, the op
// knows its library.
func TimedOut(err error) error { return timedOutError{err} }

// Classify tells which class err belongs to. It relies on the adapters
// keeping the cause in the error chain (clients tests check they do).
func Classify(err error) Class {
	var ae answerError
	var pe poolError
	var te interface{ Timeout() bool } // net.Error's, and fasthttp.ErrTimeout's
	switch {
	case errors.As(err, &ae):
		return Answer
	case errors.Is(err, syscall.ECONNREFUSED):
		return Refused
	case errors.Is(err, syscall.EADDRNOTAVAIL):
		return PortExhaust
	case errors.As(err, &pe):
		return Pool
	case errors.Is(err, os.ErrDeadlineExceeded), errors.Is(err, context.DeadlineExceeded),
		errors.As(err, &te) && te.Timeout():
		return Timeout
	}
	return Other
}
