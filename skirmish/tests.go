package skirmish

import "fmt"

// The test tables' bands (E2-R: inclusive ranges of one d20).
const (
	WoundRecovers  = 11 // 1-10 dies of the wound, 11-20 recovers (E2-R2)
	MoraleRetreats = 6  // 1-5 surrender (or retreat), 6-10 retreat (E2-R1)
	MoraleDigs     = 11 // 11-15 dug in
	MoraleCarries  = 16 // 16-20 carry on, a corporal appointed
)

// opening refuses a test after the turn's first move or attack: tests are
// the turn's opening (the package's reading; E2-M4: a recovered fighter
// acts in the same turn).
func (g *Game) opening(rule string) error {
	if g.Phase != PhaseOpen {
		return refuse(rule, "err.skirmish.test_late")
	}
	return nil
}

// woundTest is E2-M3 and E2-R2: in his side's next turn, a wounded fighter
// within the command distance of a friendly officer (stated) tests: 1-10
// he dies of the wound, 11-20 he recovers and acts this turn (E2-M4).
// Outside the command distance he does not test (E2-Q5).
func (g *Game) woundTest(a Action, d Dice, key string) ([]Event, error) {
	f, w, ok := g.find(a.Fighter)
	switch {
	case !ok:
		return nil, refuse("E2-M3", "err.skirmish.no_fighter", a.Fighter)
	case w.side != g.Active:
		return nil, refuse("E2-TS3", "err.skirmish.not_yours", a.Fighter)
	case f.State != Wounded:
		return nil, refuse("E2-M3", "err.skirmish.not_wounded", f.ID)
	case f.WoundedOn >= g.Turn:
		return nil, refuse("E2-M3", "err.skirmish.test_next_turn", f.ID)
	}
	if err := g.opening("E2-M3"); err != nil {
		return nil, err
	}
	if err := g.officerNear(w.side, a.Officer, a.Inches, "E2-M3"); err != nil {
		return nil, err
	}
	r, err := die(d, fmt.Sprintf("%s.wound.%s", key, f.ID), 0, WoundRecovers)
	if err != nil {
		return nil, err
	}
	ev := []Event{{Kind: "wound_test", Rule: "E2-R2", Fighter: f.ID, Target: a.Officer, Inches: a.Inches, Roll: &r, Side: w.side}}
	if r.Success {
		f.State, f.WoundedOn = Fit, 0
		ev[0].Result = "recovered"
		return ev, nil
	}
	ev[0].Result = "died"
	return append(ev, g.kill(f, w.side, "E2-R2")...), nil
}

// MoraleBonus is what a side's morale rolls add: the standard-bearer's +6
// while he is fit and free (E2-K, E2-Q4); an officer who carries it gives
// it to his whole unit (E2-O2), which the side's bonus includes.
func (g *Game) MoraleBonus(side int) int {
	b := 0
	g.fighters(side, func(f *Fighter, _ *Unit) {
		if f.Bearer && f.Active() {
			b = BearerBonus
		}
	})
	return b
}

// moraleBand is E2-R1's result of a (modified) roll.
func moraleBand(result int, enemy float64) Morale {
	switch {
	case result >= MoraleCarries:
		return MoraleCarryOn
	case result >= MoraleDigs:
		return MoraleDugIn
	case result >= MoraleRetreats:
		return MoraleRetreat
	case enemy > 0 && enemy <= SurrenderNear:
		return MoraleSurrender
	}
	return MoraleRetreat // 1-5 with no enemy within 12": retreat
}

// moraleTest is E2-O1 and E2-R1: a unit with no officer within command
// distance of all its fighters tests once; the result lasts until the end
// or until it comes under another friendly officer (rejoin). Enemy is the
// stated distance to the nearest enemy (12" decides surrender); on 16-20
// the player's Fighter (or the first fit one) becomes its corporal.
func (g *Game) moraleTest(a Action, d Dice, key string) ([]Event, error) {
	u, ok := g.unit(g.Active, a.Unit)
	if !ok {
		return nil, refuse("E2-O1", "err.skirmish.no_unit", a.Unit)
	}
	if u.Morale != MoraleNone {
		return nil, refuse("E2-R1", "err.skirmish.morale_done", u.ID)
	}
	if err := g.opening("E2-R1"); err != nil {
		return nil, err
	}
	corporal := -1
	for i, f := range u.Fighters {
		if f.Active() && (a.Fighter == f.ID || a.Fighter == "" && corporal < 0) {
			corporal = i
		}
	}
	if a.Fighter != "" && corporal < 0 {
		return nil, refuse("E2-R1", "err.skirmish.no_corporal", a.Fighter)
	}
	r, err := die(d, fmt.Sprintf("%s.morale.%s", key, u.ID), g.MoraleBonus(g.Active), MoraleCarries)
	if err != nil {
		return nil, err
	}
	u.Morale = moraleBand(r.Result, a.Enemy)
	ev := []Event{{Kind: "morale_test", Rule: "E2-R1", Unit: u.ID, Inches: a.Enemy, Roll: &r, Result: string(u.Morale), Side: g.Active}}
	switch u.Morale {
	case MoraleCarryOn:
		if corporal >= 0 {
			u.Fighters[corporal].Corporal = true
			ev = append(ev, Event{Kind: "corporal", Rule: "E2-R1", Unit: u.ID, Fighter: u.Fighters[corporal].ID, Side: g.Active})
		}
	case MoraleSurrender:
		for i := range u.Fighters {
			if f := &u.Fighters[i]; f.State == Fit || f.State == Wounded {
				f.State = Captured
				ev = append(ev, Event{Kind: "surrendered", Rule: "E2-R1", Fighter: f.ID, Side: g.Active})
				ev = append(ev, g.leaveWall(f, g.Active)...)
			}
		}
	}
	return ev, nil
}

// rejoin ends a unit's morale result: it comes under another friendly
// officer, within his command distance (E2-O1).
func (g *Game) rejoin(a Action) ([]Event, error) {
	u, ok := g.unit(g.Active, a.Unit)
	switch {
	case !ok:
		return nil, refuse("E2-O1", "err.skirmish.no_unit", a.Unit)
	case u.Morale == MoraleNone || u.Morale == MoraleSurrender:
		return nil, refuse("E2-O1", "err.skirmish.no_morale", u.ID)
	}
	for _, f := range u.Fighters {
		if f.ID == a.Officer {
			return nil, refuse("E2-O1", "err.skirmish.same_officer", a.Officer)
		}
	}
	if err := g.officerNear(g.Active, a.Officer, a.Inches, "E2-O1"); err != nil {
		return nil, err
	}
	u.Morale, u.Commander = MoraleNone, a.Officer
	return []Event{{Kind: "rejoined", Rule: "E2-O1", Unit: u.ID, Fighter: a.Officer, Inches: a.Inches, Side: g.Active}}, nil
}

// Owed says what the active player may owe at the opening of his turn, for
// the service to prompt him: his wounded fighters whose wound test is due
// if they are within command distance (E2-M3, E2-Q5: outside it they wait),
// and his units with no fit officer or corporal and no morale result, which
// must test before they act (E2-O1).
func (g Game) Owed() (wounds, morale []string) {
	if g.Phase != PhaseOpen {
		return nil, nil
	}
	for u := range g.Sides[g.Active].Units {
		un := &g.Sides[g.Active].Units[u]
		for _, f := range un.Fighters {
			if f.State == Wounded && f.WoundedOn < g.Turn {
				wounds = append(wounds, f.ID)
			}
		}
		if un.Morale == MoraleNone && !g.hasCommand(g.Active, un) {
			morale = append(morale, un.ID)
		}
	}
	return wounds, morale
}
