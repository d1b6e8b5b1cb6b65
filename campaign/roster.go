package campaign

import (
	"fmt"
	"slices"
)

// Roster is one server's campaign as the bot keeps it between battles
// (F-E1-1's data): the clans, their armies and sendans with their units, the
// characters, the optional province records, the battles recorded this turn
// and the campaign turn. It is a plain value: the store keeps it whole, and
// every change is made on a copy and written back in one transaction.
type Roster struct {
	Turn     int    `json:"turn"`               // the campaign (strategic) turn, from 1
	Subphase string `json:"subphase,omitempty"` // a free-text campaign subphase label (E1-Q1)
	// Phase is the campaign's phase counter, for sieges and assaults:
	// advanced by /phase next and by the next turn (E3-Q8).
	Phase int `json:"phase,omitempty"`

	Clans      []Clan   `json:"clans,omitempty"`
	Armies     []Army   `json:"armies,omitempty"`
	Characters []Person `json:"characters,omitempty"`

	// Records are the battles recorded, every turn's, newest last; a
	// record's Turn says which campaign turn it belongs to.
	Records []BattleRecord `json:"records,omitempty"`
	// Aftermaths are the end-of-turn resolutions of this turn's armies
	// (F-E1-1 step 2), one per army once the GM runs it.
	Aftermaths []Aftermath `json:"aftermaths,omitempty"`
	// Healed lists the clans whose characters were healed this turn:
	// healing is per clan, not per army (F-E1-1), so it is rolled once.
	Healed []string `json:"healed,omitempty"`
}

// Clan is a playing clan: its Discord role and channel bind it to the
// server (set by the GM), its provinces and shrine serve succession (E1-K2).
type Clan struct {
	ID        string   `json:"id"`
	Name      string   `json:"name"`
	Role      string   `json:"role,omitempty"`    // Discord role ID of its players
	Channel   string   `json:"channel,omitempty"` // Discord channel ID where its results go
	Provinces []string `json:"provinces,omitempty"`
	Shrine    string   `json:"shrine,omitempty"` // the province with the clan's shrine (E1-K2)
	// Lang is the language its channel's posts speak ("ru", "en"; empty:
	// the server's).
	Lang string `json:"lang,omitempty"`
}

// ArmyKind is an army, a sendan or the leaderless group of a retreat (E1-R4).
type ArmyKind string

// The kinds of force.
const (
	KindArmy       ArmyKind = "army"
	KindSendan     ArmyKind = "sendan"
	KindLeaderless ArmyKind = "leaderless"
)

// Condition is an army's state after the campaign's battles.
type Condition string

// The conditions (seed §I).
const (
	InOrder   Condition = "in_order"
	Disorder  Condition = "disorder"
	Scattered Condition = "scattered"
)

// Army is an army or sendan of a clan, with its units and per-turn flags.
type Army struct {
	ID        string    `json:"id"`
	Name      string    `json:"name,omitempty"`
	Clan      string    `json:"clan"`
	Kind      ArmyKind  `json:"kind"`
	Commander string    `json:"commander,omitempty"` // a character ID
	Generals  []string  `json:"generals,omitempty"`  // character IDs
	Province  string    `json:"province,omitempty"`
	State     Condition `json:"state"`

	ForcedMarch bool `json:"forced_march,omitempty"`
	CutOff      bool `json:"cut_off,omitempty"`
	// Per-turn flags, reset by NextTurn.
	Retreated bool `json:"retreated,omitempty"` // made an emergency retreat this turn (E1-L1)
	Recovered bool `json:"recovered,omitempty"` // recovered losses this turn (E1-L4)
	Fought    bool `json:"fought,omitempty"`    // fought a battle this turn

	Units []Unit `json:"units,omitempty"`
}

// UnitIndex is the index of a unit in the army, or -1.
func (a *Army) UnitIndex(id string) int {
	return slices.IndexFunc(a.Units, func(u Unit) bool { return u.ID == id })
}

// Figures is the army's figures now.
func (a *Army) Figures() int {
	n := 0
	for _, u := range a.Units {
		n += u.Figures
	}
	return n
}

// RecoveryState is what loss recovery reads of the army (E1-L1, E1-L4).
func (a *Army) RecoveryState() ArmyState {
	return ArmyState{ID: a.ID, Retreated: a.Retreated, Scattered: a.State == Scattered, RecoveredThisTurn: a.Recovered}
}

// Status is a character's status in the campaign.
type Status string

// The statuses (F-E1-1).
const (
	Active   Status = "active"
	Captured Status = "captured"
	Dead     Status = "dead"
)

// Person is a roster character: the healing facts (Character) and the rest
// the campaign keeps of him.
type Person struct {
	Character
	Name     string   `json:"name"`
	Clan     string   `json:"clan"`
	Female   bool     `json:"female,omitempty"`
	Traits   []string `json:"traits,omitempty"`
	Skills   []string `json:"skills,omitempty"` // tactical skills, free text (E1-Q13i)
	Status   Status   `json:"status"`
	Captor   string   `json:"captor,omitempty"`   // the clan holding him
	Province string   `json:"province,omitempty"` // where he stands, for the regency (E1-K2)
	// Rating is his battle rating in quick battles, 0-3, set by the GM;
	// nil is the default, 1 (E3-Q2).
	Rating *int `json:"rating,omitempty"`
	// House says whether he belongs to the clan's house (E1-K0): true for
	// the daimyo's family (heirs, wives, daughters, minors), false for a
	// general who serves the clan (a retainer: a possible regent, never an
	// heir, E1-K2). nil: not given (rosters from before issue 27); see
	// Roster.InHouse for the default.
	House *bool `json:"house,omitempty"`
}

// BattleRating is his rating in quick battles (E3-Q2): the GM's, or 1.
func (p Person) BattleRating() int {
	if p.Rating == nil {
		return 1
	}
	return *p.Rating
}

// Member is the person as succession sees him (E1-K0, E1-K): of the house
// unless his House flag says he is not (Roster.Members also applies the
// default for a flag not given); a general's Province is kept for the
// regency unless he is a captive, a member of the house has none there.
func (p Person) Member() ClanMember {
	return p.member(p.House == nil || *p.House)
}

func (p Person) member(house bool) ClanMember {
	m := ClanMember{ID: p.ID, Age: p.Age, Female: p.Female, Alive: p.Status != Dead, General: !house}
	if !house && p.Status == Active {
		m.Province = p.Province // a captive stands in no province of the clan: no regent (E1-K2)
	}
	return m
}

// InHouse says whether the character belongs to his clan's house (E1-K0):
// his House flag when the roster gives it. Without it (a roster from before
// the flag, or a file leaving it out) he is of the house unless the roster
// names him among the generals of one of his clan's armies: so an old
// roster keeps counting the family it counted and gains its generals (the
// "generals" of an army are the seed's генералы, its possible regents).
func (r *Roster) InHouse(p Person) bool {
	if p.House != nil {
		return *p.House
	}
	return !r.namedGeneral(p)
}

// namedGeneral says whether an army of his clan names him among its generals.
func (r *Roster) namedGeneral(p Person) bool {
	return slices.ContainsFunc(r.Armies, func(a Army) bool { return a.Clan == p.Clan && slices.Contains(a.Generals, p.ID) })
}

// BattleRecord is what one battle of the turn did, written back to the roster
// when the battle finishes (F-E1-1 step 1).
type BattleRecord struct {
	Battle string          `json:"battle"` // the battle's ID
	Name   string          `json:"name,omitempty"`
	Kind   string          `json:"kind"` // "grid" for now; E3's kinds later
	Turn   int             `json:"turn"` // the campaign turn
	Sides  [2]RecordedSide `json:"sides"`
}

// RecordedSide is one side of a recorded battle.
type RecordedSide struct {
	Clan           string         `json:"clan"`
	Armies         []string       `json:"armies,omitempty"`
	Commander      string         `json:"commander,omitempty"`
	Generals       []string       `json:"generals,omitempty"`
	Result         Result         `json:"result"`
	StartFigures   int            `json:"start_figures"`
	EndFigures     int            `json:"end_figures"`
	CastleCaptured bool           `json:"castle_captured,omitempty"`
	Units          []RecordedUnit `json:"units,omitempty"`
	Characters     []RecordedChar `json:"characters,omitempty"`
}

// RecordedUnit is a unit's battle.
type RecordedUnit struct {
	Unit        string `json:"unit"`
	Army        string `json:"army"`
	Start       int    `json:"start"`
	End         int    `json:"end"`
	Lost        int    `json:"lost"`
	LostShot    int    `json:"lost_shot,omitempty"`  // of Lost, to shooting
	LostMelee   int    `json:"lost_melee,omitempty"` // of Lost, in melee
	Inflicted   int    `json:"inflicted,omitempty"`
	Destroyed   int    `json:"destroyed,omitempty"`
	PutToFlight int    `json:"put_to_flight,omitempty"`
	Held        int    `json:"held,omitempty"`
	Fled        bool   `json:"fled,omitempty"`
	Scattered   bool   `json:"scattered,omitempty"`
	Eliminated  bool   `json:"eliminated,omitempty"`
}

// RecordedChar is a character's battle.
type RecordedChar struct {
	Character string `json:"character"`
	Wounds    int    `json:"wounds,omitempty"` // gained in the battle
	Captured  bool   `json:"captured,omitempty"`
	Killed    bool   `json:"killed,omitempty"`
	Duels     int    `json:"duels,omitempty"`
}

// Army returns the army with this ID.
func (r *Roster) Army(id string) (*Army, bool) {
	i := slices.IndexFunc(r.Armies, func(a Army) bool { return a.ID == id })
	if i < 0 {
		return nil, false
	}
	return &r.Armies[i], true
}

// Person returns the character with this ID.
func (r *Roster) Person(id string) (*Person, bool) {
	i := slices.IndexFunc(r.Characters, func(p Person) bool { return p.ID == id })
	if i < 0 {
		return nil, false
	}
	return &r.Characters[i], true
}

// Clan returns the clan with this ID.
func (r *Roster) Clan(id string) (*Clan, bool) {
	i := slices.IndexFunc(r.Clans, func(c Clan) bool { return c.ID == id })
	if i < 0 {
		return nil, false
	}
	return &r.Clans[i], true
}

// ClanOfRole returns the clan bound to a Discord role.
func (r *Roster) ClanOfRole(role string) (*Clan, bool) {
	i := slices.IndexFunc(r.Clans, func(c Clan) bool { return c.Role != "" && c.Role == role })
	if i < 0 {
		return nil, false
	}
	return &r.Clans[i], true
}

// Members are the clan's characters for succession (E1-K): the members of
// its house and its generals, each marked (E1-K0, InHouse).
func (r *Roster) Members(clan string) []ClanMember {
	var out []ClanMember
	for _, p := range r.Characters {
		if p.Clan == clan {
			out = append(out, p.member(r.InHouse(p)))
		}
	}
	return out
}

// TurnRecords are the battles recorded this turn in which the army fought.
func (r *Roster) TurnRecords(army string) []BattleRecord {
	var out []BattleRecord
	for _, b := range r.Records {
		if b.Turn != r.Turn {
			continue
		}
		for _, s := range b.Sides {
			if slices.Contains(s.Armies, army) {
				out = append(out, b)
				break
			}
		}
	}
	return out
}

// Aftermath returns this turn's aftermath of the army, if it was run.
func (r *Roster) Aftermath(army string) (*Aftermath, bool) {
	i := slices.IndexFunc(r.Aftermaths, func(a Aftermath) bool { return a.Army == army })
	if i < 0 {
		return nil, false
	}
	return &r.Aftermaths[i], true
}

// Check says what is wrong with a roster as a whole: IDs unique, every
// reference resolving, values in range. Upload and edits call it so a roster
// in the store is always whole.
func (r *Roster) Check() error {
	seen := map[string]string{}
	unique := func(kind, id string) error {
		if id == "" {
			return fmt.Errorf("a %s without an id", kind)
		}
		if k, ok := seen[id]; ok {
			return fmt.Errorf("id %q is both a %s and a %s", id, k, kind)
		}
		seen[id] = kind
		return nil
	}
	for _, c := range r.Clans {
		if err := unique("clan", c.ID); err != nil {
			return err
		}
	}
	for _, p := range r.Characters {
		if err := unique("character", p.ID); err != nil {
			return err
		}
		if _, ok := r.Clan(p.Clan); !ok {
			return fmt.Errorf("character %q: no clan %q", p.ID, p.Clan)
		}
		if !slices.Contains(Ages, p.Age) {
			return fmt.Errorf("character %q: age %q is not one of %v", p.ID, p.Age, Ages)
		}
		// Three wounds kill (E1-H4, E1-Q16): more are possible only for the
		// dead, or for one whose trait lets him survive the third.
		if p.Wounds < 0 || p.Wounds > 3 && p.Status != Dead && !p.SurvivesThird {
			return fmt.Errorf("character %q: %d wounds", p.ID, p.Wounds)
		}
	}
	for _, a := range r.Armies {
		if err := unique("army", a.ID); err != nil {
			return err
		}
		if _, ok := r.Clan(a.Clan); !ok {
			return fmt.Errorf("army %q: no clan %q", a.ID, a.Clan)
		}
		for _, id := range append([]string{a.Commander}, a.Generals...) {
			if id == "" {
				continue
			}
			if p, ok := r.Person(id); !ok || p.Clan != a.Clan {
				return fmt.Errorf("army %q: %q is not a character of clan %q", a.ID, id, a.Clan)
			}
		}
		for _, u := range a.Units {
			if err := unique("unit", u.ID); err != nil {
				return err
			}
			if !slices.Contains(UnitTypes, u.Type) {
				return fmt.Errorf("unit %q: type %q is not one of %v", u.ID, u.Type, UnitTypes)
			}
			if u.Figures < 0 || u.Figures > 99 {
				return fmt.Errorf("unit %q: %d figures", u.ID, u.Figures)
			}
		}
	}
	return nil
}

// Ages lists the ages, youngest first.
var Ages = []Age{Minor, Young, Mature, Old}

// UnitTypes lists the unit types.
var UnitTypes = []UnitType{HeavyCavalry, LightCavalry, FootSamuraiSpear, FootSamuraiBow, AshigaruSpear, AshigaruTeppo, Yamabushi}

// NextTurn closes the campaign turn (E1-P, F-E1-1 "/turn next"): the
// per-turn counters and flags of every unit and army are reset, each
// character's wounds at turn start are taken from his wounds now and his busy
// flag is cleared, this turn's aftermaths and healing marks are dropped
// (their results are in the roster), destroyed units are deleted (E1-Q11f)
// and the turn number goes up. The battle records stay, each with its turn.
func (r Roster) NextTurn() Roster {
	out := r
	out.Turn++
	out.Phase++ // E3-Q8
	out.Armies = make([]Army, len(r.Armies))
	for i, a := range r.Armies {
		a.Retreated, a.Recovered, a.Fought = false, false, false
		units := make([]Unit, 0, len(a.Units))
		for _, u := range a.Units {
			if u.Figures <= 0 {
				continue
			}
			units = append(units, Unit{ID: u.ID, Name: u.Name, Type: u.Type, Figures: u.Figures,
				ImpetusMod: u.ImpetusMod, SteadinessMod: u.SteadinessMod, Mastery: u.Mastery, Promotions: u.Promotions})
		}
		a.Units = units
		out.Armies[i] = a
	}
	out.Characters = make([]Person, len(r.Characters))
	for i, p := range r.Characters {
		p.WoundsAtTurnStart = p.Wounds
		p.Busy = false
		out.Characters[i] = p
	}
	out.Aftermaths, out.Healed = nil, nil
	return out
}
