package quickbattles

import (
	"errors"
	"slices"
	"strconv"

	"github.com/gunbai/gunbai/campaign"
	"github.com/gunbai/gunbai/quick"
	"github.com/gunbai/gunbai/store"
)

// Sieges across campaign turns (issue 16, F-E3-2, F-E3-3): a siege opened by
// a quick battle (E3-F12) is a stored quick.Siege; the GM storms it
// (/assault, E3-A) or a friendly army relieves it (/relief, E3-D); both are
// fights like a quick battle (rolled at once, casualties chosen by their
// owners, resolved when both confirm or at the deadline). After every fight
// the sieges are checked again against the roster (E3-U1): one whose
// besiegers no longer outnumber those inside is lifted.

// AssaultRequest is the GM's /assault.
type AssaultRequest struct {
	Siege     string
	Units     []string // the storming units; none: every besieging unit
	LOC       bool     // the line of communication is open (E3-A2)
	Blockade  bool     // the naval blockade condition is met (E3-A2)
	AtkMod    quick.Modifier
	DefMod    quick.Modifier
	GMChannel string
	Locale    string
}

// siegeOf reads a siege, refreshed from the roster.
func siegeOf(tx *store.Tx, guild string, r *campaign.Roster, id string) (quick.Siege, error) {
	var sg quick.Siege
	if err := tx.Campaign(guild, siegesKind, id, &sg); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return sg, refuse("err.siege_none", id)
		}
		return sg, err
	}
	return refreshSiege(r, sg), nil
}

// refreshSiege takes the siege's units as the roster has them now: figures
// by unit ID, the units gone left out.
func refreshSiege(r *campaign.Roster, sg quick.Siege) quick.Siege {
	now := func(f quick.Force) quick.Force {
		var us []campaign.Unit
		for _, u := range f.Units {
			if ru, ok := rosterUnit(r, u.ID); ok && ru.Figures > 0 {
				us = append(us, ru)
			}
		}
		f.Units = us
		return f
	}
	sg.Besiegers, sg.Besieged = now(sg.Besiegers), now(sg.Besieged)
	return sg
}

func rosterUnit(r *campaign.Roster, id string) (campaign.Unit, bool) {
	for _, a := range r.Armies {
		if i := a.UnitIndex(id); i >= 0 {
			return a.Units[i], true
		}
	}
	return campaign.Unit{}, false
}

// Assault rolls the storm of a siege (E3-A1..A3) and waits for the owners'
// casualties.
func (s *Service) Assault(guild string, req AssaultRequest) (quick.Record, error) {
	var out quick.Record
	err := s.InRoster(guild, func(tx *store.Tx, rr *store.RosterRecord) error {
		r := &rr.Roster
		sg, err := siegeOf(tx, guild, r, req.Siege)
		if err != nil {
			return err
		}
		units := req.Units
		if len(units) == 0 {
			for _, u := range sg.Besiegers.Units {
				units = append(units, u.ID)
			}
		}
		var leaders []string
		for _, l := range sg.Besiegers.Leaders {
			leaders = append(leaders, l.ID)
		}
		order := quick.AssaultOrder{Phase: r.Phase, Units: units, Leaders: leaders, LOC: req.LOC, Blockade: req.Blockade, AtkMod: req.AtkMod, DefMod: req.DefMod}
		if err := sg.CanAssault(order); err != nil {
			return refuse("err.siege_assault", err.Error())
		}
		out = quick.Record{ID: sg.ID + "-assault-" + strconv.Itoa(r.Phase), Name: sg.Fortress.Name, Kind: quick.KindAssault,
			Turn: r.Turn, Siege: sg.ID, Order: &order, GMChannel: req.GMChannel, Locale: req.Locale,
			Armies: [2][]string{sg.Besiegers.Armies, sg.Besieged.Armies}}
		return s.startFight(tx, guild, r, &out, func(d campaign.Dice) error {
			st, err := sg.Assault(order, d)
			if err != nil {
				return refuse("err.siege_assault", err.Error())
			}
			out.Storm = &st
			return nil
		})
	})
	return out, err
}

// finishAssault resolves a storm: the casualties, success or failure (E3-A3),
// the siege after it, the nominations for E1-U5 (E3-Q9: the first surviving
// attacking units, as many as allowed), the record written back.
func (s *Service) finishAssault(tx *store.Tx, guild string, rr *store.RosterRecord, rec *quick.Record, atk, def []string) error {
	out, err := rec.Storm.Resolve(atk, def)
	if err != nil {
		return refuse("err.campaign", err.Error())
	}
	rec.Assault, rec.Done = &out, true
	r := &rr.Roster
	sides := out.Sides
	sides[quick.Defender].Captured = append(slices.Clone(sides[quick.Defender].Captured), out.Captured...)
	rr.Roster, _ = rr.Roster.ApplyRecord(quickRecord(r, *rec, sides, out.CastleCaptured))
	if out.Success && out.Nominations > 0 {
		nominated := sides[quick.Attacker].Survivors[:min(out.Nominations, len(sides[quick.Attacker].Survivors))]
		if err := out.Nominate(nominated); err == nil {
			for i := range rr.Roster.Armies {
				for j := range rr.Roster.Armies[i].Units {
					if u := &rr.Roster.Armies[i].Units[j]; slices.Contains(nominated, u.ID) {
						u.StormKill = true // E1-U5
					}
				}
			}
		}
	}
	if err := tx.PutCampaign(guild, siegesKind, out.Siege.ID, out.Siege); err != nil {
		return err
	}
	return s.recheckSieges(tx, guild, &rr.Roster)
}

// ReliefRequest is a relief battle: a friendly army attacks the besiegers
// (E3-D1); Join are besieged units its clan adds.
type ReliefRequest struct {
	Siege     string
	Armies    []string
	Join      []string
	AtkMod    quick.Modifier
	DefMod    quick.Modifier
	GMChannel string
	Locale    string
}

// Relief rolls a relief battle (F-E3-3) and waits for the casualties.
func (s *Service) Relief(guild string, req ReliefRequest) (quick.Record, error) {
	var out quick.Record
	err := s.InRoster(guild, func(tx *store.Tx, rr *store.RosterRecord) error {
		r := &rr.Roster
		sg, err := siegeOf(tx, guild, r, req.Siege)
		if err != nil {
			return err
		}
		force, err := forceOf(r, req.Armies, req.AtkMod)
		if err != nil {
			return err
		}
		relief := quick.Relief{ID: sg.ID + "-relief-" + strconv.Itoa(r.Phase), Siege: sg, Force: force, Join: req.Join}
		b, err := relief.Battle()
		if err != nil {
			return refuse("err.siege_relief", err.Error())
		}
		b.Defender.Mod = req.DefMod
		out = quick.Record{ID: relief.ID, Name: sg.Fortress.Name, Kind: quick.KindRelief, Turn: r.Turn, Siege: sg.ID, Relief: &relief,
			GMChannel: req.GMChannel, Locale: req.Locale, Armies: [2][]string{force.Armies, sg.Besiegers.Armies}}
		return s.startFight(tx, guild, r, &out, fightBattle(&out, b))
	})
	return out, err
}

// recheckSieges applies E3-U1 to every active siege after a change of the
// roster: its units as the roster has them, lifted when the besiegers no
// longer outnumber those inside.
func (s *Service) recheckSieges(tx *store.Tx, guild string, r *campaign.Roster) error {
	ids, err := tx.CampaignIDs(guild, siegesKind)
	if err != nil {
		return err
	}
	for _, id := range ids {
		var sg quick.Siege
		if err := tx.Campaign(guild, siegesKind, id, &sg); err != nil {
			return err
		}
		if sg.Status != quick.Active {
			continue
		}
		next, _ := refreshSiege(r, sg).Recheck()
		if err := tx.PutCampaign(guild, siegesKind, id, next); err != nil {
			return err
		}
	}
	return nil
}

// NextPhase advances the campaign's phase counter (E3-Q8, /phase next).
func (s *Service) NextPhase(guild string) (int, error) {
	var out int
	err := s.InRoster(guild, func(_ *store.Tx, rr *store.RosterRecord) error {
		rr.Roster.Phase++
		out = rr.Roster.Phase
		return nil
	})
	return out, err
}
