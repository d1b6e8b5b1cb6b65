package game

import (
	"errors"
	"slices"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// commandInput is what a side brings to its command roll: the leaders'
// HQ reroll and generals' bonus (engine.CommandSetup) and its messengers
// as they were before the roll: those left in the army plus those the roll
// has spent already (spent is taken from the army as each is used).
func commandInput(b *engine.Battle, side engine.Side, stake engine.Stake, rerolls []string, spent int) engine.CommandInput {
	in := engine.CommandInput{Side: side, Stake: stake, Messengers: b.Messengers[side] + spent, Rerolls: rerolls}
	in.HQReroll, in.Bonus = engine.CommandSetup(b, side, b.Turn+1, nil)
	return in
}

// RerollOptions lists the rerolls still open to a roll that failed.
func RerollOptions(b *engine.Battle, side engine.Side, c store.CommandRoll) []string {
	if c.Final || c.Result.Success {
		return nil
	}
	in := commandInput(b, side, c.Stake, c.Rerolls, c.Result.MessengersUsed)
	var out []string
	if in.HQReroll && !c.Result.HQUsed {
		out = append(out, engine.RerollHQ)
	}
	if in.Messengers > c.Result.MessengersUsed {
		out = append(out, engine.RerollMessenger)
	}
	return out
}

// roll recomputes a side's command roll from the turn's seed: the same
// seed, stake and rerolls always give the same dice, so a reroll is the
// first roll replayed with one more reroll.
func roll(tx *store.Tx, rec *store.BattleRecord, side engine.Side, stake engine.Stake, rerolls []string, spent int) (store.CommandRoll, error) {
	seed, err := tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn).Seed()
	if err != nil {
		return store.CommandRoll{}, err
	}
	d := engine.NewSeededDice(seed.Value, rec.ID, rec.Turn)
	res, p := engine.CommandRoll(commandInput(&rec.State, side, stake, rerolls, spent), d)
	if p != nil {
		return store.CommandRoll{}, broken(p)
	}
	return store.CommandRoll{Stake: stake, Rerolls: rerolls, Result: res}, nil
}

// Rolled is a side's command roll as it stands, with the rerolls still
// open to it.
type Rolled struct {
	store.CommandRoll
	Open []string // RerollOptions, in the order offered
	// Again: the side had rolled already; this is that roll, unchanged
	// (its answer may have been lost: the buttons come back with it).
	Again bool
	// Turn is the turn rolled for: the roll's buttons name it.
	Turn int
}

func rolled(rec *store.BattleRecord, side engine.Side, c store.CommandRoll) Rolled {
	return Rolled{CommandRoll: c, Open: RerollOptions(&rec.State, side, c), Turn: rec.Turn}
}

// Roll makes a side's command roll for the current turn (R-V.1, R-V.2).
func (s *Service) Roll(seat Seat, stake engine.Stake) (Rolled, error) {
	var out Rolled
	err := s.inCommand(seat, func(tx *store.Tx, rec *store.BattleRecord) (err error) {
		out, err = rollTx(tx, rec, seat, stake)
		return err
	})
	return out, err
}

// rollTx is Roll within a transaction.
func rollTx(tx *store.Tx, rec *store.BattleRecord, seat Seat, stake engine.Stake) (Rolled, error) {
	if err := mayRoll(rec, seat); err != nil {
		return Rolled{}, err
	}
	if old, err := tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn).Command(seat.Side); err == nil {
		out := rolled(rec, seat.Side, old)
		out.Again = true
		return out, nil
	} else if !errors.Is(err, store.ErrNotFound) {
		return Rolled{}, err
	}
	c, err := roll(tx, rec, seat.Side, stake, nil, 0)
	if err != nil {
		return Rolled{}, err
	}
	c.Final = len(RerollOptions(&rec.State, seat.Side, c)) == 0
	return rolled(rec, seat.Side, c), putRoll(tx, rec, seat.Side, c)
}

// putRoll stores a side's roll; a final one is told to its clan's channel.
func putRoll(tx *store.Tx, rec *store.BattleRecord, side engine.Side, c store.CommandRoll) error {
	if err := tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn).PutCommand(side, c); err != nil {
		return err
	}
	if !c.Final {
		return refreshSheets(tx, rec, side, rec.Turn) // the side's sheets show the roll
	}
	p := post(rec, store.SideAudience(side), PostRoll, c)
	if _, err := owe(tx, p); err != nil {
		return err
	}
	return refreshSheets(tx, rec, side, rec.Turn)
}

// Reroll takes one more reroll (hq or messenger) of a failed roll of turn,
// or with source "" accepts the roll as it stands (R-V.3, D-32). A messenger
// is spent from the army for the rest of the battle. A button of another
// turn's roll (a message left with its buttons) changes nothing.
func (s *Service) Reroll(seat Seat, turn int, source string) (Rolled, error) {
	return s.RerollAsOf(seat, turn, -1, source)
}

// RerollAsOf is Reroll by a button pressed on the roll as it stood after
// taken rerolls (-1: unknown). A press after a lost answer, or a second
// press of the same button, finds the roll moved on (or accepted): it
// changes nothing and gets the roll as it now stands, marked Again
// (issue 25, item 3: a second press never spends a second messenger).
func (s *Service) RerollAsOf(seat Seat, turn, taken int, source string) (Rolled, error) {
	var out Rolled
	err := s.inCommand(seat, func(tx *store.Tx, rec *store.BattleRecord) (err error) {
		out, err = rerollTx(tx, rec, seat, turn, taken, source)
		return err
	})
	return out, err
}

// rerollTx is RerollAsOf within a transaction.
func rerollTx(tx *store.Tx, rec *store.BattleRecord, seat Seat, turn, taken int, source string) (Rolled, error) {
	if turn != rec.Turn {
		return Rolled{}, refuse("err.roll_stale", turn)
	}
	if err := mayRoll(rec, seat); err != nil {
		return Rolled{}, err
	}
	old, err := tx.BattleTurn(rec.GuildID, rec.ID, rec.Turn).Command(seat.Side)
	if errors.Is(err, store.ErrNotFound) {
		return Rolled{}, refuse("err.roll_first")
	} else if err != nil {
		return Rolled{}, err
	}
	if taken >= 0 && (old.Final || taken != len(old.Rerolls)) {
		out := rolled(rec, seat.Side, old)
		out.Again = true
		return out, nil
	}
	if old.Final {
		return Rolled{}, refuse("err.roll_final")
	}
	if source == "" {
		old.Final = true
		return rolled(rec, seat.Side, old), putRoll(tx, rec, seat.Side, old)
	}
	if !slices.Contains(RerollOptions(&rec.State, seat.Side, old), source) {
		return Rolled{}, refuse("err.no_reroll")
	}
	c, err := roll(tx, rec, seat.Side, old.Stake, append(slices.Clone(old.Rerolls), source), old.Result.MessengersUsed)
	if err != nil {
		return Rolled{}, err
	}
	if source == engine.RerollMessenger {
		rec.State.Messengers[seat.Side]--
		if err := tx.PutBattle(*rec); err != nil {
			return Rolled{}, err
		}
	}
	// Final once nothing is left to try, with the messenger just spent
	// taken from the army.
	c.Final = len(RerollOptions(&rec.State, seat.Side, c)) == 0
	return rolled(rec, seat.Side, c), putRoll(tx, rec, seat.Side, c)
}
