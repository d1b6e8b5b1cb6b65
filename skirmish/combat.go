package skirmish

import "fmt"

// Seed 002's distances (E2-L, E2-SW, E2-W, E2-J, E2-R1), in inches.
const (
	HeightOver    = 3.0  // an object taller than 3" is a height (E2-L)
	HeightReach   = 4.0  // a height adds 4" to shooting (E2-L)
	Impassable    = 1.5  // taller is impassable to infantry without ladders (E2-L)
	WallMove      = 2.0  // a shield wall moves at most 2" a turn (E2-SW)
	WallMin       = 4    // a shield wall has at least 4 fighters (E2-SW)
	WallBonus     = 2    // +2 to defence and attack in a shield wall (E2-SW)
	CaptureReach  = 1.0  // capture from within 1" (E2-J1)
	PrisonerClear = 4.0  // no (fit) enemy within 4" to capture or free (E2-J1, E2-J5)
	SurrenderNear = 12.0 // surrender only with an enemy within 12" (E2-R1)
)

// die rolls one d20 and refuses a value off the die.
func die(d Dice, key string, mod, target int) (Roll, error) {
	v := d.Roll(key)
	if v < 1 || v > 20 {
		return Roll{}, fmt.Errorf("die %q gave %d, want 1 to 20", key, v)
	}
	r := Roll{Key: key, Die: v, Mod: mod, Result: v + mod, Target: target}
	r.Success = r.Result >= target
	return r, nil
}

// Defence is a fighter's defence value: the coefficient (10, a rank's 13,
// 15, 16) plus the formation bonus (+2 in a shield wall) (E2-D2, E2-SW).
func Defence(f Fighter) int {
	d := rankRules[f.Rank].defence
	if f.Wall != 0 {
		d += WallBonus
	}
	return d
}

// AttackBonus is what is added to a fighter's attack die: his rank's +3,
// +5, +7 (E2-K) and the shield wall's +2 (E2-SW).
func AttackBonus(f Fighter) int {
	b := rankRules[f.Rank].attack
	if f.Wall != 0 {
		b += WallBonus
	}
	return b
}

// hasCommand: the unit may move: a fit free officer of its own, a corporal
// (E2-R1), the officer it came under (E2-O1), or it retreats by its test;
// without an officer troops cannot move (E2-F).
func (g *Game) hasCommand(side int, u *Unit) bool {
	if u.Morale == MoraleRetreat {
		return true
	}
	for _, f := range u.Fighters {
		if f.Active() && (f.IsOfficer() || f.Corporal) {
			return true
		}
	}
	if u.Commander != "" {
		if o, w, ok := g.find(u.Commander); ok && w.side == side && o.Active() {
			return true
		}
	}
	return false
}

func (g *Game) move(a Action) ([]Event, error) {
	f, w, err := g.own(a.Fighter)
	if err != nil {
		return nil, err
	}
	u := &g.Sides[w.side].Units[w.unit]
	c, _ := g.Table.Class(f.Class)
	limit, rule := c.Move, "E2-T"
	if f.Cavalry {
		limit = g.Table.CavalryMove
	}
	if f.Wall != 0 {
		limit, rule = WallMove, "E2-SW"
	}
	switch {
	case f.Moved:
		return nil, refuse("E2-TS2", "err.skirmish.moved", f.ID)
	case u.Morale == MoraleDugIn:
		return nil, refuse("E2-R1", "err.skirmish.dug_in", u.ID)
	case !g.hasCommand(w.side, u) && u.Morale == MoraleNone:
		return nil, refuse("E2-O1", "err.skirmish.morale_owed", u.ID)
	case !g.hasCommand(w.side, u):
		return nil, refuse("E2-F", "err.skirmish.no_command", u.ID)
	case a.Inches <= 0 || a.Inches > limit:
		return nil, refuse(rule, "err.skirmish.too_far", a.Inches, limit)
	case a.Climb > Impassable && (f.Cavalry || !a.Ladder):
		return nil, refuse("E2-L", "err.skirmish.impassable", a.Climb, Impassable)
	case a.OnWalls && f.Wall != 0:
		return nil, refuse("E2-SW", "err.skirmish.wall_on_walls")
	}
	if err := g.enterPhase(PhaseMove); err != nil {
		return nil, err
	}
	f.Moved, f.OnWalls = true, a.OnWalls
	return []Event{{Kind: "move", Rule: "E2-TS2", Fighter: f.ID, Inches: a.Inches, Side: w.side}}, nil
}

// target is an enemy of the active side that can be struck.
func (g *Game) target(id string) (*Fighter, where, error) {
	t, w, ok := g.find(id)
	switch {
	case !ok:
		return nil, w, refuse("E2-D1", "err.skirmish.no_fighter", id)
	case w.side == g.Active:
		return nil, w, refuse("E2-D1", "err.skirmish.own_target", id)
	case t.State == Dead:
		return nil, w, refuse("E2-M1", "err.skirmish.dead", id)
	case t.State == Captured:
		return nil, w, refuse("E2-J3", "err.skirmish.prisoner_target", id)
	}
	return t, w, nil
}

func (g *Game) attack(a Action, d Dice, key string) ([]Event, error) {
	f, w, err := g.own(a.Fighter)
	if err != nil {
		return nil, err
	}
	u := &g.Sides[w.side].Units[w.unit]
	c, _ := g.Table.Class(f.Class)
	reach, rule := c.Range, "E2-T"
	if a.Height > HeightOver && c.Shooter {
		reach, rule = reach+HeightReach, "E2-L"
	}
	most := 1
	if f.Cavalry {
		most = CavalryAttacks
	}
	t, tw, err := g.target(a.Target)
	switch {
	case err != nil:
		return nil, err
	case u.Morale == MoraleRetreat:
		return nil, refuse("E2-R1", "err.skirmish.retreating", u.ID)
	case !g.hasCommand(w.side, u) && u.Morale == MoraleNone:
		return nil, refuse("E2-O1", "err.skirmish.morale_owed", u.ID)
	case f.Attacks >= most:
		return nil, refuse("E2-K", "err.skirmish.attacks_used", f.ID, most)
	case a.Inches <= 0 || a.Inches > reach:
		return nil, refuse(rule, "err.skirmish.out_of_range", a.Inches, reach)
	}
	if err := g.nearestInWall(*t, tw.side, a); err != nil {
		return nil, err
	}
	if err := g.enterPhase(PhaseAttack); err != nil {
		return nil, err
	}
	f.Attacks++
	if t.State == Wounded {
		// E2-M1: an attack on a wounded fighter always succeeds.
		ev := Event{Kind: "attack", Rule: "E2-M1", Fighter: f.ID, Target: t.ID, Inches: a.Inches, Result: "sure", Side: w.side}
		return append([]Event{ev}, g.kill(t, tw.side, "E2-M1")...), nil
	}
	def := Defence(*t)
	r, err := die(d, fmt.Sprintf("%s.attack.%s", key, f.ID), AttackBonus(*f), def+1)
	if err != nil {
		return nil, err
	}
	ev := []Event{{Kind: "attack", Rule: "E2-D1", Fighter: f.ID, Target: t.ID, Inches: a.Inches, Roll: &r, Side: w.side}}
	if !r.Success {
		ev[0].Result = "held"
		return ev, nil
	}
	ev[0].Result = "pierced"
	if c.Deadly != "" && (c.Deadly == t.Class || c.Deadly == Cavalry && t.Cavalry) {
		return append(ev, g.kill(t, tw.side, "E2-T")...), nil
	}
	return append(ev, g.wound(t, tw.side)...), nil
}

// nearestInWall: a fighter of a shield wall may be attacked only if he is
// the wall's nearest to the attacker (E2-SW); the player states his
// distance to each of the others.
func (g *Game) nearestInWall(t Fighter, side int, a Action) error {
	if t.Wall == 0 {
		return nil
	}
	var err error
	g.fighters(side, func(o *Fighter, _ *Unit) {
		if err != nil || o.Wall != t.Wall || o.ID == t.ID {
			return
		}
		d, ok := a.Others[o.ID]
		switch {
		case !ok:
			err = refuse("E2-SW", "err.skirmish.wall_distances", o.ID)
		case d < a.Inches:
			err = refuse("E2-SW", "err.skirmish.wall_nearest", o.ID, d, a.Inches)
		}
	})
	return err
}

// wound: a first wound takes his functions until his test (E2-M2); a
// second kills (E2-M1).
func (g *Game) wound(t *Fighter, side int) []Event {
	if t.State == Wounded {
		return g.kill(t, side, "E2-M1")
	}
	t.State, t.WoundedOn = Wounded, g.Turn
	return append([]Event{{Kind: "wounded", Rule: "E2-M2", Fighter: t.ID, Side: side}}, g.leaveWall(t, side)...)
}

// kill: dead (E2-M1, or a deadly strike E2-T).
func (g *Game) kill(t *Fighter, side int, rule string) []Event {
	t.State = Dead
	return append([]Event{{Kind: "killed", Rule: rule, Fighter: t.ID, Side: side}}, g.leaveWall(t, side)...)
}
