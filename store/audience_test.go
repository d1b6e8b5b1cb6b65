package store

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/engine"
)

// An audience is stored as its word: a post written with it reads back
// with the same audience, through JSON and through the outbox, and a post
// written before Audience was a type (its JSON a plain string) reads as
// the same audience.
func TestAudienceRoundTrips(t *testing.T) {
	words := map[Audience]string{AudienceNorth: "north", AudienceSouth: "south", AudienceGM: "gm", AudienceSpectator: "spectator"}
	st, err := Open(filepath.Join(t.TempDir(), "g.db"), Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for a, word := range words {
		if a.String() != word {
			t.Errorf("%q: String %q", word, a.String())
		}
		raw, err := json.Marshal(Post{Guild: "g", Audience: a, Kind: "text"})
		if err != nil || !strings.Contains(string(raw), `"audience":"`+word+`"`) {
			t.Errorf("%s as JSON: %s, %v", word, raw, err)
		}
		var back Post
		if err := json.Unmarshal([]byte(`{"id":3,"guild":"g","audience":"`+word+`","kind":"text","lang":"ru"}`), &back); err != nil || back.Audience != a {
			t.Errorf("%s read back: %q, %v", word, back.Audience, err)
		}
		var stored Post
		err = st.Update(func(tx *Tx) error {
			ids, err := tx.Owe(Post{Guild: "g", Channel: "1", Audience: a, Kind: "text", Lang: "ru"})
			if err != nil {
				return err
			}
			stored, err = tx.Post(ids[0])
			return err
		})
		if err != nil || stored.Audience != a {
			t.Errorf("%s through the outbox: %q, %v", word, stored.Audience, err)
		}
	}
}

// The conversions: a clan's audience is its side's, both ways; the GM and
// the spectators are no side and read both sides' orders.
func TestAudienceSides(t *testing.T) {
	for _, s := range []engine.Side{engine.North, engine.South} {
		a := SideAudience(s)
		if side, ok := a.Side(); !ok || side != s {
			t.Errorf("%v: %q is side %v, %v", s, a, side, ok)
		}
		if got := a.Sides(); len(got) != 1 || got[0] != s {
			t.Errorf("%q reads %v", a, got)
		}
	}
	for _, a := range []Audience{AudienceGM, AudienceSpectator, ""} {
		if _, ok := a.Side(); ok {
			t.Errorf("%q is a side", a)
		}
		if got := a.Sides(); len(got) != 2 {
			t.Errorf("%q reads %v", a, got)
		}
	}
	rec := BattleRecord{GMChannelID: "gm", SpectatorChannel: "sp"}
	rec.Sides[engine.North].ChannelID, rec.Sides[engine.South].ChannelID = "n", "s"
	for a, ch := range map[Audience]string{AudienceNorth: "n", AudienceSouth: "s", AudienceGM: "gm", AudienceSpectator: "sp"} {
		if got := rec.ChannelOf(a); got != ch {
			t.Errorf("%q's channel: %q", a, got)
		}
	}
}
