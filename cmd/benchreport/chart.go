package main

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/httpclientbench/httpclientbench/internal/palette"
)

// WriteChart draws family f as grouped bars: one group per variant, one bar
// per client, each bar the client's time over net/http's as the table's
// cell gives it (Family.Ratio, paired as the run is: so nethttp is 1 and
// shorter is faster). The raw floor is grey (its legend
// says "floor" only if no client is significantly faster than raw on any
// variant), the TCP floor a dashed line, and net/http's level a thin line
// at 1.
func WriteChart(w io.Writer, f *Family, paired bool) error {
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
			if r, ok := f.Ratio(v, c, paired); ok {
				values[j] = r.X
				maxY = max(maxY, r.X)
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
			ratio := ratioOf(f.TCPFloor, base.Time, paired).X // the table's TCP floor row
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

// WriteHeadlineChart draws the headline as horizontal bars: one group per
// row with a ratio (in the table's order, from the top), one bar per
// client with a ratio (the baseline is the line at 1), each with its 95 %
// interval as a whisker where it has one.
func WriteHeadlineChart(w io.Writer, h *headline) error {
	var rows []headRow
	for _, row := range h.rows {
		if slices.ContainsFunc(h.clients, func(c string) bool { return c != Baseline && h.cell(row, c).hasRatio }) {
			rows = append(rows, row)
		}
	}
	p := palette.NewPlot("Headline: time per op relative to " + Baseline)
	p.X.Label.Text = "× " + Baseline + " (lower is faster; whiskers: 95 % interval)"
	p.X.Min = 0
	p.Legend.Top = false // bottom right, beside the shortest bars as often as not
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
			if c != Baseline && h.cell(row, c).hasRatio {
				cs = append(cs, c)
			}
		}
		maxBars = max(maxBars, len(cs))
		for j, c := range cs {
			cell := h.cell(row, c)
			b := bars[c]
			if b == nil {
				b = &ratioBars{colour: palette.Of(c), width: width}
				bars[c] = b
			}
			b.y = append(b.y, y)
			b.offset = append(b.offset, width*vg.Length(float64(len(cs)-1)/2-float64(j))) // the first client on top
			b.ratio, b.lo, b.hi = append(b.ratio, cell.ratio.X), append(b.lo, cell.ratio.Lo), append(b.hi, cell.ratio.Hi)
			maxX = max(maxX, cell.ratio.X)
			if cell.ratio.HasInterval() {
				maxX = max(maxX, cell.ratio.Hi)
			}
		}
	}
	for _, c := range h.clients { // legend in column order
		if b := bars[c]; b != nil {
			p.Add(b)
			p.Legend.Add(c, b)
		}
	}
	line, err := plotter.NewLine(plotter.XYs{{X: 1, Y: -0.5}, {X: 1, Y: float64(n) - 0.5}})
	if err != nil {
		return err
	}
	line.Color = palette.Of(Baseline)
	line.Width = vg.Points(1)
	p.Add(line)
	p.Legend.Add(Baseline+" = 1", line)
	p.NominalY(labels...)
	p.Y.Min, p.Y.Max = -0.6, float64(n)-0.4
	p.X.Max = maxX * 1.3 // room for the legend

	group := float64(maxBars*barWidth + 16) // one row's bars and the gap after them
	return palette.WriteSVG(w, p, 640, group*float64(n)+110)
}

// ratioBars are one client's bars on the headline chart: per bar its row
// (y), its offset from the row's centre, its ratio and interval.
type ratioBars struct {
	colour        color.Color
	width         vg.Length
	y             []float64
	offset        []vg.Length
	ratio, lo, hi []float64
}

// Plot draws the bars, and a whisker over each finite interval.
func (b *ratioBars) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	whisker := draw.LineStyle{Color: color.Gray{0x20}, Width: vg.Points(0.75)}
	for i, y := range b.y {
		mid := trY(y) + b.offset[i]
		top, bottom := mid+b.width/2, mid-b.width/2
		x0, x1 := trX(0), trX(b.ratio[i])
		c.FillPolygon(b.colour, c.ClipPolygonX([]vg.Point{{X: x0, Y: bottom}, {X: x0, Y: top}, {X: x1, Y: top}, {X: x1, Y: bottom}}))
		if math.IsInf(b.lo[i], 0) || math.IsInf(b.hi[i], 0) {
			continue
		}
		lo, hi := trX(b.lo[i]), trX(b.hi[i])
		tick := b.width / 4
		c.StrokeLines(whisker, c.ClipLinesX([]vg.Point{{X: lo, Y: mid}, {X: hi, Y: mid}})...)
		c.StrokeLines(whisker, c.ClipLinesX([]vg.Point{{X: lo, Y: mid - tick}, {X: lo, Y: mid + tick}})...)
		c.StrokeLines(whisker, c.ClipLinesX([]vg.Point{{X: hi, Y: mid - tick}, {X: hi, Y: mid + tick}})...)
	}
}

// DataRange is the bars' and whiskers' extent.
func (b *ratioBars) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, ymin, ymax = 0, math.Inf(1), math.Inf(-1)
	for i, y := range b.y {
		ymin, ymax = min(ymin, y), max(ymax, y)
		xmax = max(xmax, b.ratio[i])
		if !math.IsInf(b.hi[i], 0) {
			xmax = max(xmax, b.hi[i])
		}
	}
	return xmin, xmax, ymin, ymax
}

// Thumbnail is the legend's swatch.
func (b *ratioBars) Thumbnail(c *draw.Canvas) {
	c.FillPolygon(b.colour, []vg.Point{{X: c.Min.X, Y: c.Min.Y}, {X: c.Min.X, Y: c.Max.Y}, {X: c.Max.X, Y: c.Max.Y}, {X: c.Max.X, Y: c.Min.Y}})
}
