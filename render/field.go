package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"

	"github.com/gunbai/gunbai/engine"
)

// FieldOptions say how to draw the battlefield.
type FieldOptions struct {
	Lang     Lang
	Title    string // the title line, e.g. battle name and turn; empty: "Битва <id> — ход <n>"
	CellSize int    // pixels per cell; 0 means DefaultCellSize
}

// Cell sizes in pixels.
const (
	DefaultCellSize = 64
	MinCellSize     = 40
	MaxCellSize     = 200
)

// Colours of the map.
var (
	northColor     = color.RGBA{0x1f, 0x5f, 0xbf, 0xff}
	northDark      = color.RGBA{0x10, 0x32, 0x6e, 0xff}
	northTint      = color.RGBA{0xdc, 0xe7, 0xf7, 0xff}
	northFaded     = color.RGBA{0xb4, 0xca, 0xee, 0xff}
	southColor     = color.RGBA{0xc0, 0x39, 0x2b, 0xff}
	southDark      = color.RGBA{0x6e, 0x1a, 0x12, 0xff}
	southTint      = color.RGBA{0xf8, 0xe0, 0xdc, 0xff}
	southFaded     = color.RGBA{0xf0, 0xbc, 0xb5, 0xff}
	background     = color.RGBA{0xfb, 0xfa, 0xf7, 0xff}
	noMansColor    = color.RGBA{0xee, 0xe8, 0xd8, 0xff}
	offFieldColor  = color.RGBA{0xf1, 0xf1, 0xef, 0xff}
	gridColor      = color.RGBA{0xb8, 0xb2, 0xa4, 0xff}
	borderColor    = color.RGBA{0x4a, 0x47, 0x40, 0xff}
	textColor      = color.RGBA{0x22, 0x22, 0x22, 0xff}
	cellNameColor  = color.RGBA{0x5e, 0x5a, 0x52, 0xff}
	hillFill       = color.NRGBA{0xe2, 0xc9, 0x8c, 0xd0}
	hillInk        = color.RGBA{0x8a, 0x65, 0x2a, 0xff}
	forestFill     = color.NRGBA{0xa9, 0xd3, 0x96, 0xd8}
	forestInk      = color.RGBA{0x2a, 0x6b, 0x2c, 0xff}
	swampFill      = color.NRGBA{0xa8, 0xc9, 0xc2, 0xd8}
	swampInk       = color.RGBA{0x2f, 0x6b, 0x66, 0xff}
	riverColor     = color.RGBA{0x3f, 0x87, 0xd6, 0xff}
	riverHighlight = color.RGBA{0xc9, 0xe1, 0xf8, 0xff}
	bridgeColor    = color.RGBA{0x96, 0x64, 0x36, 0xff}
	bridgeInk      = color.RGBA{0x4f, 0x32, 0x16, 0xff}
	badgeColor     = color.RGBA{0xff, 0xd0, 0x2e, 0xff}
	white          = color.RGBA{0xff, 0xff, 0xff, 0xff}
	commanderGold  = color.RGBA{0xf5, 0xb0, 0x00, 0xff}
	generalSilver  = color.RGBA{0xe6, 0xe2, 0xd4, 0xff}
	starInk        = color.RGBA{0x26, 0x1e, 0x0e, 0xff}
	woundColor     = color.RGBA{0xff, 0x1f, 0x3a, 0xff}
	shieldWood     = color.RGBA{0xcf, 0x8e, 0x48, 0xff}
	shieldInk      = color.RGBA{0x5a, 0x36, 0x14, 0xff}
	lostInk        = color.RGBA{0xa8, 0x00, 0x18, 0xff}
	fatigueFill    = color.RGBA{0xdd, 0xda, 0xd2, 0xff}
	fatigueInk     = color.RGBA{0x5e, 0x5a, 0x52, 0xff}
)

func hatchColor(s engine.Side) color.NRGBA {
	c := SideColor(s)
	return color.NRGBA{c.R, c.G, c.B, 0x70}
}

// SideColor is the colour of a side on the map (North blue, South red), for
// embeds and the like.
func SideColor(s engine.Side) color.RGBA {
	if s == engine.North {
		return northColor
	}
	return southColor
}

func sideDark(s engine.Side) color.RGBA {
	if s == engine.North {
		return northDark
	}
	return southDark
}

func sideFaded(s engine.Side) color.RGBA {
	if s == engine.North {
		return northFaded
	}
	return southFaded
}

// FieldPNG draws the battlefield (see Field) and encodes it as PNG.
func FieldPNG(b engine.Battle, opt FieldOptions) ([]byte, error) {
	img, err := Field(b, opt)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Field draws the battlefield: the 12x7 grid and any drawn cells where units
// stand, deployment zones tinted by owner, no-man's land, the deployment
// lines, cell names, terrain, portable shields, HQs (crossed out when lost)
// with the leaders in them, and every unit on the field with its leaders and
// its Hold and fatigue badges, with a title and a legend. North is up. The
// same battle gives the same pixels.
func Field(b engine.Battle, opt FieldOptions) (image.Image, error) {
	f, err := newFieldFaces(cellSize(opt))
	if err != nil {
		return nil, err
	}
	l := newLayout(b, opt, f)
	dc := gg.NewContext(l.w, l.h)
	dc.SetColor(background)
	dc.Clear()
	d := drawer{dc: dc, l: l, f: f, b: &b, lang: opt.Lang}
	d.cells()
	d.lines()
	d.river()
	d.cellNames()
	d.markers()
	d.shields()
	d.units()
	d.title()
	d.legend()
	return dc.Image(), nil
}

func cellSize(opt FieldOptions) int {
	cs := opt.CellSize
	if cs == 0 {
		cs = DefaultCellSize
	}
	return min(max(cs, MinCellSize), MaxCellSize)
}

// fieldFaces are the fonts of one drawing (faces are not shared between
// goroutines).
type fieldFaces struct {
	title, side, label, id, cell, legend, badge font.Face
}

func newFieldFaces(cs int) (*fieldFaces, error) {
	c := float64(cs)
	f := &fieldFaces{}
	specs := []struct {
		dst  *font.Face
		bold bool
		px   float64
	}{
		{&f.title, true, c * 0.30},
		{&f.side, true, c * 0.21},
		{&f.label, true, c * 0.25},
		{&f.id, false, c * 0.18},
		{&f.cell, false, c * 0.16},
		{&f.legend, false, c * 0.20},
		{&f.badge, true, c * 0.15},
	}
	for _, s := range specs {
		face, err := newFace(s.bold, s.px)
		if err != nil {
			return nil, err
		}
		*s.dst = face
	}
	return f, nil
}

// layout is where everything goes.
type layout struct {
	cs, pad                float64
	minX, minY, maxX, maxY int     // the cells drawn
	gridX, gridY           float64 // top-left pixel of cell (minX, minY)
	w, h                   int
	title                  string
	titleBase              float64
	northBase, southBase   float64
	legendTop, legendLineH float64
	legend                 [][]legendItem
}

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
)

type legendItem struct {
	kind  legendKind
	text  string
	width float64 // icon and text
}

// activeUnits are the units standing on the field (ok or routing).
func activeUnits(b *engine.Battle) []*engine.Unit {
	var out []*engine.Unit
	for i := range b.Units {
		if b.Units[i].Active() {
			out = append(out, &b.Units[i])
		}
	}
	return out
}

func newLayout(b engine.Battle, opt FieldOptions, f *fieldFaces) layout {
	cs := float64(cellSize(opt))
	l := layout{cs: cs, pad: math.Round(cs * 0.25)}
	// The bounding box of the field and of everything drawn on it.
	l.minX, l.minY, l.maxX, l.maxY = 1, 1, engine.FieldWidth, engine.FieldHeight
	grow := func(c engine.Cell) {
		if c == engine.NoCell {
			return
		}
		l.minX, l.maxX = min(l.minX, c.X), max(l.maxX, c.X)
		l.minY, l.maxY = min(l.minY, c.Y), max(l.maxY, c.Y)
	}
	for _, u := range activeUnits(&b) {
		grow(u.Cell)
	}
	grow(b.HQ[engine.North])
	grow(b.HQ[engine.South])
	for _, cells := range [][]engine.Cell{b.Terrain.Hills, b.Terrain.Forests, b.Terrain.Swamps} {
		for _, c := range cells {
			grow(c)
		}
	}
	grow(b.Terrain.Bridge)
	for _, sh := range b.Terrain.Shields {
		if sh.Sides&0xf != 0 {
			grow(sh.Cell)
		}
	}
	cols, rows := l.maxX-l.minX+1, l.maxY-l.minY+1

	l.w = int(2*l.pad + float64(cols)*cs)
	inner := float64(l.w) - 2*l.pad

	l.title = opt.Title
	if l.title == "" {
		if b.Turn == 0 {
			l.title = T(opt.Lang, "field.title_deployment", b.ID)
		} else {
			l.title = T(opt.Lang, "field.title", b.ID, b.Turn)
		}
	}
	l.title = fitText(f.title, l.title, inner)

	y := l.pad
	l.titleBase = y + ascent(f.title)
	y += math.Round(cs * 0.42)
	l.northBase = y + ascent(f.side)
	y += math.Round(cs * 0.32)
	l.gridX, l.gridY = l.pad, y
	y += float64(rows) * cs
	l.southBase = y + math.Round(cs*0.08) + ascent(f.side)
	y += math.Round(cs * 0.42)
	l.legendTop = y
	l.legendLineH = math.Round(cs * 0.36)
	l.legend = wrapLegend(legendItems(&b, opt.Lang, f, cs), inner, cs*0.3)
	y += float64(len(l.legend)) * l.legendLineH
	l.h = int(math.Ceil(y + l.pad*0.6))
	return l
}

// legendItems lists what the legend explains: the sides, a unit's front,
// routing, HQ, no-man's land, and what is on the map: unit badges, leaders,
// a lost HQ, terrain, shields and the troop labels used.
func legendItems(b *engine.Battle, lang Lang, f *fieldFaces, cs float64) []legendItem {
	icon := cs * 0.3
	gap := cs * 0.08
	item := func(k legendKind, text string) legendItem {
		w := measure(f.legend, text)
		if k != legendText {
			w += icon + gap
		}
		return legendItem{kind: k, text: text, width: w}
	}
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

// cellOrigin is the top-left pixel of a cell.
func (l *layout) cellOrigin(c engine.Cell) (x, y float64) {
	return l.gridX + float64(c.X-l.minX)*l.cs, l.gridY + float64(c.Y-l.minY)*l.cs
}

// tokenRect is the body of a unit's token in its cell.
func (l *layout) tokenRect(c engine.Cell) (x, y, w, h float64) {
	cx, cy := l.cellOrigin(c)
	return cx + math.Round(l.cs*0.11), cy + math.Round(l.cs*0.27),
		math.Round(l.cs * 0.78), math.Round(l.cs * 0.63)
}

type drawer struct {
	dc   *gg.Context
	l    layout
	f    *fieldFaces
	b    *engine.Battle
	lang Lang
}

// each calls fn for every drawn cell, row by row.
func (d *drawer) each(fn func(c engine.Cell, x, y float64)) {
	for cy := d.l.minY; cy <= d.l.maxY; cy++ {
		for cx := d.l.minX; cx <= d.l.maxX; cx++ {
			c := engine.Cell{X: cx, Y: cy}
			x, y := d.l.cellOrigin(c)
			fn(c, x, y)
		}
	}
}

func zoneColor(c engine.Cell) color.RGBA {
	switch z := engine.ZoneOf(c); z {
	case engine.NoMansLand:
		return noMansColor
	case engine.ZoneNone:
		return offFieldColor
	default:
		if s, _ := z.Owner(); s == engine.North {
			return northTint
		}
		return southTint
	}
}

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

// starStep is the distance between the centres of n stars in a row: step,
// or less if the row would be longer than span.
func (d *drawer) starStep(n int, step, span float64) float64 {
	if n > 1 && step*float64(n-1) > span {
		return math.Max(0, span) / float64(n-1)
	}
	return step
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

// flagIcon is an HQ: a pole with a pennant in the side's colour. A lost HQ
// has a pale pennant and is crossed out.
func (d *drawer) flagIcon(side engine.Side, cx, cy, s float64, lost bool) {
	dc := d.dc
	px := cx - s*0.5
	pennant := func() {
		dc.MoveTo(px, cy-s)
		dc.LineTo(px+s*1.3, cy-s*0.55)
		dc.LineTo(px, cy-s*0.1)
		dc.ClosePath()
	}
	if lost {
		dc.SetColor(sideFaded(side))
	} else {
		dc.SetColor(SideColor(side))
	}
	pennant()
	dc.Fill()
	dc.SetColor(sideDark(side))
	dc.SetLineWidth(math.Max(1, s/6))
	pennant()
	dc.Stroke()
	dc.SetLineWidth(math.Max(1.5, s/4))
	dc.DrawLine(px, cy-s*1.05, px, cy+s)
	dc.Stroke()
	if lost {
		// The cross: dark strokes on a white halo, over the whole flag.
		x0, x1 := px-s*0.3, px+s*1.25
		y0, y1 := cy-s, cy+s*0.95
		w := math.Max(1.5, s/5)
		dc.Push()
		dc.SetLineCapRound()
		for _, ink := range []struct {
			c color.Color
			w float64
		}{{white, w + 2}, {lostInk, w}} {
			dc.SetColor(ink.c)
			dc.SetLineWidth(ink.w)
			dc.DrawLine(x0, y0, x1, y1)
			dc.DrawLine(x0, y1, x1, y0)
			dc.Stroke()
		}
		dc.Pop()
	}
}

// Leaders.

// hqDrawn reports whether a side's HQ has a flag on the map.
func hqDrawn(b *engine.Battle, s engine.Side) bool {
	return (s == engine.North || s == engine.South) && b.HQ[s] != engine.NoCell
}

func leaderWounded(l *engine.Leader) bool {
	return l.Health == engine.LeaderWounded || l.Wounds > 0
}

// leaderShown reports whether a leader is on the map: well or wounded (the
// captured and the killed are not), in a unit on the field or in a standing
// HQ; the reserve is not drawn.
func leaderShown(b *engine.Battle, l *engine.Leader) bool {
	if l.Health != engine.LeaderOK && l.Health != engine.LeaderWounded {
		return false
	}
	switch l.At {
	case "", engine.AtReserve:
		return false
	case engine.AtHQ:
		return hqDrawn(b, l.Side) && !b.HQLost[l.Side]
	}
	u := b.Unit(l.At)
	return u != nil && u.Active()
}

// leadersAt lists the leaders shown at a place, a unit's ID or AtHQ with
// the HQ's side, the commander first and then the generals in the battle's
// order.
func leadersAt(b *engine.Battle, at string, side engine.Side) []*engine.Leader {
	var out []*engine.Leader
	for _, commander := range []bool{true, false} {
		for i := range b.Leaders {
			l := &b.Leaders[i]
			if (l.Role == engine.Commander) != commander || l.At != at || !leaderShown(b, l) {
				continue
			}
			if at == engine.AtHQ && l.Side != side {
				continue
			}
			out = append(out, l)
		}
	}
	return out
}

// leaderStar draws a leader: a gold star of radius r for the commander, a
// smaller silver one for a general, ringed in red when wounded.
func (d *drawer) leaderStar(l *engine.Leader, cx, cy, r float64) {
	if l.Role == engine.Commander {
		d.star(cx, cy, r, commanderGold, leaderWounded(l))
	} else {
		d.star(cx, cy, r*0.85, generalSilver, leaderWounded(l))
	}
}

// star is a five-pointed star of outer radius r.
func (d *drawer) star(cx, cy, r float64, fill color.Color, wounded bool) {
	dc := d.dc
	path := func() {
		for i := range 10 {
			rr := r
			if i%2 == 1 {
				rr = r * 0.5
			}
			a := -math.Pi/2 + float64(i)*math.Pi/5
			x, y := cx+rr*math.Cos(a), cy+rr*math.Sin(a)
			if i == 0 {
				dc.MoveTo(x, y)
			} else {
				dc.LineTo(x, y)
			}
		}
		dc.ClosePath()
	}
	lw := math.Max(1.2, r/5)
	dc.Push()
	defer dc.Pop()
	dc.SetLineJoinRound()
	if wounded {
		// A red ring in a white halo: visible on either side's colour.
		path()
		dc.SetColor(white)
		dc.SetLineWidth(lw * 3.4)
		dc.Stroke()
		path()
		dc.SetColor(woundColor)
		dc.SetLineWidth(lw * 2.2)
		dc.Stroke()
		path()
		dc.SetColor(fill)
		dc.Fill()
		return
	}
	path()
	dc.SetColor(fill)
	dc.FillPreserve()
	dc.SetColor(starInk)
	dc.SetLineWidth(lw)
	dc.Stroke()
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

// units draws every unit on the field as a token: side colour, short type
// label and figures, id, a triangle on its front; routing units are faded,
// hatched and marked "!".
func (d *drawer) units() {
	for _, u := range activeUnits(d.b) {
		d.token(u)
	}
}

func (d *drawer) token(u *engine.Unit) {
	dc, cs := d.dc, d.l.cs
	x, y, w, h := d.l.tokenRect(u.Cell)
	r := cs * 0.08
	routing := u.Routing()
	dark := sideDark(u.Side)

	if routing {
		dc.SetColor(sideFaded(u.Side))
		dc.DrawRoundedRectangle(x, y, w, h, r)
		dc.Fill()
		dc.DrawRoundedRectangle(x, y, w, h, r)
		dc.Clip()
		dc.SetColor(hatchColor(u.Side))
		dc.SetLineWidth(math.Max(1.5, cs/32))
		step := cs * 0.12
		for k := -h; k < w; k += step {
			dc.DrawLine(x+k, y+h, x+k+h, y)
		}
		dc.Stroke()
		dc.ResetClip()
		dc.SetColor(dark)
		dc.SetLineWidth(math.Max(1.5, cs/32))
		dc.SetDash(cs*0.08, cs*0.05)
		dc.DrawRoundedRectangle(x, y, w, h, r)
		dc.Stroke()
		dc.SetDash()
	} else {
		dc.SetColor(SideColor(u.Side))
		dc.DrawRoundedRectangle(x, y, w, h, r)
		dc.Fill()
		dc.SetColor(dark)
		dc.SetLineWidth(math.Max(1, cs/48))
		dc.DrawRoundedRectangle(x, y, w, h, r)
		dc.Stroke()
	}

	// The front: a bar along the facing edge and a triangle pointing out.
	fx, fy := facingVec(u.Facing)
	px, py := -fy, fx // perpendicular
	mx, my := x+w/2+fx*w/2, y+h/2+fy*h/2
	half := w / 2
	if fx != 0 {
		half = h / 2
	}
	tb, th := cs*0.11, cs*0.12
	dc.SetColor(dark)
	if !routing {
		dc.SetLineWidth(math.Max(2.5, cs/20))
		dc.DrawLine(mx+px*(half-r), my+py*(half-r), mx-px*(half-r), my-py*(half-r))
		dc.Stroke()
	}
	dc.MoveTo(mx+px*tb, my+py*tb)
	dc.LineTo(mx+fx*th, my+fy*th)
	dc.LineTo(mx-px*tb, my-py*tb)
	dc.ClosePath()
	if routing {
		dc.SetColor(white)
		dc.FillPreserve()
		dc.SetColor(dark)
		dc.SetLineWidth(1.5)
		dc.Stroke()
	} else {
		dc.Fill()
	}

	// Text: "ТК 8" and the unit id.
	ink := color.Color(white)
	if routing {
		ink = dark
	}
	label := TroopShort(d.lang, u.Type) + " " + strconv.Itoa(u.Figures)
	dc.SetColor(ink)
	dc.SetFontFace(d.f.label)
	dc.DrawStringAnchored(fitText(d.f.label, label, w-4), x+w/2, y+h*0.47, 0.5, 0)
	idWidth := w - 4
	if u.Hold || u.Fatigued {
		idWidth -= 2 * cs * 0.12 // clear of the corner badges
	}
	dc.SetFontFace(d.f.id)
	dc.DrawStringAnchored(fitText(d.f.id, u.ID, idWidth), x+w/2, y+h*0.86, 0.5, 0)

	if routing {
		d.routingBadge(x+w-cs*0.02, y+cs*0.02, cs*0.11)
	}
	if u.Hold {
		d.holdBadge(x+cs*0.03, y+h-cs*0.03, cs*0.105)
	}
	if u.Fatigued {
		d.fatigueBadge(x+w-cs*0.02, y+h-cs*0.02, cs*0.09)
	}
	d.tokenLeaders(u, x, y, w)
}

// tokenLeaders draws a star for each leader in the unit along the top edge
// of its token: from the right corner (left of a routing badge) leftwards,
// the commander first. A front triangle on the top edge splits the row:
// whoever does not fit right of it goes left of it.
func (d *drawer) tokenLeaders(u *engine.Unit, x, y, w float64) {
	ls := leadersAt(d.b, u.ID, u.Side)
	if len(ls) == 0 {
		return
	}
	cs := d.l.cs
	r, step := cs*0.082, cs*0.15
	type row struct{ start, dir, span float64 }
	right := row{x + w - cs*0.08, -1, w - cs*0.18}
	if u.Routing() {
		right.start = x + w - cs*0.26
		right.span = right.start - (x + cs*0.08)
	}
	rows := []row{right}
	if u.Facing == engine.N {
		gap := cs * 0.16 // from the token's centre line: the triangle's half base and a star's half width
		rows = []row{
			{right.start, -1, right.start - (x + w/2 + gap)},
			{x + cs*0.08, 1, x + w/2 - gap - (x + cs*0.08)},
		}
	}
	// Fill the rows in turn, as many stars to a row as fit; if there are
	// more, the last row takes them closer together.
	var at []float64
	for k, rw := range rows {
		if rw.span < 0 {
			continue
		}
		n := len(ls) - len(at)
		if k < len(rows)-1 {
			n = min(n, 1+int(rw.span/step))
		}
		st := d.starStep(n, step, rw.span)
		for i := range n {
			at = append(at, rw.start+rw.dir*float64(i)*st)
		}
	}
	for i := min(len(at), len(ls)) - 1; i >= 0; i-- { // the commander on top
		d.leaderStar(ls[i], at[i], y+cs*0.008, r)
	}
}

// holdBadge marks a unit holding at all costs: a dark square with a white
// letter, ringed in white.
func (d *drawer) holdBadge(cx, cy, r float64) {
	dc := d.dc
	x0, y0 := math.Round(cx-r), math.Round(cy-r)
	side := math.Round(2 * r)
	dc.SetColor(white)
	dc.DrawRoundedRectangle(x0-1, y0-1, side+2, side+2, r*0.35)
	dc.Fill()
	dc.SetColor(starInk)
	dc.DrawRoundedRectangle(x0, y0, side, side, r*0.3)
	dc.Fill()
	dc.SetColor(white)
	d.centredText(d.f.badge, T(d.lang, "field.hold_badge"), x0+side/2, y0+side/2)
}

// fatigueBadge marks fatigued cavalry: a small grey disc with "z".
func (d *drawer) fatigueBadge(cx, cy, r float64) {
	dc := d.dc
	dc.SetColor(fatigueFill)
	dc.DrawCircle(cx, cy, r)
	dc.FillPreserve()
	dc.SetColor(fatigueInk)
	dc.SetLineWidth(1)
	dc.Stroke()
	d.centredText(d.f.badge, "z", cx, cy)
}

// centredText draws s with its ink centred on (cx, cy) in the current colour.
func (d *drawer) centredText(f font.Face, s string, cx, cy float64) {
	b, _ := font.BoundString(f, s)
	x := cx - float64(b.Min.X+b.Max.X)/128
	y := cy - float64(b.Min.Y+b.Max.Y)/128
	d.dc.SetFontFace(f)
	d.dc.DrawString(s, math.Round(x), math.Round(y))
}

// routingBadge is a yellow disc with "!".
func (d *drawer) routingBadge(cx, cy, r float64) {
	dc := d.dc
	dc.SetColor(badgeColor)
	dc.DrawCircle(cx, cy, r)
	dc.FillPreserve()
	dc.SetColor(textColor)
	dc.SetLineWidth(1.2)
	dc.Stroke()
	dc.SetFontFace(d.f.label)
	dc.DrawStringAnchored("!", cx, cy+capHeight(d.f.label)/2, 0.5, 0)
}

func facingVec(f engine.Dir) (float64, float64) {
	v := f.Vec()
	return float64(v.DX), float64(v.DY)
}

// title draws the title and the two side labels.
func (d *drawer) title() {
	dc, l := d.dc, &d.l
	dc.SetColor(textColor)
	dc.SetFontFace(d.f.title)
	dc.DrawString(l.title, l.pad, l.titleBase)
	// "Север" above the field, "Юг" below it, at the field's centre.
	xc, _ := l.cellOrigin(engine.Cell{X: 7, Y: 1})
	dc.SetFontFace(d.f.side)
	dc.SetColor(northDark)
	dc.DrawStringAnchored(SideName(d.lang, engine.North), xc, l.northBase, 0.5, 0)
	dc.SetColor(southDark)
	dc.DrawStringAnchored(SideName(d.lang, engine.South), xc, l.southBase, 0.5, 0)
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
	}
}

// Text measurement helpers.

func measure(f font.Face, s string) float64 {
	return float64(font.MeasureString(f, s)) / 64
}

func ascent(f font.Face) float64 { return math.Ceil(float64(f.Metrics().Ascent) / 64) }

// capHeight is the height of a capital letter above the baseline.
func capHeight(f font.Face) float64 {
	if b, _, ok := f.GlyphBounds('H'); ok && b.Min.Y < 0 {
		return float64(-b.Min.Y) / 64
	}
	return ascent(f) * 0.7
}

// fitText shortens s with "…" until it fits in width.
func fitText(f font.Face, s string, width float64) string {
	if measure(f, s) <= width {
		return s
	}
	for s != "" {
		_, n := utf8.DecodeLastRuneInString(s)
		s = s[:len(s)-n]
		if measure(f, s+"…") <= width {
			return s + "…"
		}
	}
	return ""
}
