package bot

import (
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
)

// The sheet's menus as a new player reads them (issue 28): each order once
// with what it costs and the phase it is for, each choice with what it
// does, shots out of range apart with why, the gallop explained, and what
// the roll's buttons cost and give.

// pickLabel names an entry of the order menu: a unit's order by its kind
// alone (its cost is under it, pickDesc), the others as render.PickLabel.
func pickLabel(l render.Lang, p game.Pick) string {
	if len(p.Orders) > 0 && p.Orders[0].Unit != "" && !p.Kind.Declaration() && p.Kind != engine.OrderBanner {
		return render.OrderName(l, p.Kind)
	}
	return render.PickLabel(l, p.Kind, p.Class, p.Orders[0])
}

// pickDesc is what a pick costs of what is left, and its phase.
func pickDesc(l render.Lang, st game.SheetState, p game.Pick) string {
	cost := render.PickCost(l, p.Kind, p.Class, st.Left)
	if p.Kind.ArmyWide() {
		cost = render.T(l, "sheet.cost.ordinary", st.Left.Ordinary) // R-VI.4.1: the HQ's slot
	}
	if ph := p.Phased(p.Orders[0], 0).Phase; ph != 0 && p.Orders[0].Unit != "" && !p.Kind.ArmyWide() {
		return render.T(l, "sheet.pick_desc", cost, render.PhaseName(l, ph))
	}
	return cost
}

// choiceOptions are a pick's choices: those that can be carried out as
// things stand first, each with what it does; a shot's targets out of the
// fire zone now after them, marked so, saying why and giving no odds.
func choiceOptions(l render.Lang, st game.SheetState, p game.Pick, phase int) []discordgo.SelectMenuOption {
	var in, out []discordgo.SelectMenuOption
	for _, o := range p.Orders {
		o = p.Phased(o, phase)
		opt := discordgo.SelectMenuOption{Label: clip(render.ChoiceLabel(l, o, st.View), 100), Value: game.OrderKey(o)}
		if o.Kind.Shoots() && o.Target != "" {
			if ok, known := engine.InFireZone(st.View, st.Side, o.Unit, o.Target); known && !ok {
				opt.Label = clip(render.T(l, "sheet.out_of_range", render.ChoiceLabel(l, o, st.View)), 100)
				opt.Description = clip(render.T(l, "sheet.out_of_range_why"), 100)
				out = append(out, opt)
				continue
			}
		}
		opt.Description = clip(choiceDesc(l, st, o), 100)
		in = append(in, opt)
	}
	return append(in, out...)
}

// choiceDesc says what a choice does: where the unit ends and facing
// where, whom it attacks with a first look at the odds, and the rule that
// stops it short.
func choiceDesc(l render.Lang, st game.SheetState, o engine.Order) string {
	var parts []string
	if r, err := engine.Odds(st.View, st.Side, o, game.MenuOddsRuns); err == nil {
		parts = append(parts, render.OddsShort(l, r))
	}
	if in, ok := game.OrderIntent(st.View, st.Side, st.Orders.Orders, o); ok && !o.Kind.Shoots() {
		if in.Attack != "" {
			parts = append(parts, render.T(l, "sheet.attacks", in.Attack))
		}
		if len(in.Path) > 0 {
			parts = append(parts, render.T(l, "sheet.ends_at", in.Path[len(in.Path)-1].Name(), render.FacingName(l, in.Facing)))
		} else if in.Attack == "" {
			parts = append(parts, render.T(l, "sheet.stays", in.From.Name(), render.FacingName(l, in.Facing)))
		}
		if in.Stop != "" {
			parts = append(parts, "⚠ "+render.StopText(l, in.Stop))
		}
	}
	return strings.Join(parts, "; ")
}

// choosingHelp explains the pick being chosen: a gallop's steps, and the
// shots' targets out of range, named apart.
func choosingHelp(l render.Lang, st game.SheetState, p game.Pick) string {
	var lines []string
	gallop, far := false, []string(nil)
	for _, o := range p.Orders {
		if len(o.Steps) > 0 {
			gallop = true
		}
		if o.Kind.Shoots() && o.Target != "" {
			if ok, known := engine.InFireZone(st.View, st.Side, o.Unit, o.Target); known && !ok {
				far = append(far, o.Target)
			}
		}
	}
	if gallop {
		lines = append(lines, render.T(l, "sheet.gallop_help"))
	}
	if len(far) > 0 {
		lines = append(lines, render.T(l, "sheet.out_of_range_list", strings.Join(far, ", ")))
	}
	if len(lines) == 0 {
		return ""
	}
	return "\n" + strings.Join(lines, "\n")
}

// rerollHelp says what each reroll still open costs and gives, and what
// accepting does.
func rerollHelp(l render.Lang, st game.SheetState) []string {
	var out []string
	for _, src := range st.Rolled.Open {
		if src == engine.RerollMessenger {
			out = append(out, render.T(l, "sheet.reroll_help.messenger", st.View.Messengers[st.Side]))
		} else {
			out = append(out, render.T(l, "sheet.reroll_help."+src))
		}
	}
	return append(out, render.T(l, "sheet.reroll_help.accept"))
}
