// Package palette is the style of the suite's charts (cmd/benchreport,
// loadbench/report): the client colours of internal/registry, so that a
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

// colours are the registry's client colours, parsed once.
var colours = func() map[string]color.Color {
	m := map[string]color.Color{}
	for _, c := range registry.All() {
		rgb := color.RGBA{A: 0xff}
		if _, err := fmt.Sscanf(c.Colour, "#%02x%02x%02x", &rgb.R, &rgb.G, &rgb.B); err == nil {
			m[c.Name] = rgb // the registry's test keeps every colour parsable
		}
	}
	return m
}()

// Of returns the colour of client (its name in benchmark names: nethttp,
// fasthttp, raw…) that internal/registry gives it; clients it does not
// know share one brown.
func Of(client string) color.Color {
	if c, ok := colours[client]; ok {
		return c
	}
	return other
}
