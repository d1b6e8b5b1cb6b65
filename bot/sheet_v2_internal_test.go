package bot

import (
	"fmt"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/internal/customid"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// TestSheetComponentsV2OverflowEveryOrderCancellable: a 16-unit side
// ordering both phases of every unit gives 32 orders, more than one menu
// holds beyond the sections that fit: every order still has exactly one
// cancel control (a section's button or an entry of one of the menus of
// the rest), within Discord's 40 components, custom IDs unique.
func TestSheetComponentsV2OverflowEveryOrderCancellable(t *testing.T) {
	var st game.SheetState
	st.Sheet = store.Sheet{ID: 7}
	st.Turn = 3
	st.Side = engine.North
	for i := range 16 {
		for phase := 1; phase <= 2; phase++ {
			kind := engine.OrderWait
			if phase == 2 {
				kind = engine.OrderHold
			}
			st.Orders.Orders = append(st.Orders.Orders, engine.Order{Unit: fmt.Sprintf("n-u%02d", i), Side: engine.North, Kind: kind, Class: engine.Ordinary, Phase: phase})
		}
	}
	for _, budget := range []int{3, 13, 20} {
		for _, l := range []render.Lang{render.RU, render.EN} {
			sections, cancels, _ := orderSections(l, st, budget)
			total := budget + countComponents(sections) + countComponents(cancels)
			if total > maxV2Components {
				t.Fatalf("%s, budget %d: %d components", l, budget, total)
			}
			ids, controls := map[string]bool{}, map[string]int{}
			for _, s := range sections {
				b := s.(discordgo.Section).Accessory.(discordgo.Button)
				ids[b.CustomID] = true
				v, _ := customIDValue(b.CustomID)
				controls[v]++
			}
			menus := 0
			for _, c := range cancels {
				row, ok := c.(discordgo.ActionsRow)
				if !ok {
					continue
				}
				m := row.Components[0].(discordgo.SelectMenu)
				if ids[m.CustomID] || len(m.Options) > maxMenu {
					t.Fatalf("%s, budget %d: menu %s repeated or over %d options (%d)", l, budget, m.CustomID, maxMenu, len(m.Options))
				}
				ids[m.CustomID] = true
				menus++
				for _, o := range m.Options {
					controls[o.Value]++
				}
			}
			for _, o := range st.Orders.Orders {
				if n := controls[game.OrderKey(o)]; n != 1 {
					t.Fatalf("%s, budget %d: %d cancel controls for %s phase %d (%d sections, %d menus)", l, budget, n, o.Unit, o.Phase, len(sections), menus)
				}
			}
			t.Logf("%s, budget %d: %d sections, %d menus, %d components", l, budget, len(sections), menus, total)
		}
	}
}

// customIDValue is the order key a cancel button's custom ID carries.
func customIDValue(id string) (string, bool) {
	v, ok := customid.Sheet.Parse(id)
	return v.Str("value"), ok
}
