package store

import (
	"fmt"

	"github.com/gunbai/gunbai/campaign"
)

// A guild's campaign lives beside its battles:
//
//	guilds/<guild>/campaign/roster   RosterRecord
//
// The whole roster is one value: each change to it (an upload, an edit, a
// battle written back, an aftermath click, the next turn) reads it, changes a
// copy and writes it back inside one transaction, so a change is all there or
// not at all.
var (
	bucketCampaign = []byte("campaign")
	keyRoster      = []byte("roster")
)

// RosterRecord is a guild's campaign roster and the secret seed its
// end-of-turn dice come from (one stream per campaign turn, keyed by army and
// character: see game).
type RosterRecord struct {
	Roster campaign.Roster `json:"roster"`
	Seed   []byte          `json:"seed"`
}

// Roster returns the guild's roster record; a guild without one gets an
// empty roster at turn 1 and no seed (the caller draws one before PutRoster).
func (t *Tx) Roster(guild string) (RosterRecord, error) {
	if err := checkKey("guild", guild); err != nil {
		return RosterRecord{}, err
	}
	var raw []byte
	if g := t.tx.Bucket(bucketGuilds); g != nil {
		if gb := g.Bucket([]byte(guild)); gb != nil {
			if cb := gb.Bucket(bucketCampaign); cb != nil {
				raw = cb.Get(keyRoster)
			}
		}
	}
	if raw == nil {
		return RosterRecord{Roster: campaign.Roster{Turn: 1}}, nil
	}
	var rec RosterRecord
	if err := decode(raw, &rec, "guild "+guild+" roster"); err != nil {
		return RosterRecord{}, err
	}
	return rec, nil
}

// PutRoster writes the guild's roster record.
func (t *Tx) PutRoster(guild string, rec RosterRecord) error {
	if err := checkKey("guild", guild); err != nil {
		return err
	}
	if len(rec.Seed) == 0 {
		return fmt.Errorf("store: guild %s roster without a seed", guild)
	}
	raw, err := encode(rec)
	if err != nil {
		return err
	}
	g, err := t.tx.CreateBucketIfNotExists(bucketGuilds)
	if err != nil {
		return err
	}
	gb, err := g.CreateBucketIfNotExists([]byte(guild))
	if err != nil {
		return err
	}
	cb, err := gb.CreateBucketIfNotExists(bucketCampaign)
	if err != nil {
		return err
	}
	return cb.Put(keyRoster, raw)
}
