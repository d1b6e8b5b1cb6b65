package game

// The deployment turn's shinobi in the lifecycle (RULES IV.4, IV.5; the
// rules themselves are the engine's: InfiltrateArmies, ScoutCells,
// CheckSwap, MakeSwaps). If any shinobi got through at the start, the
// plan-change phase of the deployment turn opens, in which a side's shinobi
// may scout and each scout buys one swap of two of the side's units. The
// phase ends when both sides are done, at its deadline, or when the GM
// starts the battle again; then turn 1 opens.

import (
	"strings"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// openScouting opens the plan-change phase of the deployment turn. hash is
// turn 1's seed hash, published now: the infiltration already used that
// seed.
func (s *Service) openScouting(tx *store.Tx, rec *store.BattleRecord, hash string, in [2]engine.Infiltration) (Opened, error) {
	rec.Scouting = true
	// A side with no shinobi through has nothing to do in this phase.
	// Nor has a side the general plays: it keeps its placement (issue 30).
	for side, n := range rec.State.Shinobi {
		rec.ScoutsDone[side] = n == 0 || rec.AI[side]
	}
	s.setDeadline(rec)
	return announce(tx, rec, Opened{Battle: *rec, SeedHash: hash, Scouting: true, Infiltration: in})
}

// endScouting makes the swaps of both sides (D-28) and opens turn 1.
func (s *Service) endScouting(tx *store.Tx, rec *store.BattleRecord) (Opened, error) {
	rec.State = engine.MakeSwaps(rec.State, rec.Swaps)
	rec.Scouting, rec.Scouts, rec.Swaps, rec.ScoutsDone = false, [2]int{}, [2][][2]string{}, [2]bool{}
	// From turn 1 the ordinary visibility applies (D-70, SideView); the
	// reports stay, as what each side remembers of the enemy (lastSeen).
	return s.openTurn(tx, rec, 1, [2]engine.Infiltration{})
}

// Scouting is what a side asked of its shinobi in the plan-change phase of
// the deployment turn, and what came of it.
type Scouting struct {
	Cells  string // cells to scout, 2 a shinobi (R-IV.5.2)
	Swap   string // two own unit IDs to swap (R-IV.5.5)
	Done   bool   // the side has finished
	Report *engine.ScoutReport
	// Next is turn 1, opened because both sides are done.
	Next *Opened
}

// Scout carries out one /scout of a side, in one transaction. Through
// Once, a /scout re-sent is not carried out again: a second shinobi to the
// same cells, or a second identical swap, is never sent unasked.
func (s *Service) Scout(seat Seat, sc Scouting) (Scouting, error) {
	err := s.inBattle(seat.Battle.GuildID, seat.Battle.ID, s.once(nil, func(tx *store.Tx, rec *store.BattleRecord) error {
		sc.Report, sc.Next = nil, nil
		side := seat.Side
		if err := substituted(seat, rec); err != nil {
			return err // a substitute holds his seat (issue 29)
		}
		switch {
		case !rec.Scouting:
			return refuse("err.not_scouting", rec.Name)
		case rec.ScoutsDone[side]:
			return refuse("err.scouts_done")
		case sc.Cells == "" && sc.Swap == "" && !sc.Done:
			return refuse("err.empty_scout")
		}
		if sc.Cells != "" {
			r, err := scout(rec, side, sc.Cells)
			if err != nil {
				return err
			}
			sc.Report = &r
			// The clan's own channel gets the report too, never the enemy's.
			if _, err := owe(tx, post(rec, store.SideAudience(side), PostScout, r)); err != nil {
				return err
			}
		}
		if sc.Swap != "" {
			if err := swap(rec, side, sc.Swap); err != nil {
				return err
			}
		}
		if sc.Done {
			rec.ScoutsDone[side] = true
			if rec.ScoutsDone[side.Enemy()] {
				next, err := s.endScouting(tx, rec)
				sc.Next = &next
				return err
			}
			if err := refreshStatus(tx, rec); err != nil { // the status shows who is done
				return err
			}
		}
		return tx.PutBattle(*rec)
	}))
	return sc, err
}

// splitList splits what a player typed into words at spaces, commas and
// semicolons.
func splitList(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == ';' })
}

// scout sends the side's shinobi to the cells named (engine.ScoutCells).
func scout(rec *store.BattleRecord, side engine.Side, list string) (engine.ScoutReport, error) {
	var cells []engine.Cell
	for _, name := range splitList(list) {
		c, err := engine.ParseCell(name)
		if err != nil || !c.OnField() {
			return engine.ScoutReport{}, refuse("err.bad_cell", name)
		}
		cells = append(cells, c)
	}
	nb, r, p := engine.ScoutCells(rec.State, side, cells, rec.Scouts[side] > 0)
	if p != nil {
		return r, broken(p)
	}
	rec.State, rec.Scouts[side], rec.Scouted[side] = nb, r.Scouts, &r
	return r, nil
}

// swap records one swap of two of the side's units (engine.CheckSwap); it
// is made when the phase ends.
func swap(rec *store.BattleRecord, side engine.Side, pair string) error {
	ids := splitList(pair)
	if len(ids) != 2 {
		return refuse("err.swap_pair", pair)
	}
	sw := [2]string{ids[0], ids[1]}
	if err := broken(engine.CheckSwap(rec.State, side, rec.Swaps[side], sw, rec.Scouts[side])); err != nil {
		return err
	}
	rec.Swaps[side] = append(rec.Swaps[side], sw)
	return nil
}
