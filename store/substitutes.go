package store

import (
	"encoding/json"
	"slices"
)

// The substitutes the GM seats and who played each turn, in the battle's
// journal (issue 29, items 2 and 6): a seating and its end are entries
// of their own, and at each turn's resolution an entry per side says who
// played it, so that per-player statistics are read from stored records.
const (
	JournalSubstitute    = "substitute"     // the GM seated a substitute (Side; By: the GM; Detail: the Substitute as JSON)
	JournalSubstituteEnd = "substitute_end" // the GM ended a seating (Side; By: the GM; Detail: the Substitute as it ended, as JSON)
	JournalPlayed        = "played"         // who played a side's turn (Turn, Side; Detail: Played as JSON)
)

// Played is who played one side's turn: the users who gave, replaced or
// cancelled its orders or said it was ready, and the substitutes seated
// on the side that turn.
type Played struct {
	Users []string     `json:"users,omitempty"` // sorted, each once
	Subs  []Substitute `json:"subs,omitempty"`
}

// Detail is p as an entry's Detail: its JSON, the users sorted.
func (p Played) Detail() string {
	p.Users = slices.Clone(p.Users)
	slices.Sort(p.Users)
	p.Users = slices.Compact(p.Users)
	raw, _ := json.Marshal(p) // plain data: cannot fail
	return string(raw)
}

// ParsePlayed reads a JournalPlayed entry's Detail.
func ParsePlayed(detail string) (Played, error) {
	var p Played
	err := json.Unmarshal([]byte(detail), &p)
	return p, err
}

// Detail is s as an entry's Detail: its JSON.
func (s Substitute) Detail() string {
	raw, _ := json.Marshal(s) // plain data: cannot fail
	return string(raw)
}

// ParseSubstitute reads a JournalSubstitute or JournalSubstituteEnd
// entry's Detail.
func ParseSubstitute(detail string) (Substitute, error) {
	var s Substitute
	err := json.Unmarshal([]byte(detail), &s)
	return s, err
}
