package skirmish

import (
	"encoding/json"
	"fmt"
)

// Dice answers every roll by key, one d20 per call (E2-Q2: ranges 1-20).
type Dice interface {
	Roll(key string) int
}

// Roll is one die: its key, its value, the modifier, the result and the
// result it needed (Success: Result >= Target; an attack needs one more
// than the defence, E2-D1).
type Roll struct {
	Key     string `json:"key"`
	Die     int    `json:"die"`
	Mod     int    `json:"mod,omitempty"`
	Result  int    `json:"result"`
	Target  int    `json:"target"`
	Success bool   `json:"success"`
}

// Phase is where the active player's turn is (E2-TS2).
type Phase string

const (
	PhaseOpen   Phase = "open"   // tests and shield walls (E2-SW, E2-M3)
	PhaseMove   Phase = "move"   // moves
	PhaseAttack Phase = "attack" // attacks; no more moves
	PhaseOver   Phase = "over"   // the game has ended (E2-F)
)

// Game is the whole skirmish as one value: what the service stores.
type Game struct {
	Table Table   `json:"table"`
	Sides [2]Side `json:"sides"`
	// Defender is the side that deployed first and moves first (E2-TS1).
	Defender int  `json:"defender"`
	Campaign bool `json:"campaign,omitempty"`
	// Turn counts players' turns from 1; Active plays it.
	Turn   int   `json:"turn"`
	Active int   `json:"active"`
	Phase  Phase `json:"phase"`
	// Gates are the defender's, when the battle is an assault (E2-W).
	Gates *Gates `json:"gates,omitempty"`
	// NextWall numbers the shield walls.
	NextWall int `json:"next_wall,omitempty"`
	// Winner is the side that won, -1 while it lasts (E2-F).
	Winner int `json:"winner"`
	// Record is every applied action with its events, in order: only ever
	// appended to (E2-TS3).
	Record []Entry `json:"record"`
}

// Gates are a fortress's gates (E2-W: 2 hits destroy them).
type Gates struct {
	Hits   int  `json:"hits"`
	Broken bool `json:"broken"`
}

// Entry is one applied action and what it did.
type Entry struct {
	Turn   int     `json:"turn"`
	Side   int     `json:"side"`
	Action Action  `json:"action"`
	Events []Event `json:"events"`
}

// Setup is what a game starts from (E2-TS1): two warbands, which side
// defends, whether it is a campaign's battle (the attacker's +40, E2-P),
// an assault (the gates, E2-W).
type Setup struct {
	Table    Table
	Sides    [2]Side
	Defender int
	Campaign bool
	Assault  bool
}

// NewGame checks the table and both warbands and opens the defender's first
// turn (E2-TS1 step 6).
func NewGame(s Setup) (Game, error) {
	t, err := s.Table.Check()
	if err != nil {
		return Game{}, err
	}
	if s.Defender != 0 && s.Defender != 1 {
		return Game{}, fmt.Errorf("defender %d: want 0 or 1", s.Defender)
	}
	g := Game{Table: t, Defender: s.Defender, Campaign: s.Campaign, Turn: 1, Active: s.Defender, Phase: PhaseOpen, Winner: -1}
	ids := map[string]bool{}
	for i, side := range s.Sides {
		if _, err := CheckSide(t, side, s.Campaign && i != s.Defender); err != nil {
			return Game{}, err
		}
		g.Sides[i] = cloneSide(side)
		for u := range g.Sides[i].Units {
			for k := range g.Sides[i].Units[u].Fighters {
				f := &g.Sides[i].Units[u].Fighters[k]
				if f.ID == "" || ids[f.ID] {
					return Game{}, fmt.Errorf("fighter id %q empty or twice", f.ID)
				}
				ids[f.ID] = true
				f.State = Fit
			}
		}
	}
	for i := range g.Sides {
		for _, e := range g.Sides[i].Engines {
			if err := checkEngine(g, i, e); err != nil {
				return Game{}, err
			}
		}
	}
	if s.Assault {
		g.Gates = &Gates{}
	}
	return g, nil
}

// Clone is a deep copy: Apply never changes the game it is given.
func (g Game) Clone() Game {
	out := g
	for i := range g.Sides {
		out.Sides[i] = cloneSide(g.Sides[i])
	}
	out.Table.Classes = append([]Class(nil), g.Table.Classes...)
	if g.Gates != nil {
		gt := *g.Gates
		out.Gates = &gt
	}
	out.Record = append([]Entry(nil), g.Record...)
	return out
}

func cloneSide(s Side) Side {
	out := s
	out.Units = make([]Unit, len(s.Units))
	for i, u := range s.Units {
		u.Fighters = append([]Fighter(nil), u.Fighters...)
		for k := range u.Fighters {
			u.Fighters[k].Awards = append([]string(nil), u.Fighters[k].Awards...)
		}
		out.Units[i] = u
	}
	out.Engines = nil
	for _, e := range s.Engines {
		e.Crew = append([]string(nil), e.Crew...)
		out.Engines = append(out.Engines, e)
	}
	return out
}

// Marshal and Unmarshal are the game's stored form.
func (g Game) Marshal() ([]byte, error) { return json.Marshal(g) }

// Unmarshal reads a stored game.
func Unmarshal(data []byte) (Game, error) {
	var g Game
	err := json.Unmarshal(data, &g)
	return g, err
}

// where is a fighter's place: side, unit, index.
type where struct{ side, unit, i int }

// find is the fighter by ID.
func (g *Game) find(id string) (*Fighter, where, bool) {
	for s := range g.Sides {
		for u := range g.Sides[s].Units {
			for i := range g.Sides[s].Units[u].Fighters {
				if f := &g.Sides[s].Units[u].Fighters[i]; f.ID == id {
					return f, where{s, u, i}, true
				}
			}
		}
	}
	return nil, where{}, false
}

// unit is the unit by ID on a side.
func (g *Game) unit(side int, id string) (*Unit, bool) {
	for u := range g.Sides[side].Units {
		if g.Sides[side].Units[u].ID == id {
			return &g.Sides[side].Units[u], true
		}
	}
	return nil, false
}

// fighters calls fn for every fighter of a side.
func (g *Game) fighters(side int, fn func(*Fighter, *Unit)) {
	for u := range g.Sides[side].Units {
		un := &g.Sides[side].Units[u]
		for i := range un.Fighters {
			fn(&un.Fighters[i], un)
		}
	}
}
