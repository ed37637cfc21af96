package markdown

import (
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// errLine is how every Rewrite error starts: the file's name and a line.
var errLine = regexp.MustCompile(`^f:([0-9]+): `)

// FuzzRewrite rewrites any document's blocks with any generated text (but
// for a line that is a marker or a fence: a generator writes tables and
// sentences) and checks what the package promises:
//   - an error names a line of the document;
//   - a document with no marker line comes back unchanged, with no block;
//   - the output is the document with each block's old text, whole lines
//     after its marker line and up to its end marker, replaced by the new
//     text, and nothing else changed;
//   - reading the output back finds the same blocks, their text the new
//     one, and rewriting it again changes nothing.
func FuzzRewrite(f *testing.F) {
	f.Add("x  \n<!-- t:a k=1 m=2 m=3 -->\nold\n<!-- t:end -->\n~~~~\n<!-- t:b -->\n~~~\n<!-- t:end -->\n~~~~\nsee <!-- t:b --> here\n  <!-- t:b -->\n  <!-- t:end -->", "text")
	f.Add("<!-- t:a -->\n<!-- t:b -->\n<!-- t:end -->\n", "")
	f.Add("<!-- t:end -->\n", "x")
	f.Add("# title\n\nno markers here, <!-- t:a --> only inside a line\n```\n<!-- t:a -->\n```\n", "| a | b |\n|---|---|")
	f.Add("<!-- t:b -->\r\n```\r\n<!-- t:end -->\r\n<!-- t:b -->\r\n<!-- t:end -->", "line\n\nmore")
	// The results page around its first benchreport blocks, as it is.
	if readme, err := os.ReadFile("../../docs/results.md"); err == nil {
		lines := strings.SplitAfter(string(readme), "\n")
		i := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, readmeSyntax.prefix()) })
		if i >= 0 {
			f.Add(strings.Join(lines[max(0, i-20):min(len(lines), i+80)], ""), "| a | b |\n|---|--:|")
		}
	}
	f.Fuzz(func(t *testing.T, src, text string) {
		for l := range strings.SplitSeq(text, "\n") {
			if l = strings.TrimSpace(l); strings.HasPrefix(l, "<!--") || fenceOf(l) != "" {
				return
			}
		}
		generate := func(kind string, opts []Option) (string, error) {
			s := text + kind
			for _, o := range opts {
				s += " " + o.Key + "=" + o.Value
			}
			return s, nil
		}
		for _, syntax := range []Syntax{syntax, readmeSyntax} {
			checkRewrite(t, syntax, src, generate)
		}
	})
}

// readmeSyntax is the benchreport markers of README.md and docs/results.md
// (cmd/benchreport).
var readmeSyntax = Syntax{
	Tool:       "benchreport",
	Kinds:      map[string][]string{"table": {"families", "unit", "match", "clients"}, "config": nil, "spread": nil, "bufrule": nil, "headline": nil, "clients": nil, "protocols": nil},
	Repeatable: []string{"match"},
}

func checkRewrite(t *testing.T, syntax Syntax, src string, generate func(string, []Option) (string, error)) {
	out, blocks, err := syntax.Rewrite([]byte(src), "f", generate)
	lines := strings.SplitAfter(src, "\n")
	if err != nil {
		m := errLine.FindStringSubmatch(err.Error())
		if m == nil {
			t.Fatalf("error %q names no line", err)
		}
		if n, _ := strconv.Atoi(m[1]); n < 1 || n > len(lines) {
			t.Fatalf("error %q names no line of the document's %d", err, len(lines))
		}
		return
	}
	if !slices.ContainsFunc(lines, func(l string) bool { return strings.HasPrefix(strings.TrimSpace(l), syntax.prefix()) }) {
		if string(out) != src || len(blocks) != 0 {
			t.Fatalf("a document without markers changed: %q, %d blocks", out, len(blocks))
		}
		return
	}
	var want strings.Builder
	next := 0 // the first line of src not yet in want
	for _, b := range blocks {
		if b.Line <= next || b.Line > len(lines) || strings.TrimSpace(lines[b.Line-1]) != b.Marker {
			t.Fatalf("block at line %d, marker %q: not a line of the document after the previous block", b.Line, b.Marker)
		}
		old := b.Line + strings.Count(b.Old, "\n") // the end marker's line
		if old >= len(lines) || strings.Join(lines[b.Line:old], "") != b.Old {
			t.Fatalf("block at line %d: old text %q is not the whole lines before an end marker", b.Line, b.Old)
		}
		if k, _, err := syntax.parse(strings.TrimSpace(lines[old])); err != nil || k != end {
			t.Fatalf("block at line %d: followed by %q, not its end", b.Line, lines[old])
		}
		if gen, _ := generate(b.Kind, b.Options); b.New != "\n"+gen+"\n\n" {
			t.Fatalf("block at line %d: new text %q", b.Line, b.New)
		}
		want.WriteString(strings.Join(lines[next:b.Line], ""))
		want.WriteString(b.New)
		next = old
	}
	want.WriteString(strings.Join(lines[next:], ""))
	if string(out) != want.String() {
		t.Fatalf("output\n%q\nwant the document with only the blocks' text replaced\n%q", out, want.String())
	}
	again, blocks2, err := syntax.Rewrite(out, "f", generate)
	if err != nil || string(again) != string(out) || len(blocks2) != len(blocks) {
		t.Fatalf("rewriting the output: %v, %d blocks of %d, changed %v", err, len(blocks2), len(blocks), string(again) != string(out))
	}
	for i, b := range blocks2 {
		if b.Old != blocks[i].New || b.Marker != blocks[i].Marker || !slices.Equal(b.Options, blocks[i].Options) {
			t.Fatalf("block %d read back as %+v, written as %+v", i, b, blocks[i])
		}
	}
}
