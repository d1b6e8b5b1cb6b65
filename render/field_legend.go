package render

import (
	"image/color"
	"math"

	"github.com/gunbai/gunbai/engine"
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
	width float64 // icon and text
}

// legendItems lists what the legend explains: the sides, a unit's front,
// routing, HQ, no-man's land, and what is on the map: unit badges, leaders,
// a lost HQ, terrain, shields and the troop labels used.
func legendItems(b *engine.Battle, lang Lang, f *fieldFaces, cs float64) []legendItem {
	item := func(k legendKind, text string) legendItem { return newLegendItem(f, cs, k, text) }
	items := []legendItem{
		item(legendNorth, SideName(lang, engine.North)),
		item(legendSouth, SideName(lang, engine.South)),
		item(legendFront, T(lang, "legend.front")),
		item(legendRouting, T(lang, "legend.routing")),
	}
	var hold, fatigued bool
	for _, u := range activeUnits(b) {
		hold = hold || u.Hold
		fatigued = fatigued || u.Fatigued
	}
	if hold {
		items = append(items, item(legendHold, T(lang, "legend.hold")))
	}
	if fatigued {
		items = append(items, item(legendFatigued, T(lang, "legend.fatigued")))
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
		items = append(items, item(legendCommander, T(lang, "legend.commander")))
	}
	if role[engine.General] {
		items = append(items, item(legendGeneral, T(lang, "legend.general")))
	}
	if wounded {
		items = append(items, item(legendWounded, T(lang, "legend.wounded")))
	}
	items = append(items, item(legendHQ, T(lang, "legend.hq")))
	if hqDrawn(b, engine.North) && b.HQLost[engine.North] || hqDrawn(b, engine.South) && b.HQLost[engine.South] {
		items = append(items, item(legendHQLost, T(lang, "legend.hq_lost")))
	}
	items = append(items, item(legendNoMans, T(lang, "legend.no_mans_land")))
	t := &b.Terrain
	if len(t.Hills) > 0 {
		items = append(items, item(legendHill, T(lang, "legend.hill")))
	}
	if len(t.Forests) > 0 {
		items = append(items, item(legendForest, T(lang, "legend.forest")))
	}
	if len(t.Swamps) > 0 {
		items = append(items, item(legendSwamp, T(lang, "legend.swamp")))
	}
	if t.River {
		items = append(items, item(legendRiver, T(lang, "legend.river")))
	}
	if t.Bridge != engine.NoCell {
		items = append(items, item(legendBridge, T(lang, "legend.bridge")))
	}
	for _, sh := range t.Shields {
		if sh.Sides&0xf != 0 && sh.Cell != engine.NoCell {
			items = append(items, item(legendShields, T(lang, "legend.shields")))
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
			items = append(items, item(legendText, T(lang, "legend.troop", TroopShort(lang, tt), TroopName(lang, tt))))
		}
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
func previewLegendItems(marks previewMark, lang Lang, f *fieldFaces, cs float64) []legendItem {
	if marks == 0 {
		return nil
	}
	items := []legendItem{newLegendItem(f, cs, legendText, T(lang, "legend.preview"))}
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
			items = append(items, newLegendItem(f, cs, e.kind, T(lang, e.key)))
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

// legend draws the legend lines.
func (d *drawer) legend() {
	dc, l := d.dc, &d.l
	cs := l.cs
	icon := cs * 0.3
	dc.SetFontFace(d.f.legend)
	capH := capHeight(d.f.legend)
	for i, line := range l.legend {
		x := l.pad
		mid := l.legendTop + float64(i)*l.legendLineH + l.legendLineH/2
		for _, it := range line {
			if it.kind != legendText {
				d.legendIcon(it.kind, x, mid-icon/2, icon)
				x += icon + cs*0.08
			}
			dc.SetColor(textColor)
			dc.SetFontFace(d.f.legend)
			dc.DrawString(it.text, x, mid+capH/2)
			x += measure(d.f.legend, it.text) + cs*0.3
		}
	}
}

func (d *drawer) legendIcon(k legendKind, x, y, s float64) {
	dc := d.dc
	cx, cy := x+s/2, y+s/2
	swatch := func(fill, ink color.Color) {
		dc.SetColor(fill)
		dc.DrawRoundedRectangle(x, y, s, s, s*0.15)
		dc.FillPreserve()
		dc.SetColor(ink)
		dc.SetLineWidth(1)
		dc.Stroke()
	}
	switch k {
	case legendNorth:
		swatch(northColor, northDark)
	case legendSouth:
		swatch(southColor, southDark)
	case legendFront:
		dc.SetColor(textColor)
		dc.MoveTo(cx, y)
		dc.LineTo(x+s, y+s*0.85)
		dc.LineTo(x, y+s*0.85)
		dc.ClosePath()
		dc.Fill()
	case legendRouting:
		swatch(color.RGBA{0xdd, 0xdd, 0xdd, 0xff}, textColor)
		dc.SetColor(textColor)
		dc.SetLineWidth(1.5)
		dc.DrawRoundedRectangle(x, y, s, s, s*0.15)
		dc.Clip()
		for k := -s; k < s; k += s / 3 {
			dc.DrawLine(x+k, y+s, x+k+s, y)
		}
		dc.Stroke()
		dc.ResetClip()
		d.routingBadge(x+s*0.72, y+s*0.28, s*0.26)
	case legendHQ:
		d.flagIcon(engine.North, cx, cy, s*0.45, false)
	case legendHQLost:
		d.flagIcon(engine.North, cx, cy, s*0.45, true)
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
	case legendShields:
		dc.SetColor(gridColor)
		dc.SetLineWidth(1)
		dc.DrawRectangle(x+0.5, y+0.5, s-1, s-1)
		dc.Stroke()
		t := math.Max(3, math.Round(s*0.22))
		d.shieldBar(x+s-t, y+math.Round(s*0.15), t, s-2*math.Round(s*0.15))
	case legendNoMans:
		swatch(noMansColor, gridColor)
	case legendHill:
		swatch(hillFill, gridColor)
		d.hillIcon(cx, cy, s*0.4)
	case legendForest:
		swatch(forestFill, gridColor)
		d.forestIcon(cx, cy, s*0.4)
	case legendSwamp:
		swatch(swampFill, gridColor)
		d.swampIcon(cx, cy+s*0.1, s*0.4)
	case legendRiver:
		dc.SetColor(riverColor)
		dc.DrawRectangle(x, cy-s*0.2, s, s*0.4)
		dc.Fill()
	case legendBridge:
		dc.SetColor(riverColor)
		dc.DrawRectangle(x, cy-s*0.2, s, s*0.4)
		dc.Fill()
		dc.SetColor(bridgeColor)
		dc.DrawRectangle(cx-s*0.25, y+s*0.1, s*0.5, s*0.8)
		dc.Fill()
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
