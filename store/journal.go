package store

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"time"
)

// The journal of a battle: every commitment and every decision that
// changes its course, appended in the transaction of the change, each
// entry carrying the SHA-256 of the one before (a hash chain), so that a
// later change to history shows: the head hash is published in the
// battle's status message.
//
//	guilds/<guild>/battles/<id>/journal/<n>   Entry, <n> an 8-byte big-endian sequence from 1

var bucketJournal = []byte("journal")

// keyJournalMark is, in a battle's bucket beside its record, the number
// and hash of the journal's last entry (JournalMark), written with each
// entry: an entry deleted from the journal's end, or the journal removed
// whole, no longer matches it.
var keyJournalMark = []byte("journal_mark")

// JournalMark is what a battle's bucket keeps of its journal's end: how
// many entries were written (N, the last one's number) and the last one's
// hash. Seq is the journal bucket's sequence (bbolt's), which an entry
// deleted leaves as it was.
type JournalMark struct {
	N    uint64 `json:"n"`
	Head string `json:"head"`
	Seq  uint64 `json:"-"`
}

// Journal entry kinds.
const (
	JournalCreated    = "created"     // the battle was created (Detail: the scenario)
	JournalSeedHash   = "seed_hash"   // a turn's seed hash was published (Hash)
	JournalSeed       = "seed"        // a turn's seed was revealed (Hash: the seed, hex)
	JournalOrders     = "orders"      // a side's orders were sealed for a turn (Side, Hash: SHA-256 of their JSON)
	JournalOrdersOpen = "orders_open" // a side's sealed orders were revealed (Side, Hash as sealed)
	JournalFix        = "fix"         // a GM fix (Detail: who, field, value)
	JournalSetting    = "setting"     // a setting changed (Detail: key = value)
	JournalPause      = "pause"       // the deadline paused (Detail: the time left)
	JournalResume     = "resume"      // the deadline resumed (Detail: the new deadline)
	JournalExtend     = "extend"      // the deadline extended (Detail: by how much, the new deadline)
	JournalUndo       = "undo"        // the battle went back (Turn; Detail: what was undone)
	JournalFinished   = "finished"    // the battle ended (Detail: the outcome)
)

// Entry is one line of a battle's journal.
type Entry struct {
	N      uint64    `json:"n"`
	At     time.Time `json:"at"`
	Kind   string    `json:"kind"`
	Turn   int       `json:"turn,omitempty"`
	Side   string    `json:"side,omitempty"` // "north", "south"
	Hash   string    `json:"hash,omitempty"`
	Detail string    `json:"detail,omitempty"`
	By     string    `json:"by,omitempty"` // the user who made the change, if one did
	// State is, on a turn's JournalSeed entry, StateHash of the position
	// the turn was resolved from (its stored snapshot): the snapshot is
	// chained into the journal with the seed (issue 25, item 5).
	State string `json:"state,omitempty"`
	// Prev is the SHA-256 of the previous entry (EntryHash), "" for the
	// first.
	Prev string `json:"prev"`
}

// EntryHash is the hash of an entry as chained: lowercase hex SHA-256 of
// its canonical JSON.
func EntryHash(e Entry) string {
	raw, _ := json.Marshal(e) // plain data: cannot fail
	h := sha256.Sum256(raw)
	return hex.EncodeToString(h[:])
}

func journalKey(n uint64) []byte {
	var k [8]byte
	binary.BigEndian.PutUint64(k[:], n)
	return k[:]
}

// JournalTx is one battle's journal within a transaction: appended to,
// read whole, and its end (mark and head) read. Tx.Journal gives it.
type JournalTx struct {
	t         *Tx
	guild, id string
}

// Journal is the journal of battle id of guild, within the transaction.
func (t *Tx) Journal(guild, id string) JournalTx {
	return JournalTx{t: t, guild: guild, id: id}
}

// Append appends an entry to the journal, chained to the last one, and
// returns it as stored (with its number and Prev).
func (j JournalTx) Append(e Entry) (Entry, error) {
	id := j.id
	bb, err := j.t.battleBucket(j.guild, id)
	if err != nil {
		return e, err
	}
	jb, err := bb.CreateBucketIfNotExists(bucketJournal)
	if err != nil {
		return e, err
	}
	e.Prev = ""
	if k, v := jb.Cursor().Last(); k != nil {
		var last Entry
		if err := decode(v, &last, fmt.Sprintf("journal entry %d of %s", binary.BigEndian.Uint64(k), id)); err != nil {
			return e, err
		}
		e.Prev = EntryHash(last)
	}
	if e.N, err = jb.NextSequence(); err != nil {
		return e, err
	}
	if e.At.IsZero() {
		e.At = j.t.Now().UTC()
	}
	v, err := encode(e)
	if err != nil {
		return e, err
	}
	if err := jb.Put(journalKey(e.N), v); err != nil {
		return e, err
	}
	mark, err := encode(JournalMark{N: e.N, Head: EntryHash(e)})
	if err != nil {
		return e, err
	}
	return e, bb.Put(keyJournalMark, mark)
}

// Mark reads the mark of the journal's end; ok is false for a battle
// whose journal was begun before marks were kept (and has no mark yet).
func (j JournalTx) Mark() (m JournalMark, ok bool, err error) {
	id := j.id
	bb, err := j.t.battleBucket(j.guild, id)
	if err != nil {
		return m, false, err
	}
	if jb := bb.Bucket(bucketJournal); jb != nil {
		m.Seq = jb.Sequence()
	}
	raw := bb.Get(keyJournalMark)
	if raw == nil {
		return m, false, nil
	}
	seq := m.Seq
	if err := decode(raw, &m, "journal mark of "+id); err != nil {
		return m, false, err
	}
	m.Seq = seq
	return m, true, nil
}

// Entries reads the journal, first entry first.
func (j JournalTx) Entries() ([]Entry, error) {
	id := j.id
	bb, err := j.t.battleBucket(j.guild, id)
	if err != nil {
		return nil, err
	}
	jb := bb.Bucket(bucketJournal)
	if jb == nil {
		return nil, nil
	}
	var out []Entry
	err = jb.ForEach(func(k, v []byte) error {
		var e Entry
		if err := decode(v, &e, fmt.Sprintf("journal entry %d of %s", binary.BigEndian.Uint64(k), id)); err != nil {
			return err
		}
		out = append(out, e)
		return nil
	})
	return out, err
}

// Head is the hash of the journal's last entry ("" if none).
func (j JournalTx) Head() (string, error) {
	id := j.id
	bb, err := j.t.battleBucket(j.guild, id)
	if err != nil {
		return "", err
	}
	jb := bb.Bucket(bucketJournal)
	if jb == nil {
		return "", nil
	}
	k, v := jb.Cursor().Last()
	if k == nil {
		return "", nil
	}
	var last Entry
	if err := decode(v, &last, "journal head of "+id); err != nil {
		return "", err
	}
	return EntryHash(last), nil
}

// CheckChain checks a journal's chain: each entry's Prev is the hash of
// the one before, and the numbers follow from 1. It returns the number of
// the first entry that breaks it, 0 if none does.
func CheckChain(entries []Entry) uint64 {
	prev := ""
	for i, e := range entries {
		if e.N != uint64(i+1) || e.Prev != prev {
			return uint64(i + 1)
		}
		prev = EntryHash(e)
	}
	return 0
}
