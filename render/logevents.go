package render

import "github.com/gunbai/gunbai/engine"

// eventText writes the sentence of one kind of event; u and o are the names
// of the event's Unit and Other, as the reader may see them.
type eventText func(lang Lang, e engine.Event, u, o string) string

// eventTexts has the sentence of every event kind the log knows. The
// longer ones are the named functions below; a kind missing here is
// written as "ev.unknown" with the event's fields.
var eventTexts = map[engine.EventKind]eventText{
	engine.EvPhase: phaseText,
	engine.EvStep:  stepText,
	engine.EvRoll:  func(lang Lang, e engine.Event, _, _ string) string { return rollText(lang, e) },

	// Moves and turns.
	engine.EvMoved: func(lang Lang, e engine.Event, u, _ string) string {
		return moveText(lang, "ev.moved", e, u)
	},
	engine.EvWheeled: func(lang Lang, e engine.Event, u, _ string) string {
		return T(lang, "ev.wheeled", u, FacingName(lang, e.Facing))
	},
	engine.EvRetreated: func(lang Lang, e engine.Event, u, _ string) string {
		return moveText(lang, "ev.retreated", e, u)
	},
	engine.EvSidestepped: func(lang Lang, e engine.Event, u, _ string) string {
		return moveText(lang, "ev.sidestepped", e, u)
	},
	engine.EvRallied: ralliedText,
	engine.EvWaited: func(lang Lang, _ engine.Event, u, _ string) string {
		return T(lang, "ev.waited", u)
	},
	engine.EvTurnedToFace: func(lang Lang, e engine.Event, u, o string) string {
		if e.Other == "" {
			return T(lang, "ev.turned_to_face.plain", u, FacingName(lang, e.Facing))
		}
		return T(lang, "ev.turned_to_face", u, o, FacingName(lang, e.Facing))
	},
	engine.EvFatigued: func(lang Lang, _ engine.Event, u, _ string) string {
		return T(lang, "ev.fatigued", u)
	},
	engine.EvShields:   shieldsText,
	engine.EvWithdrawn: func(lang Lang, _ engine.Event, u, _ string) string { return T(lang, "ev.withdrawn", u) },

	// Combat and shooting.
	engine.EvAttack:       attackText,
	engine.EvMeeting:      meetingText,
	engine.EvDamage:       damageText,
	engine.EvCombatResult: combatResultText,
	engine.EvLosses: func(lang Lang, e engine.Event, u, _ string) string {
		return T(lang, "ev.losses", u, e.Value, e.Figures)
	},
	engine.EvPushedBack: pushedBackText,
	engine.EvOccupied:   occupiedText,
	engine.EvShot: func(lang Lang, e engine.Event, u, o string) string {
		return T(lang, "ev.shot", u, o, cellName(e.To), e.Raw, e.Value)
	},
	engine.EvPanic: func(lang Lang, e engine.Event, u, o string) string {
		if e.Other == "" {
			return T(lang, "ev.panic.passed", u)
		}
		return T(lang, "ev.panic", u, o)
	},

	// Rout and the end of a unit.
	engine.EvRouted: func(lang Lang, _ engine.Event, u, _ string) string { return T(lang, "ev.routed", u) },
	engine.EvFled: func(lang Lang, e engine.Event, u, _ string) string {
		return moveText(lang, "ev.fled", e, u)
	},
	engine.EvScattered: func(lang Lang, _ engine.Event, u, _ string) string { return T(lang, "ev.scattered", u) },
	engine.EvDestroyed: func(lang Lang, _ engine.Event, u, _ string) string { return T(lang, "ev.destroyed", u) },

	// Orders.
	engine.EvCancelled: func(lang Lang, e engine.Event, u, _ string) string {
		if e.Detail == "" {
			return T(lang, "ev.cancelled.plain", u)
		}
		return T(lang, "ev.cancelled", u, detail(lang, "reason", e.Detail))
	},
	engine.EvOrderLost: func(lang Lang, e engine.Event, u, _ string) string {
		if e.Detail == "" {
			return T(lang, "ev.order_lost.plain", u)
		}
		return T(lang, "ev.order_lost", u, detail(lang, "reason", e.Detail))
	},
	engine.EvOrderMoved: func(lang Lang, _ engine.Event, u, _ string) string { return T(lang, "ev.order_moved", u) },
	engine.EvHold:       func(lang Lang, _ engine.Event, u, _ string) string { return T(lang, "ev.hold", u) },
	engine.EvArmyOrder: func(lang Lang, e engine.Event, _, _ string) string {
		return T(lang, "ev.army_order", SideName(lang, e.Side), orderNameByKey(lang, e.Detail))
	},
	engine.EvArmyCancelled: func(lang Lang, e engine.Event, u, _ string) string {
		return T(lang, "ev.army_cancelled", u, orderNameByKey(lang, e.Detail))
	},

	// Leaders, the HQ, shinobi and banners.
	engine.EvHQLost: func(lang Lang, e engine.Event, _, _ string) string {
		return T(lang, "ev.hq_lost", SideName(lang, e.Side), cellName(e.At))
	},
	engine.EvLeaderMoved: func(lang Lang, e engine.Event, u, _ string) string {
		if e.Detail == "" {
			return T(lang, "ev.leader_moved.out_of_sight", u) // into a unit the reader does not see
		}
		return T(lang, "ev.leader_moved", u, placeName(lang, e.Detail))
	},
	engine.EvLeaderWounded: func(lang Lang, e engine.Event, u, _ string) string {
		if e.Rule == "R-VIII.6.5" {
			return T(lang, "ev.leader_spared", u, e.Value)
		}
		return T(lang, "ev.leader_wounded", u, e.Value)
	},
	engine.EvLeaderKilled:   func(lang Lang, _ engine.Event, u, _ string) string { return T(lang, "ev.leader_killed", u) },
	engine.EvLeaderCaptured: func(lang Lang, _ engine.Event, u, _ string) string { return T(lang, "ev.leader_captured", u) },
	engine.EvDuel:           func(lang Lang, _ engine.Event, u, o string) string { return T(lang, "ev.duel", u, o) },
	engine.EvShinobi: func(lang Lang, e engine.Event, _, o string) string {
		return T(lang, "ev.shinobi", SideName(lang, e.Side), detail(lang, "mission", e.Detail), o)
	},
	engine.EvSabotaged: func(lang Lang, _ engine.Event, u, _ string) string { return T(lang, "ev.sabotaged", u) },
	engine.EvBanner: func(lang Lang, e engine.Event, u, _ string) string {
		return T(lang, "ev.banner", u, orQ(e.Detail))
	},

	// The end of the battle (R-I.4, D-05).
	engine.EvOutcome: func(lang Lang, e engine.Event, _, _ string) string {
		return T(lang, "ev.outcome", outcomeText(lang, e.Detail))
	},
	engine.EvRetreatSignal: func(lang Lang, e engine.Event, _, _ string) string {
		if e.Detail == "running" {
			return T(lang, "ev.retreat_signal.running", SideName(lang, e.Side), e.Value)
		}
		return T(lang, "ev.retreat_signal", SideName(lang, e.Side), e.Value)
	},
	engine.EvSignalCancelled: func(lang Lang, e engine.Event, _, _ string) string {
		return T(lang, "ev.signal_cancelled", SideName(lang, e.Side))
	},
	engine.EvZone: zoneText,
	engine.EvStopOffered: func(lang Lang, e engine.Event, _, _ string) string {
		return T(lang, "ev.stop_offered", SideName(lang, e.Side))
	},
	engine.EvStopRefused: func(lang Lang, e engine.Event, _, _ string) string {
		return T(lang, "ev.stop_refused", SideName(lang, e.Side))
	},
}

// phaseText heads an execution phase, with its turn when the event has one.
func phaseText(lang Lang, e engine.Event, _, _ string) string {
	if e.Turn > 0 {
		return T(lang, "log.turn_phase", e.Turn, e.Phase)
	}
	return T(lang, "log.phase", e.Phase)
}

// stepText heads a ladder step: its code, its name and, when the step runs
// once per order class, the class.
func stepText(lang Lang, e engine.Event, _, _ string) string {
	step := orQ(e.Step)
	switch {
	case has("step."+step) && (e.Detail == "special" || e.Detail == "ordinary"):
		return T(lang, "log.step_class", step, T(lang, "step."+step), T(lang, "step."+e.Detail))
	case has("step." + step):
		return T(lang, "log.step", step, T(lang, "step."+step))
	}
	return T(lang, "log.step_plain", step)
}

// ralliedText: a rally, which may stop a rout (with the penalty the first
// time).
func ralliedText(lang Lang, e engine.Event, u, _ string) string {
	switch e.Detail {
	case "stopped":
		return T(lang, "ev.rallied.stopped", u, FacingName(lang, e.Facing))
	case "stopped_penalty":
		return T(lang, "ev.rallied.penalty", u, FacingName(lang, e.Facing))
	}
	return T(lang, "ev.rallied", u, FacingName(lang, e.Facing))
}

// shieldsText: shields carried along, or set anew on the sides in Detail.
func shieldsText(lang Lang, e engine.Event, u, _ string) string {
	if e.Detail != "" || e.To == engine.NoCell {
		return T(lang, "ev.shields.set", u, cellName(e.At), e.Detail)
	}
	return T(lang, "ev.shields.carried", u, cellName(e.From), cellName(e.To))
}

// attackText: an attack, from the front, a flank, the rear or on a routing
// unit.
func attackText(lang Lang, e engine.Event, u, o string) string {
	if e.Detail == "" {
		return T(lang, "ev.attack.plain", u, o, cellName(e.From))
	}
	return T(lang, "ev.attack", u, o, cellName(e.From), detail(lang, "attack", e.Detail))
}

// meetingText: a meeting engagement, in the contested cell.
func meetingText(lang Lang, e engine.Event, u, o string) string {
	at := e.At
	if at == engine.NoCell {
		at = e.To
	}
	if e.Detail == "" {
		return T(lang, "ev.meeting.plain", u, o, cellName(at))
	}
	return T(lang, "ev.meeting", u, o, cellName(at), detail(lang, "meeting", e.Detail))
}

// damageText: damage dealt, with the raw damage and armor when known.
func damageText(lang Lang, e engine.Event, u, o string) string {
	if e.Raw == 0 && e.Armor == 0 {
		return T(lang, "ev.damage.plain", u, o, e.Value)
	}
	return T(lang, "ev.damage", u, o, e.Value, e.Raw, e.Armor)
}

// combatResultText: the result of a combat, with the number it was decided
// by.
func combatResultText(lang Lang, e engine.Event, u, o string) string {
	res := detail(lang, "combat_result", e.Detail)
	switch e.Detail {
	case "repelled", "pushed_back", "routed":
		// An attack's result is the X of R-VIII.4.2, shown even when 0.
		return T(lang, "ev.combat_result.x", u, res, e.Value)
	case "won_routed", "won_retreated":
		// A meeting engagement: Value is what the loser lost this phase,
		// compared with its St (R-VIII.4.8).
		return T(lang, "ev.combat_result.vs_loss", u, o, res, e.Value)
	}
	if e.Other != "" {
		return T(lang, "ev.combat_result.vs", u, o, res)
	}
	return T(lang, "ev.combat_result", u, res)
}

// pushedBackText: a unit pushed back, which stays or retreats a cell.
func pushedBackText(lang Lang, e engine.Event, u, _ string) string {
	if e.To == engine.NoCell || e.To == e.From {
		at := e.At
		if at == engine.NoCell {
			at = e.From
		}
		return T(lang, "ev.pushed_back.at", u, cellName(at))
	}
	return T(lang, "ev.pushed_back", u, cellName(e.From), cellName(e.To))
}

// occupiedText: a winner occupies the loser's cell.
func occupiedText(lang Lang, e engine.Event, u, _ string) string {
	to := e.To
	if to == engine.NoCell {
		to = e.At
	}
	if e.Detail == engine.DetailOutOfSight {
		return T(lang, "ev.occupied.out_of_sight", u, cellName(e.From))
	}
	return T(lang, "ev.occupied", u, cellName(to))
}

// zoneText: who controls or claims a zone at the count (R-I.4.6).
func zoneText(lang Lang, e engine.Event, _, _ string) string {
	switch e.Value {
	case engine.HoldControl:
		return T(lang, "ev.zone.control", orQ(e.Detail), SideName(lang, e.Side))
	case engine.HoldClaim:
		return T(lang, "ev.zone.claim", orQ(e.Detail), SideName(lang, e.Side))
	}
	return T(lang, "ev.zone.none", orQ(e.Detail))
}
