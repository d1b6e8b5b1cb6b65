package field

import (
	"math"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
)

// The legend of a turn's marks: a line for each mark the turn draws.

// Legend kinds of the turn's marks, clear of legend.go's.
const (
	legendTurnMove legendKind = 200 + iota
	legendTurnRetreat
	legendTurnRout
	legendTurnAttack
	legendTurnStruck
	legendTurnMeeting
	legendTurnShot
	legendTurnLosses
	legendTurnDestroyed
	legendTurnGone
	legendTurnCancelled
	legendTurnRallied
	legendTurnWounded
	legendTurnKilled
	legendTurnCaptured
	legendTurnStruckAt
)

// turnLegendTable: each mark, its legend icon and its text, in the
// legend's order.
var turnLegendTable = []struct {
	mark turnMark
	kind legendKind
	key  string
}{
	{tmMove, legendTurnMove, "legend.turn_move"},
	{tmRetreat, legendTurnRetreat, "legend.turn_retreat"},
	{tmRout, legendTurnRout, "legend.turn_rout"},
	{tmAttack, legendTurnAttack, "legend.turn_attack"},
	{tmStruck, legendTurnStruck, "legend.turn_struck"},
	{tmMeeting, legendTurnMeeting, "legend.turn_meeting"},
	{tmShot, legendTurnShot, "legend.turn_shot"},
	{tmLosses, legendTurnLosses, "legend.turn_losses"},
	{tmDestroyed, legendTurnDestroyed, "legend.turn_destroyed"},
	{tmGone, legendTurnGone, "legend.turn_gone"},
	{tmCancelled, legendTurnCancelled, "legend.turn_cancelled"},
	{tmRallied, legendTurnRallied, "legend.turn_rallied"},
	{tmWounded, legendTurnWounded, "legend.turn_wounded"},
	{tmKilled, legendTurnKilled, "legend.turn_killed"},
	{tmCaptured, legendTurnCaptured, "legend.turn_captured"},
	{tmStruckAt, legendTurnStruckAt, "legend.turn_struck_at"},
}

// turnLegend adds lines to the legend for the marks the turn of
// opt.Events draws, and makes the picture taller by them.
func (l *layout) turnLegend(b *engine.Battle, opt Options, f *fieldFaces) {
	if len(opt.Events) == 0 {
		return
	}
	marks := turnPlanOf(l, b, opt.Before, opt.Events).marks
	if marks == 0 {
		return
	}
	items := []legendItem{newLegendItem(f, l.cs, legendText, render.T(opt.Lang, "legend.turn"))}
	for _, e := range turnLegendTable {
		if marks&e.mark != 0 {
			items = append(items, newLegendItem(f, l.cs, e.kind, render.T(opt.Lang, e.key)))
		}
	}
	lines := wrapLegend(items, float64(l.w)-2*l.pad, l.cs*0.3)
	l.legend = append(l.legend, lines...)
	l.h += len(lines) * int(l.legendLineH)
}

// turnLegendIcon draws the legend's icon of a turn's mark, and nothing
// for the other kinds.
func (d *drawer) turnLegendIcon(k legendKind, x, y, s float64) {
	if k < legendTurnMove || k > legendTurnStruckAt {
		return
	}
	cs := d.l.cs
	cx, cy := x+s/2, y+s/2
	lw := math.Max(2, cs*0.05)
	switch k {
	case legendTurnMove:
		d.arrow([]point{{x, cy}, {x + s, cy}}, northDark, lw, false)
	case legendTurnRetreat:
		d.arrow([]point{{x, cy}, {x + s, cy}}, northDark, lw, true)
	case legendTurnRout:
		d.arrow([]point{{x + s*0.2, cy}, {x + s, cy}}, routColor, lw, true)
		d.routingBadge(x+s*0.15, cy, s*0.24)
	case legendTurnAttack:
		d.arrow([]point{{x, cy}, {x + s, cy}}, attackColor, math.Max(3, cs*0.075), false)
		d.swords(cx, cy, s*0.36)
	case legendTurnStruck:
		d.swords(x+s*0.36, cy, s*0.36)
		d.dc.SetColor(white)
		d.dc.DrawRoundedRectangle(x+s*0.45, cy-s*0.05, s*0.6, s*0.45, s*0.22)
		d.dc.Fill()
		d.dc.SetColor(attackColor)
		d.dc.DrawRoundedRectangle(x+s*0.5, cy, s*0.5, s*0.35, s*0.17)
		d.dc.Fill()
	case legendTurnMeeting:
		d.meetingMark(point{cx, cy})
	case legendTurnShot:
		d.targetRing(cx, cy, s*0.45)
	case legendTurnLosses:
		d.turnTag(cx, cy, lossText(1), lostInk, white)
	case legendTurnStruckAt:
		// A small faded counter ringed in the attack's red, the arrow's
		// head at it.
		dc := d.dc
		dc.SetColor(fatigueFill)
		dc.DrawRoundedRectangle(x+s*0.35, y+s*0.25, s*0.65, s*0.5, s*0.1)
		dc.Fill()
		dc.SetColor(attackColor)
		dc.SetLineWidth(1)
		dc.SetDash(s*0.18, s*0.12)
		dc.DrawRoundedRectangle(x+s*0.35, y+s*0.25, s*0.65, s*0.5, s*0.1)
		dc.Stroke()
		dc.SetDash()
		d.arrow([]point{{x - s*0.2, cy}, {x + s*0.35, cy}}, attackColor, math.Max(2, cs*0.05), false)
	case legendTurnDestroyed, legendTurnGone:
		// A faded counter of no side, crossed out if destroyed.
		dc := d.dc
		dc.SetColor(fatigueFill)
		dc.DrawRoundedRectangle(x, y+s*0.15, s, s*0.7, s*0.12)
		dc.Fill()
		dc.SetColor(ghostInk)
		dc.SetLineWidth(1)
		dc.SetDash(s*0.18, s*0.12)
		dc.DrawRoundedRectangle(x, y+s*0.15, s, s*0.7, s*0.12)
		dc.Stroke()
		dc.SetDash()
		if k == legendTurnDestroyed {
			d.crossOut(x+s*0.1, y+s*0.2, x+s*0.9, y+s*0.8, math.Max(1.5, s*0.12))
		}
	case legendTurnCancelled:
		d.markIcon(turnItem{kind: mkCancelled}, cx, cy, s*0.5)
	case legendTurnRallied:
		d.markIcon(turnItem{kind: mkRallied}, cx, cy, s*0.5)
	case legendTurnWounded:
		d.markIcon(turnItem{kind: mkWounded, role: engine.General}, cx, cy, s*0.5)
	case legendTurnKilled:
		d.markIcon(turnItem{kind: mkKilled, role: engine.General}, cx, cy, s*0.5)
	case legendTurnCaptured:
		d.markIcon(turnItem{kind: mkCaptured, role: engine.General}, cx, cy, s*0.5)
	}
}
