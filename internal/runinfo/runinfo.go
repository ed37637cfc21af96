// Package runinfo describes where a run happened, for the configuration
// lines at the top of the suite's result files: the machine and the commit
// of the working tree.
package runinfo

import (
	"context"
	"debug/buildinfo"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"strings"
)

// Machine describes this machine as uname -sm does, with its CPU count
// and, where /proc/cpuinfo exists, its CPU model: "Linux x86_64, 2 CPUs,
// AMD EPYC".
func Machine(ctx context.Context) string {
	m := runtime.GOOS + " " + runtime.GOARCH
	if out, err := exec.CommandContext(ctx, "uname", "-sm").Output(); err == nil {
		m = strings.TrimSpace(string(out))
	}
	m += fmt.Sprintf(", %d CPUs", runtime.NumCPU())
	if info, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for line := range strings.Lines(string(info)) {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				m += ", " + strings.TrimSpace(v)
				break
			}
		}
	}
	return m
}

// Commit names the working tree in dir by its HEAD commit (12 hex digits),
// with -dirty appended when tracked files have changes (untracked files do
// not count). Outside git it names the commit this program was built from,
// if the build recorded one (go build in a git checkout does), or
// "unknown".
func Commit(ctx context.Context, dir string) string {
	out, err := exec.CommandContext(ctx, "git", "-C", dir, "rev-parse", "--short=12", "--verify", "--quiet", "HEAD").Output()
	if err != nil {
		return builtFrom()
	}
	commit := strings.TrimSpace(string(out))
	if err := exec.CommandContext(ctx, "git", "-C", dir, "diff", "--quiet", "HEAD", "--").Run(); err != nil {
		commit += "-dirty"
	}
	return commit
}

// Self names the commit of the running program: the one its build
// recorded (go build in a git checkout records it), else Commit's name
// for the working tree in dir. For a program whose own code is what it
// measures (loadbench's clients): a binary built elsewhere and run in
// another checkout is named by what it was built from.
//
// The name is the commit alone, as Commit's, so that benchstat groups a
// run of the built binary with one of go run at the same commit.
func Self(ctx context.Context, dir string) string {
	if info, ok := debug.ReadBuildInfo(); ok {
		if c := commitOf(info); c != "unknown" {
			return c
		}
	}
	return Commit(ctx, dir)
}

// builtFrom is the commit the running program was built from, as Commit
// names it, or "unknown".
func builtFrom() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	if c := commitOf(info); c != "unknown" {
		return c + " (built from)"
	}
	return "unknown"
}

// Binary is the commit and Go version the program at path was built with,
// as its build information records them (a test binary built with
// go test -c -buildvcs=true in a git checkout records its commit): the
// commit as Commit names it, or "unknown".
func Binary(path string) (commit, goVersion string, err error) {
	info, err := buildinfo.ReadFile(path)
	if err != nil {
		return "", "", err
	}
	return commitOf(info), info.GoVersion, nil
}

// commitOf is the commit info records, 12 hex digits with -dirty for a
// modified tree, or "unknown".
func commitOf(info *debug.BuildInfo) string {
	var rev, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	if rev == "" {
		return "unknown"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if modified == "true" {
		rev += "-dirty"
	}
	return rev
}
