package store

import "github.com/gunbai/gunbai/engine"

// Single-operation wrappers: each runs one transaction. To change several
// things at once (one lifecycle step), use Update and the methods of Tx.

// PutBattle is Tx.PutBattle in its own transaction.
func (s *Store) PutBattle(rec BattleRecord) error {
	return s.Update(func(tx *Tx) error { return tx.PutBattle(rec) })
}

// Battle is Tx.Battle in its own transaction.
func (s *Store) Battle(guild, id string) (rec BattleRecord, err error) {
	err = s.View(func(tx *Tx) error {
		rec, err = tx.Battle(guild, id)
		return err
	})
	return rec, err
}

// Battles is Tx.Battles in its own transaction.
func (s *Store) Battles(guild string) (recs []BattleRecord, err error) {
	err = s.View(func(tx *Tx) error {
		recs, err = tx.Battles(guild)
		return err
	})
	return recs, err
}

// Unreadable is Tx.Unreadable in its own transaction.
func (s *Store) Unreadable(guild string) (hs []Header, err error) {
	err = s.View(func(tx *Tx) error {
		hs, err = tx.Unreadable(guild)
		return err
	})
	return hs, err
}

// Guilds is Tx.Guilds in its own transaction.
func (s *Store) Guilds() (guilds []string, err error) {
	err = s.View(func(tx *Tx) error {
		guilds, err = tx.Guilds()
		return err
	})
	return guilds, err
}

// DeleteBattle is Tx.DeleteBattle in its own transaction.
func (s *Store) DeleteBattle(guild, id string) error {
	return s.Update(func(tx *Tx) error { return tx.DeleteBattle(guild, id) })
}

// PutSnapshot is Tx.PutSnapshot in its own transaction.
func (s *Store) PutSnapshot(guild, id string, turn int, b engine.Battle) error {
	return s.Update(func(tx *Tx) error { return tx.PutSnapshot(guild, id, turn, b) })
}

// Snapshot is Tx.Snapshot in its own transaction.
func (s *Store) Snapshot(guild, id string, turn int) (b engine.Battle, err error) {
	err = s.View(func(tx *Tx) error {
		b, err = tx.Snapshot(guild, id, turn)
		return err
	})
	return b, err
}

// PutOrders is Tx.PutOrders in its own transaction.
func (s *Store) PutOrders(guild, id string, turn int, side engine.Side, orders []engine.Order) error {
	return s.Update(func(tx *Tx) error { return tx.PutOrders(guild, id, turn, side, orders) })
}

// Orders is Tx.Orders in its own transaction.
func (s *Store) Orders(guild, id string, turn int, side engine.Side) (o []engine.Order, err error) {
	err = s.View(func(tx *Tx) error {
		o, err = tx.Orders(guild, id, turn, side)
		return err
	})
	return o, err
}

// PutSeed is Tx.PutSeed in its own transaction.
func (s *Store) PutSeed(guild, id string, turn int, seed []byte) error {
	return s.Update(func(tx *Tx) error { return tx.PutSeed(guild, id, turn, seed) })
}

// Seed is Tx.Seed in its own transaction.
func (s *Store) Seed(guild, id string, turn int) (seed Seed, err error) {
	err = s.View(func(tx *Tx) error {
		seed, err = tx.Seed(guild, id, turn)
		return err
	})
	return seed, err
}

// PutEvents is Tx.PutEvents in its own transaction.
func (s *Store) PutEvents(guild, id string, turn int, events []engine.Event) error {
	return s.Update(func(tx *Tx) error { return tx.PutEvents(guild, id, turn, events) })
}

// Events is Tx.Events in its own transaction.
func (s *Store) Events(guild, id string, turn int) (e []engine.Event, err error) {
	err = s.View(func(tx *Tx) error {
		e, err = tx.Events(guild, id, turn)
		return err
	})
	return e, err
}

// Turns is Tx.Turns in its own transaction.
func (s *Store) Turns(guild, id string) (turns []int, err error) {
	err = s.View(func(tx *Tx) error {
		turns, err = tx.Turns(guild, id)
		return err
	})
	return turns, err
}

// Turn is Tx.Turn in its own transaction.
func (s *Store) Turn(guild, id string, turn int) (r TurnRecord, err error) {
	err = s.View(func(tx *Tx) error {
		r, err = tx.Turn(guild, id, turn)
		return err
	})
	return r, err
}
