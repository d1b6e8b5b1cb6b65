package campaigns

import (
	"errors"
	"slices"
	"strings"

	"github.com/gunbai/gunbai/campaign"
	"github.com/gunbai/gunbai/game/kit"
	"github.com/gunbai/gunbai/store"
)

// The campaign calculators of the end-of-turn phase (F-E1-2, F-E1-3,
// F-E1-4): the retreat attrition and surrender of a roster army (E1-R4,
// E1-R5), the control of a province (E1-C), the suppression of a riot or an
// uprising (E1-S) and the succession of a clan (E1-K). The mechanics are
// package campaign's; each call here is one transaction on the guild's
// roster, and the dice are the campaign turn's, by key: a preview shows the
// very dice an application then uses, and asking again in the same turn
// rolls nothing new. The province facts come from the GM with each request:
// the optional province record of F-E1-3 is not kept.

// RetreatRequest is the GM's /retreat (F-E1-2): the route of one roster
// army's emergency retreat, or, with Nowhere, what becomes of it with no
// route at all (E1-R5). Forced march and cut off are read from the army's
// flags; CutOff adds the GM's word to the latter. Route legality (E1-R3) is
// the GM's.
type RetreatRequest struct {
	Army             string
	CutOff           bool
	HostileBorders   int
	Crossings        []campaign.Crossing
	HostileProvinces int
	// Marches: character ID -> the unit he marches with (E1-R4). A
	// character not named marches with the army's only unit, if it has
	// one; otherwise his roll is left for the GM to work out.
	Marches map[string]string

	Nowhere  bool     // E1-R5 instead of the route
	Province string   // where the army is trapped; "" is the army's province
	Home     []string // units raised in that province: they go home (E1-Q6)
	Castle   []string // units the GM shuts in castles: samurai units only (E1-R5), his call
	Winner   string   // the clan that takes the surrendered units; "" keeps none

	Apply bool // write it to the roster; false only shows it
}

// RetreatRisk is the one risk roll a character of the army owes for the
// whole retreat (E1-R4, E1-Q5). The engine's core risk tables (R-III.3)
// work on a battle's leaders, so the roll is the GM's to make: the bot
// names which one is owed and, for a destroyed unit, the damage beyond.
type RetreatRisk struct {
	Character string
	Unit      string // the unit he marches with; "" not known
	Kind      campaign.RiskKind
	Beyond    int  // RiskDestroyed: damage beyond the figures (E1-Q5)
	Brawler   bool // he has the Brawler trait: rerolls as in core
	Unknown   bool // several units and no choice given: the GM's to read off the table
}

// RetreatOutcome is a retreat shown or applied.
type RetreatOutcome struct {
	Roster  campaign.Roster // after the application, or as it stands for a preview
	Army    campaign.Army   // the army before the retreat
	Route   campaign.RetreatRoute
	Items   []string               // the loss instances (E1-R4, E1-Q4)
	Losses  []campaign.RetreatLoss // one per unit with figures
	Risks   []RetreatRisk          // one per active character of the army
	Nowhere bool
	// E1-R5: each unit's fate; Winner is the clan that took the
	// surrendered, Captives the group they were moved to ("" if none).
	Surrender []campaign.SurrenderResult
	Province  string
	Winner    string
	Captives  string
	Applied   bool
}

// CaptivesSuffix names the group a retreat's surrendered units go to: the
// army's ID and this, a leaderless group of the winning clan (E1-R5), until
// the winner joins, executes or releases them (the GM, by roster edits).
const CaptivesSuffix = "-captives"

// Retreat rolls F-E1-2 for one roster army; with Apply it writes the losses
// to its units, marks the army retreated, clears its forced march, and under
// E1-R5 removes the units that went home or surrendered (the latter to the
// winner's captives when a winner is named). It is refused once the army
// retreated this turn.
func (s *Service) Retreat(guild string, req RetreatRequest) (RetreatOutcome, error) {
	var out RetreatOutcome
	err := s.InRoster(guild, func(_ *store.Tx, rec *store.RosterRecord) error {
		r := &rec.Roster
		a, ok := r.Army(req.Army)
		if !ok {
			return refuse("err.calc.no_army", req.Army)
		}
		if a.Retreated {
			return refuse("err.calc.retreated", kit.ArmyName(r, a.ID), r.Turn)
		}
		out.Army, out.Nowhere = *a, req.Nowhere
		d := campaignDice(rec)
		if req.Nowhere {
			if err := retreatNowhere(r, a, req, d, &out); err != nil {
				return err
			}
		} else {
			if err := retreatRoute(r, a, req, d, &out); err != nil {
				return err
			}
		}
		if !req.Apply {
			out.Roster = *r
			return errPreview // nothing is written
		}
		a, _ = r.Army(req.Army) // retreatNowhere may have added an army
		a.Retreated, a.ForcedMarch = true, false
		out.Applied, out.Roster = true, *r
		return nil
	})
	if err == errPreview {
		err = nil
	}
	return out, err
}

// errPreview ends a preview's transaction without writing it: Update
// rolls it back, and the caller returns what was computed.
var errPreview = errors.New("preview: nothing to write")

// retreatRoute is E1-R4: the items, the d3s, and the risk rolls owed.
func retreatRoute(r *campaign.Roster, a *campaign.Army, req RetreatRequest, d campaign.Dice, out *RetreatOutcome) error {
	if req.HostileBorders < 0 || req.HostileProvinces < 0 || req.HostileBorders > 99 || req.HostileProvinces > 99 {
		return refuse("err.calc.count")
	}
	out.Route = campaign.RetreatRoute{
		ForcedMarch: a.ForcedMarch, CutOff: a.CutOff || req.CutOff,
		HostileBorders: req.HostileBorders, Crossings: req.Crossings, HostileProvinces: req.HostileProvinces,
	}
	for ch, unit := range req.Marches {
		if !slices.Contains(armyCharacters(a), ch) {
			return refuse("err.calc.not_in_army", ch, kit.ArmyName(r, a.ID))
		}
		if a.UnitIndex(unit) < 0 {
			return refuse("err.calc.not_in_army", unit, kit.ArmyName(r, a.ID))
		}
	}
	items, err := campaign.RetreatItems(out.Route)
	if err != nil {
		return campaignRefusal(r, a.ID, err)
	}
	losses, err := campaign.Retreat(a.Units, out.Route, d)
	if err != nil {
		return campaignRefusal(r, a.ID, err)
	}
	out.Items, out.Losses = items, losses
	for _, ch := range armyCharacters(a) {
		p, ok := r.Person(ch)
		if !ok || p.Status != campaign.Active {
			continue
		}
		risk := RetreatRisk{Character: ch, Unit: req.Marches[ch], Brawler: hasTrait(p.Traits, "brawler")}
		if risk.Unit == "" && len(a.Units) == 1 {
			risk.Unit = a.Units[0].ID
		}
		if risk.Unit == "" {
			risk.Unknown = true
		}
		for _, l := range losses {
			if l.UnitID == risk.Unit {
				risk.Kind = campaign.RetreatRisk(l)
				if risk.Kind == campaign.RiskDestroyed {
					risk.Beyond = l.Beyond
				}
			}
		}
		out.Risks = append(out.Risks, risk)
	}
	if req.Apply {
		for _, l := range losses {
			u := &a.Units[a.UnitIndex(l.UnitID)]
			lost := l.Before - l.Figures
			u.Figures = l.Figures
			if lost > 0 {
				u.LostThisTurn += lost
				u.SufferedLosses = true
			}
		}
	}
	return nil
}

// retreatNowhere is E1-R5: castle, home or d6 losses and surrender.
func retreatNowhere(r *campaign.Roster, a *campaign.Army, req RetreatRequest, d campaign.Dice, out *RetreatOutcome) error {
	n := campaign.Nowhere{Province: req.Province, RaisedIn: map[string]string{}, InCastle: map[string]bool{}}
	if n.Province == "" {
		n.Province = a.Province
	}
	if len(req.Home) > 0 && n.Province == "" {
		return refuse("err.calc.no_province", kit.ArmyName(r, a.ID))
	}
	for _, id := range req.Home {
		if a.UnitIndex(id) < 0 {
			return refuse("err.calc.not_in_army", id, kit.ArmyName(r, a.ID))
		}
		n.RaisedIn[id] = n.Province
	}
	for _, id := range req.Castle {
		i := a.UnitIndex(id)
		if i < 0 {
			return refuse("err.calc.not_in_army", id, kit.ArmyName(r, a.ID))
		}
		if u := a.Units[i]; !u.Type.Samurai() {
			name := u.Name
			if name == "" {
				name = u.ID
			}
			return refuse("err.calc.castle_not_samurai", name) // E1-R5: "Самураи могут запереться в замках"
		}
		n.InCastle[id] = true
	}
	if req.Winner != "" {
		if _, ok := r.Clan(req.Winner); !ok {
			return refuse("err.calc.no_clan", req.Winner)
		}
		if req.Winner == a.Clan {
			return refuse("err.calc.own_winner")
		}
	}
	res, err := campaign.Surrender(a.Units, n, d)
	if err != nil {
		return refuse("err.calc.home_and_castle", strings.Join(slices.Sorted(mapKeys(n.InCastle, n.RaisedIn)), ", "))
	}
	out.Surrender, out.Province, out.Winner = res, n.Province, req.Winner
	if !req.Apply {
		return nil
	}
	var captives []campaign.Unit
	gone := map[string]bool{}
	for _, f := range res {
		i := a.UnitIndex(f.UnitID)
		u := &a.Units[i]
		switch f.Fate {
		case campaign.DispersedHome:
			gone[u.ID] = true // E1-Q6: removed from the army, the GM changes the province
		case campaign.Surrendered:
			lost := u.Figures - f.Figures
			u.Figures = f.Figures
			u.LostThisTurn += lost
			u.SufferedLosses = lost > 0 || u.SufferedLosses
			if f.Destroyed {
				continue // 0 figures: deleted with the turn (E1-Q11f)
			}
			gone[u.ID] = true
			if req.Winner != "" {
				captives = append(captives, *u)
			}
		}
	}
	a.Units = slices.DeleteFunc(a.Units, func(u campaign.Unit) bool { return gone[u.ID] })
	if len(captives) > 0 {
		id := a.ID + CaptivesSuffix
		if g, ok := r.Army(id); ok {
			g.Units = append(g.Units, captives...)
		} else {
			r.Armies = append(r.Armies, campaign.Army{ID: id, Clan: req.Winner,
				Kind: campaign.KindLeaderless, Province: n.Province, State: campaign.InOrder, Units: captives})
		}
		out.Captives = id
	}
	return nil
}

// mapKeys are the keys in both maps.
func mapKeys(a map[string]bool, b map[string]string) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range a {
			if _, ok := b[k]; ok && !yield(k) {
				return
			}
		}
	}
}

// armyCharacters are the army's commander and generals.
func armyCharacters(a *campaign.Army) []string {
	var out []string
	if a.Commander != "" {
		out = append(out, a.Commander)
	}
	return append(out, a.Generals...)
}

// hasTrait says whether a character's free-text traits name this one.
func hasTrait(traits []string, want string) bool {
	return slices.ContainsFunc(traits, func(t string) bool {
		t = strings.ToLower(strings.TrimSpace(t))
		return t == want || want == "brawler" && t == "рубака"
	})
}

// Garrison is a hostile fortification's garrison as the GM gives it: the
// figures by unit type (E1-C4).
type Garrison struct {
	Kind     campaign.Fortification
	Besieged bool // besieged (or stormed and still held): counted once, not ×2/×3 (E1-Q21)
	Taken    bool // taken by storm: no longer the resistance's, counted 0 (E1-Q21)
	Figures  map[campaign.UnitType]int
}

// ControlRequest is the GM's /control (F-E1-3): the capturer's forces are
// roster armies (their units now), the rest are the GM's facts.
type ControlRequest struct {
	Province  string
	Armies    []string // the capturer's armies and sendans in the province
	Besieging []string // of those, the ones besieging a castle (E1-C5)

	Method         campaign.Method
	CutAL          int
	AL, OC         int
	OthersProvince bool // another clan's province: its O&C is remembered (E1-C7)
	SummerAutumn   bool // E1-C8's exception (E1-Q1)
	Auto           campaign.AutoFacts

	LevySamurai       int
	Fortifications    []Garrison
	MinorHouseFigures int // > 0: the minor house is hostile, its 3 units' figures (E1-Q20)
	Sohei             int // > 0: the monastery was attacked by the capturer before
}

// Control computes E1-C2..C8 for one attempt. Nothing is written: the
// result is the GM's to carry to the province (F-E1-3 keeps no record
// here), and the dice, "control.<province>.1" and ".2", are the turn's.
func (s *Service) Control(guild string, req ControlRequest) (campaign.ControlResult, error) {
	var out campaign.ControlResult
	err := s.InRoster(guild, func(_ *store.Tx, rec *store.RosterRecord) error {
		r := &rec.Roster
		if strings.TrimSpace(req.Province) == "" {
			return refuse("err.calc.no_province_given")
		}
		if len(req.Armies) == 0 && !autoControl(req.Auto) {
			return refuse("err.calc.no_strength")
		}
		var forces []campaign.Force
		clan := ""
		for _, id := range req.Armies {
			a, ok := r.Army(id)
			if !ok {
				return refuse("err.calc.no_army", id)
			}
			if clan != "" && a.Clan != clan {
				return refuse("err.calc.two_clans", kit.ArmyName(r, id))
			}
			clan = a.Clan
			forces = append(forces, campaign.Force{ID: id, Units: a.Units, Besieging: slices.Contains(req.Besieging, id)})
		}
		for _, id := range req.Besieging {
			if !slices.Contains(req.Armies, id) {
				return refuse("err.calc.no_army", id)
			}
		}
		if own, err := campaign.OwnAshEq(forces); err == nil && own == 0 && !autoControl(req.Auto) {
			return refuse("err.calc.no_strength")
		}
		res := campaign.Resistance{LevySamurai: req.LevySamurai,
			MinorHouseHostile: req.MinorHouseFigures > 0, MinorHouseFigures: req.MinorHouseFigures,
			MonasteryAttacked: req.Sohei > 0, Sohei: req.Sohei}
		for _, g := range req.Fortifications {
			res.Fortifications = append(res.Fortifications, campaign.HostileFortification{
				Kind: g.Kind, Garrison: garrisonUnits(g.Figures), BesiegedOrStormed: g.Besieged, Taken: g.Taken})
		}
		a := campaign.ControlAttempt{Province: req.Province, Auto: req.Auto, Method: req.Method, CutAL: req.CutAL,
			AL: req.AL, OC: req.OC, OthersProvince: req.OthersProvince, SummerAutumn: req.SummerAutumn,
			Forces: forces, Resistance: res}
		c, err := campaign.Control(a, campaignDice(rec))
		if err != nil {
			return campaignRefusal(r, "", err)
		}
		out = c
		return errPreview // nothing to write
	})
	if err == errPreview {
		err = nil
	}
	return out, err
}

// autoControl says whether one of E1-C2's automatic cases holds.
func autoControl(f campaign.AutoFacts) bool {
	rule, _ := campaign.AutomaticControl(f)
	return rule != ""
}

// garrisonUnits turns figures by type into units, in UnitTypes' order.
func garrisonUnits(figs map[campaign.UnitType]int) []campaign.Unit {
	var out []campaign.Unit
	for _, t := range campaign.UnitTypes {
		if n := figs[t]; n != 0 {
			out = append(out, campaign.Unit{ID: "garrison." + string(t), Type: t, Figures: n})
		}
	}
	for t, n := range figs {
		if !slices.Contains(campaign.UnitTypes, t) && n != 0 {
			out = append(out, campaign.Unit{ID: "garrison." + string(t), Type: t, Figures: n}) // refused by AshEq
		}
	}
	return out
}

// SuppressRequest is the GM's /suppress (F-E1-3, E1-S): the roster army
// suppressing (or, with Units, a contingent of it detached for the task,
// E1-S1), the rebels' facts, and the commander's order of losses.
type SuppressRequest struct {
	Province          string
	Army              string
	Units             []string // a contingent: only these units take part
	Kind              campaign.RevoltKind
	Terrain           campaign.Terrain
	AL                int
	LevySamurai       int
	MinorHouseFigures int // > 0: the minor house sides with the rebels (E1-Q9, E1-Q20)
	Method            campaign.Method
	CutAL             int
	Order             []string
	Apply             bool // write the figures lost (E1-S3) to the army
}

// Suppress computes E1-S1..S3; with Apply it writes the figures the units
// lose to the roster army. The army's fought flag is E1-S1's "fought in the
// winter–autumn campaign"; a contingent may suppress all the same.
func (s *Service) Suppress(guild string, req SuppressRequest) (campaign.SuppressResult, error) {
	var out campaign.SuppressResult
	err := s.InRoster(guild, func(_ *store.Tx, rec *store.RosterRecord) error {
		r := &rec.Roster
		if strings.TrimSpace(req.Province) == "" {
			return refuse("err.calc.no_province_given")
		}
		a, ok := r.Army(req.Army)
		if !ok {
			return refuse("err.calc.no_army", req.Army)
		}
		units := a.Units
		if len(req.Units) > 0 {
			units = nil
			for _, id := range req.Units {
				i := a.UnitIndex(id)
				if i < 0 {
					return refuse("err.calc.not_in_army", id, kit.ArmyName(r, a.ID))
				}
				units = append(units, a.Units[i])
			}
		}
		for _, id := range req.Order {
			if !slices.ContainsFunc(units, func(u campaign.Unit) bool { return u.ID == id }) {
				return refuse("err.calc.not_in_army", id, kit.ArmyName(r, a.ID))
			}
		}
		if own, err := campaign.AshEq(units); err == nil && own == 0 {
			return refuse("err.calc.no_strength")
		}
		if a.Fought && len(req.Units) == 0 {
			return refuse("err.calc.fought", kit.ArmyName(r, a.ID))
		}
		sp := campaign.Suppression{Province: req.Province, Kind: req.Kind, Terrain: req.Terrain, AL: req.AL,
			LevySamurai: req.LevySamurai, MinorHouseSides: req.MinorHouseFigures > 0, MinorHouseFigures: req.MinorHouseFigures,
			Method: req.Method, CutAL: req.CutAL, Units: units, Order: req.Order,
			FoughtWinterAutumn: a.Fought, Contingent: len(req.Units) > 0}
		res, err := campaign.Suppress(sp, campaignDice(rec))
		if err != nil {
			return campaignRefusal(r, a.ID, err)
		}
		out = res
		if !req.Apply {
			return errPreview
		}
		for _, h := range res.Hits {
			u := &a.Units[a.UnitIndex(h.UnitID)]
			u.Figures = h.Left
			u.LostThisTurn += h.Figures
			u.SufferedLosses = true
		}
		return nil
	})
	if err == errPreview {
		err = nil
	}
	return out, err
}

// Secession is F-E1-4 for one clan: its house state (E1-K1, E1-K2,
// E1-Q18) and, with only minors or only women left, the secession roll of
// each province but the shrine's, keys "secession.<province>" of the turn
// (so asking again in the turn rolls nothing new), with the possible
// regents. An extinct house gets no roll: its lands go neutral (E1-K1).
// Nothing is written: the GM carries the provinces over.
func (s *Service) Secession(guild, clan string) (campaign.SecessionResult, campaign.Succession, error) {
	var out campaign.SecessionResult
	var state campaign.Succession
	err := s.InRoster(guild, func(_ *store.Tx, rec *store.RosterRecord) error {
		r := &rec.Roster
		c, ok := r.Clan(clan)
		if !ok {
			return refuse("err.calc.no_clan", clan)
		}
		members := r.Members(clan)
		state = campaign.HouseState(members)
		if campaign.SecessionChance(state) == 0 {
			return errPreview
		}
		if c.Shrine == "" || !slices.Contains(c.Provinces, c.Shrine) {
			return refuse("err.calc.no_shrine", c.Name)
		}
		res, err := campaign.Secede(c.Provinces, c.Shrine, members, campaignDice(rec))
		if err != nil {
			return campaignRefusal(r, "", err)
		}
		out = res
		return errPreview
	})
	if err == errPreview {
		err = nil
	}
	return out, state, err
}
