package campaign

import (
	"errors"
	"fmt"
	"slices"
)

// Aftermath is one army's end-of-turn resolution (F-E1-1 step 2): rolled when
// the GM runs it, then completed by the owning clan's choices (the recovery
// distribution, each skill's recipient and name, the promotions) and applied
// to the roster when they confirm. It is kept in the roster between clicks.
type Aftermath struct {
	Army  string   `json:"army"`
	Turn  int      `json:"turn"`
	Facts Province `json:"facts"` // the province facts the GM gave (E1-L1, E1-L3)

	Recovery Recovery     `json:"recovery"`
	Alloc    []Allocation `json:"alloc,omitempty"` // the owner's distribution so far; the default at first

	// Healings are the rolls of the clan's wounded characters, applied at
	// once (healing has no choice), when this was the clan's first aftermath
	// of the turn (healing is per clan, F-E1-1).
	Healings []CharHealing `json:"healings,omitempty"`
	// Deaths are the characters who died of their wounds (E1-H4), and the
	// house's state after them (E1-K, F-E1-4).
	Deaths []string   `json:"deaths,omitempty"`
	House  Succession `json:"house,omitempty"`

	Grants     []SkillGrant `json:"grants,omitempty"`     // E1-X
	Promotable []string     `json:"promotable,omitempty"` // units with a promotion open (E1-U1, E1-U5)
	Picks      []Pick       `json:"picks,omitempty"`      // the owner's promotions so far (E1-U2, E1-U4)

	Done bool   `json:"done,omitempty"`
	By   string `json:"by,omitempty"` // who confirmed it (a Discord user ID)
}

// CharHealing is one character's healing.
type CharHealing struct {
	Character string  `json:"character"`
	Busy      bool    `json:"busy,omitempty"` // the -1 applied for being busy (E1-H2)
	Result    Healing `json:"result"`
}

// SkillGrant is a tactical skill the commander earned: the player names it
// and picks who receives it (E1-X4, E1-Q13h).
type SkillGrant struct {
	Grant
	Candidates []string `json:"candidates"` // the commander, then the generals who fought
	Recipient  string   `json:"recipient,omitempty"`
	Skill      string   `json:"skill,omitempty"`
}

// Errors of an aftermath, for the caller to word.
var (
	ErrNoArmy        = errors.New("no such army")
	ErrAftermathRun  = errors.New("the aftermath of this army was already run this turn")
	ErrAftermathDone = errors.New("the aftermath of this army is confirmed")
	ErrNoAftermath   = errors.New("the aftermath of this army has not been run")
	ErrGrantOpen     = errors.New("a skill grant has no recipient or no name")
)

// StartAftermath rolls the army's aftermath: its recovery pools (E1-L) with
// the default distribution (F-E1-1), the healing of the clan's wounded
// characters unless the clan was healed this turn (E1-H, applied now), the
// commander's skill grants from this turn's battles (E1-X) and the units
// with a promotion open (E1-U). Dice come from d, which the caller keys to
// the campaign turn.
func StartAftermath(r Roster, army string, facts Province, d Dice) (Roster, Aftermath, error) {
	out := r.clone()
	a, ok := out.Army(army)
	if !ok {
		return r, Aftermath{}, ErrNoArmy
	}
	if _, ok := out.Aftermath(army); ok {
		return r, Aftermath{}, ErrAftermathRun
	}
	am := Aftermath{Army: army, Turn: out.Turn, Facts: facts}
	am.Recovery = RollRecovery(a.RecoveryState(), facts, d)
	if am.Recovery.Eligible {
		am.Alloc = DefaultAllocation(a.Units, am.Recovery)
	}
	if !slices.Contains(out.Healed, a.Clan) {
		out.heal(&am, a.Clan, d)
		out.Healed = append(out.Healed, a.Clan)
	}
	am.Grants = out.grants(a)
	for _, u := range a.Units {
		if len(PromotionOptions(u)) > 0 {
			am.Promotable = append(am.Promotable, u.ID)
		}
	}
	out.Aftermaths = append(out.Aftermaths, am)
	return out, am, nil
}

// heal rolls for every wounded living character of the clan (E1-H, per clan).
// Busy (E1-H2, F-E1-1): besides his roster flag (the player confirmed it),
// whoever commanded an army this turn, as the commander of one of the
// roster's armies or sendans or as a side's commander in a battle recorded
// this turn, whether or not the record lists him among its characters; and
// whoever fought in a battle recorded this turn.
func (r *Roster) heal(am *Aftermath, clan string, d Dice) {
	busy := r.busyThisTurn()
	for i := range r.Characters {
		p := &r.Characters[i]
		if p.Clan != clan || p.Status == Dead || p.Wounds == 0 {
			continue
		}
		c := p.Character
		c.Busy = c.Busy || busy[p.ID]
		h := Heal(c, d)
		am.Healings = append(am.Healings, CharHealing{Character: p.ID, Busy: c.Busy && c.WoundsAtTurnStart > 0, Result: h})
		p.Wounds = h.Wounds
		if h.Dead {
			p.Status = Dead
			am.Deaths = append(am.Deaths, p.ID)
			r.relieve(p.ID)
		}
	}
	if len(am.Deaths) > 0 {
		am.House = HouseState(r.Members(clan))
	}
}

// busyThisTurn are the characters who commanded an army this turn or fought
// in a battle recorded this turn (E1-H2: "командование армией" is one of the
// seed's occupations besides healing). Commanding is known from the roster,
// each army's or sendan's commander (a leaderless group has none), and from
// the records, each side's commander and generals.
func (r *Roster) busyThisTurn() map[string]bool {
	busy := map[string]bool{}
	for _, a := range r.Armies {
		if a.Commander != "" && a.Kind != KindLeaderless {
			busy[a.Commander] = true
		}
	}
	for _, b := range r.Records {
		if b.Turn != r.Turn {
			continue
		}
		for _, s := range b.Sides {
			if s.Commander != "" {
				busy[s.Commander] = true
			}
			for _, g := range s.Generals {
				busy[g] = true
			}
			for _, c := range s.Characters {
				busy[c.Character] = true
			}
		}
	}
	return busy
}

// grants is E1-X for the army's commander over this turn's battles, each grant
// with its candidates: the commander and the army's generals who fought in a
// battle of the turn (E1-X4).
func (r *Roster) grants(a *Army) []SkillGrant {
	if a.Commander == "" {
		return nil
	}
	p, ok := r.Person(a.Commander)
	if !ok || p.Status != Active {
		return nil
	}
	var battles []Battle
	for _, b := range r.TurnRecords(a.ID) {
		for k, s := range b.Sides {
			if !slices.Contains(s.Armies, a.ID) {
				continue
			}
			// The generals who fought as part of this army (E1-X4).
			var generals []string
			for _, g := range s.Generals {
				if slices.Contains(a.Generals, g) {
					generals = append(generals, g)
				}
			}
			enemy := b.Sides[1-k]
			battles = append(battles, Battle{Result: s.Result, OwnFigures: s.StartFigures, EnemyFigures: enemy.StartFigures,
				CastleCaptured: s.CastleCaptured, Generals: generals})
		}
	}
	candidates := RecipientCandidates(a.Commander, battles)
	var out []SkillGrant
	for _, g := range Experience(p.Age, battles) {
		out = append(out, SkillGrant{Grant: g, Candidates: candidates, Recipient: a.Commander})
	}
	return out
}

// Allot sets the owner's recovery distribution of the army's aftermath; it
// must fit the pools and caps (E1-L2, E1-L3, E1-Q11).
func (r Roster) Allot(army string, alloc []Allocation) (Roster, error) {
	out := r.clone()
	am, a, err := out.open(army)
	if err != nil {
		return r, err
	}
	if _, err := ApplyRecovery(a.Units, am.Recovery, alloc); err != nil {
		return r, err
	}
	am.Alloc = slices.Clone(alloc)
	return out, nil
}

// PickPromotions sets the owner's promotions of the army's aftermath (E1-U2,
// E1-U3, E1-U4).
func (r Roster) PickPromotions(army string, picks []Pick) (Roster, error) {
	out := r.clone()
	am, a, err := out.open(army)
	if err != nil {
		return r, err
	}
	if _, err := Promote(a.Units, picks); err != nil {
		return r, err
	}
	am.Picks = slices.Clone(picks)
	return out, nil
}

// ChooseGrant names grant i's skill and recipient; either may be left as it
// was with "".
func (r Roster) ChooseGrant(army string, i int, recipient, skill string) (Roster, error) {
	out := r.clone()
	am, _, err := out.open(army)
	if err != nil {
		return r, err
	}
	if i < 0 || i >= len(am.Grants) {
		return r, fmt.Errorf("no skill grant %d", i+1)
	}
	g := &am.Grants[i]
	if recipient != "" {
		if !slices.Contains(g.Candidates, recipient) {
			return r, fmt.Errorf("%q may not receive this skill (E1-X4)", recipient)
		}
		g.Recipient = recipient
	}
	if skill != "" {
		g.Skill = skill
	}
	return out, nil
}

// Confirm applies the army's aftermath: the distribution (and the army
// recovered this turn, E1-L4), the promotions and the named skills.
func (r Roster) Confirm(army, by string) (Roster, error) {
	out := r.clone()
	am, a, err := out.open(army)
	if err != nil {
		return r, err
	}
	for _, g := range am.Grants {
		if g.Recipient == "" || g.Skill == "" {
			return r, ErrGrantOpen
		}
	}
	units := a.Units
	if am.Recovery.Eligible {
		if units, err = ApplyRecovery(units, am.Recovery, am.Alloc); err != nil {
			return r, err
		}
		a.Recovered = true
	}
	if units, err = Promote(units, am.Picks); err != nil {
		return r, err
	}
	a.Units = units
	for _, g := range am.Grants {
		if p, ok := out.Person(g.Recipient); ok {
			p.Skills = append(slices.Clone(p.Skills), g.Skill)
		}
	}
	am.Done, am.By = true, by
	return out, nil
}

// open is the army's aftermath still open for choices, and the army.
func (r *Roster) open(army string) (*Aftermath, *Army, error) {
	a, ok := r.Army(army)
	if !ok {
		return nil, nil, ErrNoArmy
	}
	am, ok := r.Aftermath(army)
	switch {
	case !ok:
		return nil, nil, ErrNoAftermath
	case am.Done:
		return nil, nil, ErrAftermathDone
	}
	return am, a, nil
}

// clone copies the slices a change may write to, so a Roster stays a value.
func (r Roster) clone() Roster {
	out := r
	out.Clans = slices.Clone(r.Clans)
	out.Armies = make([]Army, len(r.Armies))
	for i, a := range r.Armies {
		a.Units = slices.Clone(a.Units)
		a.Generals = slices.Clone(a.Generals)
		out.Armies[i] = a
	}
	out.Characters = slices.Clone(r.Characters)
	out.Records = slices.Clone(r.Records)
	out.Aftermaths = make([]Aftermath, len(r.Aftermaths))
	for i, am := range r.Aftermaths {
		am.Alloc = slices.Clone(am.Alloc)
		am.Picks = slices.Clone(am.Picks)
		am.Grants = slices.Clone(am.Grants)
		out.Aftermaths[i] = am
	}
	out.Healed = slices.Clone(r.Healed)
	return out
}
