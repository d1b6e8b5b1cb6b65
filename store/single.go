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

// TurnStore is one turn of one battle, each call in its own transaction:
// TurnTx's reads and writes one at a time. Store.BattleTurn gives it.
type TurnStore struct {
	s         *Store
	guild, id string
	turn      int
}

// BattleTurn is turn of battle id of guild, each call of it its own
// transaction.
func (s *Store) BattleTurn(guild, id string, turn int) TurnStore {
	return TurnStore{s: s, guild: guild, id: id, turn: turn}
}

func (ts TurnStore) update(f func(TurnTx) error) error {
	return ts.s.Update(func(tx *Tx) error { return f(tx.BattleTurn(ts.guild, ts.id, ts.turn)) })
}

func (ts TurnStore) view(f func(TurnTx) error) error {
	return ts.s.View(func(tx *Tx) error { return f(tx.BattleTurn(ts.guild, ts.id, ts.turn)) })
}

// PutSnapshot is TurnTx.PutSnapshot in its own transaction.
func (ts TurnStore) PutSnapshot(b engine.Battle) error {
	return ts.update(func(t TurnTx) error { return t.PutSnapshot(b) })
}

// Snapshot is TurnTx.Snapshot in its own transaction.
func (ts TurnStore) Snapshot() (b engine.Battle, err error) {
	err = ts.view(func(t TurnTx) error {
		b, err = t.Snapshot()
		return err
	})
	return b, err
}

// PutOrders is TurnTx.PutOrders in its own transaction.
func (ts TurnStore) PutOrders(side engine.Side, orders []engine.Order) error {
	return ts.update(func(t TurnTx) error { return t.PutOrders(side, orders) })
}

// Orders is TurnTx.Orders in its own transaction.
func (ts TurnStore) Orders(side engine.Side) (o []engine.Order, err error) {
	err = ts.view(func(t TurnTx) error {
		o, err = t.Orders(side)
		return err
	})
	return o, err
}

// PutSeed is TurnTx.PutSeed in its own transaction.
func (ts TurnStore) PutSeed(seed []byte) error {
	return ts.update(func(t TurnTx) error { return t.PutSeed(seed) })
}

// Seed is TurnTx.Seed in its own transaction.
func (ts TurnStore) Seed() (seed Seed, err error) {
	err = ts.view(func(t TurnTx) error {
		seed, err = t.Seed()
		return err
	})
	return seed, err
}

// PutEvents is TurnTx.PutEvents in its own transaction.
func (ts TurnStore) PutEvents(events []engine.Event) error {
	return ts.update(func(t TurnTx) error { return t.PutEvents(events) })
}

// Events is TurnTx.Events in its own transaction.
func (ts TurnStore) Events() (e []engine.Event, err error) {
	err = ts.view(func(t TurnTx) error {
		e, err = t.Events()
		return err
	})
	return e, err
}

// Record is TurnTx.Record in its own transaction.
func (ts TurnStore) Record() (r TurnRecord, err error) {
	err = ts.view(func(t TurnTx) error {
		r, err = t.Record()
		return err
	})
	return r, err
}

// Turns is Tx.Turns in its own transaction.
func (s *Store) Turns(guild, id string) (turns []int, err error) {
	err = s.View(func(tx *Tx) error {
		turns, err = tx.Turns(guild, id)
		return err
	})
	return turns, err
}
