package store

import (
	"slices"

	"github.com/gunbai/gunbai/engine"
)

// People are a battle's players by side (issue 29): who commands each
// side, which units each player's wing holds, and who sits in for whom.
// A battle with no people set is played as before wings: any member of a
// clan's ordering role orders any of its units.
type People struct {
	Sides [2]SidePeople `json:"sides,omitzero"`
	// Subs are the substitutes the GM seated, in the order seated; a later
	// one for the same seat and turn takes the place of an earlier one.
	Subs []Substitute `json:"subs,omitempty"`
}

// SidePeople are one side's players.
type SidePeople struct {
	// Commander is the player (a Discord user ID) who makes the command
	// roll, allots the orders it gives among the wings and may say the
	// side is ready for all; he holds the units no wing holds. Empty:
	// whoever of the clan's ordering role acts first, as before wings.
	Commander string `json:"commander,omitempty"`
	// CommanderName is the commander's name as Discord showed it.
	CommanderName string `json:"commander_name,omitempty"`
	// Wings, at most one per player, sorted by player.
	Wings []Wing `json:"wings,omitempty"`
}

// Wing is the units of a side given to one player of its clan.
type Wing struct {
	Player string   `json:"player"`         // Discord user ID
	Name   string   `json:"name,omitempty"` // as Discord showed him when given
	Units  []string `json:"units"`          // unit IDs, sorted
}

// Substitute is a player seated by the GM in the place of another (For)
// or of a whole side (For empty) from turn From to turn Until (0: until
// further notice). He sees exactly what the seat sees and acts as it.
type Substitute struct {
	Side  engine.Side `json:"side"`
	For   string      `json:"for,omitempty"`
	By    string      `json:"by"`
	Name  string      `json:"name,omitempty"`
	From  int         `json:"from"`
	Until int         `json:"until,omitempty"`
}

// Covers says whether the substitute sits in his seat on a turn.
func (s Substitute) Covers(turn int) bool {
	return turn >= s.From && (s.Until == 0 || turn <= s.Until)
}

// WingOf is the wing a player holds on a side, if any.
func (p SidePeople) WingOf(player string) (Wing, bool) {
	i := slices.IndexFunc(p.Wings, func(w Wing) bool { return w.Player == player })
	if i < 0 {
		return Wing{}, false
	}
	return p.Wings[i], true
}

// Holder is the player whose wing holds a unit: "" when no wing does
// (the unit is the commander's).
func (p SidePeople) Holder(unit string) string {
	for _, w := range p.Wings {
		if slices.Contains(w.Units, unit) {
			return w.Player
		}
	}
	return ""
}

// Players are the side's named players, the commander first, each once.
func (p SidePeople) Players() []string {
	var out []string
	if p.Commander != "" {
		out = append(out, p.Commander)
	}
	for _, w := range p.Wings {
		if !slices.Contains(out, w.Player) {
			out = append(out, w.Player)
		}
	}
	return out
}

// HasWings says whether the side's units are given to players.
func (p SidePeople) HasWings() bool { return len(p.Wings) > 0 }

// SubFor is the substitute who plays a seat on a turn: the player's own
// substitute, else the whole side's; false if none.
func (p People) SubFor(side engine.Side, player string, turn int) (Substitute, bool) {
	var side0 *Substitute
	var own *Substitute
	for i := range p.Subs {
		s := &p.Subs[i]
		if s.Side != side || !s.Covers(turn) {
			continue
		}
		switch {
		case s.For == "":
			side0 = s
		case s.For == player && player != "":
			own = s
		}
	}
	if own != nil {
		return *own, true
	}
	if side0 != nil {
		return *side0, true
	}
	return Substitute{}, false
}

// Seated is every user a battle's people name (commanders, wings'
// players, substitutes), sorted, each once: the header keeps them so that
// a substitute who is not of the clan's role finds his seat.
func (p People) Seated() []string {
	var out []string
	for _, sp := range p.Sides {
		out = append(out, sp.Players()...)
	}
	for _, s := range p.Subs {
		out = append(out, s.By)
	}
	slices.Sort(out)
	return slices.Compact(out)
}
