package cli

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/google/renameio/v2"
	"github.com/mattn/go-isatty"
)

// OutputUsage says, for -h, where a command that measures (loadbench,
// coldstart) writes: Output's rule.
const OutputUsage = `Output: piped or redirected, standard output gets the results (Go
benchmark format, for go tool benchstat), or -o FILE gets them instead.
On a terminal, standard output gets a table of the results for a person
(the documentation's), and the results go to -o FILE or, without -o, to
a new file in the temporary directory, named on standard error. Only a
run that succeeds writes FILE or that file. Progress and errors go to
standard error.
`

// OutputFlag defines -o FILE on fs: Output's file.
func OutputFlag(fs *flag.FlagSet) *string {
	return fs.String("o", "", "write the results (Go benchmark format) to `FILE` instead of standard output, only if the run succeeds")
}

// IsTerminal reports whether w is a terminal (Cygwin's and MSYS's too):
// read by a person, not a program.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}

// Output is where a command writes its results, by OutputUsage's rule.
// Without a terminal or -o FILE the results go to standard output as they
// are written; otherwise they are kept until Close.
type Output struct {
	name           string // the command, in its messages
	terminal       bool   // standard output is a terminal
	stdout, stderr io.Writer
	path           string                // -o FILE
	file           *renameio.PendingFile // FILE's, until Close; nil without -o
	keptIn         string                // see KeptIn
	buf            bytes.Buffer          // the results, when kept until Close
}

// NewOutput returns command name's Output: to -o file ("" for none), and
// to stdout, which is a terminal or not. A file that cannot be created is
// a UsageError, before any work. A run that fails calls Cleanup.
func NewOutput(name, file string, terminal bool, stdout, stderr io.Writer) (*Output, error) {
	o := &Output{name: name, terminal: terminal, stdout: stdout, stderr: stderr}
	if file != "" {
		if err := CheckFile(file); err != nil {
			return nil, Usagef("-o: %w", err)
		}
		f, err := renameio.NewPendingFile(file, renameio.WithPermissions(0o644))
		if err != nil {
			return nil, Usagef("-o: %w", err)
		}
		o.path, o.file = file, f
	}
	return o, nil
}

// Write writes results.
func (o *Output) Write(p []byte) (int, error) {
	if o.file == nil && !o.terminal {
		return o.stdout.Write(p)
	}
	return o.buf.Write(p)
}

// KeptIn says that the command itself keeps the results in the file path
// (loadbench's -out DIR/results.txt): on a terminal without -o, Close names
// it instead of writing a file of its own.
func (o *Output) KeptIn(path string) { o.keptIn = path }

// Close ends a run that succeeded. -o FILE gets the results; on a
// terminal, standard output gets table's Markdown for them (see Text),
// and standard error the name of the file that holds them.
func (o *Output) Close(table func(results []byte) (markdown string, err error)) error {
	path := o.keptIn
	if o.file != nil {
		path = o.path
		if _, err := o.file.Write(o.buf.Bytes()); err != nil {
			return err
		}
		if err := o.file.CloseAtomicallyReplace(); err != nil {
			return err
		}
	}
	if !o.terminal {
		return nil
	}
	if path == "" {
		var err error
		if path, err = writeTemp(o.name+"-*.txt", o.buf.Bytes()); err != nil {
			return err
		}
	}
	md, err := table(o.buf.Bytes())
	if err != nil {
		return fmt.Errorf("the table of the results (they are in %s): %w", path, err)
	}
	if _, err := io.WriteString(o.stdout, Text(md)); err != nil {
		return err
	}
	_, err = fmt.Fprintf(o.stderr, "%s: the results (Go benchmark format, for go tool benchstat) are in %s\n", o.name, path)
	return err
}

// writeTemp writes b to a new file in the temporary directory, named by
// pattern as os.CreateTemp names it, and returns its path.
func writeTemp(pattern string, b []byte) (string, error) {
	f, err := os.CreateTemp("", pattern)
	if err != nil {
		return "", err
	}
	_, err = f.Write(b)
	if err = errors.Join(err, f.Close()); err != nil {
		os.Remove(f.Name())
		return "", err
	}
	return f.Name(), nil
}

// Cleanup removes -o FILE's pending file when the run failed: FILE stays
// as it was. After Close it does nothing.
func (o *Output) Cleanup() {
	if o.file != nil {
		o.file.Cleanup()
	}
}

// Text is Markdown as plain text for a terminal: a table's columns
// aligned (right where its delimiter row says so, "--:") two spaces
// apart, its delimiter row dashes; bold and code marks (** and `)
// dropped; every line ending in a newline. (A cell cannot hold "|".)
func Text(md string) string {
	var b strings.Builder
	lines := strings.Split(strings.TrimSuffix(md, "\n"), "\n")
	for i := 0; i < len(lines); {
		if !isRow(lines[i]) {
			b.WriteString(strings.NewReplacer("**", "", "`", "").Replace(lines[i]) + "\n")
			i++
			continue
		}
		var rows [][]string
		for ; i < len(lines) && isRow(lines[i]); i++ {
			rows = append(rows, cells(lines[i]))
		}
		writeTable(&b, rows)
	}
	return b.String()
}

func isRow(line string) bool { return strings.HasPrefix(line, "|") }

// cells are the trimmed cells of the table row line.
func cells(line string) []string {
	line = strings.TrimSpace(line)
	line = strings.TrimSuffix(strings.TrimPrefix(line, "|"), "|")
	cs := strings.Split(line, "|")
	for i, c := range cs {
		cs[i] = strings.TrimSpace(c)
	}
	return cs
}

// writeTable writes rows, a Markdown table's: the header, the delimiter
// row (when the second row is one), the body.
func writeTable(b *strings.Builder, rows [][]string) {
	var right []bool
	if len(rows) > 1 && isDelimiter(rows[1]) {
		for _, c := range rows[1] {
			right = append(right, strings.HasSuffix(c, ":"))
		}
	}
	var width []int
	for r, row := range rows {
		if r == 1 && right != nil {
			continue
		}
		for j, c := range row {
			if j == len(width) {
				width = append(width, 0)
			}
			width[j] = max(width[j], utf8.RuneCountInString(c))
		}
	}
	for r, row := range rows {
		var line strings.Builder
		for j, c := range row[:min(len(row), len(width))] {
			if j > 0 {
				line.WriteString("  ")
			}
			if r == 1 && right != nil {
				line.WriteString(strings.Repeat("-", width[j]))
				continue
			}
			pad := strings.Repeat(" ", width[j]-utf8.RuneCountInString(c))
			if j < len(right) && right[j] {
				line.WriteString(pad + c)
			} else {
				line.WriteString(c + pad)
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
}

// isDelimiter reports whether row is a table's delimiter row: every cell
// dashes, with a colon at either end or none.
func isDelimiter(row []string) bool {
	for _, c := range row {
		c = strings.TrimSuffix(strings.TrimPrefix(c, ":"), ":")
		if c == "" || strings.Trim(c, "-") != "" {
			return false
		}
	}
	return true
}
