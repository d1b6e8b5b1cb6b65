package field

import (
	"image/color"
	"math"

	"github.com/gunbai/gunbai/engine"
)

// The legend's small pictures of what the map draws large.

// legendCounter is a small counter facing north: its front band with the
// point and the chevron.
func (d *drawer) legendCounter(x, y, s float64) {
	dc := d.dc
	top := y + s*0.22
	h := s - s*0.22
	dc.SetColor(northColor)
	dc.DrawRoundedRectangle(x, top, s, h, s*0.1)
	dc.Fill()
	bd := math.Round(h * 0.35)
	dc.SetColor(northDark)
	dc.MoveTo(x, top+bd)
	dc.LineTo(x, top)
	dc.LineTo(x+s*0.3, top)
	dc.LineTo(x+s/2, y)
	dc.LineTo(x+s*0.7, top)
	dc.LineTo(x+s, top)
	dc.LineTo(x+s, top+bd)
	dc.ClosePath()
	dc.Fill()
	dc.Push()
	dc.SetLineJoinRound()
	dc.SetLineCapRound()
	dc.MoveTo(x+s*0.25, top+bd*0.75)
	dc.LineTo(x+s/2, y+s*0.08)
	dc.LineTo(x+s*0.75, top+bd*0.75)
	dc.SetColor(white)
	dc.SetLineWidth(math.Max(1.2, s*0.08))
	dc.Stroke()
	dc.Pop()
}

// legendMaku is a small HQ cell ringed by its curtain.
func (d *drawer) legendMaku(x, y, s float64, lost bool) {
	dc := d.dc
	fill := northColor
	if lost {
		fill = northFaded
	}
	t := math.Max(2, math.Round(s*0.14))
	dc.SetColor(fill)
	dc.DrawRectangle(x, y, s, s)
	dc.Fill()
	dc.SetColor(background)
	dc.DrawRectangle(x+t, y+t, s-2*t, s-2*t)
	dc.Fill()
}

// hillIcon is a small hill: its rings of contours.
func (d *drawer) hillIcon(x, y, s float64) {
	dc := d.dc
	dc.SetColor(hillFill)
	dc.DrawRectangle(x, y, s, s)
	dc.Fill()
	lw := math.Max(1, s/20)
	for _, r := range []struct {
		k    float64
		fill color.Color
	}{{0.44, hillMid}, {0.28, hillTop}, {0.13, hillCrest}} {
		dc.DrawEllipse(x+s/2, y+s*0.55, s*r.k, s*r.k*0.85)
		dc.SetColor(r.fill)
		dc.FillPreserve()
		dc.SetColor(hillContour)
		dc.SetLineWidth(lw)
		dc.Stroke()
	}
}

// forestIcon is a small forest: four tree crowns.
func (d *drawer) forestIcon(x, y, s float64) {
	dc := d.dc
	dc.SetColor(forestFill)
	dc.DrawRectangle(x, y, s, s)
	dc.Fill()
	crowns := [][2]float64{{0.28, 0.3}, {0.72, 0.32}, {0.3, 0.72}, {0.7, 0.72}}
	r := s * 0.2
	for _, p := range crowns {
		dc.DrawCircle(x+s*p[0], y+s*p[1], r)
	}
	dc.SetColor(forestDark)
	dc.Fill()
	for _, p := range crowns {
		dc.DrawCircle(x+s*p[0]-r*0.28, y+s*p[1]-r*0.28, r*0.5)
	}
	dc.SetColor(forestLight)
	dc.Fill()
}

// swampIcon is a small swamp: a pool and reeds.
func (d *drawer) swampIcon(x, y, s float64) {
	dc := d.dc
	dc.SetColor(swampFill)
	dc.DrawRectangle(x, y, s, s)
	dc.Fill()
	dc.SetColor(swampWater)
	dc.DrawEllipse(x+s*0.4, y+s*0.7, s*0.32, s*0.14)
	dc.Fill()
	dc.SetLineCapRound()
	for _, bx := range []float64{0.25, 0.72} {
		foot := y + s*0.55
		for _, r := range [][2]float64{{-0.1, -0.3}, {0, -0.4}, {0.1, -0.3}} {
			dc.MoveTo(x+s*bx, foot)
			dc.LineTo(x+s*(bx+r[0]), foot+s*r[1])
		}
	}
	dc.SetColor(swampInk)
	dc.SetLineWidth(math.Max(1, s/14))
	dc.Stroke()
	dc.SetLineCapButt()
}

// farArrow is the mark of a unit beyond the picture: an arrow in its
// side's colour from (x0, y0) to its point at (x1, y1), its head w wide.
func (d *drawer) farArrow(side engine.Side, x0, y0, x1, y1, w float64) {
	dc := d.dc
	v := point{x1 - x0, y1 - y0}
	n := v.len()
	if n == 0 {
		return
	}
	u := v.scale(1 / n)
	p := point{-u.y, u.x}
	hl := math.Min(n, w*1.1)
	base := point{x1, y1}.sub(u.scale(hl))
	head := func() {
		a, b := base.add(p.scale(w/2)), base.sub(p.scale(w/2))
		dc.MoveTo(x1, y1)
		dc.LineTo(a.x, a.y)
		dc.LineTo(b.x, b.y)
		dc.ClosePath()
	}
	dc.SetLineCapButt()
	dc.SetColor(white)
	dc.SetLineWidth(w*0.35 + 3)
	dc.DrawLine(x0, y0, base.x, base.y)
	dc.Stroke()
	head()
	dc.SetLineWidth(3)
	dc.StrokePreserve()
	dc.Fill()
	dc.SetColor(SideColor(side))
	dc.SetLineWidth(w * 0.35)
	dc.DrawLine(x0, y0, base.x+u.x, base.y+u.y)
	dc.Stroke()
	head()
	dc.FillPreserve()
	dc.SetColor(sideDark(side))
	dc.SetLineWidth(1)
	dc.Stroke()
}
