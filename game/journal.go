package game

import (
	"github.com/gunbai/gunbai/store"
)

// journal appends an entry to the battle's journal (store.Tx.Journal: a
// hash chain of its commitments and decisions), in the transaction of the
// change it records, and owes the battle's status a refresh where one is
// shown (its head hash is published there).
func journal(tx *store.Tx, rec *store.BattleRecord, e store.Entry) error {
	if e.Turn == 0 {
		e.Turn = rec.Turn
	}
	if _, err := tx.Journal(rec.GuildID, rec.ID).Append(e); err != nil {
		return err
	}
	return refreshStatus(tx, rec)
}

// Journal reads a battle's journal and its head hash.
func (g Audit) Journal(guild, ref string) ([]store.Entry, string, error) {
	s := g.s
	var out []store.Entry
	var head string
	err := s.Store.View(func(tx *store.Tx) error {
		rec, err := find(tx, guild, ref)
		if err != nil {
			return err
		}
		if out, err = tx.Journal(rec.GuildID, rec.ID).Entries(); err != nil {
			return err
		}
		head, err = tx.Journal(rec.GuildID, rec.ID).Head()
		return err
	})
	return out, head, err
}
