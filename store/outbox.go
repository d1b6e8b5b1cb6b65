package store

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/gunbai/gunbai/engine"
)

// The outbox holds every message the bot owes Discord. A post is written in
// the same transaction as the change that makes it owed (a resolved turn,
// an opened phase, a reminder...), so a crash can neither lose it nor make
// it owed twice; the bot's one delivery worker sends it and removes it when
// Discord has confirmed every part. A post is data: what to say, to whom,
// about which battle; the bot words and draws it when it delivers.
//
//	outbox/<id>   Post, <id> an 8-byte big-endian sequence (delivery order)

var bucketOutbox = []byte("outbox")

// Audience is whose view a battle post shows, and so its channel: one
// side's clan, the GM, or the spectators. It is stored as its word, which
// must never change (posts owed are read back by it).
type Audience string

// Audiences of a battle post: one side's clan channel, or the GM channel.
const (
	AudienceNorth Audience = "north"
	AudienceSouth Audience = "south"
	AudienceGM    Audience = "gm"
	// AudienceSpectator is the spectators' channel: the GM's view, later.
	AudienceSpectator Audience = "spectator"
)

// SideAudience is the audience of a side's clan.
func SideAudience(s engine.Side) Audience {
	return [2]Audience{AudienceNorth, AudienceSouth}[s&1]
}

// Side is the side of a clan's audience; false for the GM and the
// spectators, who see both.
func (a Audience) Side() (engine.Side, bool) {
	switch a {
	case AudienceNorth:
		return engine.North, true
	case AudienceSouth:
		return engine.South, true
	}
	return engine.North, false
}

// Sides are the sides whose orders the audience may read: its own, or
// both.
func (a Audience) Sides() []engine.Side {
	if side, ok := a.Side(); ok {
		return []engine.Side{side}
	}
	return []engine.Side{engine.North, engine.South}
}

// String is the audience's word, as stored.
func (a Audience) String() string { return string(a) }

// Post is one message owed to a channel or a player.
type Post struct {
	ID      uint64 `json:"id"`
	Guild   string `json:"guild"`
	Battle  string `json:"battle,omitempty"`
	Channel string `json:"channel,omitempty"` // the channel; empty for a DM
	User    string `json:"user,omitempty"`    // the player of a DM
	// Audience is whose view a battle post shows: AudienceNorth,
	// AudienceSouth, AudienceGM or AudienceSpectator.
	Audience Audience `json:"audience,omitempty"`
	// Kind says what to compose (the bot's composers: text, opened, turn,
	// plan_change, scout, roll, receipt, failure); Lang in which language.
	Kind string `json:"kind"`
	Lang string `json:"lang"`
	Turn int    `json:"turn,omitempty"`
	// Key and Args are a catalogue text (kind text). Args are strings and
	// whole numbers only.
	Key  string `json:"key,omitempty"`
	Args Args   `json:"args,omitempty"`
	// Data is what a kind needs beyond that (a scout report, a roll...).
	Data json.RawMessage `json:"data,omitempty"`
	// Reply lets the worker tell a player in his interaction's followup
	// what could not reach him by DM (valid for 15 minutes).
	Reply *Reply `json:"reply,omitempty"`
	// Live names the live message the post shows as it stands (see
	// OweLive): it is edited in place rather than posted anew.
	Live string `json:"live,omitempty"`

	// Delivery: Sent parts have been confirmed by Discord (a post may take
	// several messages: a picture, then its log); Attempts failed so far;
	// NotBefore is when the next attempt may be made; LastError why the
	// last one failed.
	Sent      int       `json:"sent,omitempty"`
	Attempts  int       `json:"attempts,omitempty"`
	NotBefore time.Time `json:"not_before,omitzero"`
	LastError string    `json:"last_error,omitempty"`
	Created   time.Time `json:"created,omitzero"`
	// Salt makes the post's nonces its own: a random word drawn when it is
	// owed (Owe). Post IDs alone repeat: two stores (the shard processes of
	// one bot, a store restored from a backup) number their posts alike,
	// and Discord answers a nonce it has had from the bot within minutes,
	// in any channel, with the earlier message, so the later post would
	// never appear (issue 25). Empty in posts owed before it existed.
	Salt string `json:"salt,omitempty"`
	// UndoneTo, when set, is the turn a GM's undo took the post's battle
	// back to, the post being a turn's results it undid: Discord may have
	// taken a part without its answer reaching the bot, so the post is
	// owed only to find that part by its nonce and mark it undone
	// (issue 25, item 2), never to post the results.
	UndoneTo int `json:"undone_to,omitempty"`
}

// Reply is an interaction the post was made for.
type Reply struct {
	AppID string `json:"app_id"`
	Token string `json:"token"`
}

// Target is where the post goes: a channel ID, or "@" and the user ID of a
// DM. Posts to one target are delivered in order.
func (p Post) Target() string {
	if p.Channel != "" {
		return p.Channel
	}
	return "@" + p.User
}

// Nonce names one message of a post to Discord, so that a part sent again
// after a crash (enforce_nonce) is not posted twice. Discord takes nonces
// of at most 25 characters.
//
// A live message's post (one part) is "l<id>": sent again after a crash it
// may carry newer content, and Discord then answers with the message it
// has, which the bot edits to the new content.
func (p Post) Nonce(part int) string {
	id := strconv.FormatUint(p.ID, 10)
	if p.Salt != "" {
		id = p.Salt // "g" + 13 + "." + the part: within 25
	}
	if p.Live != "" {
		return "l" + id
	}
	return fmt.Sprintf("g%s.%d", id, part)
}

// newSalt is a post's random word: 64 bits in base 36, at most 13
// characters.
func newSalt() string {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand does not fail on the systems Go supports
	}
	return strconv.FormatUint(binary.BigEndian.Uint64(b[:]), 36)
}

func outboxKey(id uint64) []byte {
	var k [8]byte
	binary.BigEndian.PutUint64(k[:], id)
	return k[:]
}

// Owe queues posts; each gets its ID (its place in the delivery order).
// The IDs are returned in the order of the posts.
func (t *Tx) Owe(posts ...Post) ([]uint64, error) {
	b, err := t.tx.CreateBucketIfNotExists(bucketOutbox)
	if err != nil {
		return nil, err
	}
	ids := make([]uint64, 0, len(posts))
	for _, p := range posts {
		if p.Channel == "" && p.User == "" {
			continue // nowhere to post (a battle without a GM channel, say)
		}
		if p.ID, err = b.NextSequence(); err != nil {
			return nil, err
		}
		if p.Created.IsZero() {
			p.Created = t.Now()
		}
		if p.Salt == "" {
			p.Salt = newSalt()
		}
		if err := t.putPost(b, p); err != nil {
			return nil, err
		}
		ids = append(ids, p.ID)
	}
	return ids, nil
}

func (t *Tx) putPost(b interface{ Put(k, v []byte) error }, p Post) error {
	v, err := encode(p)
	if err != nil {
		return err
	}
	return b.Put(outboxKey(p.ID), v)
}

// Outbox lists the posts still owed, in delivery order.
func (t *Tx) Outbox() ([]Post, error) {
	b := t.tx.Bucket(bucketOutbox)
	if b == nil {
		return nil, nil
	}
	var out []Post
	err := b.ForEach(func(k, v []byte) error {
		p, err := t.decodePost(k, v)
		if err != nil {
			return err
		}
		out = append(out, p)
		return nil
	})
	return out, err
}

// Post reads one owed post; a delivered one is a *NotFoundError.
func (t *Tx) Post(id uint64) (Post, error) {
	b := t.tx.Bucket(bucketOutbox)
	var raw []byte
	if b != nil {
		raw = b.Get(outboxKey(id))
	}
	if raw == nil {
		return Post{}, &NotFoundError{Turn: -1, What: fmt.Sprintf("post %d", id)}
	}
	return t.decodePost(outboxKey(id), raw)
}

// UpdatePost stores a post's delivery progress.
func (t *Tx) UpdatePost(p Post) error {
	b := t.tx.Bucket(bucketOutbox)
	if b == nil || b.Get(outboxKey(p.ID)) == nil {
		return &NotFoundError{Turn: -1, What: fmt.Sprintf("post %d", p.ID)}
	}
	return t.putPost(b, p)
}

// Delivered removes a post: Discord has every part of it.
func (t *Tx) Delivered(id uint64) error {
	b := t.tx.Bucket(bucketOutbox)
	if b == nil {
		return nil
	}
	return b.Delete(outboxKey(id))
}

func (t *Tx) decodePost(k, v []byte) (Post, error) {
	var p Post
	if len(k) != 8 {
		return p, errors.New("store: outbox: bad key")
	}
	if err := t.s.posts.decode(v, &p, fmt.Sprintf("outbox post %d", binary.BigEndian.Uint64(k))); err != nil {
		return p, err
	}
	return p, nil
}

// Args are a catalogue text's arguments, kept as JSON (a post's, a sheet's
// refusal): strings and whole numbers. JSON gives every number back as a
// float64, which the texts' %d would print as %!d(float64=3): a whole
// number reads back as the int it was.
type Args []any

// UnmarshalJSON reads the arguments, whole numbers as ints.
func (a *Args) UnmarshalJSON(b []byte) error {
	var raw []any
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	for i, v := range raw {
		if f, ok := v.(float64); ok && f == math.Trunc(f) && math.Abs(f) < 1<<53 {
			raw[i] = int(f)
		}
	}
	*a = raw
	return nil
}
