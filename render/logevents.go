package render

import (
	"strconv"
	"strings"

	"github.com/gunbai/gunbai/engine"
)

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
		// Always by initiative (R-VI.5.2).
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
		if e.Figures == 0 {
			return T(lang, "ev.losses.last", u, e.Value)
		}
		return T(lang, "ev.losses", u, e.Value, e.Figures)
	},
	engine.EvPushedBack: pushedBackText,
	engine.EvOccupied:   occupiedText,
	engine.EvShot:       shotText,
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
		if t := e.Terms; t != nil && (e.Detail == "shot_stopped" || e.Detail == "shot_leaves_zone") {
			return T(lang, "ev.order_lost."+e.Detail, u, t.Losses, t.Imp)
		}
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

// StepCaption is the caption of a replay's frame of ladder step step
// ("P0"..."P10", as EvStep gives it) of execution phase phase (0: none
// named): «Фаза 1. Шаг 3 — первое движение конницы». The steps outside
// the ladder are "start" (the start of the turn: leaders, shinobi, the
// HQs), "end" (its end: fatigue, the end of the battle), "before" (the
// state before the turn) and "after" (the whole turn).
func StepCaption(l Lang, step string, phase int) string {
	switch step {
	case "before", "after", "start", "end":
		return T(l, "replay."+step)
	}
	name := stepText(l, engine.Event{Kind: engine.EvStep, Step: step}, "", "")
	if phase > 0 {
		return T(l, "replay.phase_step", phase, name)
	}
	return name
}

// stepText heads a ladder step in words: "Шаг 3 — первое движение
// конницы (обычные приказы)" (the 3rd item of R-VII.2, P3), with the order
// class when the step runs once per class. P0, the engine's start of a
// phase (D-36), has no number.
func stepText(lang Lang, e engine.Event, _, _ string) string {
	step := orQ(e.Step)
	if !has("step." + step) {
		return T(lang, "log.step_plain", step)
	}
	name := T(lang, "step."+step)
	n, numbered := stepNumber(step)
	numbered = numbered && n > 0
	switch {
	case numbered && (e.Detail == "special" || e.Detail == "ordinary"):
		return T(lang, "log.step_class", n, name, T(lang, "step."+e.Detail))
	case numbered:
		return T(lang, "log.step", n, name)
	}
	return capitalize(name)
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

// damageText: damage dealt, as the sum a player checks: the damage before
// armor, less the armor, never below 1 (R-VIII.2.5); crossfire's shields
// and Ruthless lead (D-13) may take off more or less than the table armor.
func damageText(lang Lang, e engine.Event, u, o string) string {
	switch {
	case e.Raw == 0 && e.Value == 0:
		return T(lang, "ev.damage.none", u, o)
	case e.Armor == 0 && e.Raw == e.Value:
		return T(lang, "ev.damage.plain", u, o, e.Value)
	case e.Raw == 0:
		return T(lang, "ev.damage.final", u, o, e.Value) // an old event: no raw damage
	case e.Value == e.Raw-e.Armor:
		return T(lang, "ev.damage", u, o, e.Raw, e.Armor, e.Value)
	case e.Value == 1 && e.Raw-e.Armor < 1:
		return T(lang, "ev.damage.min", u, o, e.Raw, e.Armor, e.Value)
	}
	return T(lang, "ev.damage.other", u, o, e.Raw, e.Armor, e.Value)
}

// shotText: a shot, and why it was fired: by order, at will by initiative
// (free fire), at an attacker before the melee (repelling fire) or as a
// Massed volley.
func shotText(lang Lang, e engine.Event, u, o string) string {
	key := "ev.shot"
	switch e.Detail {
	case engine.DetailFreeFire, engine.DetailRepellingFire, engine.DetailVolley:
		key += "." + e.Detail
	}
	return T(lang, key, u, o, cellName(e.To), e.Raw, e.Value)
}

// combatResultText: the result of a combat, with the sum it was decided by
// when the event has its terms (older events show X alone).
func combatResultText(lang Lang, e engine.Event, u, o string) string {
	res := detail(lang, "combat_result", e.Detail)
	switch e.Detail {
	case "repelled", "pushed_back", "routed":
		// An attack's result is the X of R-VIII.4.2, shown even when 0.
		if e.Terms != nil {
			return T(lang, "ev.combat_result.terms", u, attackSum(lang, e), attackVerdict(lang, e))
		}
		return T(lang, "ev.combat_result.x", u, res, e.Value)
	case "won_routed", "won_retreated":
		// A meeting engagement: Value is what the loser lost this phase,
		// compared with its St (R-VIII.4.8).
		if t := e.Terms; t != nil {
			key := "ev.meeting_result.retreats"
			if e.Detail == "won_routed" {
				key = "ev.meeting_result.routs"
			}
			return T(lang, "ev.meeting_result", u, o, meetingCriteria(lang, *t), u) + "; " +
				T(lang, key, o, t.Losses, t.St+t.Serried)
		}
		return T(lang, "ev.combat_result.vs_loss", u, o, res, e.Value)
	case "no_superiority":
		if t := e.Terms; t != nil {
			return T(lang, "ev.meeting_result.even", u, o, meetingCriteria(lang, *t))
		}
	}
	if e.Other != "" {
		return T(lang, "ev.combat_result.vs", u, o, res)
	}
	return T(lang, "ev.combat_result", u, res)
}

// attackSum writes X of R-VIII.4.2 as its terms add up: "X = потери 3 +
// натиск 3 + ряды 1 − стойкость 3 − потери врага 3 = 1". The rear and
// Serried ranks show only when they count.
func attackSum(lang Lang, e engine.Event) string {
	t := e.Terms
	var b strings.Builder
	b.WriteString("X = " + T(lang, "term.losses", t.Losses))
	plus := func(key string, v int) { b.WriteString(" + " + T(lang, key, v)) }
	minus := func(key string, v int) { b.WriteString(" − " + T(lang, key, v)) }
	plus("term.imp", t.Imp)
	plus("term.ranks", t.Ranks)
	if t.Rear != 0 {
		plus("term.rear", t.Rear)
	}
	minus("term.st", t.St)
	minus("term.inflicted", t.Inflicted)
	if t.Serried != 0 {
		minus("term.serried", t.Serried)
	}
	b.WriteString(" = " + signed(e.Value))
	return b.String()
}

// attackVerdict compares X with what decides the result (R-VIII.4.3-6):
// at most 0 repels, more than the defender's St routs, anything between
// pushes it back; an attack from the front and the rear routs it anyway.
func attackVerdict(lang Lang, e engine.Event) string {
	st := e.Terms.St + e.Terms.Serried
	switch {
	case e.Detail == "repelled":
		return T(lang, "verdict.repelled")
	case e.Detail == "routed" && e.Value > st:
		return T(lang, "verdict.routed", st)
	case e.Detail == "routed":
		return T(lang, "verdict.routed_front_rear") // R-VIII.4.6, R-X.1.1
	}
	return T(lang, "verdict.pushed_back", st)
}

// meetingCriteria writes the three criteria of a meeting engagement
// (R-VIII.4.7), the event's Unit first: "ряды 3 : 2, натиск 1 : 1,
// нанесённые потери 2 : 1".
func meetingCriteria(lang Lang, t engine.CombatTerms) string {
	m := t.Meeting
	return T(lang, "term.meeting", m[0][0], m[0][1], m[1][0], m[1][1], m[2][0], m[2][1])
}

// signed writes a number with a true minus sign.
func signed(n int) string {
	if n < 0 {
		return "−" + strconv.Itoa(-n)
	}
	return strconv.Itoa(n)
}

// pushedBackText: a unit pushed back, which stays in its cell (an attacker
// repelled, R-VIII.4.3; a meeting without superiority, R-VIII.4.9) or
// retreats a cell; or one that gives way under fire (R-IX.2.1), whose
// retreat follows.
func pushedBackText(lang Lang, e engine.Event, u, _ string) string {
	if e.Detail == "shooting" {
		if t := e.Terms; t != nil {
			return T(lang, "ev.pushed_back.shooting", u, t.Losses, t.St)
		}
		return T(lang, "ev.pushed_back.shooting_plain", u)
	}
	if e.To == engine.NoCell || e.To == e.From {
		at := e.At
		if at == engine.NoCell {
			at = e.From
		}
		if e.Rule == "R-VIII.4.3" {
			return T(lang, "ev.pushed_back.repelled", u, cellName(at))
		}
		return T(lang, "ev.pushed_back.stays", u, cellName(at))
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
