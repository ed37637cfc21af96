package nethttp_test

import (
	"strings"
	"testing"

	"github.com/httpclientbench/httpclientbench/clients"
	_ "github.com/httpclientbench/httpclientbench/clients/nethttp"
)

// TestUnimportedFolder: in a program that imports this folder alone,
// nethttp builds, and a client of the registry whose folder it does not
// import fails to, with the import path to add (hertz_std's folder is
// hertz's), never a panic.
func TestUnimportedFolder(t *testing.T) {
	c, err := clients.Named("nethttp").New(clients.Config{})
	if err != nil {
		t.Fatal(err)
	}
	c.Close()
	_, err = clients.Named("hertz_std").New(clients.Config{})
	if err == nil || !strings.Contains(err.Error(), "import github.com/httpclientbench/httpclientbench/clients/hertz,") {
		t.Errorf("hertz_std without its folder: %v, want the import path of clients/hertz", err)
	}
}
