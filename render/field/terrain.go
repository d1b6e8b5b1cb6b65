package field

import (
	"image/color"
	"math"

	"github.com/gunbai/gunbai/engine"
)

// Terrain is drawn as terrain, over the whole cell, so that it shows
// around a counter standing on it: a hill as rings of contour lines
// (R-XI.2), a forest as tree crowns (R-XI.3), a swamp as pools
// and reeds (R-XI.4); the river as water with banks along the defender's
// deployment line and its bridge as a plank deck with railings across it
// (R-XI.1, D-63). Drawn cells beyond the field (D-03) are grey with a
// dashed grid. All of it, with the zones, lines and cell names, is the
// static layer (static.go).

// staticLayer draws what depends only on the cells drawn and the terrain.
func (d *drawer) staticLayer() {
	d.cells()
	d.lines()
	d.river()
	d.cellNames()
}

// cells fills every cell: zone tint, terrain, grid.
func (d *drawer) cells() {
	dc, cs := d.dc, d.l.cs
	t := &d.b.Terrain
	d.each(func(c engine.Cell, x, y float64) {
		dc.SetColor(zoneColor(c))
		dc.DrawRectangle(x, y, cs, cs)
		dc.Fill()
		if !c.OnField() {
			return // the band off the field: offField
		}
		if t.Hill(c) {
			d.hill(x, y, cs, c)
		}
		switch {
		case t.Forest(c):
			d.forest(x, y, cs, c, t.Hill(c))
		case t.Swamp(c):
			d.swamp(x, y, cs, c)
		}
	})
	d.offField()
	dc.SetLineWidth(1)
	d.each(func(c engine.Cell, x, y float64) {
		if c.OnField() {
			dc.SetColor(gridColor)
			dc.DrawRectangle(x+0.5, y+0.5, cs, cs)
			dc.Stroke()
		}
	})
}

// offField draws the drawn cells beyond the field (where units that left
// it are, D-03) as one band, hatched, with no grid and no cell names: it is
// no part of the field.
func (d *drawer) offField() {
	l := &d.l
	if !l.offField() {
		return
	}
	x, y, w, h := l.gridPixels()
	x0, y0 := l.cellOrigin(engine.Cell{X: 1, Y: 1})
	x1, y1 := l.cellOrigin(engine.Cell{X: engine.FieldWidth + 1, Y: engine.FieldHeight + 1})
	for _, r := range []rectF{
		{x, y, w, y0 - y},             // above
		{x, y1, w, y + h - y1},        // below
		{x, y0, x0 - x, y1 - y0},      // left
		{x1, y0, x + w - x1, y1 - y0}, // right
	} {
		if r.w > 0 && r.h > 0 {
			d.hatch(r, l.cs*0.16, offFieldInk, math.Max(1, l.cs*0.025))
		}
	}
}

// offField reports whether the layout draws cells beyond the field.
func (l *layout) offField() bool {
	return l.minX < 1 || l.minY < 1 || l.maxX > engine.FieldWidth || l.maxY > engine.FieldHeight
}

// jitter is a small fixed offset for the i-th mark of cell c, in -1..1.
func jitter(c engine.Cell, i int) float64 {
	h := uint32(c.X*73856093) ^ uint32(c.Y*19349663) ^ uint32(i*83492791)
	h ^= h >> 13
	h *= 0x5bd1e995
	h ^= h >> 15
	return float64(h%2001)/1000 - 1
}

// hill is a hill filling the square at (x, y) of side s: its slopes in
// rings of irregular contour lines, rising to a crest north-east of the
// middle. c varies the contours from hill to hill.
func (d *drawer) hill(x, y, s float64, c engine.Cell) {
	dc := d.dc
	dc.SetColor(hillFill)
	dc.DrawRectangle(x, y, s, s)
	dc.Fill()
	rings := []struct {
		r, dx, dy float64
		fill      color.Color
	}{{0.47, 0, 0.06, hillMid}, {0.33, 0.05, 0.02, hillTop}, {0.19, 0.09, -0.01, hillCrest}}
	p1, p2 := 2*math.Pi*jitter(c, 7), 2*math.Pi*jitter(c, 8)
	for _, r := range rings {
		cx, cy := x+s*(0.5+r.dx), y+s*(0.5+r.dy)
		for i := range 48 {
			a := float64(i) * math.Pi / 24
			k := s * r.r * (1 + 0.07*math.Sin(3*a+p1) + 0.04*math.Sin(5*a+p2))
			px, py := cx+k*math.Cos(a), cy+k*0.86*math.Sin(a)
			if i == 0 {
				dc.MoveTo(px, py)
			} else {
				dc.LineTo(px, py)
			}
		}
		dc.ClosePath()
		dc.SetColor(r.fill)
		dc.FillPreserve()
		dc.SetColor(hillContour)
		dc.SetLineWidth(math.Max(1, s/50))
		dc.Stroke()
	}
}

// forestCrowns are where the trees of a forest stand in its cell, in
// cells, clear of the cell's name at the top left.
var forestCrowns = [][2]float64{
	{0.56, 0.11}, {0.74, 0.1}, {0.9, 0.12},
	{0.1, 0.34}, {0.1, 0.55}, {0.11, 0.74}, {0.12, 0.9},
	{0.9, 0.32}, {0.89, 0.52}, {0.9, 0.71}, {0.88, 0.89},
	{0.31, 0.9}, {0.5, 0.89}, {0.7, 0.9},
	{0.3, 0.4}, {0.52, 0.34}, {0.74, 0.5}, {0.38, 0.62}, {0.6, 0.72}, {0.24, 0.74},
}

// forest is a forest filling the square: tree crowns seen from above,
// dark with a light side. On a hill the hill's contours show between.
func (d *drawer) forest(x, y, s float64, c engine.Cell, onHill bool) {
	dc := d.dc
	if !onHill {
		dc.SetColor(forestDark)
		dc.DrawRectangle(x, y, s, s)
		dc.Fill()
	}
	r := s * 0.09
	pos := func(i int) (float64, float64, float64) {
		p := forestCrowns[i]
		return x + s*p[0] + s*0.02*jitter(c, 2*i), y + s*p[1] + s*0.02*jitter(c, 2*i+1), r * (1 + 0.15*jitter(c, 100+i))
	}
	for i := range forestCrowns {
		px, py, pr := pos(i)
		dc.DrawCircle(px, py, pr)
	}
	dc.SetColor(forestFill)
	dc.Fill()
	for i := range forestCrowns {
		px, py, pr := pos(i)
		dc.DrawCircle(px-pr*0.28, py-pr*0.28, pr*0.5)
	}
	dc.SetColor(forestLight)
	dc.Fill()
}

// swampPools and swampReeds place a swamp's marks in its cell, in cells:
// pools as (x, y, rx, ry), reeds as the foot of a tuft.
var (
	swampPools = [][4]float64{{0.3, 0.5, 0.2, 0.09}, {0.7, 0.82, 0.2, 0.08}, {0.76, 0.36, 0.15, 0.07}, {0.2, 0.86, 0.13, 0.06}, {0.62, 0.14, 0.14, 0.05}}
	swampReeds = [][2]float64{{0.1, 0.45}, {0.9, 0.6}, {0.48, 0.95}, {0.92, 0.24}, {0.5, 0.68}, {0.12, 0.7}, {0.3, 0.26}, {0.84, 0.97}}
)

// swamp is a swamp filling the square: pools of open water and tufts of
// reeds.
func (d *drawer) swamp(x, y, s float64, c engine.Cell) {
	dc := d.dc
	dc.SetColor(swampFill)
	dc.DrawRectangle(x, y, s, s)
	dc.Fill()
	for i, p := range swampPools {
		dc.DrawEllipse(x+s*p[0]+s*0.02*jitter(c, i), y+s*p[1], s*p[2], s*p[3])
	}
	dc.SetColor(swampWater)
	dc.Fill()
	dc.SetLineCapRound()
	for i, p := range swampReeds {
		bx, by := x+s*p[0]+s*0.02*jitter(c, 50+i), y+s*p[1]
		for _, r := range [][2]float64{{-0.05, -0.12}, {0, -0.16}, {0.05, -0.12}} {
			dc.MoveTo(bx, by)
			dc.LineTo(bx+s*r[0], by+s*r[1])
		}
	}
	dc.SetColor(swampInk)
	dc.SetLineWidth(math.Max(1, s/45))
	dc.Stroke()
	dc.SetLineCapButt()
}

// lines draws the quarter divide, the deployment lines and the field border.
func (d *drawer) lines() {
	dc, l := d.dc, &d.l
	x0, y0 := l.cellOrigin(engine.Cell{X: 1, Y: 1})
	x1, y1 := l.cellOrigin(engine.Cell{X: engine.FieldWidth + 1, Y: engine.FieldHeight + 1})
	xm, _ := l.cellOrigin(engine.Cell{X: 7, Y: 1})
	_, yn := l.cellOrigin(engine.Cell{X: 1, Y: 4})
	_, ys := l.cellOrigin(engine.Cell{X: 1, Y: 5})
	// The west/east divide between quarters A|B and C|D.
	dc.SetColor(color.RGBA{0x8c, 0x86, 0x78, 0xff})
	dc.SetLineWidth(math.Max(1.5, l.cs/40))
	dc.DrawLine(xm, y0, xm, y1)
	dc.Stroke()
	// Deployment lines (R-I.1.6), each in its army's colour.
	w := math.Max(3, l.cs/20)
	dc.SetLineWidth(w)
	dc.SetColor(northDark)
	dc.DrawLine(x0, yn, x1, yn)
	dc.Stroke()
	dc.SetColor(southDark)
	dc.DrawLine(x0, ys, x1, ys)
	dc.Stroke()
	// The original 12x7 field.
	dc.SetColor(borderColor)
	dc.SetLineWidth(2)
	dc.DrawRectangle(x0, y0, x1-x0, y1-y0)
	dc.Stroke()
}

// riverY is the pixel row of the defender's deployment line (D-63).
func (d *drawer) riverY() float64 {
	row := 5 // South defends: between no-man's land (y 4) and y 5
	if d.b.Defender == engine.North {
		row = 4
	}
	_, y := d.l.cellOrigin(engine.Cell{X: 1, Y: row})
	return y
}

func (d *drawer) riverBand() float64 { return math.Round(d.l.cs * 0.2) }

// river draws the river along the defender's deployment line, across the
// field's columns (not the band drawn beyond its sides, off the field),
// with wavy banks, and the bridge.
func (d *drawer) river() {
	dc, l := d.dc, &d.l
	t := &d.b.Terrain
	y := d.riverY()
	xa, _ := l.cellOrigin(engine.Cell{X: max(l.minX, 1), Y: 1})
	xb, _ := l.cellOrigin(engine.Cell{X: min(l.maxX, engine.FieldWidth) + 1, Y: 1})
	if t.River {
		band := d.riverBand()
		amp, period := band*0.12, l.cs*0.9
		bank := func(x float64, north bool) float64 {
			if north {
				return y - band/2 + amp*math.Sin(2*math.Pi*(x-xa)/period)
			}
			return y + band/2 + amp*math.Sin(2*math.Pi*(x-xa)/(period*1.3)+1.3)
		}
		// Whole pixels along the river: the same points wherever the layer
		// is drawn (static.go).
		step := math.Max(2, math.Round(l.cs/24))
		var xs []float64
		for i := 0; xa+float64(i)*step < xb; i++ {
			xs = append(xs, xa+float64(i)*step)
		}
		xs = append(xs, xb)
		dc.MoveTo(xa, bank(xa, true))
		for _, x := range xs[1:] {
			dc.LineTo(x, bank(x, true))
		}
		for i := len(xs) - 1; i >= 0; i-- {
			dc.LineTo(xs[i], bank(xs[i], false))
		}
		dc.ClosePath()
		dc.SetColor(riverColor)
		dc.Fill()
		dc.SetLineWidth(math.Max(1, l.cs/40))
		dc.SetColor(riverBank)
		for _, north := range []bool{true, false} {
			dc.MoveTo(xa, bank(xa, north))
			for _, x := range xs[1:] {
				dc.LineTo(x, bank(x, north))
			}
			dc.Stroke()
		}
		// Ripples: short light strokes on the water, two to a cell.
		dc.SetColor(riverHighlight)
		dc.SetLineWidth(math.Max(1, l.cs/48))
		dc.SetLineCapRound()
		for x := xa + l.cs*0.15; x+l.cs*0.2 < xb; x += l.cs / 2 {
			off := band * 0.15
			if int((x-xa)/(l.cs/2))%2 == 1 {
				off = -off
			}
			dc.MoveTo(x, y+off)
			dc.QuadraticTo(x+l.cs*0.1, y+off-band*0.18, x+l.cs*0.2, y+off)
		}
		dc.Stroke()
		dc.SetLineCapButt()
	}
	if t.Bridge != engine.NoCell && l.drawnCell(t.Bridge) {
		d.bridge(t.Bridge, y)
	}
}

// bridge is a plank deck across the river at the bridge's column, with
// railings along both sides.
func (d *drawer) bridge(c engine.Cell, y float64) {
	dc, cs := d.dc, d.l.cs
	x, _ := d.l.cellOrigin(c)
	bw := math.Round(cs * 0.3)
	half := math.Round(d.riverBand()/2 + cs*0.1)
	bx, by, bh := x+math.Round((cs-bw)/2), y-half, 2*half
	// Abutments, then the deck.
	dc.SetColor(bridgeInk)
	dc.DrawRectangle(bx-2, by, bw+4, math.Round(cs*0.05))
	dc.DrawRectangle(bx-2, by+bh-math.Round(cs*0.05), bw+4, math.Round(cs*0.05))
	dc.Fill()
	dc.SetColor(bridgeColor)
	dc.DrawRectangle(bx, by, bw, bh)
	dc.Fill()
	dc.SetColor(bridgeInk)
	dc.SetLineWidth(1)
	for py := by + 3; py < by+bh-1; py += math.Max(3, cs*0.055) {
		dc.MoveTo(bx, math.Round(py)+0.5)
		dc.LineTo(bx+bw, math.Round(py)+0.5)
	}
	dc.Stroke()
	// Railings with their posts.
	lw := math.Max(2, cs*0.035)
	dc.SetLineWidth(lw)
	for _, rx := range []float64{bx + lw/2, bx + bw - lw/2} {
		dc.DrawLine(rx, by-lw, rx, by+bh+lw)
	}
	dc.Stroke()
}

// cellNames writes each cell's name small in its top-left corner, on a
// light plate where terrain or the river would make it hard to read.
func (d *drawer) cellNames() {
	t := &d.b.Terrain
	ry := d.riverY()
	d.each(func(c engine.Cell, x, y float64) {
		if !c.OnField() {
			return // off the field: no cells to name
		}
		nx, base := d.namePos(c)
		name := c.Name()
		if t.Hill(c) || t.Forest(c) || t.Swamp(c) || t.River && y == ry {
			capH := capHeight(d.f.cell)
			m := math.Max(1, math.Round(d.l.cs*0.025))
			d.dc.SetColor(namePlate)
			d.dc.DrawRoundedRectangle(nx-m, base-capH-m, measure(d.f.cell, name)+2*m, capH+2*m, m)
			d.dc.Fill()
		}
		d.text(d.f.cell, name, nx, base, cellNameColor)
	})
}

// namePos is where a cell's name is written: the left end of its baseline.
func (d *drawer) namePos(c engine.Cell) (x, base float64) {
	cs := d.l.cs
	x, y := d.l.cellOrigin(c)
	top := y + math.Round(cs*0.055)
	return x + math.Round(cs*0.07), top + ascent(d.f.cell)
}

// Portable shields.

// shields draws the portable shields: a short wooden bar inside the cell
// along each shielded side (R-II.9, D-14). A bar on the north side starts
// after the cell's name if it would run into it.
func (d *drawer) shields() {
	l := &d.l
	cs := l.cs
	t := math.Max(3, math.Round(cs*0.09))
	n := math.Round(cs * 0.5)
	off := math.Round((cs - n) / 2)
	for _, sh := range d.b.Terrain.Shields {
		c := sh.Cell
		if !l.drawnCell(c) {
			continue
		}
		x, y := l.cellOrigin(c)
		for _, dir := range allDirs {
			if sh.Sides&(1<<dir) == 0 {
				continue
			}
			switch dir {
			case engine.N:
				bx, bw := x+off, n
				nx, base := d.namePos(c)
				if base-capHeight(d.f.cell) < y+t+3 {
					end := x + cs - math.Round(cs*0.22)
					bx = math.Max(bx, math.Ceil(nx+measure(d.f.cell, c.Name())+cs*0.04))
					bw = end - bx
				}
				d.shieldBar(bx, y, bw, t)
			case engine.S:
				d.shieldBar(x+off, y+cs-t, n, t)
			case engine.W:
				d.shieldBar(x, y+off, t, n)
			case engine.E:
				d.shieldBar(x+cs-t, y+off, t, n)
			}
		}
	}
}

// shieldBar is a row of three wooden shield sections.
func (d *drawer) shieldBar(x, y, w, h float64) {
	dc := d.dc
	dc.SetColor(shieldInk)
	dc.DrawRectangle(x, y, w, h)
	dc.Fill()
	dc.SetColor(shieldWood)
	dc.DrawRectangle(x+1, y+1, w-2, h-2)
	dc.Fill()
	dc.SetColor(shieldInk)
	for i := 1; i < 3; i++ {
		if w > h {
			dc.DrawRectangle(x+math.Round(w*float64(i)/3), y, 1, h)
		} else {
			dc.DrawRectangle(x, y+math.Round(h*float64(i)/3), w, 1)
		}
	}
	dc.Fill()
}
