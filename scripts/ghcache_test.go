package scripts_test

import (
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// ghCache is a repository's caches as actions/cache/restore@v4 and
// actions/cache/save@v4 see them, oldest first.
type ghCache struct {
	entries []cacheEntry
}

type cacheEntry struct {
	key     string
	version string            // the path input's lines (cacheVersion)
	files   map[string]string // path in the workspace → text
}

// lines is a multi-line input as actions/cache reads it
// (utils.getInputAsArray): its lines, trimmed, the empty ones dropped.
func lines(input string) []string {
	var out []string
	for _, l := range strings.Split(input, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// cacheVersion stands for a cache's version, which a restore must match:
// actions/cache hashes the path input's lines with the compression method
// (the same on every runner here), so a cache saved under one path: list
// is invisible to a restore under another, whatever the keys.
func cacheVersion(path string) string {
	return strings.Join(lines(path), "\n")
}

// restore runs an actions/cache/restore step of inputs in (evaluated) in
// the workspace ws, by the rule of GitHub's docs ("Cache key matching")
// and @actions/cache's restoreCache: among the caches of the step's
// version, the one whose key is key, else the newest whose key starts
// with key, else, for each of the restore-keys in order, the newest whose
// key starts with it. It writes the cache's files into ws and returns the
// step's outputs: cache-hit, and cache-matched-key when a cache matched
// (none when not, as the action).
func (c *ghCache) restore(t *testing.T, ws string, in map[string]string) map[string]any {
	t.Helper()
	version, key := cacheVersion(in["path"]), in["key"]
	if key == "" || version == "" {
		t.Fatalf("a cache restore without key or path: %v", in)
	}
	find := func(match func(string) bool) *cacheEntry {
		for i := len(c.entries) - 1; i >= 0; i-- { // the newest first
			if e := &c.entries[i]; e.version == version && match(e.key) {
				return e
			}
		}
		return nil
	}
	e := find(func(k string) bool { return k == key })
	for _, prefix := range append([]string{key}, lines(in["restore-keys"])...) {
		if e == nil {
			e = find(func(k string) bool { return strings.HasPrefix(k, prefix) })
		}
	}
	if e == nil {
		return map[string]any{"cache-hit": "false"}
	}
	for name, text := range e.files {
		writeFile(t, filepath.Join(ws, name), text)
	}
	return map[string]any{"cache-hit": boolString(e.key == key), "cache-matched-key": e.key}
}

// save runs an actions/cache/save step of inputs in (evaluated) in the
// workspace ws: the files of its paths (files or directories) become a new
// cache, unless one has its key already (the action then warns and saves
// nothing: caches are immutable).
func (c *ghCache) save(t *testing.T, ws string, in map[string]string) {
	t.Helper()
	e := cacheEntry{key: in["key"], version: cacheVersion(in["path"]), files: map[string]string{}}
	if e.key == "" || e.version == "" {
		t.Fatalf("a cache save without key or path: %v", in)
	}
	if slices.ContainsFunc(c.entries, func(x cacheEntry) bool { return x.key == e.key && x.version == e.version }) {
		return
	}
	for _, p := range lines(in["path"]) {
		err := filepath.WalkDir(filepath.Join(ws, p), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, err := filepath.Rel(ws, path)
			if err == nil {
				e.files[filepath.ToSlash(rel)] = readFile(t, path)
			}
			return err
		})
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
	}
	if len(e.files) == 0 {
		return // the action warns that the path matched no file
	}
	c.entries = append(c.entries, e)
}

// newest is the newest cache whose key starts with prefix, of any version.
func (c *ghCache) newest(prefix string) (cacheEntry, bool) {
	for i := len(c.entries) - 1; i >= 0; i-- {
		if strings.HasPrefix(c.entries[i].key, prefix) {
			return c.entries[i], true
		}
	}
	return cacheEntry{}, false
}

func boolString(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// evalInputs is a uses: step's inputs evaluated in ctx.
func evalInputs(t *testing.T, in map[string]string, ctx map[string]any) map[string]string {
	t.Helper()
	out := maps.Clone(in)
	for k, v := range out {
		out[k] = evalTemplate(t, v, ctx)
	}
	return out
}

// TestGHCache: the simulation's rule, on the cases that bench.yml's
// restore steps rely on.
func TestGHCache(t *testing.T) {
	ws := t.TempDir()
	var c ghCache
	save := func(key, path, text string) {
		writeFile(t, filepath.Join(ws, "previous", "results.txt"), text)
		c.save(t, ws, map[string]string{"key": key, "path": path})
	}
	save("k-m-1-1", "previous/results.txt", "old layout")
	save("k-m-7-1", "previous", "run 7")
	save("k-m-8-1", "previous", "run 8")
	save("k-m-7-2", "previous", "run 7, attempt 2")
	save("k-m-8-1", "previous", "run 8 again") // the key is taken: nothing saved
	for _, tc := range []struct {
		path, key, restoreKeys, want, matched string
	}{
		{"previous", "k-m-8-1", "k-m-", "run 8", "k-m-8-1"},                    // the key itself
		{"previous", "k-m-7", "", "run 7, attempt 2", "k-m-7-2"},               // the key as a prefix, the newest
		{"previous", "k-m-9-1", "k-m-", "run 7, attempt 2", "k-m-7-2"},         // the newest of a prefix
		{"previous", "k-m-8-2", "  k-m-8-  \n\nk-m-", "run 8", "k-m-8-1"},      // restore-keys in order, trimmed
		{"previous", "k-m-8-2", "k-m-\nk-m-8-", "run 7, attempt 2", "k-m-7-2"}, // the first that matches decides
		{"previous", "k-m-9-1", "k-m-9-\nk-m-8-", "run 8", "k-m-8-1"},          // the next when one matches none
		{"previous", "k-x-9-1", "k-x-", "", ""},                                // nothing
		{"previous", "k-m-1-1", "k-m-1-", "", ""},                              // another version's key
		{"previous/results.txt\n", "k-m-9-1", "k-m-", "old layout", "k-m-1-1"}, // only its own version
		{"previous/results.txt", "k-m-7-2", "k-m-7-\nk-m-8-", "", ""},          // nothing of its version
	} {
		if err := os.RemoveAll(filepath.Join(ws, "previous")); err != nil {
			t.Fatal(err)
		}
		out := c.restore(t, ws, map[string]string{"path": tc.path, "key": tc.key, "restore-keys": tc.restoreKeys})
		got, _ := os.ReadFile(filepath.Join(ws, "previous", "results.txt"))
		if string(got) != tc.want || str(out["cache-matched-key"]) != tc.matched || out["cache-hit"] != boolString(tc.matched == tc.key && tc.key != "") {
			t.Errorf("restore %q %q %q: %q, outputs %v; want %q from %q", tc.path, tc.key, tc.restoreKeys, got, out, tc.want, tc.matched)
		}
	}
}
