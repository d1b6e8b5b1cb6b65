package store

import (
	"errors"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/gunbai/gunbai/duel"
	"github.com/gunbai/gunbai/engine"
)

// A detailed duel between two characters (EXTRAS.md F-E4-1): the state
// machine of package duel, who fights it and where it is shown. A battle's
// duels are kept with the battle, a GM's duel outside a battle with the
// guild:
//
//	guilds/<guild>/battles/<battle>/duels/<turn>.<n>   DuelRecord
//	guilds/<guild>/duels/<n>                           DuelRecord (Battle "")

var bucketDuels = []byte("duels")

// DuelSeat is one fighter's side of a duel: who plays him and where.
type DuelSeat struct {
	Side    engine.Side `json:"side"`           // in a battle
	Clan    string      `json:"clan,omitempty"` // outside a battle: the roster clan
	Name    string      `json:"name"`           // the character as shown
	Channel string      `json:"channel,omitempty"`
	Role    string      `json:"role,omitempty"`  // members of this role play him
	Users   []string    `json:"users,omitempty"` // players who get his prompts by DM
}

// Duel steps inside an exchange: the actor's attack or pass, the
// defender's Enhancement of his defence, the attacker's of his attack.
const (
	DuelStepAct     = "act"
	DuelStepDefend  = "defend"
	DuelStepEnhance = "enhance"
)

// DuelRecord is one stored duel.
type DuelRecord struct {
	ID     string `json:"id"` // "<turn>.<n>" in a battle, "<n>" outside
	Guild  string `json:"guild"`
	Battle string `json:"battle,omitempty"`
	Turn   int    `json:"turn,omitempty"`
	N      int    `json:"n"`
	// Dice: the seed the duel's dice come from (in a battle, the next
	// turn's, committed and still secret) and the turn number they are
	// keyed with (engine.NewSeededDice(seed, Battle, DiceTurn)).
	DiceTurn int         `json:"dice_turn"`
	Seed     []byte      `json:"seed"`
	State    duel.Duel   `json:"state"`
	Seats    [2]DuelSeat `json:"seats"`
	Lang     string      `json:"lang,omitempty"`
	GM       string      `json:"gm_channel,omitempty"` // where the GM's copies go
	// Step and Pending are the exchange being decided.
	Step     string        `json:"step,omitempty"`
	Pending  duel.Choice   `json:"pending,omitzero"`
	Timeout  time.Duration `json:"timeout"`
	Deadline time.Time     `json:"deadline,omitzero"`
	// Auto lists the steps played by the auto-policy, by fighter.
	Auto [2]int `json:"auto,omitzero"`
	// Absent: the fighter's player let a step pass its deadline; the bot
	// plays for him until he clicks again.
	Absent [2]bool `json:"absent,omitzero"`
	// Applied: the outcome has been applied (to the battle or the roster).
	Applied bool           `json:"applied,omitempty"`
	Events  []engine.Event `json:"events,omitempty"`
}

func (t *Tx) duelsBucket(guild, battle string, create bool) (*bolt.Bucket, error) {
	if battle != "" {
		b, err := t.battleBucket(guild, battle)
		if err != nil {
			return nil, err
		}
		if !create {
			return b.Bucket(bucketDuels), nil
		}
		return b.CreateBucketIfNotExists(bucketDuels)
	}
	if err := checkKey("guild", guild); err != nil {
		return nil, err
	}
	return t.nested(create, bucketGuilds, []byte(guild), bucketDuels)
}

// PutDuel stores a duel.
func (t *Tx) PutDuel(rec DuelRecord) error {
	if err := checkKey("duel", rec.ID); err != nil {
		return err
	}
	b, err := t.duelsBucket(rec.Guild, rec.Battle, true)
	if err != nil {
		return err
	}
	v, err := encode(rec)
	if err != nil {
		return err
	}
	return b.Put([]byte(rec.ID), v)
}

// Duel reads a duel; one never stored is a *NotFoundError.
func (t *Tx) Duel(guild, battle, id string) (DuelRecord, error) {
	var rec DuelRecord
	if err := checkKey("duel", id); err != nil {
		return rec, err
	}
	b, err := t.duelsBucket(guild, battle, false)
	if err != nil {
		return rec, err
	}
	var raw []byte
	if b != nil {
		raw = b.Get([]byte(id))
	}
	if raw == nil {
		return rec, &NotFoundError{Guild: guild, Battle: battle, Turn: -1, What: "duel " + id}
	}
	return rec, decode(raw, &rec, where(guild, battle, -1, "duel "+id))
}

// Duels lists a battle's duels (battle "": the guild's duels outside a
// battle), in key order.
func (t *Tx) Duels(guild, battle string) ([]DuelRecord, error) {
	b, err := t.duelsBucket(guild, battle, false)
	if err != nil {
		var nf *NotFoundError
		if errors.As(err, &nf) {
			return nil, nil
		}
		return nil, err
	}
	if b == nil {
		return nil, nil
	}
	var out []DuelRecord
	err = b.ForEach(func(k, v []byte) error {
		var rec DuelRecord
		if err := decode(v, &rec, where(guild, battle, -1, "duel "+string(k))); err != nil {
			return err
		}
		out = append(out, rec)
		return nil
	})
	return out, err
}
