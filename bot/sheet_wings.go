package bot

import (
	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
)

// The sheet of a side with wings (issue 29): the holder's own wing and
// share, the other wings shown but not offered, the roll left to the
// commander, and his "ready for all".

// wingSheetLines say whose wing the sheet is and what the others hold.
func wingSheetLines(l render.Lang, st game.SheetState) []string {
	ws := st.Wings
	if ws == nil {
		return nil
	}
	var out, others []string
	for _, w := range ws.Wings {
		if w.Player != ws.Mine {
			others = append(others, wingLine(l, &st.View, w))
			continue
		}
		out = append(out, render.T(l, "sheet.wing_mine", wingUnits(l, &st.View, w)))
		if w.Share != nil {
			out = append(out, render.T(l, "sheet.wing_share", shareText(l, w)))
		}
	}
	if ws.Commands {
		out = append(out, render.T(l, "sheet.wing_commands"))
	}
	if len(others) > 0 {
		out = append(out, render.T(l, "sheet.wings_other"))
		out = append(out, others...)
	}
	if len(ws.Others) > 0 { // their orders, which their own wing cancels
		out = append(out, render.T(l, "sheet.wings_other_orders"))
		for _, o := range ws.Others {
			out = append(out, "• "+render.OrderLine(l, o))
		}
	}
	if ws.SideReady {
		out = append(out, render.T(l, "wings.side_ready"))
	}
	return out
}

// rollFirstLines ask for the roll: of the commander, or of a wing's
// player, to wait for his.
func rollFirstLines(l render.Lang, st game.SheetState) []string {
	if ws := st.Wings; ws != nil && !ws.Commands {
		return []string{render.T(l, "sheet.wing_roll_wait", commanderName(l, ws.WingsState))}
	}
	return []string{render.T(l, "sheet.roll_first"), render.T(l, "sheet.stake_help")}
}

// wingRollRow is the roll's row, which only the commander gets.
func wingRollRow(l render.Lang, st game.SheetState) []discordgo.MessageComponent {
	if ws := st.Wings; ws != nil && !ws.Commands {
		return nil
	}
	return sheetRollRow(l, st)
}

// readyAllButton is the commander's "ready for all", on a side with wings.
func readyAllButton(l render.Lang, st game.SheetState, m *sheetMenus) []discordgo.MessageComponent {
	if ws := st.Wings; ws == nil || !ws.Commands {
		return nil
	}
	return []discordgo.MessageComponent{discordgo.Button{Label: render.T(l, "sheet.ready_all_button"), Style: discordgo.PrimaryButton,
		CustomID: m.id(game.ActReadyAll), Disabled: st.Wings.SideReady}}
}

// readyLine says the sheet's side is ready, or only its holder's wing.
func readyLine(l render.Lang, st game.SheetState) string {
	if ws := st.Wings; ws != nil && !ws.SideReady {
		return render.T(l, "sheet.wing_ready_wait")
	}
	return render.T(l, "sheet.ready")
}

// wingRerollHelp explains the rerolls open to the commander; a wing's
// player, who has no reroll buttons, waits for his.
func wingRerollHelp(l render.Lang, st game.SheetState) []string {
	if ws := st.Wings; ws != nil && !ws.Commands {
		return []string{render.T(l, "sheet.wing_roll_wait", commanderName(l, ws.WingsState))}
	}
	return rerollHelp(l, st)
}
