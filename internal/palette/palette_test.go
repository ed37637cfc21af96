package palette

import (
	"fmt"
	"image/color"
	"testing"

	"github.com/httpclientbench/httpclientbench/internal/registry"
)

// TestOfIsTheRegistry: every client's chart colour is its registry colour,
// and distinct from the colour of clients the registry does not know.
func TestOfIsTheRegistry(t *testing.T) {
	for _, c := range registry.All() {
		r, g, b, _ := Of(c.Name).RGBA()
		if got := fmt.Sprintf("#%02x%02x%02x", r>>8, g>>8, b>>8); got != c.Colour {
			t.Errorf("%s: %s, want %s", c.Name, got, c.Colour)
		}
		if Of(c.Name) == color.Color(other) {
			t.Errorf("%s has the unknown clients' colour", c.Name)
		}
	}
	if Of("nope") != color.Color(other) {
		t.Error("an unknown client has a colour of its own")
	}
}
