package campaign

import "slices"

// ApplyRecord writes a finished battle back to the roster (F-E1-1 step 1):
// the record is kept with this turn's number; every recorded unit takes its
// figures at the end and this turn's counters (lost, inflicted, destroyed,
// put to flight, held, fled; E1-U1, E1-Q15), every army that fought is marked
// so, and every recorded character takes his wounds (one counter shared by
// battles and healing, E1-Q16), his capture (the other side's clan holds him)
// or his death. It returns the characters who died, for the succession check
// (E1-K, F-E1-4).
func (r Roster) ApplyRecord(rec BattleRecord) (Roster, []string) {
	out := r.clone()
	rec.Turn = out.Turn
	out.Records = append(out.Records, rec)
	var dead []string
	for k, s := range rec.Sides {
		for _, id := range s.Armies {
			if a, ok := out.Army(id); ok {
				a.Fought = true
			}
		}
		for _, ru := range s.Units {
			out.applyUnit(ru)
		}
		for _, rc := range s.Characters {
			p, ok := out.Person(rc.Character)
			if !ok || p.Status == Dead {
				continue
			}
			p.Wounds += rc.Wounds
			switch {
			case rc.Killed || (p.Wounds >= 3 && !p.SurvivesThird):
				p.Status = Dead
				dead = append(dead, p.ID)
				out.relieve(p.ID)
			case rc.Captured:
				p.Status, p.Captor = Captured, rec.Sides[1-k].Clan
				out.relieve(p.ID)
			}
		}
	}
	return out, dead
}

func (r *Roster) applyUnit(ru RecordedUnit) {
	a, ok := r.Army(ru.Army)
	if !ok {
		return
	}
	i := a.UnitIndex(ru.Unit)
	if i < 0 {
		return
	}
	u := &a.Units[i]
	u.Figures = max(ru.End, 0)
	u.LostThisTurn += ru.Lost
	u.SufferedLosses = u.SufferedLosses || ru.Lost > 0
	u.Inflicted = u.Inflicted || ru.Inflicted > 0
	u.DestroyedEnemy = u.DestroyedEnemy || ru.Destroyed > 0
	u.PutToFlight = u.PutToFlight || ru.PutToFlight > 0
	u.Held = u.Held || ru.Held > 0
	u.Fled = u.Fled || ru.Fled || ru.Scattered
}

// relieve takes a dead or captured character out of the command of every
// army: an army whose commander fell has none until the GM names one
// (/roster set); the clan's succession is E1-K's.
func (r *Roster) relieve(id string) {
	// A general taken out of the armies stays a general (E1-K0): the default
	// of a House flag not given is settled before his name leaves them.
	if p, ok := r.Person(id); ok && p.House == nil && r.namedGeneral(*p) {
		house := false
		p.House = &house
	}
	for i := range r.Armies {
		a := &r.Armies[i]
		if a.Commander == id {
			a.Commander = ""
		}
		a.Generals = slices.DeleteFunc(slices.Clone(a.Generals), func(g string) bool { return g == id })
	}
}

// HouseAfter says what the deaths mean for each clan that lost a character
// (E1-K1, E1-K2): the clans whose house is no longer HouseHasHeir.
func (r *Roster) HouseAfter(dead []string) map[string]Succession {
	out := map[string]Succession{}
	for _, id := range dead {
		p, ok := r.Person(id)
		if !ok {
			continue
		}
		if s := HouseState(r.Members(p.Clan)); s != HouseHasHeir {
			out[p.Clan] = s
		}
	}
	return out
}

// ArmiesOf lists the clan's armies.
func (r *Roster) ArmiesOf(clan string) []Army {
	return slices.DeleteFunc(slices.Clone(r.Armies), func(a Army) bool { return a.Clan != clan })
}
