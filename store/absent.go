package store

import "github.com/gunbai/gunbai/engine"

// The settings of battle.absent: what the units of a seat that gave no
// orders by the deadline do (issue 29 item 3).
const (
	AbsentHold      = "hold"      // nothing: no orders, as before (the default)
	AbsentStanding  = "standing"  // the standing orders its player set
	AbsentAutopilot = "autopilot" // the engine's scripted policy, from the side's view
)

// Standing order kinds a player may set for a unit of his in advance.
const (
	StandingHold    = "hold"    // hold its ground
	StandingShoot   = "shoot"   // shoot the nearest enemy it can
	StandingCounter = "counter" // counter-attack an enemy that comes next to it
	StandingFall    = "fall"    // fall back when outnumbered nearby
)

// StandingKinds are the standing order kinds, in the order offered.
var StandingKinds = []string{StandingHold, StandingShoot, StandingCounter, StandingFall}

// StandingOrder is what a unit does when its player is absent at the
// deadline under battle.absent = standing.
type StandingOrder struct {
	Unit string `json:"unit"`
	Kind string `json:"kind"`         // a StandingKinds
	By   string `json:"by,omitempty"` // the player who set it (a Discord user ID)
}

// AbsentSeat is one seat that gave no orders by a turn's deadline, and
// what was given for it.
type AbsentSeat struct {
	// Player is the absent wing's player; "" for a side without wings.
	Player string `json:"player,omitempty"`
	Name   string `json:"name,omitempty"` // the wing's player as Discord showed him
	By     string `json:"by"`             // AbsentStanding or AbsentAutopilot
	// Orders are the orders given for the seat.
	Orders []engine.Order `json:"orders,omitempty"`
	// Rolled: the side's command roll was made for it, with the default
	// stake (game.AbsentStake).
	Rolled bool `json:"rolled,omitempty"`
}
