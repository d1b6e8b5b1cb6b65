package game

import (
	"encoding/hex"
	"errors"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// The commitments of a turn in the battle's journal (issue 14, item 4):
// its seed's hash when the seed is drawn (before any of its dice), each
// side's orders as a hash when the side says it is ready, and at the
// resolution each side's orders opened (the hash they were sealed with)
// and the seed revealed. Anyone holding the revealed seed and orders can
// then check them against what was committed (Verify).

// Details of journal entries the lifecycle writes.
const (
	// SealedAtResolution: a side was not ready when its turn was
	// resolved (the deadline, the GM): its orders are sealed then.
	SealedAtResolution = "at resolution"
	// FinishedByGM: the GM ended the battle (/battle finish).
	FinishedByGM = "gm"
)

// publishSeed journals the hash of a turn's seed just drawn.
func publishSeed(tx *store.Tx, rec *store.BattleRecord, turn int, seed store.Seed) error {
	return journal(tx, rec, store.Entry{Kind: store.JournalSeedHash, Turn: turn, Hash: seed.Hash})
}

// storedOrders are a side's orders of a turn as stored; none given is an
// empty list.
func storedOrders(tx *store.Tx, rec *store.BattleRecord, turn int, side engine.Side) ([]engine.Order, error) {
	o, err := tx.BattleTurn(rec.GuildID, rec.ID, turn).Orders(side)
	if errors.Is(err, store.ErrNotFound) {
		return []engine.Order{}, nil
	}
	return o, err
}

// sealOrders journals the hash of a side's orders of the current turn as
// they stand, when the side says it is ready.
func sealOrders(tx *store.Tx, rec *store.BattleRecord, side engine.Side, detail string) (string, error) {
	o, err := storedOrders(tx, rec, rec.Turn, side)
	if err != nil {
		return "", err
	}
	h := store.OrdersHash(o)
	return h, journal(tx, rec, store.Entry{Kind: store.JournalOrders, Turn: rec.Turn, Side: side.String(), Hash: h, Detail: detail})
}

// lastSeals are the hashes each side's orders of turn were last sealed
// with in the journal ("" where none was).
func lastSeals(tx *store.Tx, rec *store.BattleRecord, turn int) ([2]string, error) {
	var out [2]string
	es, err := tx.Journal(rec.GuildID, rec.ID).Entries()
	if err != nil {
		return out, err
	}
	for _, e := range es {
		if e.Kind != store.JournalOrders || e.Turn != turn {
			continue
		}
		if sd, err := engine.ParseSide(e.Side); err == nil {
			out[sd] = e.Hash
		}
	}
	return out, nil
}

// revealTurn journals, as the current turn is resolved, each side's orders
// opened (sealed first if the side's last seal is not of the orders as they
// stand: it was not ready) and the turn's seed revealed, with the seal of
// the position it is resolved from (before, stored as its snapshot).
func revealTurn(tx *store.Tx, rec *store.BattleRecord, seed []byte, before engine.Battle) error {
	seals, err := lastSeals(tx, rec, rec.Turn)
	if err != nil {
		return err
	}
	for _, side := range sides {
		o, err := storedOrders(tx, rec, rec.Turn, side)
		if err != nil {
			return err
		}
		h := store.OrdersHash(o)
		if seals[side] != h {
			if h, err = sealOrders(tx, rec, side, SealedAtResolution); err != nil {
				return err
			}
		}
		if err := journal(tx, rec, store.Entry{Kind: store.JournalOrdersOpen, Turn: rec.Turn, Side: side.String(), Hash: h}); err != nil {
			return err
		}
	}
	return journal(tx, rec, store.Entry{Kind: store.JournalSeed, Turn: rec.Turn, Hash: hex.EncodeToString(seed), State: store.StateHash(before)})
}

// journalFinished journals the end of a battle: the outcome, or the GM's
// decision.
func journalFinished(tx *store.Tx, rec *store.BattleRecord, detail string) error {
	return journal(tx, rec, store.Entry{Kind: store.JournalFinished, Detail: detail})
}

// journalSetting journals a setting the GM changed.
func journalSetting(tx *store.Tx, rec *store.BattleRecord, key, value string) error {
	return journal(tx, rec, store.Entry{Kind: store.JournalSetting, Detail: key + " = " + value})
}
