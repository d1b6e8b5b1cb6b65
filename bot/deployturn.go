package bot

// The shinobi of the deployment turn (RULES IV.4, IV.5): when the GM starts
// the battle, the shinobi not kept as guards try to infiltrate; if any got
// through, the plan-change phase of the deployment turn opens, in which a
// side's shinobi may scout (2 cells each) and each scout buys one swap of
// two of the side's units. The phase ends when both sides are done, at its
// deadline, or when the GM starts the battle again; then turn 1 opens.

import (
	"strings"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// infiltrate sends every shinobi not kept as a guard into the enemy's rear
// (R-IV.4.1); those that get through are the side's shinobi for the
// battle's missions (R-IV.5.1, R-V.6.1). The guarding side rolls for the
// infiltrators it blocks ("<guarding side>.shinobi", D-27). The result is
// kept in the record until it has been told (Opened.Infiltration).
func infiltrate(rec *store.BattleRecord, d engine.Dice) {
	out := &rec.Infiltration
	for _, side := range []engine.Side{engine.North, engine.South} {
		enemy := side.Enemy()
		in := &out[side]
		in.Sent = rec.State.Shinobi[side] - rec.Guards[side]
		key := enemy.String() + ".shinobi"
		in.Through, in.TurnedBack, in.Killed, in.Captured = engine.Infiltrate(in.Sent, rec.Guards[enemy], func() int { return d.Roll(key) })
	}
	for side := range out {
		rec.State.Shinobi[side] = out[side].Through
	}
}

// openScouting opens the plan-change phase of the deployment turn. hash is
// turn 1's seed hash, published now: the infiltration already used that
// seed.
func (s *Service) openScouting(tx *store.Tx, rec *store.BattleRecord, hash string) (Opened, error) {
	rec.Scouting = true
	// A side with no shinobi through has nothing to do in this phase.
	for side, n := range rec.State.Shinobi {
		rec.ScoutsDone[side] = n == 0
	}
	s.setDeadline(rec)
	return Opened{Battle: *rec, SeedHash: hash, Scouting: true, Infiltration: rec.Infiltration}, tx.PutBattle(*rec)
}

// endScouting makes the swaps of both sides, in the order given (D-28),
// and opens turn 1.
func (s *Service) endScouting(tx *store.Tx, rec *store.BattleRecord) (Opened, error) {
	for side, swaps := range rec.Swaps {
		for _, sw := range swaps {
			// Checked when given; one a GM fix has made illegal since is
			// skipped (SwapUnits then returns the state unchanged).
			rec.State, _ = engine.SwapUnits(rec.State, engine.Side(side), sw[0], sw[1])
		}
	}
	rec.Scouting, rec.Scouts, rec.Swaps, rec.ScoutsDone = false, [2]int{}, [2][][2]string{}, [2]bool{}
	return s.openTurn(tx, rec, 1)
}

// ScoutSeat finds the battle in the plan-change phase of its deployment
// turn in which a member's side scouts.
func (s *Service) ScoutSeat(guild string, roles []string) (Seat, error) {
	seat, err := s.seatOf(guild, roles)
	if err == nil && !seat.Battle.Scouting {
		return seat, refuse("err.not_scouting", seat.Battle.Name)
	}
	return seat, err
}

// Scouting is what a side asked of its shinobi in the plan-change phase of
// the deployment turn.
type Scouting struct {
	Cells  string // cells to scout, 2 a shinobi (R-IV.5.2)
	Swap   string // two own unit IDs to swap (R-IV.5.5)
	Done   bool   // the side has finished
	Report *engine.ScoutReport
	// Next is turn 1, opened because both sides are done.
	Next *Opened
}

// Scout carries out one /scout of a side, in one transaction.
func (s *Service) Scout(seat Seat, sc Scouting) (Scouting, error) {
	err := s.Store.Update(func(tx *store.Tx) error {
		rec, err := tx.Battle(seat.Battle.GuildID, seat.Battle.ID)
		if err != nil {
			return err
		}
		if !rec.Scouting {
			return refuse("err.not_scouting", rec.Name)
		}
		side := seat.Side
		if rec.ScoutsDone[side] {
			return refuse("err.scouts_done")
		}
		if sc.Cells == "" && sc.Swap == "" && !sc.Done {
			return refuse("err.empty_scout")
		}
		if sc.Cells != "" {
			if sc.Report, err = scout(&rec, side, sc.Cells); err != nil {
				return err
			}
		}
		if sc.Swap != "" {
			if err := swap(&rec, side, sc.Swap); err != nil {
				return err
			}
		}
		if sc.Done {
			rec.ScoutsDone[side] = true
			if rec.ScoutsDone[side.Enemy()] {
				next, err := s.endScouting(tx, &rec)
				sc.Next = &next
				return err
			}
		}
		return tx.PutBattle(rec)
	})
	return sc, err
}

// scout sends the side's shinobi to the named cells, 2 each, once in the
// phase (R-IV.5.2); they take no further part in the battle (R-IV.5.4).
func scout(rec *store.BattleRecord, side engine.Side, list string) (*engine.ScoutReport, error) {
	if rec.Scouts[side] > 0 {
		return nil, refuse("err.scouted")
	}
	var cells []engine.Cell
	for _, name := range strings.FieldsFunc(list, func(r rune) bool { return r == ' ' || r == ',' || r == ';' }) {
		c, err := engine.ParseCell(name)
		if err != nil || !c.OnField() {
			return nil, refuse("err.bad_cell", name)
		}
		cells = append(cells, c)
	}
	if len(cells) == 0 {
		return nil, refuse("err.empty_scout")
	}
	if have := rec.State.Shinobi[side]; len(cells) > 2*have {
		return nil, refuse("err.too_many_cells", len(cells), have, 2*have)
	}
	r := engine.Scout(rec.State, side, cells)
	rec.Scouts[side] = r.Scouts
	rec.State.HQKnown[side] = true // R-IV.5.3, D-19
	rec.State.Shinobi[side] -= r.Scouts
	return &r, nil
}

// swap records one swap of two of the side's units, one for each scout
// (R-IV.5.5, D-28); it is checked on the positions with the side's earlier
// swaps made.
func swap(rec *store.BattleRecord, side engine.Side, pair string) error {
	ids := strings.FieldsFunc(pair, func(r rune) bool { return r == ' ' || r == ',' })
	if len(ids) != 2 {
		return refuse("err.swap_pair", pair)
	}
	if len(rec.Swaps[side]) >= rec.Scouts[side] {
		return refuse("err.no_swaps", rec.Scouts[side])
	}
	b := rec.State
	for _, sw := range rec.Swaps[side] {
		b, _ = engine.SwapUnits(b, side, sw[0], sw[1])
	}
	if _, p := engine.SwapUnits(b, side, ids[0], ids[1]); p != nil {
		return &UserError{Problems: []*engine.Problem{p}}
	}
	rec.Swaps[side] = append(rec.Swaps[side], [2]string{ids[0], ids[1]})
	return nil
}
