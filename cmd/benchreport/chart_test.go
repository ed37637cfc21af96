package main

import (
	"image/color"
	"slices"
	"testing"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/recorder"

	"github.com/httpclientbench/httpclientbench/internal/palette"
	"github.com/httpclientbench/httpclientbench/internal/results"
)

// wantBar is a bar a chart must draw: its client's colour, its group's
// position on the groups' axis, its ratio.
type wantBar struct {
	client string
	at     float64
	ratio  results.Ratio
}

// shape is a filled polygon or a stroked line as drawn: its colour, its
// points and their bounding box.
type shape struct {
	colour color.Color
	pts    []vg.Point
	box    vg.Rectangle
}

// drawing is what a chart drew on a recorder, in the chart's coordinates:
// fills and strokes, and each text with its box.
type drawing struct {
	fills, strokes []shape
	texts          map[string][]vg.Rectangle
}

// record draws ch on a recorder and returns what it drew, and the canvas
// and the data area (the axes' inside) it drew on.
func record(t *testing.T, ch *chart) (d drawing, canvas, data draw.Canvas) {
	t.Helper()
	rec := &recorder.Canvas{}
	canvas = draw.NewCanvas(rec, ch.width, ch.height)
	ch.draw(canvas)
	plotArea, _ := ch.layout(canvas)
	data = ch.p.DataCanvas(plotArea)

	d.texts = map[string][]vg.Rectangle{}
	var colour color.Color
	depth := 0 // inside Push: a rotated or moved text (an axis label), in other coordinates
	for _, a := range rec.Actions {
		switch a := a.(type) {
		case *recorder.Push:
			depth++
		case *recorder.Pop:
			depth--
		case *recorder.SetColor:
			colour = a.Color
		case *recorder.Fill, *recorder.Stroke:
			var path vg.Path
			if f, ok := a.(*recorder.Fill); ok {
				path = f.Path
			} else {
				path = a.(*recorder.Stroke).Path
			}
			s := shape{colour: colour}
			for _, c := range path {
				if c.Type == vg.MoveComp || c.Type == vg.LineComp {
					s.pts = append(s.pts, c.Pos)
				}
			}
			s.box = bounds(s.pts...)
			if _, ok := a.(*recorder.Fill); ok {
				d.fills = append(d.fills, s)
			} else {
				d.strokes = append(d.strokes, s)
			}
		case *recorder.FillString:
			if depth > 0 {
				continue
			}
			face := font.DefaultCache.Lookup(a.Font, a.Size)
			e := face.Extents()
			d.texts[a.String] = append(d.texts[a.String], vg.Rectangle{
				Min: vg.Point{X: a.Point.X, Y: a.Point.Y - e.Descent},
				Max: vg.Point{X: a.Point.X + face.Width(a.String), Y: a.Point.Y + e.Ascent},
			})
		}
	}
	return d, canvas, data
}

// bounds is the bounding box of pts.
func bounds(pts ...vg.Point) vg.Rectangle {
	r := vg.Rectangle{Min: pts[0], Max: pts[0]}
	for _, p := range pts[1:] {
		r.Min.X, r.Min.Y = min(r.Min.X, p.X), min(r.Min.Y, p.Y)
		r.Max.X, r.Max.Y = max(r.Max.X, p.X), max(r.Max.Y, p.Y)
	}
	return r
}

// union is the box around a and b; an empty a is b.
func union(a, b vg.Rectangle) vg.Rectangle {
	if a == (vg.Rectangle{}) {
		return b
	}
	return bounds(a.Min, a.Max, b.Min, b.Max)
}

// overlap reports whether a and b share more than an edge.
func overlap(a, b vg.Rectangle) bool {
	return a.Min.X < b.Max.X && b.Min.X < a.Max.X && a.Min.Y < b.Max.Y && b.Min.Y < a.Max.Y
}

func sameColour(a, b color.Color) bool {
	if a == nil || b == nil {
		return a == b
	}
	r1, g1, b1, a1 := a.RGBA()
	r2, g2, b2, a2 := b.RGBA()
	return r1 == r2 && g1 == g2 && b1 == b2 && a1 == a2
}

// near is equality of lengths drawn, up to the SVG's rounding.
func near(a, b vg.Length) bool { return a-b < 0.01 && b-a < 0.01 }

// checkChart checks what ch draws against bars, the bars of the chart's
// data: each bar is drawn from 0 to its ratio in its client's colour,
// within its group; each ratio with an interval has a whisker from the
// interval's low end to its high end through the bar's middle, with a cap
// at each end, and a ratio without one has none; legend names every label
// of legend once, beside a swatch of each bar client's colour, in a box
// inside the canvas and clear of the axes' inside, so of every bar and
// whisker too. It returns the number of whiskers.
func checkChart(t *testing.T, name string, ch *chart, bars []wantBar, horizontal bool, legend []string) int {
	t.Helper()
	d, canvas, data := record(t, ch)
	// The first thing drawn is the background, over the whole canvas: the
	// legend's column too, which a dark page would otherwise show through.
	if len(d.fills) == 0 || !sameColour(d.fills[0].colour, ch.p.BackgroundColor) || d.fills[0].box != canvas.Rectangle {
		t.Errorf("%s: the first fill is not the background over the whole canvas %v", name, canvas.Rectangle)
	}
	trX, trY := ch.p.Transforms(&data)
	across, along := trX, trY
	// A box's middle and width across the bars, its extent along them.
	mid := func(r vg.Rectangle) vg.Length { return (r.Min.X + r.Max.X) / 2 }
	width := func(r vg.Rectangle) vg.Length { return r.Max.X - r.Min.X }
	lengthwise := func(r vg.Rectangle) (vg.Length, vg.Length) { return r.Min.Y, r.Max.Y }
	if horizontal {
		across, along = trY, trX
		mid = func(r vg.Rectangle) vg.Length { return (r.Min.Y + r.Max.Y) / 2 }
		width = func(r vg.Rectangle) vg.Length { return r.Max.Y - r.Min.Y }
		lengthwise = func(r vg.Rectangle) (vg.Length, vg.Length) { return r.Min.X, r.Max.X }
	}
	halfGroup := (across(1) - across(0)) / 2
	if halfGroup < 0 {
		halfGroup = -halfGroup
	}

	var clients []string
	for _, b := range bars {
		if !slices.Contains(clients, b.client) {
			clients = append(clients, b.client)
		}
	}
	used := make([]bool, len(d.fills))
	var drawn []vg.Rectangle // the bars' and whiskers' boxes
	whiskers := 0
	for _, b := range bars {
		found := -1
		for i, f := range d.fills {
			from, to := lengthwise(f.box)
			if !used[i] && sameColour(f.colour, palette.Of(b.client)) && near(from, along(0)) && near(to, along(b.ratio.X)) &&
				mid(f.box)-across(b.at) < halfGroup && across(b.at)-mid(f.box) < halfGroup {
				found = i
				break
			}
		}
		if found < 0 {
			t.Errorf("%s: no bar of %s from 0 to %v in group %v", name, b.client, b.ratio.X, b.at)
			continue
		}
		used[found] = true
		bar := d.fills[found].box
		drawn = append(drawn, bar)
		// The whisker's lines, centred on the bar's middle: one
		// lengthwise, a cap across at each end.
		var lines []shape
		for _, s := range d.strokes {
			if sameColour(s.colour, whiskerColour) && near(mid(s.box), mid(bar)) {
				lines = append(lines, s)
			}
		}
		if !b.ratio.HasInterval() {
			if len(lines) > 0 {
				t.Errorf("%s: %s in group %v: %d whisker lines on a ratio without an interval (%v)", name, b.client, b.at, len(lines), b.ratio)
			}
			continue
		}
		whiskers++
		lo, hi := along(b.ratio.Lo), along(b.ratio.Hi)
		var stem, capLo, capHi bool
		for _, s := range lines {
			from, to := lengthwise(s.box)
			switch {
			case near(from, lo) && near(to, hi) && near(width(s.box), 0):
				stem = true
			case near(from, lo) && near(to, lo) && !capLo: // a first cap at hi too where lo is hi
				capLo = true
			case near(from, hi) && near(to, hi):
				capHi = true
			default:
				continue
			}
			drawn = append(drawn, s.box)
		}
		if !stem || !capLo || !capHi {
			t.Errorf("%s: %s in group %v: whisker of %v: line from low to high end %v, cap at low end %v, at high end %v",
				name, b.client, b.at, b.ratio, stem, capLo, capHi)
		}
	}
	n := 0
	for _, s := range d.strokes {
		if sameColour(s.colour, whiskerColour) {
			n++
		}
	}
	if n != 3*whiskers {
		t.Errorf("%s: %d whisker lines, want 3 for each of %d ratios with an interval", name, n, whiskers)
	}

	// The legend: its labels' boxes and the swatches, every fill in a
	// client's colour that is not a bar.
	var box vg.Rectangle
	for _, l := range legend {
		if got := len(d.texts[l]); got != 1 {
			t.Errorf("%s: the legend's %q drawn %d times", name, l, got)
			continue
		}
		box = union(box, d.texts[l][0])
	}
	for _, c := range clients {
		swatches := 0
		for i, f := range d.fills {
			if !used[i] && sameColour(f.colour, palette.Of(c)) {
				swatches++
				box = union(box, f.box)
			}
		}
		if swatches != 1 {
			t.Errorf("%s: %d fills of %s's colour besides its bars, want its legend swatch", name, swatches, c)
		}
	}
	if box.Min.X < canvas.Min.X || box.Min.Y < canvas.Min.Y || box.Max.X > canvas.Max.X || box.Max.Y > canvas.Max.Y {
		t.Errorf("%s: the legend %v is not inside the chart %v", name, box, canvas.Rectangle)
	}
	if overlap(box, data.Rectangle) {
		t.Errorf("%s: the legend %v covers part of the axes' inside %v", name, box, data.Rectangle)
	}
	for _, r := range drawn {
		if overlap(box, r) {
			t.Errorf("%s: the legend %v covers a bar or whisker at %v", name, box, r)
		}
	}
	return whiskers
}

// familyBars are the bars of family f's chart: each client's ratio in each
// variant where it has one.
func familyBars(f *Family, paired bool) (bars []wantBar, legend []string) {
	for _, c := range f.Clients {
		for j, v := range f.Variants {
			if r, ok := f.Ratio(v, c, paired); ok {
				bars = append(bars, wantBar{c, float64(j), r})
			}
		}
		if c == FloorClient && f.RawIsFloor(f.Variants...) {
			c += " (floor)"
		}
		legend = append(legend, c)
	}
	if f.TCPFloor != nil {
		legend = append(legend, FloorTCP+" (TCP floor)")
	}
	return bars, legend
}

// TestFamilyCharts: every bar of a family's chart is its client's ratio,
// as its table's cell gives it, with a whisker over the ratio's interval
// where it has one and none where it has none, and the legend covers
// nothing; on test runs paired, unpaired and without intervals, and on
// every family of the repository's run.
func TestFamilyCharts(t *testing.T) {
	for _, tc := range []struct {
		name     string
		r        *Report
		whiskers bool // some ratio has an interval
	}{
		{"runner", mustBuildFile(t, "testdata/runner.txt"), true},
		{"full", mustBuildFile(t, "testdata/full.txt"), true},
		{"missing_client", mustBuildFile(t, "testdata/missing_client.txt"), false},
		{"repository", repoReport(t), true},
	} {
		whiskers := 0
		for _, f := range tc.r.Families {
			if f = f.recorded(); f == nil {
				continue
			}
			bars, legend := familyBars(f, tc.r.Rounds > 0)
			whiskers += checkChart(t, tc.name+"/"+f.Name, familyChart(f, tc.r.Rounds > 0), bars, false, legend)
		}
		if (whiskers > 0) != tc.whiskers {
			t.Errorf("%s: %d whiskers", tc.name, whiskers)
		}
	}
}

// TestHeadlineCharts: the headline chart's bars are the headline's
// ratios, one group per row from the top, each with its whisker; its
// legend covers nothing; on a test run and on the repository's.
func TestHeadlineCharts(t *testing.T) {
	check := func(name string, r *Report) {
		h, err := r.headline()
		if err != nil {
			t.Fatal(err)
		}
		var rows []headRow
		for _, row := range h.rows {
			if slices.ContainsFunc(h.clients, func(c string) bool { return c != Baseline && h.cell(row, c, inProcess).hasRatio }) {
				rows = append(rows, row)
			}
		}
		var bars []wantBar
		var legend []string
		for i, row := range rows {
			for _, c := range h.clients {
				if cell := h.cell(row, c, inProcess); c != Baseline && cell.hasRatio {
					bars = append(bars, wantBar{c, float64(len(rows) - 1 - i), cell.ratio})
					if !slices.Contains(legend, c) {
						legend = append(legend, c)
					}
				}
			}
		}
		legend = append(legend, Baseline+" = 1")
		ch, err := headlineChart(h, inProcess)
		if err != nil {
			t.Fatal(err)
		}
		if checkChart(t, name, ch, bars, true, legend) == 0 {
			t.Errorf("%s: no whisker", name)
		}
	}
	check("repository", repoReport(t))
	withHeadline(t, testHeadline)
	check("headline.txt", mustBuildFile(t, "testdata/headline.txt"))
}
