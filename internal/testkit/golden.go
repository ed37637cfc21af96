// Golden files: what the report tools' tests share, a golden-file check,
// the line diff it prints, and a copy of test data.

package testkit

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Golden compares got with the golden file at path, rewriting the file
// with got first if update is set (the test package's -update flag), and
// fails tb with a line diff (Diff) of the two if they differ.
func Golden(tb testing.TB, path string, got []byte, update bool) {
	tb.Helper()
	if update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		tb.Errorf("output differs from %s (go test %s -update rewrites it):\n%s", path, packageDir(), Diff(string(want), string(got)))
	}
}

// packageDir is the directory of the test's package (go test runs a test
// in it) as go test is given it from the module's root: "./cmd/benchreport",
// or "." where no go.mod is found above it.
func packageDir() string {
	wd, err := os.Getwd()
	if err != nil {
		return "."
	}
	for root := wd; ; {
		if _, err := os.Stat(filepath.Join(root, "go.mod")); err == nil {
			rel, err := filepath.Rel(root, wd)
			if err != nil || rel == "." {
				return "."
			}
			return "./" + filepath.ToSlash(rel)
		}
		up := filepath.Dir(root)
		if up == root {
			return "."
		}
		root = up
	}
}

// Diff is a line diff of want and got: "-" lines only in want, "+" lines
// only in got, two lines of context around each change.
func Diff(want, got string) string {
	a, b := strings.Split(want, "\n"), strings.Split(got, "\n")
	// lcs[i][j]: the longest common subsequence of a[i:] and b[j:].
	lcs := make([][]int, len(a)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	type line struct {
		op   byte
		text string
	}
	var ls []line
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			ls = append(ls, line{' ', a[i]})
			i, j = i+1, j+1
		case i < len(a) && (j == len(b) || lcs[i+1][j] >= lcs[i][j+1]):
			ls = append(ls, line{'-', a[i]})
			i++
		default:
			ls = append(ls, line{'+', b[j]})
			j++
		}
	}
	var out strings.Builder
	last := -1
	for k, l := range ls {
		near := false
		for d := max(0, k-2); d <= min(len(ls)-1, k+2); d++ {
			near = near || ls[d].op != ' '
		}
		if !near {
			continue
		}
		if last >= 0 && k > last+1 {
			out.WriteString("…\n")
		}
		fmt.Fprintf(&out, "%c %s\n", l.op, l.text)
		last = k
	}
	return out.String()
}

// CopyFile copies the file from to the file to (mode 0644), making to's
// directory first if need be.
func CopyFile(tb testing.TB, from, to string) {
	tb.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		tb.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		tb.Fatal(err)
	}
}
