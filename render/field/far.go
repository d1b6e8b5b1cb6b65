package field

import (
	"math"

	"github.com/gunbai/gunbai/engine"
)

// farUnits marks the units beyond the drawn cells (D-03: a unit may flee
// off the field and keep going): an arrow in the unit's side's colour on
// the picture's edge, at the drawn cell nearest to it, pointing its way;
// the legend names each with its cell. The picture does not grow for
// them.
func (d *drawer) farUnits() {
	type mark struct {
		at     engine.Cell
		dx, dy int
		side   engine.Side
	}
	seen := map[mark]bool{}
	cs := d.l.cs
	for _, fu := range d.l.far {
		m := mark{fu.at, sign(fu.u.Cell.X - fu.at.X), sign(fu.u.Cell.Y - fu.at.Y), fu.u.Side}
		if seen[m] || m.dx == 0 && m.dy == 0 {
			continue
		}
		seen[m] = true
		x, y := d.l.cellOrigin(m.at)
		cx, cy := x+cs/2, y+cs/2
		// The tip just beyond the edge of the drawn cells, in the margin.
		tx := cx + float64(m.dx)*(cs/2+d.l.pad*0.55)
		ty := cy + float64(m.dy)*(cs/2+d.l.pad*0.55)
		v := point{float64(m.dx), float64(m.dy)}
		v = v.scale(1 / v.len())
		d.farArrow(m.side, tx-v.x*cs*0.42, ty-v.y*cs*0.42, tx, ty, math.Max(8, cs*0.2))
	}
}

func sign(n int) int {
	switch {
	case n > 0:
		return 1
	case n < 0:
		return -1
	}
	return 0
}
