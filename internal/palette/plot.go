package palette

import (
	"io"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// NewPlot is a plot in the suite's chart style: its font, a 12-point
// title, a 9-point legend at the top with 2 points of padding, 9-point
// labels on the x axis. Callers place the legend, set the axes and add a
// grid where they want it drawn.
func NewPlot(title string) *plot.Plot {
	plot.DefaultFont = font.Font{Typeface: "Liberation", Variant: "Sans"}
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font.Size = vg.Points(12)
	p.Legend.Top = true
	p.Legend.TextStyle.Font.Size = vg.Points(9)
	p.Legend.Padding = vg.Points(2)
	p.X.Tick.Label.Font.Size = vg.Points(9)
	return p
}

// WriteSVG draws p as an SVG of width × height points to w: the same plot
// gives the same bytes.
func WriteSVG(w io.Writer, p *plot.Plot, width, height float64) error {
	c := vgsvg.New(vg.Points(width), vg.Points(height))
	p.Draw(draw.New(c))
	_, err := c.WriteTo(w)
	return err
}
