package main

import (
	"image/color"
	"io"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/httpclientbench/httpclientbench/internal/palette"
	"github.com/httpclientbench/httpclientbench/internal/results"
)

// WriteChart draws family f as grouped bars: one group per variant, one bar
// per client, each bar the client's time over net/http's as the table's
// cell gives it (Family.Ratio, paired as the run is: so nethttp is 1 and
// shorter is faster), with its 95 % interval as a whisker where it has one.
// The raw floor is grey (its legend says "floor" only if no client is
// significantly faster than raw on any variant), the TCP floor a dashed
// line, and net/http's level a thin line at 1.
func WriteChart(w io.Writer, f *Family, paired bool) error {
	return familyChart(f, paired).writeSVG(w)
}

// familyChart is WriteChart's chart.
func familyChart(f *Family, paired bool) *chart {
	p := palette.NewPlot(f.Name + ": time per op relative to " + Baseline)
	p.Y.Label.Text = "× " + Baseline + " (lower is faster; whiskers: 95 % interval)"
	p.Y.Min = 0
	p.Legend.ThumbnailWidth = vg.Points(12)
	grid := plotter.NewGrid() // under the bars, and only at the y ticks
	grid.Vertical.Color = nil
	p.Add(grid)

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
		b := &ratioBars{colour: palette.Of(c), width: width}
		offset := width * vg.Length(float64(i)-float64(n-1)/2) // each client its place in every group
		for j, v := range f.Variants {
			if r, ok := f.Ratio(v, c, paired); ok {
				b.at, b.offset, b.ratio = append(b.at, float64(j)), append(b.offset, offset), append(b.ratio, r)
			}
		}
		maxY = max(maxY, b.top())
		label := c
		if c == FloorClient && f.RawIsFloor(f.Variants...) {
			label += " (floor)"
		}
		p.Add(b)
		p.Legend.Add(label, b)
	}
	one := plotter.NewFunction(func(float64) float64 { return 1 })
	one.Color = color.Gray{0x40}
	one.Width = vg.Points(0.5)
	p.Add(one)
	if f.TCPFloor != nil {
		if base := f.Cell(f.Variants[0], Baseline); base != nil && base.Time != nil {
			ratio := ratioOf(f.TCPFloor, base.Time, paired).X // the table's TCP floor row
			line := plotter.NewFunction(func(float64) float64 { return ratio })
			line.Color = color.Black
			line.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
			line.Width = vg.Points(1)
			p.Add(line)
			p.Legend.Add(FloorTCP+" (TCP floor)", line)
		}
	}
	p.Y.Max = maxY * 1.05 // the tallest whisker's cap clear of the top
	p.NominalX(labels...)
	p.X.Min, p.X.Max = -0.6, float64(len(f.Variants))-0.4 // whole groups, with a margin
	p.X.Tick.Label.Rotation = 0

	group := float64(n*barWidth + 36) // one variant's bars and the gap after them
	return newChart(p, max(480, group*float64(len(f.Variants))+90), 320)
}

// WriteHeadlineChart draws the headline's time ratios in placement pl as
// horizontal bars: one group per row with a ratio (in the table's order,
// from the top), one bar per client with a ratio (the baseline is the line
// at 1), each with its 95 % interval as a whisker where it has one.
func WriteHeadlineChart(w io.Writer, h *headline, pl placement) error {
	ch, err := headlineChart(h, pl)
	if err != nil {
		return err
	}
	return ch.writeSVG(w)
}

// headlineChart is WriteHeadlineChart's chart.
func headlineChart(h *headline, pl placement) (*chart, error) {
	var rows []headRow
	for _, row := range h.rows {
		if slices.ContainsFunc(h.clients, func(c string) bool { return c != Baseline && h.cell(row, c, pl).hasRatio }) {
			rows = append(rows, row)
		}
	}
	title := "Headline: time per op relative to " + Baseline
	if pl == ownProcess {
		title += ", the server in its own process"
	}
	if h.title != "" {
		title += "\non " + h.title
	}
	p := palette.NewPlot(title)
	p.X.Label.Text = "× " + Baseline + " (lower is faster; whiskers: 95 % interval)"
	p.X.Min = 0
	p.Legend.ThumbnailWidth = vg.Points(12)
	p.Y.Tick.Label.Font.Size = vg.Points(9)

	grid := plotter.NewGrid() // under the bars, and only at the x ticks
	grid.Horizontal.Color = nil
	p.Add(grid)

	const barWidth = 9
	width := vg.Points(barWidth)
	bars := map[string]*ratioBars{}
	maxX, maxBars := 1.0, 1
	n := len(rows)
	labels := make([]string, n)
	for i, row := range rows {
		y := float64(n - 1 - i) // the first row on top
		labels[n-1-i] = row.Title
		if row.Base != "" {
			labels[n-1-i] += "\n(÷ " + Baseline + " on " + row.Base + ")"
		}
		var cs []string
		for _, c := range h.clients {
			if c != Baseline && h.cell(row, c, pl).hasRatio {
				cs = append(cs, c)
			}
		}
		maxBars = max(maxBars, len(cs))
		for j, c := range cs {
			b := bars[c]
			if b == nil {
				b = &ratioBars{colour: palette.Of(c), width: width, horizontal: true}
				bars[c] = b
			}
			b.at = append(b.at, y)
			b.offset = append(b.offset, width*vg.Length(float64(len(cs)-1)/2-float64(j))) // the first client on top
			b.ratio = append(b.ratio, h.cell(row, c, pl).ratio)
		}
	}
	for _, c := range h.clients { // legend in column order
		if b := bars[c]; b != nil {
			maxX = max(maxX, b.top())
			p.Add(b)
			p.Legend.Add(c, b)
		}
	}
	line, err := plotter.NewLine(plotter.XYs{{X: 1, Y: -0.5}, {X: 1, Y: float64(n) - 0.5}})
	if err != nil {
		return nil, err
	}
	line.Color = palette.Of(Baseline)
	line.Width = vg.Points(1)
	p.Add(line)
	p.Legend.Add(Baseline+" = 1", line)
	p.NominalY(labels...)
	p.Y.Min, p.Y.Max = -0.6, float64(n)-0.4
	p.X.Max = maxX * 1.05 // the longest whisker's cap clear of the edge

	group := float64(maxBars*barWidth + 16) // one row's bars and the gap after them
	return newChart(p, 640, group*float64(n)+110), nil
}

// chart is a plot with its legend beside it, right of the axes, instead of
// on it where plot.Draw puts a legend: no bar or whisker can be under the
// legend, whatever the data.
type chart struct {
	p      *plot.Plot // its own legend empty
	legend plot.Legend
	// width and height are the whole chart's, the legend's column included.
	width, height vg.Length
}

// legendGap is the space between the plot and its legend.
const legendGap = vg.Length(8)

// newChart moves p's legend beside p; width × height points are p's
// size, without the legend, which adds its width and, if it is taller than
// the room under the title, its height.
func newChart(p *plot.Plot, width, height float64) *chart {
	ch := &chart{p: p, legend: p.Legend}
	// From the top down, each swatch before its name.
	ch.legend.Top, ch.legend.Left = true, true
	p.Legend = plot.NewLegend() // nothing to draw on the plot
	size := ch.legend.Rectangle(draw.Canvas{}).Size()
	title := p.Title.TextStyle.Rectangle(p.Title.Text).Size().Y + p.Title.Padding
	below := ch.legend.TextStyle.FontExtents().Descent // Legend.Draw starts that far under the top
	ch.width = vg.Points(width) + legendGap + size.X
	ch.height = max(vg.Points(height), title+size.Y+below)
	return ch
}

// layout splits c, a canvas of the chart's size, into the plot's area and
// the legend's: a column on the right, from the top of the axes down.
func (ch *chart) layout(c draw.Canvas) (plotArea, legendArea draw.Canvas) {
	size := ch.legend.Rectangle(c).Size()
	plotArea = draw.Crop(c, 0, -(legendGap + size.X), 0, 0)
	legendArea = c
	legendArea.Min.X = plotArea.Max.X + legendGap
	legendArea.Max.Y = ch.p.DataCanvas(plotArea).Max.Y
	return plotArea, legendArea
}

// draw draws the chart on c, a canvas of its size.
func (ch *chart) draw(c draw.Canvas) {
	// The plot paints its background under the axes only: the legend's
	// column needs it too, or its dark text sits on a dark page (GitHub's
	// dark theme shows an SVG's transparent parts in the page's colour).
	c.SetColor(ch.p.BackgroundColor)
	c.Fill(c.Rectangle.Path())
	plotArea, legendArea := ch.layout(c)
	ch.p.Draw(plotArea)
	ch.legend.Draw(legendArea)
}

// writeSVG writes the chart as SVG: the same chart gives the same bytes.
func (ch *chart) writeSVG(w io.Writer) error {
	c := vgsvg.New(ch.width, ch.height)
	ch.draw(draw.New(c))
	_, err := c.WriteTo(w)
	return err
}

// whiskerColour is the colour of every whisker.
var whiskerColour = color.Gray{0x20}

// ratioBars are one client's bars: per bar the position of its group on
// the other axis (a family's variant, a headline row), its offset from the
// group's centre, and its ratio, drawn from 0 with a whisker over the
// ratio's 95 % interval where it has one.
type ratioBars struct {
	colour     color.Color
	width      vg.Length
	horizontal bool // bars along x, groups on y (the headline); otherwise up from the x axis
	at         []float64
	offset     []vg.Length
	ratio      []results.Ratio
}

// top is the highest ratio or interval end of the bars: where the axis
// must reach.
func (b *ratioBars) top() float64 {
	top := 0.0
	for _, r := range b.ratio {
		top = max(top, r.X)
		if r.HasInterval() {
			top = max(top, r.Hi)
		}
	}
	return top
}

// Plot draws the bars, and a whisker with caps over each finite interval.
func (b *ratioBars) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	across, along := trX, trY // the groups' axis, the ratios'
	point := func(a, l vg.Length) vg.Point { return vg.Point{X: a, Y: l} }
	if b.horizontal {
		across, along = trY, trX
		point = func(a, l vg.Length) vg.Point { return vg.Point{X: l, Y: a} }
	}
	whisker := draw.LineStyle{Color: whiskerColour, Width: vg.Points(0.75)}
	for i, r := range b.ratio {
		mid := across(b.at[i]) + b.offset[i]
		side0, side1 := mid-b.width/2, mid+b.width/2
		base, end := along(0), along(r.X)
		c.FillPolygon(b.colour, c.ClipPolygonXY([]vg.Point{point(side0, base), point(side1, base), point(side1, end), point(side0, end)}))
		if !r.HasInterval() {
			continue
		}
		lo, hi := along(r.Lo), along(r.Hi)
		tick := b.width / 4
		for _, l := range [][]vg.Point{
			{point(mid, lo), point(mid, hi)},
			{point(mid-tick, lo), point(mid+tick, lo)},
			{point(mid-tick, hi), point(mid+tick, hi)},
		} {
			c.StrokeLines(whisker, c.ClipLinesXY(l)...)
		}
	}
}

// DataRange is the bars' and whiskers' extent.
func (b *ratioBars) DataRange() (xmin, xmax, ymin, ymax float64) {
	amin, amax := math.Inf(1), math.Inf(-1)
	for _, at := range b.at {
		amin, amax = min(amin, at), max(amax, at)
	}
	if b.horizontal {
		return 0, b.top(), amin, amax
	}
	return amin, amax, 0, b.top()
}

// Thumbnail is the legend's swatch.
func (b *ratioBars) Thumbnail(c *draw.Canvas) {
	c.FillPolygon(b.colour, []vg.Point{{X: c.Min.X, Y: c.Min.Y}, {X: c.Min.X, Y: c.Max.Y}, {X: c.Max.X, Y: c.Max.Y}, {X: c.Max.X, Y: c.Min.Y}})
}
