package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/httpclientbench/httpclientbench/internal/runinfo"
)

// A side is one version of the package, built: the working tree, or one
// commit of an A/B run.
type side struct {
	name   string // "A", "B", or "" for the working tree
	commit string // the value of its commit: line
	hash   string // the full commit hash of an A/B side
	dir    string // the package's directory; its processes run there, as go test's
	bin    string // its test binary
	goVer  string // the Go version that built it, if known from the binary ("": go env GOVERSION)
	leaves []string
}

// workspace holds what a run creates outside the repository: a temporary
// directory for the binaries and the worktrees, removed by close.
type workspace struct {
	modRoot   string // the module's root directory
	pkgRel    string // the package's directory, relative to modRoot ("." for the root package)
	tmp       string
	gitTop    string   // the repository's top level, for A/B runs
	worktrees []string // to remove
}

// newWorkspace finds the module the current directory is in and, in it,
// pkg (as go test takes it: a directory or an import path), or the
// module's root package when pkg is "". With a test binary built already
// (bin), the current directory is the package's and Go is not needed.
func newWorkspace(ctx context.Context, pkg, bin string) (*workspace, error) {
	modRoot, rel, err := findPackage(ctx, pkg, bin)
	if err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "benchrun-")
	if err != nil {
		return nil, err
	}
	return &workspace{modRoot: modRoot, pkgRel: rel, tmp: tmp}, nil
}

// findPackage is the module's root directory and the package's directory
// relative to it.
func findPackage(ctx context.Context, pkg, bin string) (modRoot, rel string, err error) {
	if bin != "" {
		dir, err := os.Getwd()
		return dir, ".", err
	}
	gomod, err := output(ctx, "", "go", "env", "GOMOD")
	if err != nil {
		return "", "", err
	}
	if gomod == "" || gomod == os.DevNull {
		return "", "", usagef("not inside a Go module: run benchrun from the repository, or from the module whose -pkg it runs")
	}
	modRoot, rel = filepath.Dir(gomod), "."
	if pkg != "" {
		dir, err := output(ctx, "", "go", "list", "-f", "{{.Dir}}", pkg)
		if err != nil {
			return "", "", usagef("-pkg %s: %v", pkg, err)
		}
		if rel, err = relPath(modRoot, dir); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return "", "", usagef("-pkg %s: %s is not in the module of the current directory (%s)", pkg, dir, modRoot)
		}
	}
	return modRoot, rel, nil
}

// close removes the worktrees and the temporary directory. It does not use
// the run's context: it must also work after an interrupt.
func (w *workspace) close() {
	for _, wt := range w.worktrees {
		if out, err := exec.Command("git", "-C", w.gitTop, "worktree", "remove", "--force", wt).CombinedOutput(); err != nil {
			fmt.Fprintf(os.Stderr, "benchrun: removing worktree %s: %v: %s\n", wt, err, out)
		}
	}
	os.RemoveAll(w.tmp)
}

// workingTree is the side for a run without commits: the module as it is on
// disk, named by its HEAD commit, with -dirty appended when tracked files
// have changes (untracked files do not count), or "unknown" outside git.
func (w *workspace) workingTree(ctx context.Context) *side {
	return &side{commit: runinfo.Commit(ctx, w.modRoot), dir: filepath.Join(w.modRoot, w.pkgRel)}
}

// commits resolves refs to commits and checks each out in a temporary
// worktree. Unknown refs and a directory outside git are usage errors.
func (w *workspace) commits(ctx context.Context, refs []string) ([]*side, error) {
	top, err := output(ctx, w.modRoot, "git", "rev-parse", "--show-toplevel")
	if err != nil {
		return nil, usagef("commits given, but %s is not in a git repository", w.modRoot)
	}
	w.gitTop = top
	// Where the module sits in the repository, to find it in each worktree.
	rel, err := relPath(top, w.modRoot)
	if err != nil {
		return nil, err
	}
	var sides []*side
	hashes := map[string]bool{}
	for i, ref := range refs {
		hash, err := output(ctx, top, "git", "rev-parse", "--verify", "--quiet", "--end-of-options", ref+"^{commit}")
		if err != nil {
			return nil, usagef("%s: not a commit in %s", ref, top)
		}
		short, err := output(ctx, top, "git", "rev-parse", "--short=12", hash)
		if err != nil {
			return nil, err
		}
		s := &side{name: string(rune('A' + i)), commit: short, hash: hash}
		if hashes[hash] { // an A/A run: keep the two columns apart
			sides[0].commit += " (A)"
			s.commit += " (B)"
		}
		hashes[hash] = true
		sides = append(sides, s)
	}
	for _, s := range sides {
		wt := filepath.Join(w.tmp, "worktree-"+s.name)
		// Registered for removal before it exists: a half-made worktree
		// must go too.
		w.worktrees = append(w.worktrees, wt)
		if _, err := output(ctx, top, "git", "worktree", "add", "--detach", "--quiet", wt, s.hash); err != nil {
			return nil, err
		}
		s.dir = filepath.Join(wt, rel, w.pkgRel)
	}
	return sides, nil
}

// relPath is filepath.Rel after resolving symbolic links (git prints the
// resolved top level).
func relPath(base, target string) (string, error) {
	b, err := filepath.EvalSymlinks(base)
	if err != nil {
		return "", err
	}
	t, err := filepath.EvalSymlinks(target)
	if err != nil {
		return "", err
	}
	return filepath.Rel(b, t)
}

// build compiles the side's package into a test binary, once.
func (w *workspace) build(ctx context.Context, s *side) error {
	s.bin = filepath.Join(w.tmp, "root"+s.name+".test")
	if _, err := output(ctx, s.dir, "go", "test", "-c", "-o", s.bin, "."); err != nil {
		return fmt.Errorf("building %s: %w", s.describe(), err)
	}
	return nil
}

// prebuilt makes the side run bin, a test binary built already, named by
// the commit its build information records (or commit, if it records
// none) and the Go version that built it.
func (w *workspace) prebuilt(s *side, bin, commit string) error {
	abs, err := filepath.Abs(bin)
	if err != nil {
		return err
	}
	recorded, goVer, err := runinfo.Binary(abs)
	if err != nil {
		return usagef("-bin %s: %v", bin, err)
	}
	switch {
	case commit == "" && recorded == "unknown":
		return usagef("-bin %s records no commit (go test -c stamps some test binaries only, none built with -buildvcs=false): name it with -commit", bin)
	case commit == "":
		commit = recorded
	case recorded != "unknown" && recorded != commit:
		return usagef("-commit %s: %s records commit %s", commit, bin, recorded)
	}
	s.bin, s.commit, s.goVer = abs, commit, goVer
	return nil
}

// describe names the side in messages.
func (s *side) describe() string {
	if s.goVer != "" {
		return filepath.Base(s.bin) + " (" + s.commit + ")"
	}
	if s.name == "" {
		return "the working tree (" + s.commit + ")"
	}
	return s.name + " (" + s.commit + ")"
}

// output runs a command in dir and returns its standard output, trimmed. A
// failure is an error with the command and everything it printed.
func output(ctx context.Context, dir, name string, args ...string) (string, error) {
	cmd := command(ctx, dir, name, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("%s %s: %w%s", name, strings.Join(args, " "), err, indent(stdout.String()+stderr.String()))
	}
	return strings.TrimSpace(stdout.String()), nil
}

// command is exec.CommandContext in dir, interrupted (not killed) when ctx
// ends, so that go and the benchmarks can clean up.
func command(ctx context.Context, dir, name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = 10 * time.Second
	return cmd
}

// indent formats a command's output for an error message: on lines of its
// own after the message, or nothing if there is none.
func indent(out string) string {
	out = strings.TrimRight(out, "\n")
	if out == "" {
		return ""
	}
	return "\n\t" + strings.ReplaceAll(out, "\n", "\n\t")
}
