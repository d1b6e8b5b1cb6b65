package field

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strconv"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
)

type legendKind int

const (
	legendText legendKind = iota
	legendNorth
	legendSouth
	legendFront
	legendRouting
	legendHQ
	legendNoMans
	legendHill
	legendForest
	legendSwamp
	legendRiver
	legendBridge
	legendHQLost
	legendShields
	legendCommander
	legendGeneral
	legendWounded
	legendHold
	legendFatigued
	legendBanner
	legendHidden
	legendFar // a unit beyond the picture, in its side's colour
	legendOffField
	legendGhost // an enemy unit last seen there (ghost.go)
	// The preview of pending orders.
	legendPhase1
	legendPhase2
	legendAttack
	legendShot
	legendNewFront
)

type legendItem struct {
	kind  legendKind
	text  string
	width float64     // icon and text
	side  engine.Side // of legendFar
}

// legendItems lists what the legend explains: the sides, a unit's front,
// routing, HQ, no-man's land, and what is on the map: unit badges, leaders,
// banners, units hidden by a forest, a lost HQ, terrain, shields and the
// troop labels used.
func legendItems(b *engine.Battle, opt *Options, f *fieldFaces, cs float64) []legendItem {
	lang := opt.Lang
	item := func(k legendKind, text string) legendItem { return newLegendItem(f, cs, k, text) }
	items := []legendItem{
		item(legendNorth, render.SideName(lang, engine.North)),
		item(legendSouth, render.SideName(lang, engine.South)),
		item(legendFront, render.T(lang, "legend.front")),
		item(legendRouting, render.T(lang, "legend.routing")),
	}
	var hold, fatigued bool
	for _, u := range activeUnits(b) {
		hold = hold || u.Hold
		fatigued = fatigued || u.Fatigued
	}
	if hold {
		items = append(items, item(legendHold, render.T(lang, "legend.hold")))
	}
	if fatigued {
		items = append(items, item(legendFatigued, render.T(lang, "legend.fatigued")))
	}
	banners, hidden := bannerUnits(opt), false
	banner := false
	for _, u := range activeUnits(b) {
		banner = banner || banners[u.ID]
		hidden = hidden || hiddenFromEnemy(b, opt, u)
	}
	if banner {
		items = append(items, item(legendBanner, render.T(lang, "legend.banner")))
	}
	if hidden {
		items = append(items, item(legendHidden, render.T(lang, "legend.hidden")))
	}
	var role [2]bool
	wounded := false
	for i := range b.Leaders {
		if l := &b.Leaders[i]; leaderShown(b, l) {
			role[l.Role&1] = true
			wounded = wounded || leaderWounded(l)
		}
	}
	if role[engine.Commander] {
		items = append(items, item(legendCommander, render.T(lang, "legend.commander")))
	}
	if role[engine.General] {
		items = append(items, item(legendGeneral, render.T(lang, "legend.general")))
	}
	if wounded {
		items = append(items, item(legendWounded, render.T(lang, "legend.wounded")))
	}
	items = append(items, item(legendHQ, render.T(lang, "legend.hq")))
	if hqDrawn(b, engine.North) && b.HQLost[engine.North] || hqDrawn(b, engine.South) && b.HQLost[engine.South] {
		items = append(items, item(legendHQLost, render.T(lang, "legend.hq_lost")))
	}
	items = append(items, item(legendNoMans, render.T(lang, "legend.no_mans_land")))
	t := &b.Terrain
	if len(t.Hills) > 0 {
		items = append(items, item(legendHill, render.T(lang, "legend.hill")))
	}
	if len(t.Forests) > 0 {
		items = append(items, item(legendForest, render.T(lang, "legend.forest")))
	}
	if len(t.Swamps) > 0 {
		items = append(items, item(legendSwamp, render.T(lang, "legend.swamp")))
	}
	if t.River {
		items = append(items, item(legendRiver, render.T(lang, "legend.river")))
	}
	if t.Bridge != engine.NoCell {
		items = append(items, item(legendBridge, render.T(lang, "legend.bridge")))
	}
	for _, sh := range t.Shields {
		if sh.Sides&0xf != 0 && sh.Cell != engine.NoCell {
			items = append(items, item(legendShields, render.T(lang, "legend.shields")))
			break
		}
	}
	var used [16]bool
	for _, u := range activeUnits(b) {
		if inRange(u.Type, allTroopTypes) {
			used[u.Type] = true
		}
	}
	for _, tt := range allTroopTypes {
		if used[tt] {
			items = append(items, item(legendText, render.T(lang, "legend.troop", render.TroopShort(lang, tt), render.TroopName(lang, tt))))
		}
	}
	return items
}

// maxFarListed is how many units beyond the picture the legend names.
const maxFarListed = 6

// keyItems are the legend's key of the units whose IDs are numbered on
// their counters, and the units beyond the picture, with where they are.
func (l *layout) keyItems(b *engine.Battle, lang render.Lang, f *fieldFaces) []legendItem {
	var items []legendItem
	for _, u := range activeUnits(b) {
		if lab, ok := l.labels[u.ID]; ok && lab.key > 0 {
			items = append(items, newLegendItem(f, l.cs, legendText, keyText(lang, lab.key, u.ID)))
		}
	}
	// The names of the units drawn and of their leaders.
	for _, u := range activeUnits(b) {
		if u.Name != "" && l.drawnCell(u.Cell) {
			items = append(items, newLegendItem(f, l.cs, legendText, render.T(lang, "legend.name", u.ID, u.Name)))
		}
	}
	for i := range b.Leaders {
		if ld := &b.Leaders[i]; ld.Name != "" && leaderShown(b, ld) {
			items = append(items, newLegendItem(f, l.cs, legendText, render.T(lang, "legend.name", ld.ID, ld.Name)))
		}
	}
	for i, fu := range l.far {
		if i == maxFarListed {
			items = append(items, newLegendItem(f, l.cs, legendText, render.T(lang, "legend.far_more", len(l.far)-i)))
			break
		}
		u := fu.u
		it := newLegendItem(f, l.cs, legendFar, render.T(lang, "legend.far", u.ID, render.TroopShort(lang, u.Type)+" "+strconv.Itoa(u.Figures), u.Cell.Name()))
		it.side = u.Side
		items = append(items, it)
	}
	return items
}

// newLegendItem is a legend item of kind k with its text, and its width.
func newLegendItem(f *fieldFaces, cs float64, k legendKind, text string) legendItem {
	w := measure(f.legend, text)
	if k != legendText {
		w += cs*0.3 + cs*0.08 // the icon and the gap after it
	}
	return legendItem{kind: k, text: text, width: w}
}

// previewLegendItems explain the marks of a preview of pending orders,
// those it uses, after a heading.
func previewLegendItems(marks previewMark, lang render.Lang, f *fieldFaces, cs float64) []legendItem {
	if marks == 0 {
		return nil
	}
	items := []legendItem{newLegendItem(f, cs, legendText, render.T(lang, "legend.preview"))}
	for _, e := range []struct {
		mark previewMark
		kind legendKind
		key  string
	}{
		{markPhase1, legendPhase1, "legend.preview_phase1"},
		{markPhase2, legendPhase2, "legend.preview_phase2"},
		{markAttack, legendAttack, "legend.preview_attack"},
		{markShot, legendShot, "legend.preview_shot"},
		{markFront, legendNewFront, "legend.preview_front"},
	} {
		if marks&e.mark != 0 {
			items = append(items, newLegendItem(f, cs, e.kind, render.T(lang, e.key)))
		}
	}
	return items
}

// wrapLegend puts the items on lines no wider than width.
func wrapLegend(items []legendItem, width, gap float64) [][]legendItem {
	var lines [][]legendItem
	var cur []legendItem
	x := 0.0
	for _, it := range items {
		if len(cur) > 0 && x+gap+it.width > width {
			lines = append(lines, cur)
			cur, x = nil, 0
		}
		if len(cur) > 0 {
			x += gap
		}
		cur = append(cur, it)
		x += it.width
	}
	if len(cur) > 0 {
		lines = append(lines, cur)
	}
	return lines
}

// legend draws the legend lines, from the memo if they were drawn before
// (memo.go): they are alike in most pictures.
func (d *drawer) legend() {
	l := &d.l
	if len(l.legend) == 0 {
		return
	}
	top, bottom := math.Floor(l.legendTop), math.Ceil(l.legendTop+float64(len(l.legend))*l.legendLineH)
	r := image.Rect(0, int(top)-4, l.w, int(bottom)+4)
	own := fmt.Sprint(l.pad, l.legendTop, l.legendLineH, l.legend)
	d.memo(d.memoKeyOf(memoLegend, r, own), d.legendLines)
}

// legendLines draws the legend lines.
func (d *drawer) legendLines() {
	l := &d.l
	cs := l.cs
	icon := cs * 0.3
	capH := capHeight(d.f.legend)
	for i, line := range l.legend {
		x := l.pad
		mid := l.legendTop + float64(i)*l.legendLineH + l.legendLineH/2
		for _, it := range line {
			if it.kind != legendText {
				d.legendIcon(it, x, mid-icon/2, icon)
				x += icon + cs*0.08
			}
			d.text(d.f.legend, it.text, x, math.Round(mid+capH/2), textColor)
			x += measure(d.f.legend, it.text) + cs*0.3
		}
	}
}

// legendIcon draws the small picture of a legend item in the square of
// side s at x, y.
func (d *drawer) legendIcon(it legendItem, x, y, s float64) {
	// Each kind is drawn by one of the stages, which pass over the others.
	d.turnLegendIcon(it.kind, x, y, s) // the turn's marks (turn.go)
	d.unitLegendIcon(it, x, y, s)
	d.fieldLegendIcon(it.kind, x, y, s)
	d.previewLegendIcon(it.kind, x, y, s)
	d.highlightLegendIcon(it.kind, x, y, s)
	d.ghostLegendIcon(it.kind, x, y, s)
}

// swatch is a legend's square of a colour, fill, edged with ink.
func (d *drawer) swatch(x, y, s float64, fill, ink color.Color) {
	dc := d.dc
	dc.SetColor(fill)
	dc.DrawRoundedRectangle(x, y, s, s, s*0.15)
	dc.FillPreserve()
	dc.SetColor(ink)
	dc.SetLineWidth(1)
	dc.Stroke()
}

// unitLegendIcon draws the icons of the units' legend: the sides, the
// front, the marks of a counter, the HQs and the leaders.
func (d *drawer) unitLegendIcon(it legendItem, x, y, s float64) {
	k := it.kind
	cx, cy := x+s/2, y+s/2
	switch k {
	case legendNorth:
		d.swatch(x, y, s, northColor, northDark)
	case legendSouth:
		d.swatch(x, y, s, southColor, southDark)
	case legendFront:
		d.legendCounter(x, y, s)
	case legendRouting:
		d.swatch(x, y, s, color.RGBA{0xdd, 0xdd, 0xdd, 0xff}, textColor)
		d.hatch(rectF{x + 1, y + 1, s - 2, s - 2}, s/3, textColor, 1.5)
		d.routingBadge(x+s*0.72, y+s*0.28, s*0.26)
	case legendHQ, legendHQLost:
		lost := k == legendHQLost
		d.legendMaku(x, y, s, lost)
		d.flagIcon(engine.North, cx, cy, s*0.32, lost)
	case legendCommander:
		d.star(cx, cy, s*0.5, commanderGold, false)
	case legendGeneral:
		d.star(cx, cy, s*0.4, generalSilver, false)
	case legendWounded:
		d.star(cx, cy, s*0.4, generalSilver, true)
	case legendHold:
		d.holdBadge(cx, cy, s*0.36)
	case legendFatigued:
		d.fatigueBadge(cx, cy, s*0.34)
	case legendBanner:
		d.bannerFlag(cx+s*0.1, cy+s*0.15, s*0.3, engine.North)
	case legendHidden:
		d.legendHidden(x, y, s)
	case legendFar:
		d.farArrow(it.side, x+s*0.15, cy, x+s, cy, s*0.42)
	}
}

// legendHidden is a counter hidden in a forest: dashed around.
func (d *drawer) legendHidden(x, y, s float64) {
	dc := d.dc
	dc.SetColor(forestFill)
	dc.DrawRectangle(x, y, s, s)
	dc.Fill()
	dc.SetColor(northColor)
	dc.DrawRoundedRectangle(x+s*0.22, y+s*0.3, s*0.56, s*0.45, s*0.08)
	dc.Fill()
	dc.SetDash(s*0.12, s*0.08)
	dc.SetLineWidth(1.5)
	dc.SetColor(starInk)
	dc.DrawRoundedRectangle(x+s*0.12, y+s*0.2, s*0.76, s*0.65, s*0.12)
	dc.Stroke()
	dc.SetDash()
}

// fieldLegendIcon draws the icons of the field's legend: the shields,
// the zones and the terrain.
func (d *drawer) fieldLegendIcon(k legendKind, x, y, s float64) {
	dc := d.dc
	switch k {
	case legendShields:
		dc.SetColor(gridColor)
		dc.SetLineWidth(1)
		dc.DrawRectangle(x+0.5, y+0.5, s-1, s-1)
		dc.Stroke()
		t := math.Max(3, math.Round(s*0.22))
		d.shieldBar(x+s-t, y+math.Round(s*0.15), t, s-2*math.Round(s*0.15))
	case legendNoMans:
		d.swatch(x, y, s, noMansColor, gridColor)
	case legendOffField:
		d.swatch(x, y, s, offFieldColor, gridColor)
		d.hatch(rectF{x + 1, y + 1, s - 2, s - 2}, s/4, offFieldInk, 1.5)
	case legendHill:
		d.hillIcon(x, y, s)
	case legendForest:
		d.forestIcon(x, y, s)
	case legendSwamp:
		d.swampIcon(x, y, s)
	case legendRiver, legendBridge:
		d.legendRiver(x, y, s, k == legendBridge)
	}
}

// legendRiver is a stretch of the river between its banks, and the
// bridge across it if bridge.
func (d *drawer) legendRiver(x, y, s float64, bridge bool) {
	dc := d.dc
	cx, cy := x+s/2, y+s/2
	dc.SetColor(riverColor)
	dc.DrawRectangle(x, cy-s*0.22, s, s*0.44)
	dc.Fill()
	dc.SetColor(riverBank)
	dc.SetLineWidth(1)
	dc.DrawLine(x, cy-s*0.22, x+s, cy-s*0.22)
	dc.DrawLine(x, cy+s*0.22, x+s, cy+s*0.22)
	dc.Stroke()
	if bridge {
		dc.SetColor(bridgeColor)
		dc.DrawRectangle(cx-s*0.2, y+s*0.05, s*0.4, s*0.9)
		dc.Fill()
		dc.SetColor(bridgeInk)
		dc.SetLineWidth(math.Max(1.5, s*0.08))
		dc.DrawLine(cx-s*0.2, y, cx-s*0.2, y+s)
		dc.DrawLine(cx+s*0.2, y, cx+s*0.2, y+s)
		dc.Stroke()
	}
}

// previewLegendIcon draws the icons of the preview's legend: the pending
// orders' arrows, attacks, shots and new fronts.
func (d *drawer) previewLegendIcon(k legendKind, x, y, s float64) {
	cx, cy := x+s/2, y+s/2
	switch k {
	case legendPhase1, legendPhase2:
		d.arrow([]point{{x, cy}, {x + s, cy}}, previewInk, math.Max(2, d.l.cs*0.05), k == legendPhase2)
	case legendAttack:
		d.swords(cx, cy, s*0.5)
	case legendShot:
		d.targetRing(cx, cy, s*0.45)
	case legendNewFront:
		d.legendNewFront(x, y, s)
	}
}
