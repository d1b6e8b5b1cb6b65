package engine

// Status of a unit (CASES.md expectation values).
type Status int8

// Unit statuses.
const (
	StatusOK Status = iota
	StatusRouting
	StatusDestroyed
	StatusReserve   // withdrawn to the reserve (R-II.10.3)
	StatusScattered // routed into the reserve (R-X.2.5)
)

var statusNames = [...]string{"ok", "routing", "destroyed", "reserve", "scattered"}

func (s Status) String() string { return statusNames[s] }

// Statuses lists every unit status, in order.
func Statuses() []Status {
	out := make([]Status, len(statusNames))
	for i := range out {
		out[i] = Status(i)
	}
	return out
}

// ParseStatus reads a status name.
func ParseStatus(s string) (Status, bool) {
	for i, n := range statusNames {
		if n == s {
			return Status(i), true
		}
	}
	return 0, false
}

// OnField reports whether a unit with this status stands on the battlefield.
func (s Status) OnField() bool { return s == StatusOK || s == StatusRouting }

// Unit is one unit on the field. It holds no pointers, so copying a Battle's
// unit slice copies the units (ARCHITECTURE: state is a value).
type Unit struct {
	ID string `json:"id"`
	// Name is the unit's name from the scenario or the roster, shown
	// beside its ID ("Хатамото Сингэна"); empty: none.
	Name    string    `json:"name,omitempty"`
	Side    Side      `json:"side"`
	Type    TroopType `json:"type"`
	Figures int       `json:"figures"`
	Cell    Cell      `json:"cell"`
	Facing  Dir       `json:"facing"`
	Ammo    int       `json:"ammo,omitempty"`
	Status  Status    `json:"status"`

	Fatigued   bool `json:"fatigued,omitempty"`    // fatigued for the coming turn (R-II.2.5)
	Hold       bool `json:"hold,omitempty"`        // Hold-at-all-costs bonus carried over (R-VI.3.3)
	Rallied    bool `json:"rallied,omitempty"`     // has rallied once: -1 St, -1 Imp (R-X.5.2)
	RoutedOnce bool `json:"routed_once,omitempty"` // routed at least once (R-I.4.2, D-05)
	MinorClan  bool `json:"minor_clan,omitempty"`  // a unit of an allied minor clan (R-V.5.1)
	SaveAmmo   bool `json:"save_ammo,omitempty"`   // Save ammo! (R-VI.5.5)
	Revealed   bool `json:"revealed,omitempty"`    // seen in melee: no longer hidden by a forest (D-67)
	// RoutedTurn is the battle turn in which the unit last routed; a unit
	// flees at P10 only if it has been routing since an earlier turn (D-56).
	RoutedTurn int `json:"routed_turn,omitempty"`
	// ArmyExempt: the side's army-wide order is cancelled for this unit until
	// the order is given again (R-VI.4.5, R-VI.4.6, D-41).
	ArmyExempt bool `json:"army_exempt,omitempty"`
	// Campaign modifiers of a roster unit carried into the battle (E1-U2,
	// E1-Q14): ImpMod and StMod add to its Impetus and Steadiness; each
	// point of Mastery lowers its extra-damage thresholds by 1, never below
	// 2+ (campaign.mastery=off keeps it a record only).
	ImpMod  int `json:"imp_mod,omitempty"`
	StMod   int `json:"st_mod,omitempty"`
	Mastery int `json:"mastery,omitempty"`
}

// Stats is the unit's row of the troop table.
func (u *Unit) Stats() Troop { return troops[u.Type] }

// Active reports whether the unit stands on the field (ok or routing).
func (u *Unit) Active() bool { return u.Status.OnField() && u.Figures > 0 }

// Routing reports whether the unit is fleeing.
func (u *Unit) Routing() bool { return u.Status == StatusRouting }

// LeaderRole is commander or general (R-T.6.2).
type LeaderRole int8

// Leader roles.
const (
	Commander LeaderRole = iota
	General
)

func (r LeaderRole) String() string {
	if r == Commander {
		return "commander"
	}
	return "general"
}

// LeaderHealth follows R-III.3.
type LeaderHealth int8

// Leader health values.
const (
	LeaderOK LeaderHealth = iota
	LeaderWounded
	LeaderCaptured
	LeaderKilled
)

var healthNames = [...]string{"ok", "wounded", "captured", "killed"}

func (h LeaderHealth) String() string { return healthNames[h] }

// Where a leader is when not in a unit.
const (
	AtHQ      = "hq"
	AtReserve = "reserve"
)

// Leader is a commander or general (R-III).
type Leader struct {
	ID string `json:"id"`
	// Name is the leader's name from the scenario or the roster ("Такэда
	// Сингэн"); empty: none.
	Name   string       `json:"name,omitempty"`
	Side   Side         `json:"side"`
	Role   LeaderRole   `json:"role"`
	At     string       `json:"at"` // a unit ID, AtHQ or AtReserve
	Wounds int          `json:"wounds,omitempty"`
	Health LeaderHealth `json:"health"`
	Traits []string     `json:"traits,omitempty"`
	// MovedTurn is the battle turn in whose command phase the leader last
	// moved: his bonuses wait for the next turn (R-III.2.3, R-III.6.7).
	MovedTurn int `json:"moved_turn,omitempty"`
}

// Terrain is placed by the defender and public (R-XI, D-65).
type Terrain struct {
	Hills   []Cell `json:"hills,omitempty"`
	Forests []Cell `json:"forests,omitempty"`
	Swamps  []Cell `json:"swamps,omitempty"`
	River   bool   `json:"river,omitempty"`
	Bridge  Cell   `json:"bridge,omitempty"` // the defender-side cell of the bridge; NoCell if none
	// Shields are the portable shields standing on the sides of cells
	// (R-II.9, D-14); they belong to the cell, not to a unit.
	Shields []CellShields `json:"shields,omitempty"`
}

// CellShields are the sides of one cell with shield sections, as a bit set
// over Dir.
type CellShields struct {
	Cell  Cell  `json:"cell"`
	Sides uint8 `json:"sides"`
}

// ShieldSides returns the shielded sides of a cell.
func (t *Terrain) ShieldSides(c Cell) uint8 {
	for _, s := range t.Shields {
		if s.Cell == c {
			return s.Sides
		}
	}
	return 0
}

// SetShields replaces the shielded sides of a cell (0 removes them).
func (t *Terrain) SetShields(c Cell, sides uint8) {
	out := t.Shields[:0]
	for _, s := range t.Shields {
		if s.Cell != c {
			out = append(out, s)
		}
	}
	if sides != 0 {
		out = append(out, CellShields{Cell: c, Sides: sides})
	}
	t.Shields = out
}

// Shielded reports whether the side of cell c facing from holds a shield
// (D-14: for a diagonal neighbour, either side will do).
func (t *Terrain) Shielded(c, from Cell) bool {
	sides := t.ShieldSides(c)
	if sides == 0 {
		return false
	}
	d := from.Sub(c)
	var want []Dir
	switch {
	case d.DX > 0:
		want = append(want, E)
	case d.DX < 0:
		want = append(want, W)
	}
	switch {
	case d.DY > 0:
		want = append(want, S)
	case d.DY < 0:
		want = append(want, N)
	}
	for _, w := range want {
		if sides&(1<<w) != 0 {
			return true
		}
	}
	return false
}

// has reports whether c is in cells.
func has(cells []Cell, c Cell) bool {
	for _, x := range cells {
		if x == c {
			return true
		}
	}
	return false
}

// Hill, Forest and Swamp report the terrain of a cell.
func (t *Terrain) Hill(c Cell) bool   { return has(t.Hills, c) }
func (t *Terrain) Forest(c Cell) bool { return has(t.Forests, c) }
func (t *Terrain) Swamp(c Cell) bool  { return has(t.Swamps, c) }

// Outcome of a battle (R-I.4, CASES.md battle.outcome).
type Outcome int8

// Outcomes.
const (
	Ongoing Outcome = iota
	NorthTotalVictory
	SouthTotalVictory
	NorthVictory
	SouthVictory
	Draw
)

var outcomeNames = [...]string{"ongoing", "north_total_victory", "south_total_victory", "north_victory", "south_victory", "draw"}

func (o Outcome) String() string { return outcomeNames[o] }

// Outcomes lists every battle outcome, in order.
func Outcomes() []Outcome {
	out := make([]Outcome, len(outcomeNames))
	for i := range out {
		out[i] = Outcome(i)
	}
	return out
}

// Battle is the whole state of one battle. It is a value: Clone gives a copy
// that shares nothing with the original.
type Battle struct {
	ID       string  `json:"id"`
	Turn     int     `json:"turn"` // the last battle turn resolved; 0 = deployment (D-04)
	Defender Side    `json:"defender"`
	Terrain  Terrain `json:"terrain"`
	HQ       [2]Cell `json:"hq"` // by Side; NoCell if its place is not given
	// HQLost marks an HQ overrun by the enemy (R-III.1.6): gone for the rest
	// of the battle.
	HQLost [2]bool `json:"hq_lost,omitempty"`
	// HQKnown: the side knows where the enemy HQ is although hq.public is
	// false, found by its scouts (R-IV.5.3, D-19) or by overrunning it.
	HQKnown [2]bool  `json:"hq_known,omitempty"`
	Units   []Unit   `json:"units"`
	Leaders []Leader `json:"leaders,omitempty"`
	// Messengers are each side's single-use command rerolls still unused
	// in this battle (R-V.3.2, D-32), by Side.
	Messengers [2]int `json:"messengers"`
	// Shinobi are each side's shinobi that infiltrated the enemy's rear and
	// have not been used yet (R-IV.5.1, R-V.6.1).
	Shinobi [2]int `json:"shinobi,omitempty"`
	// Spare is each side's standing choice to spare the enemy characters
	// its own characters "kill" in duels: they are wounded instead
	// (R-VIII.6.5, D-59).
	Spare [2]bool `json:"spare,omitempty"`
	// Banners are each side's banners from its army list (R-V.7, D-26).
	Banners [2][]Banner `json:"banners,omitempty"`
	// ArmyWide is each side's army-wide order in force, OrderGeneralAdvance
	// or OrderGeneralRetreat, or nil: it lasts until cancelled (R-VI.1.8).
	ArmyWide [2]*OrderKind `json:"army_wide"`
	Outcome  Outcome       `json:"outcome"`
	// Chronicle is what the end-of-battle conditions remember (R-I.4, D-05).
	Chronicle Chronicle `json:"chronicle"`
	Settings  Settings  `json:"settings"`
}

// Clone returns a deep copy.
func (b Battle) Clone() Battle {
	c := b
	c.Terrain.Hills = append([]Cell(nil), b.Terrain.Hills...)
	c.Terrain.Forests = append([]Cell(nil), b.Terrain.Forests...)
	c.Terrain.Swamps = append([]Cell(nil), b.Terrain.Swamps...)
	c.Terrain.Shields = append([]CellShields(nil), b.Terrain.Shields...)
	c.Units = append([]Unit(nil), b.Units...)
	for s := range b.Banners {
		c.Banners[s] = append([]Banner(nil), b.Banners[s]...)
	}
	for s, k := range b.ArmyWide {
		if k != nil {
			kind := *k
			c.ArmyWide[s] = &kind
		}
	}
	c.Leaders = append([]Leader(nil), b.Leaders...)
	for i := range c.Leaders {
		c.Leaders[i].Traits = append([]string(nil), c.Leaders[i].Traits...)
	}
	return c
}

// Unit finds a unit by ID.
func (b *Battle) Unit(id string) *Unit {
	for i := range b.Units {
		if b.Units[i].ID == id {
			return &b.Units[i]
		}
	}
	return nil
}

// HQIntact reports whether a side's HQ still stands (R-III.1.6). A battle
// that does not place it (a test position) still has one.
func (b *Battle) HQIntact(s Side) bool { return !b.HQLost[s] }

// Leader finds a leader by ID.
func (b *Battle) Leader(id string) *Leader {
	for i := range b.Leaders {
		if b.Leaders[i].ID == id {
			return &b.Leaders[i]
		}
	}
	return nil
}

// UnitAt returns the active unit standing in c, if any (R-I.2.2: at most one).
func (b *Battle) UnitAt(c Cell) *Unit {
	for i := range b.Units {
		if b.Units[i].Active() && b.Units[i].Cell == c {
			return &b.Units[i]
		}
	}
	return nil
}

// Passable reports whether units may enter c: swamps never (R-XI.4.1),
// drawn cells only when the field extends (D-03).
func (b *Battle) Passable(c Cell) bool {
	if b.Terrain.Swamp(c) {
		return false
	}
	return c.OnField() || b.Settings.OffField == OffFieldExtend
}
