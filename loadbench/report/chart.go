package report

import (
	"fmt"
	"io"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/httpclientbench/httpclientbench/internal/palette"
)

// chart is one SVG chart of a group: its file name, its alt text, and
// how to draw it.
type chart struct {
	file, alt string
	draw      func(*Group) (*plot.Plot, error)
}

// chartsOf returns the charts of g: latency by percentile for a steady or
// overload group; req/s and p99 against requests in flight for a sweep.
func chartsOf(g *Group) []chart {
	cpus := "" // a CPU count's charts are its own
	if g.CPUs != "" {
		cpus = "-cpus" + g.CPUs
	}
	if g.Mode == Sweep {
		base := fmt.Sprintf("%s-%s%s", g.Mode, g.Payload, cpus)
		return []chart{
			{base + "-reqs.svg", g.Title() + ": delivered req/s by requests in flight", sweepReqs},
			{base + "-p99.svg", g.Title() + ": p99 latency by requests in flight", sweepP99},
		}
	}
	return []chart{{fmt.Sprintf("%s-rate%s-%s%s.svg", g.Mode, g.Rate, g.Payload, cpus), g.Title() + ": latency by percentile", latencyByPercentile}}
}

// writeChart draws c of g as SVG: the same group gives the same bytes.
func writeChart(w io.Writer, c chart, g *Group) error {
	p, err := c.draw(g)
	if err != nil {
		return fmt.Errorf("%s: %w", c.file, err)
	}
	return palette.WriteSVG(w, p, 560, 340)
}

// newPlot is a plot with the suite's font and a legend at the top left.
func newPlot(title string) *plot.Plot {
	p := palette.NewPlot(title)
	p.Legend.Left = true
	p.Legend.ThumbnailWidth = vg.Points(14)
	p.Y.Tick.Label.Font.Size = vg.Points(9)
	p.Add(plotter.NewGrid())
	return p
}

// addLine adds one client's line; points without a positive value (a log
// axis cannot show them) are left out.
func addLine(p *plot.Plot, client string, xys plotter.XYs) error {
	var kept plotter.XYs
	for _, xy := range xys {
		if xy.Y > 0 && xy.X > 0 {
			kept = append(kept, xy)
		}
	}
	if len(kept) == 0 {
		return nil
	}
	l, pts, err := plotter.NewLinePoints(kept)
	if err != nil {
		return fmt.Errorf("%s: %w", client, err)
	}
	col := palette.Of(client)
	l.Color, pts.Color = col, col
	l.Width = vg.Points(1.5)
	pts.Radius = vg.Points(2.5)
	if client == FloorClient {
		l.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	}
	p.Add(l, pts)
	p.Legend.Add(clientLabel(client), l, pts)
	return nil
}

// latencyByPercentile draws one line per client through its median
// latency at each percentile, on a log axis in milliseconds.
func latencyByPercentile(g *Group) (*plot.Plot, error) {
	p := newPlot(g.Title() + ": latency by percentile")
	p.Y.Label.Text = "latency, ms (log scale)"
	p.X.Label.Text = "percentile"
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = logTicks{}
	labels := make([]string, len(percentiles))
	for i, pc := range percentiles {
		labels[i] = pc.Label
	}
	for _, c := range g.Clients {
		cell := g.Cell("", c)
		var xys plotter.XYs
		for i, pc := range percentiles {
			if m, ok := cell.Median(pc.Unit); ok {
				xys = append(xys, plotter.XY{X: float64(i + 1), Y: m / 1e6})
			}
		}
		if err := addLine(p, c, xys); err != nil {
			return nil, err
		}
	}
	p.NominalX(append([]string{""}, labels...)...) // positions 1…n: 0 would not be a valid x for addLine
	p.X.Min, p.X.Max = 0.7, float64(len(labels))+0.3
	padLog(&p.Y)
	p.Y.Max *= 2.5 // room for the legend above the lines
	return p, nil
}

// sweepReqs draws delivered req/s (from 0) against requests in flight
// (log scale).
func sweepReqs(g *Group) (*plot.Plot, error) {
	p := newPlot(g.Title() + ": delivered req/s")
	p.Y.Label.Text = "req/s"
	p.Y.Tick.Marker = countTicks{}
	if err := sweepLines(p, g, unitReqs, 1); err != nil {
		return nil, err
	}
	p.Y.Min = 0
	p.Y.Max *= 1.4 // room for the legend above the lines
	return p, nil
}

// sweepP99 draws p99 latency against requests in flight, both axes
// logarithmic.
func sweepP99(g *Group) (*plot.Plot, error) {
	p := newPlot(g.Title() + ": p99 latency")
	p.Y.Label.Text = "p99 latency, ms (log scale)"
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = logTicks{}
	if err := sweepLines(p, g, "p99-ns", 1e6); err != nil {
		return nil, err
	}
	padLog(&p.Y)
	p.Y.Max *= 2.5
	return p, nil
}

// sweepLines adds one line per client of unit (divided by scale) against
// the in-flight levels, on a log x axis with a tick at each level.
func sweepLines(p *plot.Plot, g *Group, unit string, scale float64) error {
	p.X.Label.Text = "requests in flight (log scale)"
	p.X.Scale = plot.LogScale{}
	var ticks plot.ConstantTicks
	for _, l := range g.Levels {
		n, _ := strconv.ParseFloat(l, 64)
		ticks = append(ticks, plot.Tick{Value: n, Label: l})
	}
	p.X.Tick.Marker = ticks
	for _, c := range g.Clients {
		var xys plotter.XYs
		for _, l := range g.Levels {
			n, _ := strconv.ParseFloat(l, 64)
			if m, ok := g.Cell(l, c).Median(unit); ok {
				xys = append(xys, plotter.XY{X: n, Y: m / scale})
			}
		}
		if err := addLine(p, c, xys); err != nil {
			return err
		}
	}
	padLog(&p.X)
	return nil
}

// padLog widens a log axis whose data is one value, which it could not
// draw.
func padLog(a *plot.Axis) {
	if a.Min == a.Max && a.Min > 0 {
		a.Min, a.Max = a.Min/2, a.Max*2
	}
}

// logTicks labels a log axis at 1, 2 and 5 times the powers of ten, or
// only at the powers of ten over more than three decades, or at more
// steps over less than one: at least three labels wherever it can.
type logTicks struct{}

// Ticks implements plot.Ticker.
func (logTicks) Ticks(lo, hi float64) []plot.Tick {
	var ticks []plot.Tick
	for _, steps := range [][]float64{{1}, {1, 2, 5}, {1, 1.5, 2, 3, 5, 7}} {
		if hi/lo <= 1e3 && len(steps) == 1 {
			continue
		}
		ticks = ticks[:0]
		for e := math.Floor(math.Log10(lo)); e <= math.Ceil(math.Log10(hi)); e++ {
			for _, s := range steps {
				v := s * math.Pow10(int(e))
				if v >= lo*(1-1e-9) && v <= hi*(1+1e-9) {
					ticks = append(ticks, plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'g', -1, 64)})
				}
			}
		}
		if len(ticks) >= 3 {
			break
		}
	}
	return ticks
}

// countTicks labels a linear axis of counts at 1, 2 or 5 times a power of
// ten, with thousands separators, about five labels in all.
type countTicks struct{}

// Ticks implements plot.Ticker.
func (countTicks) Ticks(lo, hi float64) []plot.Tick {
	if hi <= lo {
		return nil
	}
	raw := (hi - lo) / 5
	p := math.Pow10(int(math.Floor(math.Log10(raw))))
	step := 10 * p
	for _, s := range []float64{1, 2, 5} {
		if s*p >= raw {
			step = s * p
			break
		}
	}
	var ticks []plot.Tick
	for v := math.Ceil(lo/step) * step; v <= hi*(1+1e-9); v += step {
		ticks = append(ticks, plot.Tick{Value: v, Label: FormatCount(v)})
	}
	return ticks
}
