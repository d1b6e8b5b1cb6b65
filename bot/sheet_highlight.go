package bot

import (
	"math"

	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/render/field"
)

// The choice a sheet's preview points at (issue 28, item 2): the unit
// picked on the sheet, where its order may take it and what it may attack
// or shoot with the odds (game.HighlightOf, from the side's view only),
// drawn on the preview (field.Options.Highlight), said in its alt text and
// in a line of the sheet's text.

// highlightOf is what the preview of sheet st points at, in l's words for
// the order picked; nil: nothing picked.
func highlightOf(l render.Lang, st game.SheetState) *field.Highlight {
	h, ok := game.HighlightOf(st)
	if !ok {
		return nil
	}
	out := &field.Highlight{Unit: h.Unit, At: h.At, Cells: h.Cells}
	if p := currentPick(st); p != nil && h.Picked {
		out.Order = render.PickLabel(l, p.Kind, p.Class, p.Orders[0])
	}
	for _, t := range h.Targets {
		pc := -1
		if t.Odds != nil {
			pc = int(math.Round(100 * game.Chance(*t.Odds)))
		}
		out.Targets = append(out.Targets, field.HighlightTarget{Unit: t.Unit, At: t.At, Shot: t.Shot, Percent: pc})
	}
	return out
}

// highlightLines is the sheet's line that says what its preview points
// at (h, highlightOf's), as the alt text says it; none when the sheet
// draws no preview or nothing is picked (h nil).
func highlightLines(l render.Lang, h *field.Highlight) []string {
	if h == nil {
		return nil
	}
	return []string{field.HighlightText(l, *h, 0)}
}
