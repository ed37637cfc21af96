// Package cli is the edge the suite's commands (benchrun, loadbench,
// coldstart, benchreport) share: a mistake in the command line, which
// exits with status 2 and runs nothing; how run's error becomes the exit
// status; the stop on SIGINT or SIGTERM; child processes that die with the
// command; and where the results of a measuring command go, a table on a
// terminal (Output).
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// Main runs the command name: run with the command line, standard output
// and error and a context that ends at the first SIGINT or SIGTERM, then
// Exit with its result. On the signal run is to stop what it started,
// remove what it made and return; its error then says it was interrupted
// (a run that finished anyway succeeded). Further signals are ignored
// until run returns, so a second Ctrl-C does not cut the cleanup short.
func Main(name string, run func(ctx context.Context, args []string, stdout, stderr io.Writer) error) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	if err != nil && ctx.Err() != nil {
		err = fmt.Errorf("interrupted (%w)", err)
	}
	stop()
	Exit(name, err)
}

// A UsageError is a mistake in the command line or its arguments.
type UsageError struct{ Err error }

func (e UsageError) Error() string { return e.Err.Error() }
func (e UsageError) Unwrap() error { return e.Err }

// Usagef is a UsageError with a formatted message.
func Usagef(format string, args ...any) error {
	return UsageError{fmt.Errorf(format, args...)}
}

// Given is the set of the flags of fs that its command line set, by name
// (after fs.Parse).
func Given(fs *flag.FlagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return set
}

// Parse parses args with fs: -h is flag.ErrHelp as it is, any other
// mistake a UsageError.
func Parse(fs *flag.FlagSet, args []string) error {
	err := fs.Parse(args)
	if err == nil || errors.Is(err, flag.ErrHelp) {
		return err
	}
	return UsageError{err}
}

// Exit ends the process of command name with run's result err: status 0
// for none or -h (the usage is printed already), 2 for a UsageError, 1 for
// anything else; the error printed as "name: err", a usage error with a
// pointer to -h.
func Exit(name string, err error) {
	var usage UsageError
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		os.Exit(0)
	case errors.As(err, &usage):
		fmt.Fprintf(os.Stderr, "%s: %v\nrun %s -h for usage\n", name, err, name)
		os.Exit(2)
	default:
		fmt.Fprintf(os.Stderr, "%s: %v\n", name, err)
		os.Exit(1)
	}
}
