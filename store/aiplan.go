package store

import "github.com/gunbai/gunbai/engine"

// AIPlan is what the AI general intended for a side in one turn (issue 30
// item 4), as data: the stake of its command roll and its main intentions,
// worded only when the GM asks after the battle (render.AIIntents).
type AIPlan struct {
	// By is how the general came to play: AIBySeat (the side is its) or
	// AbsentAutopilot (an absent seat's orders at the deadline).
	By    string       `json:"by"`
	Stake engine.Stake `json:"stake"`
	// Intents are its main intentions, the most valuable first; a plan
	// made again in the plan-change round replaces them (Round 1).
	Intents []AIIntent `json:"intents,omitempty"`
	Round   int        `json:"round,omitempty"`
}

// AIBySeat marks a plan of a side the general plays (BattleRecord.AI).
const AIBySeat = "seat"

// AIIntent is one intention of the general (ai.Intent, kept by the store
// without depending on package ai): an order, the enemy unit it aims at
// ("" for none), what the search expected it to add and its odds.
type AIIntent struct {
	Order  engine.Order `json:"order"`
	Target string       `json:"target,omitempty"`
	Gain   float64      `json:"gain"`
	Odds   float64      `json:"odds"`
}
