package engine

// EventKind names what happened. Events are data: the log renderer turns
// them into Russian or English, and each one carries the rule behind it.
type EventKind string

// Event kinds.
const (
	EvPhase          EventKind = "phase"           // an execution phase begins (Phase)
	EvStep           EventKind = "step"            // a ladder step with actions begins (Step)
	EvRoll           EventKind = "roll"            // dice were rolled (Key, Dice; Value = successes, or the die of a single roll; Need = the number a die needed, when there is one)
	EvShot           EventKind = "shot"            // Unit shoots at Other: Raw damage before armor, Value = its ammo left; Detail = DetailFreeFire, DetailRepellingFire or DetailVolley ("" by order)
	EvMoved          EventKind = "moved"           // Unit From -> To
	EvWheeled        EventKind = "wheeled"         // Unit turned to Facing
	EvRetreated      EventKind = "retreated"       // Unit From -> To by order or after combat
	EvSidestepped    EventKind = "sidestepped"     // Unit From -> To
	EvRallied        EventKind = "rallied"         // Unit stops routing / turns, Facing
	EvWaited         EventKind = "waited"          // Unit waits this phase
	EvArmyOrder      EventKind = "army_order"      // Side gives an army-wide order (Detail = the order)
	EvArmyCancelled  EventKind = "army_cancelled"  // the army-wide order no longer applies to Unit (R-VI.4.5)
	EvPanic          EventKind = "panic"           // Unit (ashigaru) routs by Peasants: Other broken next to it, or Detail "passed"
	EvShields        EventKind = "shields"         // Unit carries its shields From -> To, or sets them on the sides in Detail
	EvWithdrawn      EventKind = "withdrawn"       // Unit goes to the reserve for the rest of the battle (R-II.10.3)
	EvHQLost         EventKind = "hq_lost"         // Side's HQ is overrun at At (R-III.1.6)
	EvLeaderMoved    EventKind = "leader_moved"    // leader Unit moves to Detail (a unit, hq or reserve)
	EvLeaderWounded  EventKind = "leader_wounded"  // leader Unit is wounded; Value = wounds
	EvLeaderKilled   EventKind = "leader_killed"   // leader Unit is killed
	EvLeaderCaptured EventKind = "leader_captured" // leader Unit is captured
	EvDuel           EventKind = "duel"            // leaders Unit and Other fight a duel (R-VIII.6)
	EvShinobi        EventKind = "shinobi"         // Side's shinobi carries out mission Detail against Other
	EvSabotaged      EventKind = "sabotaged"       // Unit's orders are sabotaged: none this turn (R-V.6.4)
	EvBanner         EventKind = "banner"          // a banner (Detail) is raised in Unit (R-V.7)
	EvHold           EventKind = "hold"            // Unit holds at all costs: +2 St while it stays (R-VI.3.2)
	EvAttack         EventKind = "attack"          // Unit attacks Other from From (Detail = front|flank|rear|routing)
	EvMeeting        EventKind = "meeting"         // Unit and Other meet (Detail = head_on|same_cell), At = contested cell
	EvDamage         EventKind = "damage"          // Unit inflicts on Other: Raw, Value = final after armor (Armor)
	EvLosses         EventKind = "losses"          // Unit loses Value figures, Figures left
	EvCombatResult   EventKind = "combat_result"   // Value = X; Detail = repelled|pushed_back|routed|no_superiority|won|annihilated; Terms = what X (or the meeting) was made of
	EvPushedBack     EventKind = "pushed_back"     // Unit pushed back (stays or retreats From -> To); Detail "shooting": Terms.Losses to shooting > Terms.St (R-IX.2.1)
	EvRouted         EventKind = "routed"          // Unit routs
	EvFled           EventKind = "fled"            // Unit flees From -> To (a rout step)
	EvScattered      EventKind = "scattered"       // Unit goes to the reserve after a rout
	EvDestroyed      EventKind = "destroyed"       // Unit has no figures left
	EvOccupied       EventKind = "occupied"        // Unit occupies To
	EvCancelled      EventKind = "cancelled"       // Unit's order cancelled (Detail = reason code)
	EvOrderLost      EventKind = "order_lost"      // Unit's remaining orders lost (Detail = reason code)
	EvOrderMoved     EventKind = "order_moved"     // Unit's 1st order moves to phase 2 (R-VII.3.4)
	EvTurnedToFace   EventKind = "turned_to_face"
	EvFatigued       EventKind = "fatigued" // Unit will be fatigued next turn
	EvOutcome        EventKind = "outcome"  // Detail = outcome
	// The end of the battle at the end of a turn (R-I.4, D-05).
	EvRetreatSignal   EventKind = "retreat_signal"   // Side gives the signal to retreat: it loses at the end of turn Value unless there is melee or shooting first (R-I.4.4); Detail "running": given again while it runs, no effect
	EvSignalCancelled EventKind = "signal_cancelled" // Side's signal to retreat is cancelled by melee or shooting (D-05)
	EvZone            EventKind = "zone"             // zone count (R-I.4.6-9): Detail = zone A-D, Value = 2 control, 1 claim, 0 nobody; Side = who controls or claims it
	EvStopOffered     EventKind = "stop_offered"     // Side may stop the battle with its next orders: ordinary defeat of the other (R-I.4.2)
	EvStopRefused     EventKind = "stop_refused"     // Side's decision to stop the battle has no effect: no offer stood (R-I.4.2)
)

// Event is one thing that happened in a turn. Which fields are set depends
// on Kind; unset ones are zero and left out of JSON.
type Event struct {
	Kind   EventKind `json:"kind"`
	Rule   string    `json:"rule,omitempty"`
	Turn   int       `json:"turn,omitempty"`
	Phase  int       `json:"phase,omitempty"`
	Step   string    `json:"step,omitempty"`
	Unit   string    `json:"unit,omitempty"`
	Other  string    `json:"other,omitempty"`
	Side   Side      `json:"side,omitzero"` // for the kinds that name a side; North is zero and left out of JSON
	From   Cell      `json:"from,omitzero"`
	To     Cell      `json:"to,omitzero"`
	At     Cell      `json:"at,omitzero"`
	Facing Dir       `json:"facing,omitzero"` // for the kinds that name a facing; N is zero and left out of JSON
	Key    string    `json:"key,omitempty"`
	Dice   []int     `json:"dice,omitempty"`
	Raw    int       `json:"raw,omitempty"`
	Armor  int       `json:"armor,omitempty"`
	Value  int       `json:"value"`
	// Figures is the unit's figures after the event (losses, damage).
	Figures int    `json:"figures,omitempty"`
	Detail  string `json:"detail,omitempty"`
	// Need is what one die of a roll needed to succeed ("4+"), for rolls
	// that count successes against a number.
	Need int `json:"need,omitzero"`
	// Terms are the numbers a result was decided by: a combat result, a
	// retreat from shooting or an advance stopped by it.
	Terms *CombatTerms `json:"terms,omitzero"`
}

// Details of a shot (EvShot) that was not fired by order.
const (
	DetailFreeFire      = "free_fire"      // by initiative, at the best target (R-VI.5.4)
	DetailRepellingFire = "repelling_fire" // at an attacker, before the melee (R-VI.6.1)
	DetailVolley        = "volley"         // a Massed volley, by order (R-VI.3.1)
)

// CombatTerms are the numbers behind a result, so that the log can show
// the sum a player would make by hand.
//
// An attack on Unit (R-VIII.4.1, R-VIII.4.2) has X (the event's Value) =
// Losses + Imp + Ranks + Rear - St - Inflicted - Serried; the defender
// routs when X > St + Serried (R-VIII.4.5).
//
// A meeting engagement (R-VIII.4.7, R-VIII.4.8) compares Meeting[k][0]
// (Unit's) with Meeting[k][1] (Other's) for k = ranks at the end,
// effective Imp, losses inflicted; the loser (Other, unless there was no
// superiority) routs when its Losses are more than its St.
//
// Shooting (R-IX.2.1, R-IX.3.1): Losses to shooting this phase, against
// St (a retreat) or Imp (a stopped advance).
type CombatTerms struct {
	Losses    int       `json:"losses,omitzero"`    // figures the unit lost this phase (shooting included, R-IX.5.1)
	Imp       int       `json:"imp,omitzero"`       // the attackers' effective Impetus, added up (D-17)
	Ranks     int       `json:"ranks,omitzero"`     // +1 per attacker with more than 1 rank at the end
	Rear      int       `json:"rear,omitzero"`      // +1: attacked in the rear
	St        int       `json:"st,omitzero"`        // the unit's effective Steadiness (D-17), Serried ranks apart
	Inflicted int       `json:"inflicted,omitzero"` // figures the attackers lost this phase
	Serried   int       `json:"serried,omitzero"`   // Serried ranks: the unit's ranks beyond the first (R-II.4.2, D-15)
	Meeting   [3][2]int `json:"meeting,omitzero"`   // a meeting engagement's criteria, Unit's and Other's
}

// EventKinds lists every event kind, for renderers and their tests.
func EventKinds() []EventKind {
	return []EventKind{
		EvPhase, EvStep, EvRoll, EvShot, EvMoved, EvWheeled, EvRetreated, EvSidestepped, EvRallied, EvWaited, EvArmyOrder, EvArmyCancelled, EvPanic, EvShields, EvWithdrawn, EvHQLost, EvLeaderMoved, EvLeaderWounded, EvLeaderKilled, EvLeaderCaptured, EvDuel, EvShinobi, EvSabotaged, EvBanner, EvHold, EvAttack, EvMeeting, EvDamage, EvLosses, EvCombatResult, EvPushedBack, EvRouted, EvFled, EvScattered, EvDestroyed, EvOccupied, EvCancelled, EvOrderLost, EvOrderMoved, EvTurnedToFace, EvFatigued, EvOutcome,
		EvRetreatSignal, EvSignalCancelled, EvZone, EvStopOffered, EvStopRefused,
	}
}
