package skirmish

// commander is who a capturing unit's prisoner passes to (E2-J2): its
// senior fit officer, else its corporal, else the officer it came under,
// else the capturer himself.
func (g *Game) commander(side int, u *Unit, capturer string) string {
	best := ""
	bestRank := -1
	for _, f := range u.Fighters {
		if f.Active() && f.IsOfficer() && rankRules[f.Rank].senior > bestRank {
			best, bestRank = f.ID, rankRules[f.Rank].senior
		}
	}
	if best != "" {
		return best
	}
	for _, f := range u.Fighters {
		if f.Active() && f.Corporal {
			return f.ID
		}
	}
	if u.Commander != "" {
		return u.Commander
	}
	return capturer
}

// anyone says whether a side has a fighter matching ok.
func (g *Game) anyone(side int, ok func(Fighter) bool) bool {
	found := false
	g.fighters(side, func(f *Fighter, _ *Unit) { found = found || ok(*f) })
	return found
}

// clear checks a stated distance to the nearest enemy that matters: more
// than 4", or 0 when that side has no such fighter at all (E2-J1, E2-J5).
func (g *Game) clear(side int, stated float64, who func(Fighter) bool, rule string) error {
	if stated == 0 {
		if g.anyone(side, who) {
			return refuse(rule, "err.skirmish.state_enemy")
		}
		return nil
	}
	if stated <= PrisonerClear {
		return refuse(rule, "err.skirmish.enemy_near", stated, PrisonerClear)
	}
	return nil
}

// capture is E2-J1 and E2-J2: a fighter brought within 1" of a wounded
// enemy takes him, if no fit enemy is within 4" of him; he passes to the
// commander of the capturing unit.
func (g *Game) capture(a Action) ([]Event, error) {
	f, w, err := g.own(a.Fighter)
	if err != nil {
		return nil, err
	}
	t, tw, err := g.target(a.Target)
	switch {
	case err != nil:
		return nil, err
	case t.State != Wounded:
		return nil, refuse("E2-J1", "err.skirmish.capture_unwounded", t.ID)
	case a.Inches <= 0 || a.Inches > CaptureReach:
		return nil, refuse("E2-J1", "err.skirmish.capture_far", a.Inches, CaptureReach)
	}
	fit := func(o Fighter) bool { return o.Active() }
	if err := g.clear(tw.side, a.Enemy, fit, "E2-J1"); err != nil {
		return nil, err
	}
	if g.Phase == PhaseOpen {
		g.Phase = PhaseMove // a capture is made by moving; after an attack, from where he stands
	}
	t.State, t.Captor = Captured, g.commander(w.side, &g.Sides[w.side].Units[w.unit], f.ID)
	ev := []Event{{Kind: "captured", Rule: "E2-J2", Fighter: f.ID, Target: t.ID, Inches: a.Inches, Result: t.Captor, Side: w.side}}
	return append(ev, g.leaveWall(t, tw.side)...), nil
}

// prisoner is E2-J3: the holding side kills a prisoner without the attack
// rules ("kill"), sends him anywhere ("send", Inches recorded) or leaves
// him ("leave"). He cannot escape and is sent into no battle (E2-J4: his
// own side cannot act with him, Game.own).
func (g *Game) prisoner(a Action) ([]Event, error) {
	t, w, ok := g.find(a.Target)
	if !ok || w.side == g.Active || t.State != Captured {
		return nil, refuse("E2-J3", "err.skirmish.not_prisoner", a.Target)
	}
	ev := Event{Kind: "prisoner", Rule: "E2-J3", Target: t.ID, Inches: a.Inches, Result: a.Mode, Side: g.Active}
	switch a.Mode {
	case "kill":
		t.State = Dead
	case "send", "leave":
	default:
		return nil, refuse("E2-J3", "err.skirmish.prisoner_mode", a.Mode)
	}
	return []Event{ev}, nil
}

// free is E2-J5: a prisoner is freed, with all his characteristics back,
// when no enemy soldier is within 4" of him and he is within the command
// distance of a friendly officer; his own side claims it in its turn.
func (g *Game) free(a Action) ([]Event, error) {
	f, w, ok := g.find(a.Fighter)
	if !ok || w.side != g.Active || f.State != Captured {
		return nil, refuse("E2-J5", "err.skirmish.not_prisoner", a.Fighter)
	}
	soldier := func(o Fighter) bool { return o.State == Fit || o.State == Wounded }
	if err := g.clear(1-w.side, a.Enemy, soldier, "E2-J5"); err != nil {
		return nil, err
	}
	if err := g.officerNear(w.side, a.Officer, a.Inches, "E2-J5"); err != nil {
		return nil, err
	}
	f.State, f.Captor, f.WoundedOn = Fit, "", 0
	return []Event{{Kind: "freed", Rule: "E2-J5", Fighter: f.ID, Target: a.Officer, Inches: a.Inches, Side: w.side}}, nil
}
