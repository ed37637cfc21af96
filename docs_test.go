package httpclientbench_test

import (
	"bytes"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// resultsPage holds the result tables cmd/benchreport generates from
// recordedRun.
const resultsPage = "docs/results.md"

// frontPageLines is the most README.md may have: it is the front page, and
// the rest lives in docs/.
const frontPageLines = 250

func TestReadmeIsAFrontPage(t *testing.T) {
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	n := bytes.Count(b, []byte("\n"))
	if len(b) > 0 && b[len(b)-1] != '\n' {
		n++
	}
	if n > frontPageLines {
		t.Errorf("README.md has %d lines, want at most %d: move a section into a page of docs/ and link it", n, frontPageLines)
	}
}

// TestDocsLinksResolve: every relative link and image of README.md and of
// the Markdown files under docs/ names a file or directory of the
// repository, and a #fragment names a heading of its Markdown target as
// GitHub renders it. Links inside code are not links; http(s) and other
// schemes are not checked.
func TestDocsLinksResolve(t *testing.T) {
	pages := []string{"README.md"}
	err := filepath.WalkDir("docs", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") {
			pages = append(pages, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	anchors := map[string]map[string]bool{} // Markdown file → its fragments
	anchorsOf := func(file string) (map[string]bool, error) {
		if a, ok := anchors[file]; ok {
			return a, nil
		}
		b, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		anchors[file] = headingAnchors(string(b))
		return anchors[file], nil
	}
	for _, page := range pages {
		b, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range markdownLinks(string(b)) {
			if err := checkLink(page, l.target, anchorsOf); err != nil {
				t.Errorf("%s:%d: %s: %v", page, l.line, l.target, err)
			}
		}
	}
}

// checkLink checks one link target of page.
func checkLink(page, target string, anchorsOf func(string) (map[string]bool, error)) error {
	if scheme.MatchString(target) {
		return nil
	}
	p, frag, _ := strings.Cut(target, "#")
	p, err := url.PathUnescape(p)
	if err != nil {
		return err
	}
	file := filepath.ToSlash(page)
	if p != "" {
		if strings.HasPrefix(p, "/") {
			file = path.Clean(p[1:]) // from the repository's root
		} else {
			file = path.Join(path.Dir(filepath.ToSlash(page)), p)
		}
		if file == ".." || strings.HasPrefix(file, "../") {
			return fmt.Errorf("outside the repository")
		}
		if _, err := os.Stat(filepath.FromSlash(file)); err != nil {
			return fmt.Errorf("no such file or directory %s", file)
		}
	}
	if frag == "" {
		return nil
	}
	if !strings.HasSuffix(file, ".md") {
		return fmt.Errorf("a fragment of %s, which is not Markdown", file)
	}
	a, err := anchorsOf(filepath.FromSlash(file))
	if err != nil {
		return err
	}
	if !a[frag] {
		return fmt.Errorf("%s has no heading whose anchor is #%s", file, frag)
	}
	return nil
}

var (
	scheme     = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*:`)
	inlineLink = regexp.MustCompile(`\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)`)
	refLink    = regexp.MustCompile(`^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?`)
	htmlLink   = regexp.MustCompile(`\b(?:href|src)="([^"]+)"`)
	heading    = regexp.MustCompile(`^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$`)
	fence      = regexp.MustCompile("^ {0,3}(`{3,}|~{3,})")
)

type link struct {
	line   int
	target string
}

// markdownLinks is every link target of md outside code, with its line:
// inline links and images, reference definitions, and href= and src= of
// HTML.
func markdownLinks(md string) []link {
	var links []link
	for n, l := range proseLines(md) {
		if l == "" {
			continue
		}
		if m := refLink.FindStringSubmatch(l); m != nil {
			links = append(links, link{n + 1, m[1]})
		}
		for _, re := range []*regexp.Regexp{inlineLink, htmlLink} {
			for _, m := range re.FindAllStringSubmatch(l, -1) {
				links = append(links, link{n + 1, m[1]})
			}
		}
	}
	return links
}

// proseLines is md's lines with fenced code blocks blanked and inline code
// spans removed, so that nothing in code is read as a link or a heading.
func proseLines(md string) []string {
	lines := strings.Split(md, "\n")
	var open string // the fence of the code block we are in
	for i, l := range lines {
		if m := fence.FindStringSubmatch(l); m != nil {
			switch {
			case open == "":
				open = m[1]
				lines[i] = ""
				continue
			case m[1][0] == open[0] && len(m[1]) >= len(open) && strings.TrimSpace(l) == m[1]:
				open = ""
				lines[i] = ""
				continue
			}
		}
		if open != "" {
			lines[i] = ""
			continue
		}
		lines[i] = withoutCodeSpans(l)
	}
	return lines
}

// withoutCodeSpans is l without its inline code spans (a run of n
// backticks up to the next run of exactly n).
func withoutCodeSpans(l string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(l, '`')
		if i < 0 {
			b.WriteString(l)
			return b.String()
		}
		b.WriteString(l[:i])
		n := len(l[i:]) - len(strings.TrimLeft(l[i:], "`"))
		tick := l[i : i+n]
		rest := l[i+n:]
		end := -1
		for j := 0; j < len(rest); {
			k := strings.Index(rest[j:], tick)
			if k < 0 {
				break
			}
			k += j
			m := len(rest[k:]) - len(strings.TrimLeft(rest[k:], "`"))
			if m == n {
				end = k
				break
			}
			j = k + m
		}
		if end < 0 { // not a code span: literal backticks
			b.WriteString(tick)
			l = rest
			continue
		}
		b.WriteString(" ")
		l = rest[end+n:]
	}
}

// headingAnchors is the set of fragments GitHub gives md's ATX headings:
// the heading's text, lowercased, without punctuation but - and _, spaces
// turned into -; a repeated anchor gets -1, -2, … in order.
func headingAnchors(md string) map[string]bool {
	anchors := map[string]bool{}
	seen := map[string]int{}
	lines := strings.Split(md, "\n")
	var open string
	for _, l := range lines {
		if m := fence.FindStringSubmatch(l); m != nil {
			if open == "" {
				open = m[1]
			} else if m[1][0] == open[0] && len(m[1]) >= len(open) && strings.TrimSpace(l) == m[1] {
				open = ""
			}
			continue
		}
		if open != "" {
			continue
		}
		m := heading.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		s := slug(m[1])
		if n := seen[s]; n > 0 {
			anchors[fmt.Sprintf("%s-%d", s, n)] = true
		} else {
			anchors[s] = true
		}
		seen[s]++
	}
	return anchors
}

var mdLinkText = regexp.MustCompile(`!?\[([^\]]*)\]\([^)]*\)`)

// slug is the anchor of a heading's Markdown text: its rendered text (link
// text for links, code without backticks), lowercased, keeping letters,
// marks, digits, - and _, with each space turned into -.
func slug(text string) string {
	text = mdLinkText.ReplaceAllString(text, "$1")
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(text)) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-', r == '_', unicode.IsLetter(r), unicode.IsMark(r), unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestDocsSlug: the anchors GitHub gives headings like these pages'.
func TestDocsSlug(t *testing.T) {
	for _, c := range []struct{ heading, want string }{
		{"Load: each client under a steady rate, overload and a sweep", "load-each-client-under-a-steady-rate-overload-and-a-sweep"},
		{"One buffer rule per row: `buf=fresh` and `buf=reused`", "one-buffer-rule-per-row-buffresh-and-bufreused"},
		{"HTTP/1.1", "http11"},
		{"HTTPS and HTTP/3", "https-and-http3"},
		{"Fresh connections and TIME_WAIT", "fresh-connections-and-time_wait"},
		{"What a [TLS](tls.md) handshake costs", "what-a-tls-handshake-costs"},
		{"Cold start — and size", "cold-start--and-size"},
	} {
		if got := slug(c.heading); got != c.want {
			t.Errorf("slug(%q) = %q, want %q", c.heading, got, c.want)
		}
	}
	md := "# A\n```\n# B\n```\n## A\n### `c` d ##\n"
	got := headingAnchors(md)
	for _, want := range []string{"a", "a-1", "c-d"} {
		if !got[want] {
			t.Errorf("headingAnchors: no %q in %v", want, got)
		}
	}
	if got["b"] {
		t.Errorf("headingAnchors: a heading inside a code block: %v", got)
	}
}

// TestDocsLinkCheckFails: the link check finds a missing file, a missing
// heading and a link to outside the repository, and reads no link in code.
func TestDocsLinkCheckFails(t *testing.T) {
	t.Chdir(t.TempDir()) // a repository of its own
	for name, text := range map[string]string{
		"README.md":      "# Front\n\n## Headline findings\n",
		"docs/page.md":   "# Page\n\n## One `buf=fresh` row\n",
		"docs/data.txt":  "",
		"docs/charts/.k": "",
	} {
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	anchorsOf := func(file string) (map[string]bool, error) {
		b, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		return headingAnchors(string(b)), nil
	}
	for _, target := range []string{"docs/page.md", "page.md#no-such-heading", "../outside.md", "#nowhere", "data.txt#x", "/docs/none.md"} {
		if err := checkLink("docs/page.md", target, anchorsOf); err == nil {
			t.Errorf("link %q from docs/page.md: no error", target)
		}
	}
	for _, target := range []string{"data.txt", "charts/", "#one-buffresh-row", "../README.md#headline-findings", "/docs/page.md", "https://example.com/none"} {
		if err := checkLink("docs/page.md", target, anchorsOf); err != nil {
			t.Errorf("link %q from docs/page.md: %v", target, err)
		}
	}
	md := "a [x](one.md) `[y](two.md)` b\n```\n[z](three.md)\n```\n[r]: four.md\n<img src=\"five.png\">\n``[w](six.md)``\n"
	var got []string
	for _, l := range markdownLinks(md) {
		got = append(got, fmt.Sprintf("%d:%s", l.line, l.target))
	}
	if want := "1:one.md 5:four.md 6:five.png"; strings.Join(got, " ") != want {
		t.Errorf("markdownLinks = %q, want %q", strings.Join(got, " "), want)
	}
}

func lineAt(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return "(end of file)"
}

// TestDevTimesQuoted: docs/architecture.md quotes docs/dev-times.txt,
// which scripts/dev-times.sh writes, whole and unchanged between its
// dev-times markers.
func TestDevTimesQuoted(t *testing.T) {
	doc, err := os.ReadFile("docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	times, err := os.ReadFile("docs/dev-times.txt")
	if err != nil {
		t.Fatal(err)
	}
	// Each marker a whole line.
	const begin, end = "\n<!-- dev-times:begin -->\n", "\n<!-- dev-times:end -->\n"
	if n, m := strings.Count(string(doc), begin), strings.Count(string(doc), end); n != 1 || m != 1 {
		t.Fatalf("docs/architecture.md has %d dev-times:begin and %d dev-times:end markers, want one of each", n, m)
	}
	_, rest, _ := strings.Cut(string(doc), begin)
	quoted, _, ok := strings.Cut("\n"+rest, end)
	if want := "\n```\n" + string(times) + "```"; !ok || quoted != want {
		t.Errorf("docs/architecture.md quotes between its dev-times markers\n%s\nwant docs/dev-times.txt in a fence:\n%s\n(scripts/dev-times.sh writes both)", quoted, want)
	}
}
