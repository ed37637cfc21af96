// Package palette is the style of the suite's charts (cmd/benchreport,
// internal/loadreport): one set of client colours, so that a library keeps
// its colour from chart to chart and the floors are grey, and the plot
// settings and SVG output they share.
package palette

import "image/color"

var clients = map[string]color.Color{
	"nethttp":       color.RGBA{0x1f, 0x77, 0xb4, 0xff},
	"xnethttp2":     color.RGBA{0x17, 0xbe, 0xcf, 0xff},
	"fasthttp":      color.RGBA{0xff, 0x7f, 0x0e, 0xff},
	"resty":         color.RGBA{0x2c, 0xa0, 0x2c, 0xff},
	"retryablehttp": color.RGBA{0x94, 0x67, 0xbd, 0xff},
	"http3":         color.RGBA{0xd6, 0x27, 0x28, 0xff},
	"raw":           color.RGBA{0xa0, 0xa0, 0xa0, 0xff}, // the minimal HTTP/1.1 client: a floor
}

// other colours every client the palette does not know.
var other = color.RGBA{0x8c, 0x56, 0x4b, 0xff}

// Of returns the colour of client (its name in benchmark names: nethttp,
// fasthttp, raw…); clients it does not know share one brown.
func Of(client string) color.Color {
	if c, ok := clients[client]; ok {
		return c
	}
	return other
}
