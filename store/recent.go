package store

import (
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// The last change each person made to a battle (issue 25, item 3), written
// in the transaction of the change: a command re-sent after Discord lost
// its answer ("the application did not respond") is recognised by it and
// answered with what was done instead of being applied twice
// (game.Service.Once). Being in the store, it survives a crash between the
// change and its answer, and a restart.
//
//	guilds/<guild>/battles/<id>/recent/<user>   Recent

var bucketRecent = []byte("recent")

// Recent is one person's last change to a battle.
type Recent struct {
	Battle string `json:"battle"`
	// Command is the command with its options as the bot fingerprints
	// it: a repeat is the same string.
	Command string    `json:"command"`
	At      time.Time `json:"at"`
	Turn    int       `json:"turn"` // the battle's turn after the change
	// Again is the time of the change this one made once more (its
	// confirm button), zero for a command as sent.
	Again time.Time `json:"again,omitzero"`
	// Lang and Answer: the answer he was given, once it was (empty after a
	// crash between the change and its answer).
	Lang   string `json:"lang,omitempty"`
	Answer string `json:"answer,omitempty"`
}

// Recent reads user's last change to a battle; ok is false when none is
// kept.
func (t *Tx) Recent(guild, id, user string) (r Recent, ok bool, err error) {
	bb, err := t.battleBucket(guild, id)
	if err != nil {
		return r, false, err
	}
	return recentIn(bb, id, user)
}

func recentIn(bb *bolt.Bucket, id, user string) (r Recent, ok bool, err error) {
	b := bb.Bucket(bucketRecent)
	if b == nil || user == "" {
		return r, false, nil
	}
	raw := b.Get([]byte(user))
	if raw == nil {
		return r, false, nil
	}
	err = decode(raw, &r, fmt.Sprintf("recent change of %s to %s", user, id))
	return r, err == nil, err
}

// PutRecent keeps r as user's last change to a battle, in place of the one
// before.
func (t *Tx) PutRecent(guild, id, user string, r Recent) error {
	if err := checkKey("user", user); err != nil {
		return err
	}
	bb, err := t.battleBucket(guild, id)
	if err != nil {
		return err
	}
	b, err := bb.CreateBucketIfNotExists(bucketRecent)
	if err != nil {
		return err
	}
	r.Battle = id
	v, err := encode(r)
	if err != nil {
		return err
	}
	return b.Put([]byte(user), v)
}

// RecentAt finds user's last change made at at among a guild's battles
// (a button names the change by its time), or the one made again from it;
// ok is false when none is. One that cannot be read is passed over: it is
// not the one asked for.
func (t *Tx) RecentAt(guild, user string, at time.Time) (r Recent, ok bool, err error) {
	bs, err := t.battlesBucket(guild, false)
	if err != nil || bs == nil {
		return r, false, err
	}
	err = bs.ForEachBucket(func(k []byte) error {
		b := bs.Bucket(k)
		if ok || b == nil {
			return nil
		}
		got, found, err := recentIn(b, string(k), user)
		if err == nil && found && (got.At.Equal(at) || got.Again.Equal(at)) {
			r, ok = got, true
		}
		return nil
	})
	return r, ok, err
}
