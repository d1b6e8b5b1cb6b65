package store

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"

	"github.com/gunbai/gunbai/engine"
)

// What verification reads (issue 14, item 5): the seal of a side's
// orders, and a turn's seed as it is stored, unchecked, so that a seed
// that no longer matches its hash is named rather than refused.

// OrdersHash is the seal of a side's orders of a turn, as the journal
// keeps it (JournalOrders, JournalOrdersOpen): lowercase hex SHA-256 of
// their JSON as stored, an empty list for a side that gave none. The
// JSON of Go's encoder is deterministic, so the orders read back from the
// store or an export hash as they were sealed.
func OrdersHash(orders []engine.Order) string {
	if orders == nil {
		orders = []engine.Order{}
	}
	raw, _ := json.Marshal(orders) // plain data: cannot fail
	h := sha256.Sum256(raw)
	return hex.EncodeToString(h[:])
}

// StateHash is the seal of a battle's position, as a turn's JournalSeed
// entry keeps it (Entry.State): lowercase hex SHA-256 of its JSON. The
// JSON of a position read back from the store or an export is the JSON it
// was stored with, so it hashes as it was sealed.
func StateHash(b engine.Battle) string {
	raw, _ := json.Marshal(b) // plain data: cannot fail
	h := sha256.Sum256(raw)
	return hex.EncodeToString(h[:])
}

// RawSeed reads the seed of the turn as stored, without checking that its
// value still hashes to its hash (Seed does): verification says which of
// the two no longer matches.
func (bt TurnTx) RawSeed() (Seed, error) {
	var s Seed
	err := bt.get(keySeed, &s, "seed")
	return s, err
}
