package store

import (
	"fmt"
	"time"
)

// A player's own choices, kept across battles and guilds (issue 29, item
// 4): when he wants to be nudged by DM before a deadline. They are his,
// not a battle's, so they live outside the guilds' buckets, under his
// Discord user ID.
//
//	players/<user>   PlayerPrefs

var bucketPlayers = []byte("players")

// PlayerPrefs are one player's choices.
type PlayerPrefs struct {
	// RemindBefore is how long before a deadline he is nudged by DM while
	// not ready: 0, he chose nothing (his clan's channel is reminded at the
	// battle's remind_before, as before); negative, never.
	RemindBefore time.Duration `json:"remind_before,omitempty"`
	// Lang is the language he chose it in ("ru", "en"): his DMs speak it
	// when no order sheet of the battle says otherwise.
	Lang string `json:"lang,omitempty"`
}

// PlayersTx is the players' choices within a transaction (Tx.Players).
type PlayersTx struct{ t *Tx }

// Players gives the players' choices within the transaction.
func (t *Tx) Players() PlayersTx { return PlayersTx{t} }

// Prefs reads a player's choices; a player who never chose has the zero
// value.
func (p PlayersTx) Prefs(user string) (PlayerPrefs, error) {
	var out PlayerPrefs
	b := p.t.tx.Bucket(bucketPlayers)
	if b == nil || user == "" {
		return out, nil
	}
	raw := b.Get([]byte(user))
	if raw == nil {
		return out, nil
	}
	return out, decode(raw, &out, fmt.Sprintf("choices of player %s", user))
}

// PutPrefs stores a player's choices.
func (p PlayersTx) PutPrefs(user string, prefs PlayerPrefs) error {
	if user == "" {
		return fmt.Errorf("store: choices of no player")
	}
	b, err := p.t.tx.CreateBucketIfNotExists(bucketPlayers)
	if err != nil {
		return err
	}
	raw, err := encode(prefs)
	if err != nil {
		return err
	}
	return b.Put([]byte(user), raw)
}
