// Package dashboard_test checks the dashboard's static files. The page
// test, which drives the page in a headless Chromium (browser_test.go), is
// built only with -tags browser, so that a plain go test ./... neither
// downloads nor compiles chromedp.
package dashboard_test

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestPageFiles: every script and stylesheet index.html loads from this
// directory exists, and the page loads ../data.js, where the nightly
// workflow stores the results.
func TestPageFiles(t *testing.T) {
	html, err := os.ReadFile("index.html")
	if err != nil {
		t.Fatal(err)
	}
	refs := regexp.MustCompile(`(?:src|href)="([^"]+)"`).FindAllStringSubmatch(string(html), -1)
	var data bool
	for _, m := range refs {
		ref := m[1]
		switch {
		case ref == "../data.js":
			data = true
		case strings.HasPrefix(ref, "data:"): // inline
		case strings.Contains(ref, "://") || strings.HasPrefix(ref, "//"):
			t.Errorf("index.html refers to %q: the page must load nothing from another host", ref)
		default:
			if _, err := os.Stat(ref); err != nil {
				t.Errorf("index.html loads %q: %v", ref, err)
			}
		}
	}
	if !data {
		t.Error("index.html does not load ../data.js")
	}
}

// TestBrowserTestIsTagged says where the page test is when it is not built.
func TestBrowserTestIsTagged(t *testing.T) {
	t.Skip("the page test drives a headless Chromium and is built only with -tags browser: go test -tags browser ./dashboard")
}
