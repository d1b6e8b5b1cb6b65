package game

import (
	"reflect"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// Placement is one change a side makes to its deployment, as the player
// typed it (engine.Placement says what each part does).
type Placement struct {
	Unit    string
	Cell    string
	Facing  string
	Leader  string
	To      string
	HQ      string
	Terrain string // hill | forest | swamp, toggled on Cell
	// Guards is how many shinobi stay home as guards (R-IV.4.1); nil:
	// unchanged. It may come alone or with any other placement.
	Guards *int
	// SaveAmmo gives (or takes back) Unit's Save ammo! instruction
	// (R-IV.1.2, R-VI.5.5); nil: unchanged.
	SaveAmmo *bool
}

// parse reads the cells and the facing a player typed.
func (p Placement) parse() (engine.Placement, error) {
	out := engine.Placement{Unit: p.Unit, Leader: p.Leader, To: p.To, Terrain: p.Terrain, SaveAmmo: p.SaveAmmo}
	for _, c := range []struct {
		text string
		cell *engine.Cell
	}{{p.Cell, &out.Cell}, {p.HQ, &out.HQ}} {
		if c.text == "" {
			continue
		}
		cell, err := engine.ParseCell(c.text)
		if err != nil {
			return out, refuse("err.bad_cell", c.text)
		}
		*c.cell = cell
	}
	if p.Facing != "" {
		d, err := engine.ParseDir(p.Facing)
		if err != nil {
			return out, refuse("err.bad_facing", p.Facing)
		}
		out.Facing = &d
	}
	return out, nil
}

// Deploy applies a side's placement during deployment (engine.Place) and
// returns the side's view of the battle after it. The whole deployment is
// checked when the GM starts the battle. Through Once, a placement re-sent
// is not made again (a terrain toggled twice would be toggled back).
func (s *Service) Deploy(seat Seat, p Placement) (engine.Battle, error) {
	var out engine.Battle
	// Re-sent, it is the same placement while making it again would change
	// nothing (not moved since by an ally); a terrain toggle always is.
	still := func(tx *store.Tx, rec *store.BattleRecord) (bool, error) {
		place, err := p.parse()
		if p.Terrain != "" || err != nil {
			return true, nil
		}
		nb, prob := engine.Place(rec.State, seat.Side, place)
		return prob == nil && reflect.DeepEqual(nb, rec.State) && (p.Guards == nil || rec.Guards[seat.Side] == *p.Guards), nil
	}
	err := s.inBattle(seat.Battle.GuildID, seat.Battle.ID, s.once(still, func(tx *store.Tx, rec *store.BattleRecord) error {
		if rec.Status != store.StatusDeployment || rec.Scouting {
			return refuse("err.not_deployment", rec.Name)
		}
		if err := substituted(seat, rec); err != nil {
			return err // a substitute holds his seat (issue 29)
		}
		if err := aiRefuse(rec, seat.Side); err != nil {
			return err // the general keeps the scenario's placement (issue 30)
		}
		place, err := p.parse()
		if err != nil {
			return err
		}
		side := seat.Side
		if place != (engine.Placement{}) || p.Guards == nil {
			nb, prob := engine.Place(rec.State, side, place)
			if prob != nil {
				return broken(prob)
			}
			rec.State = nb
		}
		if p.Guards != nil {
			if engine.CheckGuards(rec.State, side, *p.Guards) != nil {
				// Worded with the number asked for, which a Problem cannot carry.
				return refuse("err.bad_guards", *p.Guards, rec.State.Shinobi[side])
			}
			rec.Guards[side] = *p.Guards
		}
		out = SideView(rec, side) // D-70
		return tx.PutBattle(*rec)
	}))
	return out, err
}
