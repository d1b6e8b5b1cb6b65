package skirmish

// Card is a unit's record card as data (E2-C: 4.5 × 7.5 cm, green ground,
// the nation at the bottom left, the unit's name and marking in the
// centre), with its fighters' state, for the service to draw.
type Card struct {
	Nation   string     `json:"nation"`
	Unit     string     `json:"unit"`
	Name     string     `json:"name"`
	Symbol   string     `json:"symbol"`
	Morale   Morale     `json:"morale,omitempty"`
	Fighters []CardLine `json:"fighters"`
}

// CardLine is one fighter on a card: his marking (E2-B: the unit's symbol,
// his rank's sign if an officer, his class's sign) and his state.
type CardLine struct {
	ID      string   `json:"id"`
	Name    string   `json:"name,omitempty"`
	Marking string   `json:"marking"`
	Class   string   `json:"class"`
	Rank    Rank     `json:"rank,omitempty"`
	State   State    `json:"state"`
	Extras  []string `json:"extras,omitempty"` // cavalry, bearer, corporal, wall
	Awards  []string `json:"awards,omitempty"`
}

// CardWidthMM and CardHeightMM are the card's size (E2-C).
const (
	CardWidthMM  = 45
	CardHeightMM = 75
	CardGround   = "green"
)

// Marking is a fighter's base marking (E2-B): the unit's symbol, then the
// rank's sign for an officer, then the class's sign; the signs are the
// player's (Fighter.Sign), told to all before the battle.
func Marking(u Unit, f Fighter) string {
	m := u.Symbol
	if f.Rank != NoRank {
		m += " " + string(f.Rank)
	}
	if f.Sign != "" {
		m += " " + f.Sign
	} else {
		m += " " + f.Class
	}
	return m
}

// Cards are a side's record cards, one a unit (E2-C).
func (g Game) Cards(side int) []Card {
	var out []Card
	for _, u := range g.Sides[side].Units {
		c := Card{Nation: g.Sides[side].Nation, Unit: u.ID, Name: u.Name, Symbol: u.Symbol, Morale: u.Morale}
		for _, f := range u.Fighters {
			l := CardLine{ID: f.ID, Name: f.Name, Marking: Marking(u, f), Class: f.Class, Rank: f.Rank, State: f.State, Awards: f.Awards}
			for _, x := range []struct {
				on   bool
				name string
			}{{f.Cavalry, "cavalry"}, {f.Bearer, "bearer"}, {f.Corporal, "corporal"}, {f.Wall != 0, "wall"}} {
				if x.on {
					l.Extras = append(l.Extras, x.name)
				}
			}
			c.Fighters = append(c.Fighters, l)
		}
		out = append(out, c)
	}
	return out
}
