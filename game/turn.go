package game

import (
	"errors"
	"fmt"
	"time"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// Opened is a phase that has just opened: its seed is committed and its
// hash is to be posted to every channel before anyone rolls.
type Opened struct {
	Battle   store.BattleRecord
	Turn     int
	SeedHash string
	// Infiltration is set when the battle starts (R-IV.4).
	Infiltration [2]engine.Infiltration
	// Scouting: the phase opened is the plan-change phase of the
	// deployment turn (Turn 0), not a command phase (R-I.3.2, R-IV.5).
	Scouting bool
	// Posts are the outbox posts that announce it.
	Posts []uint64
}

// Resolved is a turn that has been resolved and must be posted.
type Resolved struct {
	Battle store.BattleRecord // after the turn
	Turn   int
	Before engine.Battle // the state before the turn
	After  engine.Battle // the state after it
	Events []engine.Event
	Seed   []byte  // revealed now
	Next   *Opened // the next turn, unless the battle ended
	// Posts are the outbox posts of the turn's results and what follows
	// (the next opening or the end), in delivery order.
	Posts []uint64
}

// openTurn opens the command phase of a battle turn with its seed and
// deadline, and queues its announcement (with the infiltration's results
// when the battle starts with it).
func (s *Service) openTurn(tx *store.Tx, rec *store.BattleRecord, turn int, in [2]engine.Infiltration) (Opened, error) {
	seed, err := s.seed(tx, rec, turn)
	if err != nil {
		return Opened{}, err
	}
	before := rec.Turn
	rec.Turn, rec.Status = turn, store.StatusCommand
	s.setDeadline(rec)
	op, err := announce(tx, rec, Opened{Battle: *rec, Turn: turn, SeedHash: seed.Hash, Infiltration: in})
	if err != nil {
		return op, err
	}
	if err := sheetsOpened(tx, rec, before); err != nil {
		return op, err
	}
	err = aiPlay(tx, rec) // the general's sides roll, order and are ready (issue 30)
	op.Battle = *rec
	return op, err
}

// announce stores the battle of a phase just opened and queues its
// announcement.
func announce(tx *store.Tx, rec *store.BattleRecord, op Opened) (Opened, error) {
	if err := tx.PutBattle(*rec); err != nil {
		return op, err
	}
	var err error
	if op.Posts, err = owe(tx, opened(rec, op)...); err != nil {
		return op, err
	}
	return op, refreshStatus(tx, rec)
}

// setDeadline gives the phase that opens now its deadline, if any, and
// its reminder (openClock: the battle's own turn_deadline, a paused clock).
func (s *Service) setDeadline(rec *store.BattleRecord) { s.openClock(rec) }

// Start begins a battle from a legal deployment (RULES IV, D-65): the
// shinobi infiltrate (R-IV.4), then the deployment turn's scouting opens if
// any got through (R-IV.5), else battle turn 1. With endScouting, the GM
// closes that scouting: while it is open, he ends it; at the start, it
// opens and ends at once (the infiltration told, no scout and no swap) and
// turn 1 opens. A start given twice (a GM retrying after
// Discord lost the answer) changes nothing the second time and says so.
func (s *Service) Start(guild, ref string, endScouting bool) (Opened, error) {
	var out Opened
	err := s.inBattleNamed(guild, ref, func(tx *store.Tx, rec *store.BattleRecord) error {
		var err error
		switch {
		case rec.Status != store.StatusDeployment:
			return refuse("err.not_in_deployment", rec.Name)
		case rec.Scouting && endScouting:
			out, err = s.endScouting(tx, rec)
			return err
		case rec.Scouting:
			return refuse("err.scouting_started", rec.Name)
		}
		if err := broken(engine.ValidateStart(rec.State)...); err != nil {
			return err
		}
		// The deployment turn has no seed of its own: its rolls use turn
		// 1's seed under turn number 0, so they too can be checked once
		// that seed is revealed.
		seed, err := s.seed(tx, rec, 1)
		if err != nil {
			return err
		}
		var in [2]engine.Infiltration
		rec.State, in = engine.InfiltrateArmies(rec.State, rec.Guards, engine.NewSeededDice(seed.Value, rec.ID, 0))
		// endScouting at the start: the scouting phase opens and ends at
		// once, with no scout and no swap, and turn 1 opens.
		if rec.State.Shinobi != [2]int{} && !endScouting && !aiScoutsOnly(rec) {
			out, err = s.openScouting(tx, rec, seed.Hash, in)
		} else {
			out, err = s.openTurn(tx, rec, 1, in)
		}
		return err
	})
	return out, err
}

// Resolve resolves turn of a battle with the orders given so far, stores
// the result and opens the next turn, in one transaction. The GM names the
// turn he means: given again for a turn already resolved (a retry, or a
// race with the sides' "ready") it changes nothing and says so.
func (s *Service) Resolve(guild, ref string, turn int) (Resolved, error) {
	var out Resolved
	err := s.inBattleNamed(guild, ref, func(tx *store.Tx, rec *store.BattleRecord) error {
		switch {
		case turn < 1:
			return refuse("err.turn_no_such", rec.Name, turn)
		case turn < rec.Turn || turn == rec.Turn && rec.Status == store.StatusFinished && rec.State.Turn >= turn:
			return refuse("err.turn_resolved", rec.Name, turn)
		case turn > rec.Turn || rec.Status != store.StatusCommand:
			return refuse("err.turn_not_open", rec.Name, turn)
		}
		var err error
		out, err = s.resolveTx(tx, *rec)
		return err
	})
	return out, err
}

// resolveTx resolves the current turn inside a transaction: the orders
// each side may still give (engine.Admit), the engine, the stored result and
// the next turn.
func (s *Service) resolveTx(tx *store.Tx, rec store.BattleRecord) (Resolved, error) {
	guild, turn := rec.GuildID, rec.Turn
	seed, err := tx.BattleTurn(guild, rec.ID, turn).Seed()
	if err != nil {
		return Resolved{}, err
	}
	var orders []engine.Order
	for _, side := range sides {
		so, err := sideOrders(tx, &rec, side)
		if err != nil {
			return Resolved{}, err
		}
		var granted *engine.CommandResult
		if so.Command != nil {
			granted = &so.Command.Result
		}
		orders = append(orders, engine.Admit(rec.State, side, turn, so.Orders, granted)...)
	}
	before := rec.State
	began := time.Now()
	next, events, err := engine.ResolveTurn(before, orders, engine.NewSeededDice(seed.Value, rec.ID, turn))
	if err != nil {
		return Resolved{}, fmt.Errorf("resolving turn %d of %s: %w", turn, rec.ID, err)
	}
	if s.OnResolve != nil {
		s.OnResolve(guild, rec.ID, turn, time.Since(began))
	}
	if err := tx.BattleTurn(guild, rec.ID, turn).PutSnapshot(before); err != nil {
		return Resolved{}, err
	}
	if err := tx.BattleTurn(guild, rec.ID, turn).PutEvents(events); err != nil {
		return Resolved{}, err
	}
	if err := revealTurn(tx, &rec, seed.Value, before); err != nil {
		return Resolved{}, err
	}
	if err := journalPlayed(tx, &rec); err != nil {
		return Resolved{}, err
	}
	rec.State = next
	out := Resolved{Turn: turn, Before: before, After: next, Events: events, Seed: seed.Value}
	over := next.Outcome != engine.Ongoing || turn >= next.Settings.LastTurn()
	if over {
		rec.Status, rec.EndedBy = store.StatusFinished, EndedByRules
		if err := journalFinished(tx, &rec, next.Outcome.String()); err != nil {
			return out, err
		}
		if err := writeBack(tx, &rec, turn); err != nil {
			return out, err
		}
	}
	// The results are owed before the next turn's opening, in that order.
	if out.Posts, err = owe(tx, resolved(&rec, out)...); err != nil {
		return out, err
	}
	if !over { // detailed duels (F-E4-1) are fought before the next turn opens
		if held, err := s.holdForDuels(tx, &rec, out); held || err != nil {
			out.Battle = rec
			return out, err
		}
	}
	if over {
		if err = tx.PutBattle(rec); err == nil {
			err = closeSheets(tx, &rec, turn)
		}
	} else {
		var op Opened
		op, err = s.openTurn(tx, &rec, turn+1, [2]engine.Infiltration{})
		out.Next = &op
		out.Posts = append(out.Posts, op.Posts...)
	}
	out.Battle = rec
	return out, err
}

// ReadyResult is what a side's "ready" led to.
type ReadyResult struct {
	Phase store.CommandPhase
	// PlanChange: both sides were ready and Signals or an interception
	// was given: the plan-change round begins; post Phase.Reports (D-29).
	PlanChange bool
	// Resolved: both sides were ready and the turn was resolved.
	Resolved *Resolved
}

// Ready marks a side ready with its orders. When both are ready the turn
// goes on by itself: to the plan-change round if a shinobi signalled or
// intercepted (R-V.6.2, R-V.6.5, D-29, D-31), else to its resolution. A
// side is ready only with its command roll accepted: a "ready" sent again
// after its answer was lost meets the next turn unrolled and is refused,
// rather than giving that turn away.
func (s *Service) Ready(seat Seat) (ReadyResult, error) {
	var out ReadyResult
	err := s.inCommand(seat, func(tx *store.Tx, rec *store.BattleRecord) (err error) {
		out, err = readyTx(s, tx, rec, seat)
		return err
	})
	return out, err
}

// readyTx is Ready within a transaction.
func readyTx(s *Service, tx *store.Tx, rec *store.BattleRecord, seat Seat) (ReadyResult, error) {
	return readySideTx(s, tx, rec, seat, false)
}

// readySideTx marks the seat's wing ready, and its side when every wing
// is, or when forAll (the commander's ready for all, issue 29).
func readySideTx(s *Service, tx *store.Tx, rec *store.BattleRecord, seat Seat, forAll bool) (ReadyResult, error) {
	var out ReadyResult
	if c, err := tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn).Command(seat.Side); errors.Is(err, store.ErrNotFound) || err == nil && !c.Final {
		return out, refuse("err.ready_roll_first", rec.Turn)
	} else if err != nil {
		return out, err
	}
	ph, err := tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn).Phase()
	if err != nil {
		return out, err
	}
	if ph.Ready[seat.Side] {
		// Said already and nothing changed since (an order or a cancel
		// takes it back): a repeat changes nothing and tells nobody again.
		out.Phase = ph
		return out, nil
	}
	if all, marked, err := readyWing(tx, rec, seat, &ph, forAll); err != nil || !all {
		out.Phase = ph
		if err == nil && marked {
			err = changed(tx, rec, seat, store.Change{Action: store.ChangeReady}) // his clan sees his wing ready
		}
		return out, err
	}
	ph.Ready[seat.Side] = true
	if err := tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn).PutPhase(ph); err != nil {
		return out, err
	}
	if _, err := sealOrders(tx, rec, seat.Side, ""); err != nil {
		return out, err
	}
	if err := changed(tx, rec, seat, store.Change{Action: store.ChangeReady}); err != nil {
		return out, err
	}
	if ph, err = tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn).Phase(); err != nil {
		return out, err
	}
	out.Phase = ph
	if !ph.Ready[engine.North] || !ph.Ready[engine.South] {
		return out, nil
	}
	if ph.Round == 0 {
		changed, err := missionReports(tx, rec, &ph)
		if err != nil {
			return out, err
		}
		if changed {
			ph.Round, ph.Ready, ph.WingsReady = 1, [2]bool{}, [2][]string{} // the wings say ready again too
			out.Phase, out.PlanChange = ph, true
			if err := tx.PutBattle(*rec); err != nil {
				return out, err
			}
			if _, err := owe(tx, planChange(rec)...); err != nil {
				return out, err
			}
			if err := tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn).PutPhase(ph); err != nil {
				return out, err
			}
			for _, side := range sides {
				if err := refreshSheets(tx, rec, side, rec.Turn); err != nil {
					return out, err
				}
			}
			if err := aiPlay(tx, rec); err != nil { // the general plans again (issue 30)
				return out, err
			}
			out.Phase, err = tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn).Phase()
			return out, err
		}
	}
	res, err := s.resolveTx(tx, *rec)
	out.Resolved = &res
	return out, err
}

// missionReports carries out the shinobi missions of the command phase
// itself once both sides are ready: interceptions change the enemy's command
// roll (R-V.6.5, D-31) and Signals report a unit's orders (R-V.6.2, D-29).
// It reports whether there was any, that is whether a plan-change round
// follows; the reports are kept as data in the phase.
func missionReports(tx *store.Tx, rec *store.BattleRecord, ph *store.CommandPhase) (bool, error) {
	var all [2]SideOrders
	for _, side := range sides {
		so, err := sideOrders(tx, rec, side)
		if err != nil {
			return false, err
		}
		all[side] = so
	}
	report := func(side engine.Side, r engine.ShinobiReport) { ph.Reports[side] = append(ph.Reports[side], r) }
	any := false
	for _, side := range sides {
		enemy := side.Enemy()
		for _, o := range all[side].Orders {
			if o.Kind != engine.OrderShinobi {
				continue
			}
			switch o.Mission {
			case engine.MissionSignals:
				any = true
				report(side, engine.ShinobiReport{Mission: engine.ReportSignals, Target: o.Target,
					Orders: engine.Signals(all[enemy].Orders, o.Target, rec.Turn)})
			case engine.MissionInterception:
				any = true
				c := all[enemy].Command
				if c == nil {
					report(side, engine.ShinobiReport{Mission: engine.ReportInterception, Outcome: "nothing"})
					continue
				}
				res, left, what := engine.Intercept(c.Result, c.Stake, c.Rerolls, rec.State.Messengers[enemy], rec.State.Settings.InterceptionUsedFirst)
				c.Result, rec.State.Messengers[enemy] = res, left
				if err := tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn).PutCommand(enemy, *c); err != nil {
					return false, err
				}
				report(side, engine.ShinobiReport{Mission: engine.ReportInterception, Outcome: what})
				if what == "voided" {
					report(enemy, engine.ShinobiReport{Mission: engine.ReportIntercepted, Special: res.Special, Ordinary: res.Ordinary})
				}
			}
		}
	}
	return any, nil
}
