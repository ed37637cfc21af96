package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/mod/module"

	"github.com/httpclientbench/httpclientbench/internal/registry"
)

// tableRows splits a Markdown table into its rows' cells, header first,
// without the separator row.
func tableRows(t *testing.T, table string) [][]string {
	t.Helper()
	var rows [][]string
	for i, l := range strings.Split(table, "\n") {
		if i == 1 {
			continue
		}
		if !strings.HasPrefix(l, "|") || !strings.HasSuffix(l, " |") {
			t.Fatalf("line %d is not a table row: %q", i+1, l)
		}
		cells := strings.Split(l, "|") // no cell of these tables holds a "|"
		for j := range cells {
			cells[j] = strings.TrimSpace(cells[j])
		}
		rows = append(rows, cells[1:len(cells)-1])
	}
	return rows
}

// writeGoMod writes a go.mod requiring every registry module, at the
// versions of versions where it names one, v1.0.0 (or vN.0.0 for a /vN
// path) otherwise.
func writeGoMod(t *testing.T, dir string, versions map[string]string, extra string) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("module example.com/bench\n\ngo 1.26.0\n\nrequire (\n")
	for _, c := range registry.All() {
		if c.Module == "" {
			continue
		}
		v := versions[c.Module]
		if v == "" {
			v = "v1.0.0"
			if _, major, _ := module.SplitPathVersion(c.Module); major != "" {
				v = strings.TrimPrefix(major, "/") + ".0.0"
			}
		}
		b.WriteString("\t" + c.Module + " " + v + "\n")
	}
	b.WriteString(")\n" + extra)
	path := filepath.Join(dir, "go.mod")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestClientMatrixIsTheRegistry: one row per registry client in its
// order, with its library, the version go.mod requires (marked when it is
// no release) and its Uses; a module go.mod lacks is an error.
func TestClientMatrixIsTheRegistry(t *testing.T) {
	dir := t.TempDir()
	goMod := writeGoMod(t, dir, map[string]string{
		"github.com/valyala/fasthttp":  "v1.79.0-rc.4",
		"github.com/go-resty/resty/v2": "v2.18.0-beta.1",
		"golang.org/x/net":             "v0.0.0-20260908200009-22c9c6c9d4da",
	}, "replace github.com/quic-go/quic-go => ../quic-go\n")
	got, err := clientMatrix(goMod, nil)
	if err != nil {
		t.Fatal(err)
	}
	rows := tableRows(t, got)
	if want := []string{"client=", "library", "how the suite uses it"}; !slices.Equal(rows[0], want) {
		t.Errorf("header %q, want %q", rows[0], want)
	}
	all := registry.All()
	if len(rows)-1 != len(all) {
		t.Fatalf("%d rows, want one per registry client (%d):\n%s", len(rows)-1, len(all), got)
	}
	for i, c := range all {
		row := rows[i+1]
		if row[0] != "`"+c.Name+"`" || row[2] != c.Uses || !strings.Contains(row[1], "`"+c.Package+"`") {
			t.Errorf("row %d %q, want client %s, package %s, its Uses", i+1, row, c.Name, c.Package)
		}
	}
	for _, w := range []string{
		"| `nethttp` | `net/http` (standard library) |",
		"| `fasthttp` | `github.com/valyala/fasthttp` v1.79.0-rc.4 (release candidate) |",
		"| `resty` | `github.com/go-resty/resty/v2` v2.18.0-beta.1 (pre-release) |",
		"| `retryablehttp` | `github.com/hashicorp/go-retryablehttp` v1.0.0 |",
		"| `xnethttp2` | `golang.org/x/net/http2` (`golang.org/x/net` v0.0.0-20260908200009-22c9c6c9d4da (untagged commit)) |",
		"| `http3` | `github.com/quic-go/quic-go/http3` (`github.com/quic-go/quic-go` v1.0.0, replaced by `../quic-go`) |",
		"| `raw` | this suite, over `net` |",
	} {
		if !strings.Contains(got, w) {
			t.Errorf("matrix lacks %q:\n%s", w, got)
		}
	}

	if err := os.WriteFile(goMod, []byte("module example.com/bench\n\ngo 1.26.0\n\nrequire github.com/valyala/fasthttp v1.78.0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := clientMatrix(goMod, nil); err == nil || !strings.Contains(err.Error(), "requires no module") {
		t.Errorf("a module go.mod lacks: %v", err)
	}
}

// TestClientMatrixNamesUnrecorded: clients the run has no leaf of are
// named under the matrix, the one place a new client shows before its
// first recorded run; with none, nothing follows the table.
func TestClientMatrixNamesUnrecorded(t *testing.T) {
	goMod := writeGoMod(t, t.TempDir(), nil, "")
	for _, tc := range []struct {
		unrecorded []string
		want       string
	}{
		{nil, "|\n"},
		{[]string{"hertz", "http3"}, "|\n\nNot in the recorded run yet, so in no result table: `hertz`, `http3`. Its rows appear with the next recorded run (`scripts/report.sh`).\n"},
	} {
		got, err := clientMatrix(goMod, tc.unrecorded)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(got+"\n", tc.want) {
			t.Errorf("unrecorded %q: the block ends\n%q, want\n%q", tc.unrecorded, got[max(0, len(got)-200):], tc.want)
		}
	}
}

func TestVersionNote(t *testing.T) {
	for v, want := range map[string]string{
		"v1.78.0":                              "",
		"v3.0.0-rc.4":                          " (release candidate)",
		"v2.0.0-RC1":                           " (release candidate)",
		"v1.2.0-beta.1":                        " (pre-release)",
		"v0.0.0-20260908200009-22c9c6c9d4da":   " (untagged commit)",
		"v1.2.4-0.20260908200009-22c9c6c9d4da": " (untagged commit)",
		"v2.0.0+incompatible":                  "",
	} {
		if got := versionNote(v); got != want {
			t.Errorf("versionNote(%s) = %q, want %q", v, got, want)
		}
	}
}

// TestProtoMatrixIsTheRegistry: a column per registry client in its
// order, a row per protocol, yes exactly where the client has rows.
func TestProtoMatrixIsTheRegistry(t *testing.T) {
	got, err := protoMatrix()
	if err != nil {
		t.Fatal(err)
	}
	rows := tableRows(t, got)
	all := registry.All()
	var names []string
	for _, c := range all {
		names = append(names, c.Name)
	}
	if !slices.Equal(rows[0][1:], names) {
		t.Errorf("columns %q, want the registry's %q", rows[0][1:], names)
	}
	want := []string{"HTTP/1.1", "HTTP/2 cleartext (h2c)", "HTTP/1.1 over TLS", "HTTP/2 over TLS", "HTTP/3"}
	protos := []registry.Proto{registry.H1, registry.H2C, registry.H1TLS, registry.H2TLS, registry.H3}
	if len(rows)-1 != len(want) {
		t.Fatalf("%d rows, want %d:\n%s", len(rows)-1, len(want), got)
	}
	for i, row := range rows[1:] {
		if row[0] != want[i] {
			t.Errorf("row %d is %q, want %q", i+1, row[0], want[i])
		}
		for j, c := range all {
			if cell := row[j+1]; (cell == "yes") != c.Speaks(protos[i]) || (cell != "yes" && cell != "—") {
				t.Errorf("%s, %s: %q", want[i], c.Name, cell)
			}
		}
	}
}

// TestFindGoMod: a page's go.mod is the nearest in its directory or above.
func TestFindGoMod(t *testing.T) {
	root := t.TempDir()
	docs := filepath.Join(root, "docs", "deep")
	if err := os.MkdirAll(docs, 0o755); err != nil {
		t.Fatal(err)
	}
	want := writeGoMod(t, root, nil, "")
	for _, d := range []string{root, docs} {
		if got, err := findGoMod(d); err != nil || got != want {
			t.Errorf("findGoMod(%s) = %s, %v; want %s", d, got, err, want)
		}
	}
}
