package store

import (
	"fmt"

	bolt "go.etcd.io/bbolt"

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
	cb, err := t.nested(false, bucketGuilds, []byte(guild), bucketCampaign)
	if err != nil {
		return RosterRecord{}, err
	}
	var raw []byte
	if cb != nil {
		raw = cb.Get(keyRoster)
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
	cb, err := t.nested(true, bucketGuilds, []byte(guild), bucketCampaign)
	if err != nil {
		return err
	}
	return cb.Put(keyRoster, raw)
}

// Campaign records beside the roster: a guild's quick battles, assaults and
// sieges (package game decides their shape), each one value under
//
//	guilds/<guild>/campaign/<kind>/<id>
//
// kind is a plural noun ("fights", "sieges").

// campaignBucket returns guilds/<guild>/campaign/<kind>, creating it if
// create; nil without create when it does not exist.
func (t *Tx) campaignBucket(guild, kind string, create bool) (*bolt.Bucket, error) {
	if err := checkKey("guild", guild); err != nil {
		return nil, err
	}
	if err := checkKey("campaign kind", kind); err != nil {
		return nil, err
	}
	return t.nested(create, bucketGuilds, []byte(guild), bucketCampaign, []byte(kind))
}

// PutCampaign writes one campaign record.
func (t *Tx) PutCampaign(guild, kind, id string, v any) error {
	if err := checkKey(kind, id); err != nil {
		return err
	}
	raw, err := encode(v)
	if err != nil {
		return err
	}
	b, err := t.campaignBucket(guild, kind, true)
	if err != nil {
		return err
	}
	return b.Put([]byte(id), raw)
}

// Campaign reads one campaign record into v; a *NotFoundError if none.
func (t *Tx) Campaign(guild, kind, id string, v any) error {
	b, err := t.campaignBucket(guild, kind, false)
	if err != nil {
		return err
	}
	var raw []byte
	if b != nil {
		raw = b.Get([]byte(id))
	}
	if raw == nil {
		return &NotFoundError{Guild: guild, Battle: id, Turn: -1, What: kind}
	}
	return decode(raw, v, "guild "+guild+" "+kind+" "+id)
}

// CampaignIDs lists the IDs of a guild's campaign records of a kind, in key
// order.
func (t *Tx) CampaignIDs(guild, kind string) ([]string, error) {
	b, err := t.campaignBucket(guild, kind, false)
	if err != nil || b == nil {
		return nil, err
	}
	var out []string
	err = b.ForEach(func(k, _ []byte) error {
		out = append(out, string(k))
		return nil
	})
	return out, err
}
