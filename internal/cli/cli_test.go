package cli

import (
	"errors"
	"flag"
	"io"
	"testing"
)

func TestParse(t *testing.T) {
	newFS := func() *flag.FlagSet {
		fs := flag.NewFlagSet("x", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		fs.Int("n", 1, "")
		return fs
	}
	if err := Parse(newFS(), []string{"-n", "2"}); err != nil {
		t.Errorf("good flags: %v", err)
	}
	if err := Parse(newFS(), []string{"-h"}); !errors.Is(err, flag.ErrHelp) {
		t.Errorf("-h: %v, want flag.ErrHelp", err)
	}
	var usage UsageError
	for _, args := range [][]string{{"-n", "x"}, {"-nope"}} {
		if err := Parse(newFS(), args); !errors.As(err, &usage) {
			t.Errorf("%q: %v, want a UsageError", args, err)
		}
	}
	if err := Usagef("-n %d", 0); !errors.As(err, &usage) || err.Error() != "-n 0" {
		t.Errorf("Usagef: %v", err)
	}
}
