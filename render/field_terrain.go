package render

import (
	"image/color"
	"math"

	"github.com/gunbai/gunbai/engine"
)

// cells fills every cell: zone tint, terrain, grid.
func (d *drawer) cells() {
	dc, cs := d.dc, d.l.cs
	t := &d.b.Terrain
	d.each(func(c engine.Cell, x, y float64) {
		dc.SetColor(zoneColor(c))
		dc.DrawRectangle(x, y, cs, cs)
		dc.Fill()
		var fill color.Color
		switch {
		case t.Forest(c):
			fill = forestFill
		case t.Swamp(c):
			fill = swampFill
		case t.Hill(c):
			fill = hillFill
		}
		if fill != nil {
			dc.SetColor(fill)
			dc.DrawRectangle(x, y, cs, cs)
			dc.Fill()
		}
	})
	dc.SetLineWidth(1)
	d.each(func(c engine.Cell, x, y float64) {
		dc.SetColor(gridColor)
		if !c.OnField() {
			dc.SetDash(4, 3)
		}
		dc.DrawRectangle(x+0.5, y+0.5, cs, cs)
		dc.Stroke()
		dc.SetDash()
	})
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

func (d *drawer) riverBand() float64 { return math.Round(d.l.cs * 0.16) }

// river draws the river along the defender's deployment line and the bridge.
func (d *drawer) river() {
	dc, l := d.dc, &d.l
	t := &d.b.Terrain
	y := d.riverY()
	xa, _ := l.cellOrigin(engine.Cell{X: l.minX, Y: 1})
	xb, _ := l.cellOrigin(engine.Cell{X: l.maxX + 1, Y: 1})
	if t.River {
		band := d.riverBand()
		dc.SetColor(riverColor)
		dc.DrawRectangle(xa, y-band/2, xb-xa, band)
		dc.Fill()
		// Ripples.
		dc.SetColor(riverHighlight)
		dc.SetLineWidth(math.Max(1, l.cs/48))
		amp, period := band*0.18, l.cs/2
		for x := xa; x <= xb; x++ {
			yy := y + amp*math.Sin(2*math.Pi*(x-xa)/period)
			if x == xa {
				dc.MoveTo(x, yy)
			} else {
				dc.LineTo(x, yy)
			}
		}
		dc.Stroke()
	}
	if t.Bridge != engine.NoCell {
		x, _ := l.cellOrigin(t.Bridge)
		bw, bh := math.Round(l.cs*0.36), math.Round(l.cs*0.34)
		bx, by := x+(l.cs-bw)/2, y-bh/2
		dc.SetColor(bridgeColor)
		dc.DrawRectangle(bx, by, bw, bh)
		dc.Fill()
		dc.SetColor(bridgeInk)
		dc.SetLineWidth(1)
		for i := 1; i < 4; i++ {
			py := by + bh*float64(i)/4
			dc.DrawLine(bx, py, bx+bw, py)
		}
		dc.Stroke()
		dc.SetLineWidth(2)
		dc.DrawLine(bx, by, bx, by+bh)
		dc.DrawLine(bx+bw, by, bx+bw, by+bh)
		dc.Stroke()
	}
}

// cellNames writes each cell's name small in its top-left corner.
func (d *drawer) cellNames() {
	dc := d.dc
	dc.SetFontFace(d.f.cell)
	d.each(func(c engine.Cell, x, y float64) {
		nx, base := d.namePos(c)
		dc.SetColor(cellNameColor)
		dc.DrawString(c.Name(), nx, base)
	})
}

// namePos is where a cell's name is written: the left end of its baseline.
func (d *drawer) namePos(c engine.Cell) (x, base float64) {
	cs := d.l.cs
	x, y := d.l.cellOrigin(c)
	top := y + math.Round(cs*0.03)
	if d.b.Terrain.River && y == d.riverY() {
		top += d.riverBand() / 2 // keep the name clear of the river
	}
	return x + math.Round(cs*0.05), top + ascent(d.f.cell)
}

// markers draws terrain icons and HQ flags with the leaders in each HQ:
// large in an empty cell, small in the top band of a cell with a unit.
func (d *drawer) markers() {
	cs := d.l.cs
	t := &d.b.Terrain
	d.each(func(c engine.Cell, x, y float64) {
		var icons []func(cx, cy, s float64)
		if t.Hill(c) {
			icons = append(icons, d.hillIcon)
		}
		if t.Forest(c) {
			icons = append(icons, d.forestIcon)
		}
		if t.Swamp(c) {
			icons = append(icons, d.swampIcon)
		}
		hq := -1
		for s := engine.North; s <= engine.South; s++ {
			if d.b.HQ[s] == c && c != engine.NoCell {
				hq = int(s)
			}
		}
		var leaders []*engine.Leader
		lost := false
		if hq >= 0 {
			leaders = leadersAt(d.b, engine.AtHQ, engine.Side(hq))
			lost = d.b.HQLost[hq]
		}
		occupied := d.b.UnitAt(c) != nil
		small := cs * 0.1
		top := y + cs*0.13
		right := x + cs - cs*0.11
		if hq >= 0 && (occupied || len(icons) > 0) {
			d.flagIcon(engine.Side(hq), right, top, small, lost)
			right -= cs * 0.22
			if n := len(leaders); n > 0 {
				// A row of small stars left of the flag, then the terrain
				// icons, clear of the cell's name; the terrain's tint is
				// left to tell it if there is not room for both.
				r, step := cs*0.075, cs*0.13
				first := right + cs*0.08
				nx, _ := d.namePos(c)
				room := first - r - (nx + measure(d.f.cell, c.Name()) + cs*0.03)
				iconsW := 0.0 // the small terrain icons of a cell with a unit
				if occupied {
					iconsW = float64(len(icons)) * cs * 0.22
				}
				if float64(n-1)*step+iconsW > room {
					icons, iconsW = nil, 0
				}
				step = d.starStep(n, step, room-iconsW)
				step = math.Max(step, cs*0.06)
				for i := n - 1; i >= 0; i-- {
					d.leaderStar(leaders[i], first-float64(i)*step, top, r)
				}
				right = first - float64(n-1)*step - cs*0.2
			}
		} else if hq >= 0 {
			if len(leaders) == 0 {
				d.flagIcon(engine.Side(hq), x+cs/2, y+cs*0.58, cs*0.24, lost)
			} else {
				// The flag moves left; its leaders stand in a column to
				// its right.
				d.flagIcon(engine.Side(hq), x+cs*0.4, y+cs*0.58, cs*0.24, lost)
				first := y + cs*0.4
				step := d.starStep(len(leaders), cs*0.17, cs*0.4)
				for i := len(leaders) - 1; i >= 0; i-- {
					d.leaderStar(leaders[i], x+cs*0.79, first+float64(i)*step, cs*0.1)
				}
			}
		}
		if occupied {
			for _, icon := range icons {
				icon(right, top, small)
				right -= cs * 0.22
			}
			return
		}
		switch len(icons) {
		case 0:
		case 1:
			icons[0](x+cs/2, y+cs*0.58, cs*0.26)
		default:
			for i, icon := range icons {
				step := cs * 0.6 / float64(len(icons))
				icon(x+cs*0.2+step*(float64(i)+0.5), y+cs*0.6, cs*0.16)
			}
		}
	})
}

func (d *drawer) hillIcon(cx, cy, s float64) {
	dc := d.dc
	dc.SetColor(hillInk)
	dc.MoveTo(cx-s, cy+s*0.6)
	dc.QuadraticTo(cx-s*0.25, cy-s*1.1, cx+s*0.35, cy+s*0.6)
	dc.ClosePath()
	dc.Fill()
	dc.SetColor(color.RGBA{0xb8, 0x93, 0x52, 0xff})
	dc.MoveTo(cx-s*0.1, cy+s*0.6)
	dc.QuadraticTo(cx+s*0.45, cy-s*0.5, cx+s, cy+s*0.6)
	dc.ClosePath()
	dc.Fill()
}

func (d *drawer) forestIcon(cx, cy, s float64) {
	dc := d.dc
	tree := func(tx, ty, ts float64) {
		dc.SetColor(color.RGBA{0x6b, 0x4a, 0x2b, 0xff})
		dc.DrawRectangle(tx-ts*0.12, ty+ts*0.5, ts*0.24, ts*0.4)
		dc.Fill()
		dc.SetColor(forestInk)
		dc.MoveTo(tx, ty-ts*0.9)
		dc.LineTo(tx+ts*0.6, ty+ts*0.55)
		dc.LineTo(tx-ts*0.6, ty+ts*0.55)
		dc.ClosePath()
		dc.Fill()
	}
	tree(cx-s*0.5, cy+s*0.1, s*0.75)
	tree(cx+s*0.5, cy+s*0.1, s*0.75)
	tree(cx, cy-s*0.05, s*0.9)
}

func (d *drawer) swampIcon(cx, cy, s float64) {
	dc := d.dc
	dc.SetLineCapRound()
	dc.SetLineWidth(math.Max(1.2, s/7))
	dc.SetColor(swampInk)
	for i, dy := range []float64{-0.45, 0.05, 0.55} {
		off := 0.0
		if i == 1 {
			off = s * 0.25
		}
		dc.DrawLine(cx-s*0.9+off, cy+dy*s, cx+s*0.6+off, cy+dy*s)
	}
	dc.Stroke()
	dc.SetColor(forestInk)
	for _, gx := range []float64{-0.5, 0.1, 0.65} {
		bx, by := cx+gx*s, cy-s*0.5
		dc.DrawLine(bx, by, bx, by-s*0.45)
		dc.DrawLine(bx, by, bx-s*0.2, by-s*0.35)
		dc.DrawLine(bx, by, bx+s*0.2, by-s*0.35)
	}
	dc.Stroke()
	dc.SetLineCapButt()
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
		if c == engine.NoCell || c.X < l.minX || c.X > l.maxX || c.Y < l.minY || c.Y > l.maxY {
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
				if base-capHeight(d.f.cell) < y+t+1 {
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
