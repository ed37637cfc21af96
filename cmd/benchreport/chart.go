package main

import (
	"fmt"
	"image/color"
	"io"
	"strings"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/httpclientbench/httpclientbench/internal/palette"
)

// WriteChart draws family f as grouped bars: one group per variant, one bar
// per client, each bar the client's median time over net/http's (so
// nethttp is 1 and shorter is faster). The raw floor is grey (its legend
// says "floor" only if no client is significantly faster than raw on any
// variant), the TCP floor a dashed line, and net/http's level a thin line
// at 1.
func WriteChart(w io.Writer, f *Family) error {
	p := palette.NewPlot(f.Name + ": time per op relative to " + Baseline)
	p.Y.Label.Text = "× " + Baseline + " (lower is faster)"
	p.Y.Min = 0
	p.Legend.YOffs = -vg.Points(4)
	p.Legend.ThumbnailWidth = vg.Points(12)

	labels := make([]string, len(f.Variants))
	for i, v := range f.Variants {
		labels[i] = strings.ReplaceAll(v, "/", "\n")
		if v == "" {
			labels[i] = f.Name
		}
	}
	n := len(f.Clients)
	const barWidth = 14
	width := vg.Points(barWidth)
	maxY := 1.0
	for i, c := range f.Clients {
		values := make(plotter.Values, len(f.Variants))
		for j, v := range f.Variants {
			if r, ok := f.Ratio(v, c); ok {
				values[j] = r
				maxY = max(maxY, r)
			}
		}
		bars, err := plotter.NewBarChart(values, width)
		if err != nil {
			return fmt.Errorf("%s/%s: %w", f.Name, c, err)
		}
		bars.Color = palette.Of(c)
		bars.LineStyle.Width = 0
		bars.Offset = width * vg.Length(float64(i)-float64(n-1)/2)
		label := c
		if c == FloorClient && f.RawIsFloor(f.Variants...) {
			label += " (floor)"
		}
		p.Add(bars)
		p.Legend.Add(label, bars)
	}
	one := plotter.NewFunction(func(float64) float64 { return 1 })
	one.Color = color.Gray{0x40}
	one.Width = vg.Points(0.5)
	p.Add(one)
	if f.TCPFloor != nil {
		if base := f.Cell(f.Variants[0], Baseline); base != nil && base.Time != nil {
			ratio := f.TCPFloor.Center / base.Time.Center
			line := plotter.NewFunction(func(float64) float64 { return ratio })
			line.Color = color.Black
			line.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
			line.Width = vg.Points(1)
			p.Add(line)
			p.Legend.Add(FloorTCP+" (TCP floor)", line)
		}
	}
	p.Y.Max = maxY * (1.15 + 0.09*float64(n+1)) // room for the legend above the bars
	p.NominalX(labels...)
	p.X.Min, p.X.Max = -0.6, float64(len(f.Variants))-0.4 // whole groups, with a margin
	p.Legend.XOffs = -vg.Points(12)
	p.X.Tick.Label.Rotation = 0
	p.Add(plotter.NewGrid())

	group := float64(n*barWidth + 36) // one variant's bars and the gap after them
	return palette.WriteSVG(w, p, max(480, group*float64(len(f.Variants))+90), 320)
}
