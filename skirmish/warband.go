package skirmish

// Rank is an officer rank (E2-K, E2-P); "" a fighter with none.
type Rank string

const (
	NoRank   Rank = ""
	Sergeant Rank = "sergeant"
	Knight   Rank = "knight"
	Master   Rank = "master"
)

// rankRules are the seed's numbers for each rank: the bonus to attack and
// defence and to the cost (E2-K), the defence coefficient (E2-D2: 13, 15,
// 16; E2-Q3: the master's 16 wins over 10 + 7), the prestige points
// (E2-P), and the seniority.
var rankRules = map[Rank]struct{ attack, cost, defence, prestige, senior int }{
	NoRank:   {0, 0, BaseDefence, 0, 0},
	Sergeant: {3, 1, 13, 16, 1},
	Knight:   {5, 3, 15, 45, 2},
	Master:   {7, 5, 16, 80, 3},
}

// CavalryCost is the cavalryman's extra cost (E2-K); CavalryAttacks his
// attacks in a turn.
const (
	CavalryCost    = 3
	CavalryAttacks = 2
	// AttackerBonus is the attacking side's extra prestige in a campaign (E2-P).
	AttackerBonus = 40
	// BearerBonus is the standard-bearer's morale bonus (E2-K, E2-Q4).
	BearerBonus = 6
)

// State is a fighter's condition.
type State string

const (
	Fit      State = "fit"
	Wounded  State = "wounded"
	Dead     State = "dead"
	Captured State = "captured"
)

// Fighter is one model on the table with his record.
type Fighter struct {
	ID    string `json:"id"`
	Name  string `json:"name,omitempty"`
	Class string `json:"class"`
	// Rank is at most one officer rank (E2-K: no two officer ranks).
	Rank Rank `json:"rank,omitempty"`
	// Cavalry and Bearer are the special classes he combines (E2-K).
	Cavalry bool `json:"cavalry,omitempty"`
	Bearer  bool `json:"bearer,omitempty"`
	// Sign is his rank's and class's marking on the base (E2-B).
	Sign string `json:"sign,omitempty"`
	// Awards are shown on his record card (E2-C).
	Awards []string `json:"awards,omitempty"`

	State State `json:"state"`
	// WoundedOn is the game turn of his wound (E2-M3: tested from his
	// side's next turn).
	WoundedOn int `json:"wounded_on,omitempty"`
	// Corporal: appointed by a morale test of 16-20 (E2-R1).
	Corporal bool `json:"corporal,omitempty"`
	// Captor is the fighter commanding the unit that holds him (E2-J2).
	Captor string `json:"captor,omitempty"`
	// OnWalls: he stands on a fortification's walls (the player says so
	// when he moves there).
	OnWalls bool `json:"on_walls,omitempty"`
	// Wall is the shield wall he stands in, 0 none (E2-SW).
	Wall int `json:"wall,omitempty"`
	// This turn: moved, attacks made.
	Moved   bool `json:"moved,omitempty"`
	Attacks int  `json:"attacks,omitempty"`
}

// IsOfficer: he holds an officer rank (a corporal does not).
func (f Fighter) IsOfficer() bool { return f.Rank != NoRank }

// Active: he has his functions (E2-M2: a wounded fighter has none; E2-J4:
// a prisoner is sent into no battle).
func (f Fighter) Active() bool { return f.State == Fit }

// Morale is a unit's standing morale result (E2-R1), "" none.
type Morale string

const (
	MoraleNone      Morale = ""
	MoraleSurrender Morale = "surrender"
	MoraleRetreat   Morale = "retreat"
	MoraleDugIn     Morale = "dug_in"
	MoraleCarryOn   Morale = "carry_on"
)

// Unit is a unit (отряд) and its fighters.
type Unit struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Symbol is the unit's marking on every base (E2-B, E2-C).
	Symbol   string    `json:"symbol"`
	Fighters []Fighter `json:"fighters"`
	Morale   Morale    `json:"morale,omitempty"`
	// Commander is another unit's officer it came under after its morale
	// test (E2-O1), "" none.
	Commander string `json:"commander,omitempty"`
}

// Engine is a siege engine of a side (E2-W) and its crew.
type Engine struct {
	ID   string `json:"id"`
	Kind string `json:"kind"` // catapult | ballista | ram
	// Crew are the fighters working it (E2-W: 4).
	Crew  []string `json:"crew"`
	Moved bool     `json:"moved,omitempty"`
	Shot  bool     `json:"shot,omitempty"`
}

// Side is one army.
type Side struct {
	Name string `json:"name"`
	// Nation is shown at the bottom left of its cards (E2-C).
	Nation  string   `json:"nation"`
	Units   []Unit   `json:"units"`
	Engines []Engine `json:"engines,omitempty"`
	// Task is the battle task and victory conditions it was given (E2-TS1).
	Task string `json:"task,omitempty"`
}

// Price is a fighter's cost: his class's, plus his rank's, cavalry's and
// the standard-bearer's (E2-K). A second officer rank cannot be written:
// Rank holds one.
func Price(t Table, f Fighter) (int, error) {
	c, ok := t.Class(f.Class)
	if !ok {
		return 0, refuse("E2-K", "err.skirmish.no_class", f.ID, f.Class)
	}
	r, ok := rankRules[f.Rank]
	if !ok {
		return 0, refuse("E2-K", "err.skirmish.no_rank", f.ID, string(f.Rank))
	}
	p := c.Cost + r.cost
	if f.Cavalry {
		p += CavalryCost
	}
	if f.Bearer {
		p += t.BearerCost
	}
	return p, nil
}

// Prestige is a rank's prestige points for building a unit (E2-P).
func Prestige(r Rank) int { return rankRules[r].prestige }

// Senior is the index of the unit's highest-ranking officer (the first of
// equals), -1 with none.
func (u Unit) Senior() int {
	best := -1
	for i, f := range u.Fighters {
		if f.IsOfficer() && (best < 0 || rankRules[f.Rank].senior > rankRules[u.Fighters[best].Rank].senior) {
			best = i
		}
	}
	return best
}

// Budget is a side's prestige and spending (E2-P).
type Budget struct {
	Points int // the units' senior officers' points, + AttackerBonus
	Spent  int // every fighter's price but the senior officers'
}

// CheckSide prices a side's warband: every unit has an officer and is
// built on its senior officer's points, a subordinate officer's own
// points not counting (E2-P); the attacker of a campaign has 40 more
// (E2-P). The senior officers are the units', not bought.
func CheckSide(t Table, s Side, campaignAttacker bool) (Budget, error) {
	var b Budget
	if campaignAttacker {
		b.Points = AttackerBonus
	}
	if len(s.Units) == 0 {
		return b, refuse("E2-P", "err.skirmish.side_empty", s.Name)
	}
	for _, u := range s.Units {
		senior := u.Senior()
		if senior < 0 {
			return b, refuse("E2-P", "err.skirmish.unit_no_officer", u.ID)
		}
		b.Points += Prestige(u.Fighters[senior].Rank)
		for i, f := range u.Fighters {
			p, err := Price(t, f)
			if err != nil {
				return b, err
			}
			if i != senior {
				b.Spent += p
			}
		}
	}
	if b.Spent > b.Points {
		return b, refuse("E2-P", "err.skirmish.over_budget", s.Name, b.Spent, b.Points)
	}
	return b, nil
}
