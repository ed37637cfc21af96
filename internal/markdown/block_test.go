package markdown

import (
	"strings"
	"testing"
)

var syntax = Syntax{Tool: "t", Kinds: map[string][]string{"a": {"k", "m"}, "b": nil}, Repeatable: []string{"m"}}

// TestRewrite: blocks are rewritten with blank lines around their text,
// fenced markers (``` and ~~~~, closed only by a fence as long) and markers
// inside a line are left alone, and every other byte is kept.
func TestRewrite(t *testing.T) {
	src := "x  \n<!-- t:a k=1 m=2 m=3 -->\nold\n<!-- t:end -->\n~~~~\n<!-- t:b -->\n~~~\n<!-- t:end -->\n~~~~\nsee <!-- t:b --> here\n  <!-- t:b -->\n  <!-- t:end -->"
	want := "x  \n<!-- t:a k=1 m=2 m=3 -->\n\nA k=1 m=2 m=3\n\n<!-- t:end -->\n~~~~\n<!-- t:b -->\n~~~\n<!-- t:end -->\n~~~~\nsee <!-- t:b --> here\n  <!-- t:b -->\n\nB\n\n  <!-- t:end -->"
	out, blocks, err := syntax.Rewrite([]byte(src), "f", func(kind string, opts []Option) (string, error) {
		s := strings.ToUpper(kind)
		for _, o := range opts {
			s += " " + o.Key + "=" + o.Value
		}
		return s, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != want {
		t.Errorf("got\n%q\nwant\n%q", out, want)
	}
	if len(blocks) != 2 || blocks[0].Line != 2 || blocks[0].Old != "old\n" || blocks[1].Line != 11 || blocks[1].Kind != "b" {
		t.Errorf("blocks %+v", blocks)
	}
}

func TestRewriteErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"<!-- t:c -->\n<!-- t:end -->\n", "f:1: unknown marker t:c (known: a, b, end)"},
		{"\n<!-- t:a k=1 k=2 -->\n<!-- t:end -->\n", "f:2: t:a: k given twice"},
		{"<!-- t:b k=1 -->\n<!-- t:end -->\n", `f:1: t:b: unknown option "k" (known: none)`},
		{"<!-- t:a k -->\n<!-- t:end -->\n", `f:1: t:a: "k" is not key=value`},
		{"<!-- t:a -->\n<!-- t:b -->\n<!-- t:end -->\n", "f:1: <!-- t:a --> is not followed by <!-- t:end -->"},
		{"<!-- t:end -->\n", "f:1: <!-- t:end --> without a block to end"},
	} {
		_, _, err := syntax.Rewrite([]byte(tc.src), "f", func(string, []Option) (string, error) { return "", nil })
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want one containing %q", tc.src, err, tc.want)
		}
	}
}
