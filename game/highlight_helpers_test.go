package game

import (
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// hlBattle is a battle of units in the command phase of turn 1.
func hlBattle(units ...engine.Unit) engine.Battle {
	b := engine.Battle{ID: "hl", Defender: engine.South, Settings: engine.DefaultSettings()}
	for _, u := range units {
		u.Status = engine.StatusOK
		if st := u.Stats(); st.Shooter && u.Ammo == 0 {
			u.Ammo = st.AmmoPerFigure * u.Figures
		}
		b.Units = append(b.Units, u)
	}
	return b
}

func hlUnit(id string, side engine.Side, t engine.TroopType, n int, cell string, f engine.Dir) engine.Unit {
	return engine.Unit{ID: id, Side: side, Type: t, Figures: n, Cell: engine.MustCell(cell), Facing: f}
}

// hlSheet is side's sheet of b as sheetState builds it: the tree from the
// whole battle (engine.Options looks only at the side's view), the view.
func hlSheet(b engine.Battle, side engine.Side, d store.Draft) SheetState {
	granted := engine.CommandResult{Special: 3, Ordinary: 3}
	return SheetState{Sheet: store.Sheet{Draft: d}, Turn: 1, Side: side, View: engine.View(b, side),
		Tree: engine.Options(b, side, 1, nil, granted)}
}
