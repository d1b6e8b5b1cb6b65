package scenario

import (
	"fmt"
	"strings"

	"github.com/gunbai/gunbai/engine"
)

// Leader traits of CASES.md.
var traits = map[string]bool{"brawler": true, "insidious": true, "charismatic": true, "provident": true, "cunning_plan": true}

// reservedIDs cannot name a unit or leader: they would make expectation
// keys, roll keys or a leader's "at" ambiguous.
var reservedIDs = map[string]bool{"battle": true, "north": true, "south": true, "hq": true, "reserve": true, "duel": true}

// idSet is the one namespace of unit and leader ids.
type idSet map[string]bool

// checkID records a problem with a missing, malformed, reserved or duplicate
// id, and takes the id.
func (b *Builder) checkID(ids idSet, path, what, id string) {
	switch {
	case id == "":
		b.Errf(path, "%s: missing id", what)
	case strings.ContainsAny(id, ". \t\n"):
		b.Errf(path, "%s: id %q may not contain dots or spaces", what, id)
	case reservedIDs[id]:
		b.Errf(path, "%s: id %q is reserved", what, id)
	case ids[id]:
		b.Errf(path, "%s: duplicate id %q", what, id)
	}
	ids[id] = true
}

// units reads the [[case.unit]]s of a case whose first turn is turn; their
// shields go to the terrain.
func (b *Builder) units(bt *engine.Battle, units []UnitTable, ids idSet, turn int) {
	for i := range units {
		ru := &units[i]
		path := fmt.Sprintf("unit.%d", i)
		what := fmt.Sprintf("unit %q", ru.ID)
		b.checkID(ids, path+".id", what, ru.ID)
		u := b.unit(path, what, ru, turn)
		if sides := b.shields(path, what, ru.Shields); sides != 0 {
			bt.Terrain.SetShields(u.Cell, bt.Terrain.ShieldSides(u.Cell)|sides)
		}
		bt.Units = append(bt.Units, u)
	}
}

// unit reads one [[case.unit]] but its id and shields.
func (b *Builder) unit(path, what string, ru *UnitTable, turn int) engine.Unit {
	u := engine.Unit{ID: ru.ID, Name: ru.Name}
	u.Side = b.Side(path+".side", what, ru.Side)
	if ru.Type == "" {
		b.Errf(path, "%s: missing type", what)
	} else if tt, err := engine.ParseTroopType(ru.Type); err != nil {
		b.Errf(path+".type", "%s: %v", what, err)
	} else {
		u.Type = tt
	}
	if ru.Status != "" {
		st, ok := engine.ParseStatus(ru.Status)
		if !ok {
			b.Errf(path+".status", "%s: unknown status %q (want ok, routing, destroyed, reserve or scattered)", what, ru.Status)
		}
		u.Status = st
	}
	u.Figures = b.figures(path, what, ru.Figures, u.Status)
	b.place(&u, path, what, ru)
	if ru.Ammo != nil {
		if *ru.Ammo < 0 {
			b.Errf(path+".ammo", "%s: negative ammo %d", what, *ru.Ammo)
		}
		u.Ammo = *ru.Ammo
	} else {
		u.Ammo = u.Stats().AmmoPerFigure * u.Figures
	}
	u.Fatigued, u.Hold, u.Rallied = ru.Fatigued, ru.Hold, ru.Rallied
	u.MinorClan, u.SaveAmmo = ru.MinorClan, ru.SaveAmmo
	// A routing unit routed in an earlier turn (CASES.md); a scattered or
	// rallied unit has routed too.
	if u.Status == engine.StatusRouting || u.Status == engine.StatusScattered {
		u.RoutedOnce, u.RoutedTurn = true, turn-1
	}
	if u.Rallied {
		u.RoutedOnce = true
	}
	return u
}

// figures reads a unit's figures: at least 1, or 0 for a destroyed unit.
func (b *Builder) figures(path, what string, n *int, st engine.Status) int {
	switch {
	case n == nil:
		b.Errf(path, "%s: missing figures", what)
	case *n < 0, *n == 0 && st != engine.StatusDestroyed:
		b.Errf(path+".figures", "%s: figures = %d: a unit has at least 1 figure", what, *n)
	default:
		return *n
	}
	return 0
}

// place reads a unit's cell and facing, which a unit on the field needs.
func (b *Builder) place(u *engine.Unit, path, what string, ru *UnitTable) {
	onField := u.Status.OnField()
	if ru.Cell != "" {
		u.Cell = b.Cell(path+".cell", what, ru.Cell)
	} else if onField {
		b.Errf(path, "%s: missing cell", what)
	}
	if ru.Facing != "" {
		u.Facing, _ = b.Dir(path+".facing", what, ru.Facing)
	} else if onField {
		b.Errf(path, "%s: missing facing", what)
	}
}

// shields reads shields = [...]: the sides of the unit's cell with shields,
// which the engine keeps with the cell (D-14).
func (b *Builder) shields(path, what string, names []string) uint8 {
	var sides uint8
	for _, s := range names {
		if d, ok := b.Dir(path+".shields", what+": shields", s); ok {
			sides |= 1 << uint(d)
		}
	}
	return sides
}

// leaders reads the [[case.leader]]s; the units must be read.
func (b *Builder) leaders(bt *engine.Battle, leaders []LeaderTable, ids idSet) {
	for i := range leaders {
		rl := &leaders[i]
		path := fmt.Sprintf("leader.%d", i)
		what := fmt.Sprintf("leader %q", rl.ID)
		b.checkID(ids, path+".id", what, rl.ID)
		l := engine.Leader{ID: rl.ID, Name: rl.Name, Wounds: rl.Wounds, At: rl.At, Traits: rl.Traits}
		l.Side = b.Side(path+".side", what, rl.Side)
		if err := l.Role.UnmarshalText([]byte(rl.Role)); err != nil {
			b.Errf(path+".role", "%s: %v", what, err)
		}
		b.leaderAt(bt, path, what, l.Side, rl.At)
		if rl.Wounds < 0 {
			b.Errf(path+".wounds", "%s: negative wounds %d", what, rl.Wounds)
		} else if rl.Wounds > 0 {
			l.Health = engine.LeaderWounded
		}
		for _, tr := range rl.Traits {
			if !traits[tr] {
				b.Errf(path+".traits", "%s: unknown trait %q (want brawler, insidious, charismatic, provident or cunning_plan)", what, tr)
			}
		}
		bt.Leaders = append(bt.Leaders, l)
	}
}

// leaderAt checks a leader's at: hq, reserve or a unit of its side.
func (b *Builder) leaderAt(bt *engine.Battle, path, what string, side engine.Side, at string) {
	var u *engine.Unit
	if at != "" {
		u = bt.Unit(at)
	}
	switch {
	case at == engine.AtHQ || at == engine.AtReserve:
	case at == "":
		b.Errf(path, "%s: missing at (a unit id, hq or reserve)", what)
	case u == nil:
		b.Errf(path+".at", "%s: at %q: no such unit (want a unit id, hq or reserve)", what, at)
	case u.Side != side:
		b.Errf(path+".at", "%s: at %q: a unit of the other side", what, at)
	}
}
