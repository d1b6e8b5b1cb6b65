package render

import (
	"strings"

	"github.com/gunbai/gunbai/campaign"
)

// What a battle wrote back to the roster, for the log (RecordText): each
// side, each unit and each character.

// RecordText is what a battle wrote back to the roster, for the log: each
// side's result in E1's words (E1-Q12) and its figures, each unit's battle
// and each character's wounds, capture or death.
func RecordText(lang Lang, r campaign.Roster, rec campaign.BattleRecord) string {
	lines := []string{T(lang, "camp.rec.title", battleName(rec), rec.Turn)}
	for _, s := range rec.Sides {
		head := T(lang, "camp.rec.side", clanName(&r, s.Clan), resultName(lang, s.Result), s.StartFigures, s.EndFigures)
		var who []string
		if len(s.Armies) > 0 {
			var names []string
			for _, id := range s.Armies {
				names = append(names, armyName(lang, &r, id))
			}
			who = append(who, T(lang, "camp.rec.armies", strings.Join(names, ", ")))
		}
		if s.Commander != "" {
			who = append(who, T(lang, "camp.rec.commander", personName(&r, s.Commander)))
		}
		if len(s.Generals) > 0 {
			who = append(who, T(lang, "camp.rec.generals", strings.Join(personNames(&r, s.Generals), ", ")))
		}
		if s.CastleCaptured {
			who = append(who, T(lang, "camp.rec.castle"))
		}
		if len(who) > 0 {
			head += "; " + strings.Join(who, "; ")
		}
		lines = append(lines, head)
		for _, u := range s.Units {
			lines = append(lines, recordedUnit(lang, &r, u))
		}
		for _, c := range s.Characters {
			lines = append(lines, recordedChar(lang, &r, c))
		}
	}
	return strings.Join(lines, "\n")
}

func recordedUnit(lang Lang, r *campaign.Roster, u campaign.RecordedUnit) string {
	parts := []string{T(lang, "camp.rec.unit", recUnitName(r, u.Army, u.Unit), u.Start, u.End)}
	switch {
	case u.Lost > 0 && (u.LostShot > 0 || u.LostMelee > 0):
		parts = append(parts, T(lang, "camp.rec.lost_split", u.Lost, u.LostShot, u.LostMelee))
	case u.Lost > 0:
		parts = append(parts, T(lang, "camp.rec.lost", u.Lost))
	}
	if u.Inflicted > 0 {
		parts = append(parts, T(lang, "camp.rec.inflicted", u.Inflicted))
	}
	if u.Destroyed > 0 {
		parts = append(parts, T(lang, "camp.rec.destroyed", u.Destroyed))
	}
	if u.PutToFlight > 0 {
		parts = append(parts, T(lang, "camp.rec.put_to_flight", u.PutToFlight))
	}
	if u.Held > 0 {
		parts = append(parts, T(lang, "camp.rec.held", u.Held))
	}
	if u.Fled {
		parts = append(parts, T(lang, "camp.rec.fled"))
	}
	if u.Scattered {
		parts = append(parts, T(lang, "camp.rec.scattered"))
	}
	if u.Eliminated {
		parts = append(parts, T(lang, "camp.rec.eliminated"))
	}
	return strings.Join(parts, "; ")
}

func recordedChar(lang Lang, r *campaign.Roster, c campaign.RecordedChar) string {
	p, _ := r.Person(c.Character)
	sx := sexSuffix(p)
	var parts []string
	if c.Wounds > 0 {
		parts = append(parts, variant(lang, "camp.rec.wounded", sx, c.Wounds))
	}
	if c.Captured {
		parts = append(parts, variant(lang, "camp.rec.captured", sx))
	}
	if c.Killed {
		parts = append(parts, variant(lang, "camp.rec.killed", sx))
	}
	if len(parts) == 0 {
		parts = append(parts, variant(lang, "camp.rec.unhurt", sx))
	}
	if c.Duels > 0 {
		parts = append(parts, T(lang, "camp.rec.duels", c.Duels))
	}
	return T(lang, "camp.rec.char", personName(r, c.Character), strings.Join(parts, ", "))
}
