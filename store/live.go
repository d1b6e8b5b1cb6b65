package store

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"

	bolt "go.etcd.io/bbolt"

	"github.com/gunbai/gunbai/engine"
)

// A live message is one Discord message the bot keeps up to date by editing
// it in place: a player's order sheet, a clan's summary of its orders. Its
// content is composed from the state when it is delivered, so the outbox
// needs at most one owed post per live message: OweLive bumps the live
// message's version and queues a post only if none is owed. The worker
// records which version it showed (LiveShown); a change committed while it
// was composing leaves the post owed, so no change is ever shown stale.
//
//	live/<key>     Live
//	sheets/<id>    Sheet, <id> an 8-byte big-endian sequence

var (
	bucketLive   = []byte("live")
	bucketSheets = []byte("sheets")
)

// Live is the state of one live message.
type Live struct {
	Key string `json:"key"`
	// Channel and Message are the message once posted ("" before).
	Channel string `json:"channel,omitempty"`
	Message string `json:"message,omitempty"`
	// Reply: the message is an ephemeral answer, edited through the
	// webhook of the last interaction on it (valid 15 minutes).
	Reply *Reply `json:"reply,omitempty"`
	// Version counts the changes to show; Shown is the last one shown.
	Version uint64 `json:"version"`
	Shown   uint64 `json:"shown,omitempty"`
	// Owed is the post that will show it, 0 if none is owed.
	Owed uint64 `json:"owed,omitempty"`
	// Dead: the message can no longer be edited (deleted, the DM closed,
	// the answer's token expired); nothing more is owed to it.
	Dead bool `json:"dead,omitempty"`
}

// Live reads a live message; one never owed is a *NotFoundError.
func (t *Tx) Live(key string) (Live, error) {
	var l Live
	b := t.tx.Bucket(bucketLive)
	var raw []byte
	if b != nil {
		raw = b.Get([]byte(key))
	}
	if raw == nil {
		return l, &NotFoundError{Turn: -1, What: "live message " + key}
	}
	return l, decode(raw, &l, "live message "+key)
}

// PutLive stores a live message.
func (t *Tx) PutLive(l Live) error {
	if l.Key == "" {
		return errors.New("store: live message without a key")
	}
	b, err := t.tx.CreateBucketIfNotExists(bucketLive)
	if err != nil {
		return err
	}
	v, err := encode(l)
	if err != nil {
		return err
	}
	return b.Put([]byte(l.Key), v)
}

// OweLive says live message p.Live has changed: its version goes up and,
// unless a post to show it is owed already, p is queued. A dead message is
// left alone. It returns the live message as it now stands.
func (t *Tx) OweLive(p Post) (Live, error) {
	if p.Live == "" {
		return Live{}, errors.New("store: OweLive of a post without a live key")
	}
	l, err := t.Live(p.Live)
	if errors.Is(err, ErrNotFound) {
		l, err = Live{Key: p.Live}, nil
	}
	if err != nil || l.Dead {
		return l, err
	}
	l.Version++
	if l.Owed != 0 {
		if _, err := t.Post(l.Owed); err == nil {
			return l, t.PutLive(l)
		} else if !errors.Is(err, ErrNotFound) {
			return l, err
		}
	}
	ids, err := t.Owe(p)
	if err != nil {
		return l, err
	}
	if len(ids) == 1 {
		l.Owed = ids[0]
	}
	return l, t.PutLive(l)
}

// LiveShown records that post id showed its live message at version (and,
// for a new message, where it now is). If the message changed since, the
// post stays owed to show the change; else it is delivered.
func (t *Tx) LiveShown(id uint64, version uint64, channel, message string) error {
	p, err := t.Post(id)
	if errors.Is(err, ErrNotFound) {
		return nil
	} else if err != nil {
		return err
	}
	l, err := t.Live(p.Live)
	if err != nil {
		return err
	}
	if message != "" {
		l.Channel, l.Message = channel, message
	}
	l.Shown = max(l.Shown, version)
	if l.Version > version && !l.Dead {
		// Changed while being shown: show it again, at once.
		p.Attempts, p.LastError = 0, ""
		if err := t.UpdatePost(p); err != nil {
			return err
		}
		return t.PutLive(l)
	}
	l.Owed = 0
	if err := t.Delivered(id); err != nil {
		return err
	}
	return t.PutLive(l)
}

// KillLive marks a live message that can no longer be edited; a post owed
// to it is dropped.
func (t *Tx) KillLive(key string) error {
	l, err := t.Live(key)
	if err != nil {
		return err
	}
	if l.Owed != 0 {
		if err := t.Delivered(l.Owed); err != nil {
			return err
		}
	}
	l.Dead, l.Owed = true, 0
	return t.PutLive(l)
}

// Sheet is one player's order sheet for one battle and side: where it is
// shown and what he has picked on it so far. The sheet of each turn is a
// live message of its own (LiveKey).
type Sheet struct {
	ID     uint64      `json:"id"`
	Guild  string      `json:"guild"`
	Battle string      `json:"battle"`
	Side   engine.Side `json:"side"`
	User   string      `json:"user"`
	Lang   string      `json:"lang"`
	// Ephemeral: his DMs are closed; the sheet is an answer to /orders.
	Ephemeral bool `json:"ephemeral,omitempty"`
	// Draft is the order being picked; Note is what the sheet says about
	// the last thing done on it (package game's SheetNote, as JSON).
	Draft Draft           `json:"draft,omitzero"`
	Note  json.RawMessage `json:"note,omitempty"`
}

// Draft is an order being picked on a sheet, step by step.
type Draft struct {
	// Subject is a unit ID or one of the sheet's groups (army-wide
	// orders, leaders, shinobi, banners, declarations).
	Subject string `json:"subject,omitempty"`
	// Pick is the order picked for the subject (an index into the
	// sheet's offers, by its stable name), Phase the phase chosen.
	Pick  string `json:"pick,omitempty"`
	Phase int    `json:"phase,omitempty"`
	// Page is the page of a long menu.
	Page int `json:"page,omitempty"`
}

// LiveKey is the live message of the sheet for one turn.
func (s Sheet) LiveKey(turn int) string { return fmt.Sprintf("sheet.%d.%d", s.ID, turn) }

func sheetKey(id uint64) []byte {
	var k [8]byte
	binary.BigEndian.PutUint64(k[:], id)
	return k[:]
}

// NewSheet stores a new sheet and returns it with its ID.
func (t *Tx) NewSheet(s Sheet) (Sheet, error) {
	b, err := t.tx.CreateBucketIfNotExists(bucketSheets)
	if err != nil {
		return s, err
	}
	if s.ID, err = b.NextSequence(); err != nil {
		return s, err
	}
	return s, t.putSheet(b, s)
}

// PutSheet stores a sheet's changes.
func (t *Tx) PutSheet(s Sheet) error {
	b := t.tx.Bucket(bucketSheets)
	if b == nil || b.Get(sheetKey(s.ID)) == nil {
		return &NotFoundError{Turn: -1, What: fmt.Sprintf("sheet %d", s.ID)}
	}
	return t.putSheet(b, s)
}

func (t *Tx) putSheet(b *bolt.Bucket, s Sheet) error {
	v, err := encode(s)
	if err != nil {
		return err
	}
	return b.Put(sheetKey(s.ID), v)
}

// Sheet reads a sheet; an unknown one is a *NotFoundError.
func (t *Tx) Sheet(id uint64) (Sheet, error) {
	var s Sheet
	b := t.tx.Bucket(bucketSheets)
	var raw []byte
	if b != nil {
		raw = b.Get(sheetKey(id))
	}
	if raw == nil {
		return s, &NotFoundError{Turn: -1, What: fmt.Sprintf("sheet %d", id)}
	}
	return s, decode(raw, &s, fmt.Sprintf("sheet %d", id))
}
