package store

import (
	"time"

	"github.com/gunbai/gunbai/engine"
)

// A player's request the GM answers with a button (issue 29, item 5): more
// time for the open phase, or a pause of the battle's clock. The record
// keeps every request asked (BattleRecord.Requests), answered or not, so
// that the GM's limit counts them and his buttons find them.

// Request kinds: what a player asks for.
const (
	RequestExtend = "extend" // more time for the open phase (By)
	RequestPause  = "pause"  // the clock stopped until the GM resumes it
)

// Request states.
const (
	RequestPending  = "pending"
	RequestApproved = "approved"
	RequestRefused  = "refused"
)

// JournalRequest is a journal entry of a request answered (Detail: its
// number, kind and duration, what became of it and who asked; By: the GM
// who answered). The reason is not journaled: the journal is the
// battle's, the reason the asking clan's and the GM's.
const JournalRequest = "request"

// Request is one request of a player of a side.
type Request struct {
	// ID numbers the battle's requests from 1, in the order asked.
	ID   int         `json:"id"`
	Side engine.Side `json:"side"`
	User string      `json:"user"` // who asked
	Kind string      `json:"kind"` // RequestExtend, RequestPause
	// By is how much more time an extension asks for.
	By     time.Duration `json:"by,omitempty"`
	Reason string        `json:"reason,omitempty"`
	// Turn and Phase are the phase it was asked in (the battle's Turn, and
	// its Status, "/scouting" added in the deployment turn's scouting): a
	// request not answered while its phase was open lapses.
	Turn  int       `json:"turn"`
	Phase string    `json:"phase"`
	Asked time.Time `json:"asked"`
	// State is RequestPending until the GM answers: who did (AnsweredBy)
	// and when.
	State      string    `json:"state"`
	AnsweredBy string    `json:"answered_by,omitempty"`
	Answered   time.Time `json:"answered,omitzero"`
}
