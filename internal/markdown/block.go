// Generated blocks: Syntax.Rewrite rewrites the generated blocks of a Markdown file. A block
// is a start marker alone on a line, the generated text, and an end marker
// alone on a line:
//
//	<!-- tool:KIND key=value … -->
//	…generated…
//	<!-- tool:end -->
//
// Markers inside fenced code blocks are ignored, and so is text that merely
// mentions one inside a line. Text outside the blocks is kept byte for byte.

package markdown

import (
	"fmt"
	"slices"
	"strings"
)

// Syntax is one tool's markers: "<!-- Tool:KIND … -->" and
// "<!-- Tool:end -->".
type Syntax struct {
	Tool       string              // e.g. "benchreport"
	Kinds      map[string][]string // each kind of block and the option keys it takes
	Repeatable []string            // option keys that may be given more than once
}

// Option is one key=value of a marker.
type Option struct{ Key, Value string }

// Block is one generated block: its start line (1-based), its marker, and
// its text between the markers, as found and as generated.
type Block struct {
	Line     int
	Marker   string
	Kind     string
	Options  []Option
	Old, New string
}

// end is the kind of the end marker.
const end = "end"

func (s *Syntax) prefix() string { return "<!-- " + s.Tool + ":" }

const suffix = "-->"

// Rewrite replaces the text of every block of src (named name in errors)
// with generate's text for the block, surrounded by blank lines. Errors
// (a bad marker, a block without its end, generate's errors) name the
// marker's line.
func (s *Syntax) Rewrite(src []byte, name string, generate func(kind string, opts []Option) (string, error)) ([]byte, []Block, error) {
	lines := strings.SplitAfter(string(src), "\n")
	prefix := s.prefix()
	var out strings.Builder
	var blocks []Block
	fence := ""
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		out.WriteString(line)
		trimmed := strings.TrimSpace(line)
		if f := fenceOf(trimmed); f != "" {
			switch {
			case fence == "":
				fence = f
			case strings.HasPrefix(f, fence) && strings.TrimLeft(trimmed, f[:1]) == "":
				fence = ""
			}
			continue
		}
		if fence != "" || !strings.HasPrefix(trimmed, prefix) {
			continue
		}
		kind, opts, err := s.parse(trimmed)
		if err != nil {
			return nil, nil, fmt.Errorf("%s:%d: %v", name, i+1, err)
		}
		if kind == end {
			return nil, nil, fmt.Errorf("%s:%d: %s without a block to end", name, i+1, trimmed)
		}
		last := -1
		for j := i + 1; j < len(lines); j++ {
			t := strings.TrimSpace(lines[j])
			if !strings.HasPrefix(t, prefix) {
				continue
			}
			if k, _, err := s.parse(t); err == nil && k == end {
				last = j
			}
			break // the next marker must be this block's end
		}
		if last < 0 {
			return nil, nil, fmt.Errorf("%s:%d: %s is not followed by %s%s %s (a block cannot hold another)", name, i+1, trimmed, prefix, end, suffix)
		}
		text, err := generate(kind, opts)
		if err != nil {
			return nil, nil, fmt.Errorf("%s:%d: %v", name, i+1, err)
		}
		text = "\n" + text + "\n\n" // blank lines around: Markdown sees the text apart from the markers
		blocks = append(blocks, Block{Line: i + 1, Marker: trimmed, Kind: kind, Options: opts, Old: strings.Join(lines[i+1:last], ""), New: text})
		out.WriteString(text)
		out.WriteString(lines[last])
		i = last
	}
	return []byte(out.String()), blocks, nil
}

// fenceOf returns the fence a line opens or closes (``` or ~~~, or
// longer), or "".
func fenceOf(trimmed string) string {
	for _, c := range []string{"`", "~"} {
		n := len(trimmed) - len(strings.TrimLeft(trimmed, c))
		if n >= 3 {
			return trimmed[:n]
		}
	}
	return ""
}

// parse parses "<!-- tool:KIND key=value … -->".
func (s *Syntax) parse(line string) (kind string, opts []Option, err error) {
	if !strings.HasSuffix(line, suffix) {
		return "", nil, fmt.Errorf("%q: a marker is alone on its line and ends with -->", line)
	}
	fields := strings.Fields(strings.TrimSuffix(strings.TrimPrefix(line, s.prefix()), suffix))
	if len(fields) == 0 {
		return "", nil, fmt.Errorf("%q: no kind after %s:", line, s.Tool)
	}
	kind = fields[0]
	allowed, ok := s.Kinds[kind]
	if !ok && kind != end {
		known := make([]string, 0, len(s.Kinds)+1)
		for k := range s.Kinds {
			known = append(known, k)
		}
		slices.Sort(known)
		return "", nil, fmt.Errorf("unknown marker %s:%s (known: %s, %s)", s.Tool, kind, strings.Join(known, ", "), end)
	}
	seen := map[string]bool{}
	for _, f := range fields[1:] {
		k, v, ok := strings.Cut(f, "=")
		if !ok || v == "" {
			return "", nil, fmt.Errorf("%s:%s: %q is not key=value", s.Tool, kind, f)
		}
		if !slices.Contains(allowed, k) {
			known := "none"
			if len(allowed) > 0 {
				known = strings.Join(allowed, ", ")
			}
			return "", nil, fmt.Errorf("%s:%s: unknown option %q (known: %s)", s.Tool, kind, k, known)
		}
		if seen[k] && !slices.Contains(s.Repeatable, k) {
			return "", nil, fmt.Errorf("%s:%s: %s given twice", s.Tool, kind, k)
		}
		seen[k] = true
		opts = append(opts, Option{k, v})
	}
	return kind, opts, nil
}
