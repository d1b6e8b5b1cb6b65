package field

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
)

// heading is the title block: the title line with whose view it is on
// the right, a second line with the clans and the outcome when there are
// any, and the labels at the north and south edges of the field.
type heading struct {
	title        string
	view         string // the view's tag; "" names none
	viewFill     color.Color
	clans        []textSeg // "Асаи (Север) против Ода (Юг)"
	outcome      string    // the outcome's tag of a battle that is over
	outcomeFill  color.Color
	north, south string
}

// textSeg is a piece of a line of text in its colour.
type textSeg struct {
	text string
	ink  color.Color
}

func (h *heading) hasSub() bool { return len(h.clans) > 0 || h.outcome != "" }

// tagPad is the padding of a tag's text on either side.
func tagPad(cs float64) float64 { return math.Round(cs * 0.12) }

func tagWidth(f *fieldFaces, s string) float64 {
	if s == "" {
		return 0
	}
	return measure(f.side, s) + 2*tagPad(f.cs)
}

func newHeading(b *engine.Battle, opt *Options, f *fieldFaces, inner float64) heading {
	lang, cs := opt.Lang, f.cs
	h := heading{title: opt.Title}
	if h.title == "" {
		h.title = defaultTitle(b, opt)
	}
	switch opt.View {
	case ViewGM:
		h.view, h.viewFill = render.T(lang, "field.view.gm"), starInk
	case ViewNorth:
		h.view, h.viewFill = render.T(lang, "field.view.north"), northColor
	case ViewSouth:
		h.view, h.viewFill = render.T(lang, "field.view.south"), southColor
	}
	gap := cs * 0.2
	vw := tagWidth(f, h.view)
	if vw > 0 {
		h.view = fitText(f.side, h.view, inner/2-2*tagPad(cs))
		vw = tagWidth(f, h.view) + gap
	}
	h.title = fitText(f.title, h.title, inner-vw)

	if o := b.Outcome; o != engine.Ongoing && inRange(o, allOutcomes) {
		h.outcome = render.T(lang, "field.outcome", render.OutcomeName(lang, o))
		h.outcomeFill = outcomeColor(o)
		h.outcome = fitText(f.side, h.outcome, inner/2-2*tagPad(cs))
	}
	room := inner - tagWidth(f, h.outcome) - gap
	h.clans = clanLine(lang, opt.Clans, f, room)
	h.north, h.south = edgeLabel(lang, engine.North, opt.Clans, f, inner), edgeLabel(lang, engine.South, opt.Clans, f, inner)
	return h
}

func defaultTitle(b *engine.Battle, opt *Options) string {
	switch {
	case opt.Battle != "" && b.Turn == 0:
		return render.T(opt.Lang, "field.title_named_deployment", opt.Battle)
	case opt.Battle != "":
		return render.T(opt.Lang, "field.title_named", opt.Battle, b.Turn)
	case b.Turn == 0:
		return render.T(opt.Lang, "field.title_deployment", b.ID)
	}
	return render.T(opt.Lang, "field.title", b.ID, b.Turn)
}

// outcomeColor is the colour of the winner, ink for a draw.
func outcomeColor(o engine.Outcome) color.Color {
	switch o {
	case engine.NorthTotalVictory, engine.NorthVictory:
		return northColor
	case engine.SouthTotalVictory, engine.SouthVictory:
		return southColor
	}
	return starInk
}

// clanLine is "Асаи (Север) против Ода (Юг)", each clan in its side's
// colour, in room pixels; nil without clans.
func clanLine(lang render.Lang, clans [2]string, f *fieldFaces, room float64) []textSeg {
	var segs []textSeg
	for s := engine.North; s <= engine.South; s++ {
		if clans[s] == "" {
			continue
		}
		if len(segs) > 0 {
			segs = append(segs, textSeg{render.T(lang, "field.versus"), textColor})
		}
		segs = append(segs, textSeg{render.T(lang, "field.clan_side", clans[s], render.SideName(lang, s)), sideDark(s)})
	}
	total := 0.0
	for _, s := range segs {
		total += measure(f.side, s.text)
	}
	if total > room {
		// Each clan's part gets its share of the room.
		for i := range segs {
			if segs[i].ink != textColor {
				share := room * measure(f.side, segs[i].text) / total
				segs[i].text = fitText(f.side, segs[i].text, share)
			}
		}
	}
	return segs
}

// edgeLabel is the side's name by its edge of the field, with its clan.
func edgeLabel(lang render.Lang, s engine.Side, clans [2]string, f *fieldFaces, inner float64) string {
	label := render.SideName(lang, s)
	if clans[s] != "" {
		label = render.T(lang, "field.edge_clan", label, clans[s])
	}
	return fitText(f.side, label, inner)
}

// title draws the title block and the side labels at the field's edges.
// title draws the title block and the labels at the field's edges. What is
// above the field is alike in the pictures of a view's turn: from the memo
// (memo.go), if it was drawn.
func (d *drawer) title() {
	l := &d.l
	h := &l.head
	own := fmt.Sprint(l.w, l.pad, l.titleBase, l.subBase, l.northBase, *h)
	d.memo(d.memoKeyOf(memoTitle, image.Rect(0, 0, l.w, int(l.gridY)), own), d.titleTop)
	xc, _ := l.cellOrigin(engine.Cell{X: 7, Y: 1})
	d.textAt(d.f.side, h.south, xc, l.southBase, 0.5, southDark)
	for i, line := range l.summary {
		base := l.summaryTop + float64(i)*l.summaryH + ascent(d.f.side)
		d.text(d.f.side, line, l.pad, base, textColor)
	}
}

// titleTop draws the title block and "Север" above the field, at its
// centre.
func (d *drawer) titleTop() {
	l := &d.l
	h := &l.head
	d.text(d.f.title, h.title, l.pad, l.titleBase, textColor)
	right := float64(l.w) - l.pad
	if h.view != "" {
		d.tag(h.view, h.viewFill, right, l.titleBase-capHeight(d.f.title)/2)
	}
	if h.hasSub() {
		x := l.pad
		for _, s := range h.clans {
			d.text(d.f.side, s.text, x, l.subBase, s.ink)
			x += measure(d.f.side, s.text)
		}
		if h.outcome != "" {
			d.tag(h.outcome, h.outcomeFill, right, l.subBase-capHeight(d.f.side)/2)
		}
	}
	xc, _ := l.cellOrigin(engine.Cell{X: 7, Y: 1})
	d.textAt(d.f.side, h.north, xc, l.northBase, 0.5, northDark)
}

// tag is white bold text on a rounded pill of colour fill, its right end
// at right, centred on cy.
func (d *drawer) tag(s string, fill color.Color, right, cy float64) {
	dc, cs := d.dc, d.l.cs
	w := tagWidth(d.f, s)
	hh := math.Round(cs * 0.3)
	x, y := math.Round(right-w), math.Round(cy-hh/2)
	dc.SetColor(fill)
	dc.DrawRoundedRectangle(x, y, w, hh, hh*0.3)
	dc.Fill()
	d.text(d.f.side, s, x+tagPad(cs), math.Round(cy+capHeight(d.f.side)/2), white)
}
