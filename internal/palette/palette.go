// Package palette is the style of the suite's charts (cmd/benchreport,
// internal/loadreport): the client colours of internal/registry, so that a
// library keeps its colour from chart to chart (and on the dashboard) and
// the floor is grey, and the plot settings and SVG output they share.
package palette

import (
	"fmt"
	"image/color"

	"github.com/httpclientbench/httpclientbench/internal/registry"
)

// other colours every client the registry does not know.
var other = color.RGBA{0x8c, 0x56, 0x4b, 0xff}

// Of returns the colour of client (its name in benchmark names: nethttp,
// fasthttp, raw…) that internal/registry gives it; clients it does not
// know share one brown.
func Of(client string) color.Color {
	c, ok := registry.Lookup(client)
	if !ok {
		return other
	}
	var rgb color.RGBA
	if _, err := fmt.Sscanf(c.Colour, "#%02x%02x%02x", &rgb.R, &rgb.G, &rgb.B); err != nil {
		return other // the registry's test keeps this from happening
	}
	rgb.A = 0xff
	return rgb
}
