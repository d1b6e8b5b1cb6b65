package game

import (
	"cmp"
	"slices"

	"github.com/gunbai/gunbai/campaign"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game/kit"
	"github.com/gunbai/gunbai/store"
)

// A battle built from roster armies (issue 15 item 2): each side's units and
// leaders come from its army; the units stand in the side's own zones, front
// row first from the centre outward, so the deployment starts legal where
// the army allows it and the players move them with /deploy; the GM's start
// checks RULES IV as for any battle.

// troopOf is the engine's troop type of a campaign unit type.
func troopOf(t campaign.UnitType) engine.TroopType {
	tt, _ := engine.ParseTroopType(t.TroopKey()) // every UnitType has its key (campaign.troopKeys)
	return tt
}

// deployCells are the side's own cells in the order units are put in them:
// the front row first, then back; in a row, from the centre outward (the two
// mandatory centre cells first, R-IV.1.1).
func deployCells(side engine.Side) []engine.Cell {
	var out []engine.Cell
	for y := 1; y <= engine.FieldHeight; y++ {
		for x := 1; x <= engine.FieldWidth; x++ {
			if c := (engine.Cell{X: x, Y: y}); engine.InOwnZones(c, side) {
				out = append(out, c)
			}
		}
	}
	front := engine.FrontRow(side)
	dist := func(c engine.Cell) (int, int) {
		dy := c.Y - front
		if dy < 0 {
			dy = -dy
		}
		dx := 2*c.X - (engine.FieldWidth + 1) // twice the distance to the centre line
		if dx < 0 {
			dx = -dx
		}
		return dy, dx
	}
	slices.SortStableFunc(out, func(a, b engine.Cell) int {
		ay, ax := dist(a)
		by, bx := dist(b)
		return cmp.Or(cmp.Compare(ay, by), cmp.Compare(ax, bx))
	})
	return out
}

// battleFromRoster is the starting position of a battle between two roster
// armies, North's and South's, South defending.
func battleFromRoster(r *campaign.Roster, armies [2]string) (engine.Battle, error) {
	b := engine.Battle{Defender: engine.South, Settings: engine.DefaultSettings(), Messengers: [2]int{1, 1}}
	for side, id := range armies {
		s := engine.Side(side)
		a, ok := r.Army(id)
		if !ok {
			return b, refuse("err.roster_no_army", id)
		}
		if a.State == campaign.Scattered {
			return b, refuse("err.army_scattered", kit.ArmyName(r, id))
		}
		cells := deployCells(s)
		back := cells[len(cells)-1]
		facing := engine.S
		if s == engine.South {
			facing = engine.N
		}
		n := 0
		for _, u := range a.Units {
			switch {
			case u.Figures < 4:
				continue // too few to deploy (R-II.10.1): it stays out of the battle
			case u.Figures > 16:
				return b, refuse("err.unit_too_big", u.ID, u.Figures) // R-I.2.3
			}
			if n >= len(cells)-1 {
				return b, refuse("err.army_too_big", kit.ArmyName(r, id), len(cells)-1)
			}
			eu := engine.Unit{ID: u.ID, Name: u.Name, Side: s, Type: troopOf(u.Type), Figures: u.Figures, Cell: cells[n], Facing: facing}
			eu.Ammo = eu.Stats().AmmoPerFigure * u.Figures
			promote(&eu, u)
			b.Units = append(b.Units, eu)
			n++
		}
		if n == 0 {
			return b, refuse("err.army_empty", kit.ArmyName(r, id))
		}
		b.HQ[s] = back
		for _, pid := range append([]string{a.Commander}, a.Generals...) {
			p, ok := r.Person(pid)
			if pid == "" || !ok || p.Status != campaign.Active {
				continue
			}
			l := engine.Leader{ID: p.ID, Name: p.Name, Side: s, Role: engine.General, At: engine.AtHQ, Wounds: p.Wounds, Traits: p.Traits}
			if pid == a.Commander {
				l.Role = engine.Commander
			}
			if p.Wounds > 0 {
				l.Health = engine.LeaderWounded
			}
			if !campaign.MayLead(p.Wounds) {
				// Twice wounded: he starts in the reserve and leads no unit
				// (E1-H5, E1-Q16); a commander still commands the army.
				l.At = engine.AtReserve
			}
			b.Leaders = append(b.Leaders, l)
		}
	}
	return b, nil
}

// promote carries a roster unit's campaign modifiers into the battle: its
// Impetus and Steadiness modifiers and its Combat Mastery (E1-U2, E1-Q14).
func promote(eu *engine.Unit, u campaign.Unit) {
	eu.ImpMod, eu.StMod, eu.Mastery = u.ImpetusMod, u.SteadinessMod, u.Mastery
}

// rosterState builds a new battle's position from the guild's roster armies
// named in req: each army must be its side's clan's (when the clan is bound
// to a role, that role), and fight no other battle. With a scenario, the
// position is the scenario's (its terrain, cells and leaders) fought by the
// armies: each of its units must be a unit of its side's army, of the same
// type, and takes the roster's figures and promotions.
func rosterState(tx *store.Tx, guild string, req CreateRequest, scenario engine.Battle) (engine.Battle, error) {
	rr, err := tx.Roster(guild)
	if err != nil {
		return engine.Battle{}, err
	}
	r := &rr.Roster
	if req.Armies[0] == req.Armies[1] {
		return engine.Battle{}, refuse("err.armies_same")
	}
	for side, id := range req.Armies {
		a, ok := r.Army(id)
		if !ok {
			return engine.Battle{}, refuse("err.roster_no_army", id)
		}
		role := [2]string{req.North.RoleID, req.South.RoleID}[side]
		if c, _ := r.Clan(a.Clan); c.Role != "" && c.Role != role {
			return engine.Battle{}, refuse("err.army_role", kit.ArmyName(r, id), "<@&"+c.Role+">")
		}
		if side == 1 {
			if b, _ := r.Army(req.Armies[0]); b.Clan == a.Clan {
				return engine.Battle{}, refuse("err.armies_same_clan")
			}
		}
	}
	all, err := tx.Headers(guild)
	if err != nil {
		return engine.Battle{}, err
	}
	for _, h := range all {
		if h.Unreadable != "" || !active(h.Status) {
			continue
		}
		for _, c := range h.Sides {
			if c.Army != "" && slices.Contains(req.Armies[:], c.Army) {
				return engine.Battle{}, refuse("err.army_busy", kit.ArmyName(r, c.Army), h.Name)
			}
		}
	}
	if req.Scenario == "" {
		return battleFromRoster(r, req.Armies)
	}
	return scenarioWithArmies(r, req.Armies, scenario)
}

// scenarioWithArmies is a scenario's position with its units taken from the
// roster armies (figures, ammunition, promotions) and its leaders' wounds
// from the roster characters of the same ID.
func scenarioWithArmies(r *campaign.Roster, armies [2]string, b engine.Battle) (engine.Battle, error) {
	b = b.Clone()
	for i := range b.Units {
		eu := &b.Units[i]
		a, _ := r.Army(armies[eu.Side])
		j := a.UnitIndex(eu.ID)
		if j < 0 || troopOf(a.Units[j].Type) != eu.Type {
			return b, refuse("err.scenario_unit", eu.ID, kit.ArmyName(r, armies[eu.Side]))
		}
		u := a.Units[j]
		if u.Name != "" {
			eu.Name = u.Name
		}
		eu.Figures = u.Figures
		eu.Ammo = eu.Stats().AmmoPerFigure * u.Figures
		promote(eu, u)
	}
	// A leader the roster knows as dead or captured does not fight.
	b.Leaders = slices.DeleteFunc(b.Leaders, func(l engine.Leader) bool {
		p, ok := r.Person(l.ID)
		return ok && p.Status != campaign.Active
	})
	for i := range b.Leaders {
		if p, ok := r.Person(b.Leaders[i].ID); ok {
			if p.Name != "" {
				b.Leaders[i].Name = p.Name
			}
			b.Leaders[i].Wounds = p.Wounds
			if p.Wounds > 0 {
				b.Leaders[i].Health = engine.LeaderWounded
			}
			if !campaign.MayLead(p.Wounds) {
				b.Leaders[i].At = engine.AtReserve // E1-Q16
			}
		}
	}
	return b, nil
}
