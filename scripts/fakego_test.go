package scripts_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
)

// installGoShim puts a go first on the PATH of this process and of every
// script it runs, and returns its directory, to be removed after the run.
// It is the go that was on the PATH, except that `go build -o OUT
// ./cmd/NAME` run from this checkout's root (as scripts/bench-alert.sh and
// scripts/pr-bench-report.sh build cmd/benchdiff) copies one build of
// cmd/NAME per test run: the first such call builds it with the real go,
// the later ones copy that build instead of linking it again, which cost
// TestNightlyAlerts most of its time. The scripts' command lines are
// unchanged: any other go command, a build of anything else or from
// elsewhere, runs the real go, and a build that fails fails the same way.
func installGoShim() (dir string, err error) {
	real, err := exec.LookPath("go")
	if err != nil {
		return "", err
	}
	if real, err = filepath.Abs(real); err != nil {
		return "", err
	}
	root, err := filepath.Abs("..")
	if err == nil {
		root, err = filepath.EvalSymlinks(root) // as pwd -P prints it
	}
	if err != nil {
		return "", err
	}
	if dir, err = os.MkdirTemp("", "scripts-go-"); err != nil {
		return "", err
	}
	script := fmt.Sprintf(`#!/bin/sh
real=%s
if [ $# -eq 4 ] && [ "$1" = build ] && [ "$2" = -o ] && [ "$(pwd -P)" = %s ]; then
  case "$4" in
  ./cmd/*/*) ;;
  ./cmd/?*)
    bin=%s/"${4#./cmd/}"
    if [ ! -x "$bin" ]; then
      "$real" build -o "$bin.$$" "$4" && mv "$bin.$$" "$bin" || exit
    fi
    exec cp "$bin" "$3" ;;
  esac
fi
exec "$real" "$@"
`, strconv.Quote(real), strconv.Quote(root), strconv.Quote(filepath.Join(dir, "bin")))
	if err = os.Mkdir(filepath.Join(dir, "bin"), 0o755); err == nil {
		err = os.WriteFile(filepath.Join(dir, "go"), []byte(script), 0o755)
	}
	if err == nil {
		err = os.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	}
	if err != nil {
		os.RemoveAll(dir)
		return "", err
	}
	return dir, nil
}
