package store

import (
	"bytes"
	"errors"
	"testing"

	"github.com/gunbai/gunbai/campaign"
)

func TestRosterRoundTrip(t *testing.T) {
	s, _ := openTemp(t, Options{NoSync: true})
	var seed []byte
	if err := s.View(func(tx *Tx) error {
		rec, err := tx.Roster("g1")
		if err != nil {
			return err
		}
		if rec.Roster.Turn != 1 || len(rec.Seed) != 0 {
			t.Errorf("a new guild's roster: turn %d, seed %d bytes; want turn 1 and no seed yet", rec.Roster.Turn, len(rec.Seed))
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	r := campaign.Roster{Turn: 3, Clans: []campaign.Clan{{ID: "oda", Name: "Ода"}},
		Armies: []campaign.Army{{ID: "a1", Clan: "oda", Kind: campaign.KindArmy, Units: []campaign.Unit{{ID: "u1", Type: campaign.AshigaruSpear, Figures: 12, LostThisTurn: 2}}}}}
	if err := s.Update(func(tx *Tx) error {
		rec, err := tx.Roster("g1")
		if err != nil {
			return err
		}
		seed = []byte("0123456789abcdef0123456789abcdef")
		rec.Roster, rec.Seed = r, seed
		return tx.PutRoster("g1", rec)
	}); err != nil {
		t.Fatal(err)
	}
	if err := s.View(func(tx *Tx) error {
		rec, err := tx.Roster("g1")
		if err != nil {
			return err
		}
		if !bytes.Equal(rec.Seed, seed) {
			t.Error("the seed changed between reads")
		}
		a, ok := rec.Roster.Army("a1")
		if rec.Roster.Turn != 3 || !ok || a.Units[0].LostThisTurn != 2 || a.Units[0].Type != campaign.AshigaruSpear {
			t.Errorf("read back %+v", rec.Roster)
		}
		other, err := tx.Roster("g2")
		if err != nil || len(other.Roster.Armies) != 0 {
			t.Errorf("another guild sees %+v (%v)", other.Roster, err)
		}
		// A guild with a roster but no battle still has no battles.
		if hs, err := tx.Headers("g1"); err != nil || len(hs) != 0 {
			t.Errorf("headers of a roster-only guild: %v, %v", hs, err)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if err := s.Update(func(tx *Tx) error { return tx.PutRoster("g1", RosterRecord{}) }); err == nil {
		t.Error("a roster without a seed was stored")
	}
}

func TestCampaignRecords(t *testing.T) {
	s, _ := openTemp(t, Options{NoSync: true})
	type rec struct{ N int }
	if err := s.Update(func(tx *Tx) error {
		for i, id := range []string{"b", "a"} {
			if err := tx.PutCampaign("g1", "sieges", id, rec{i}); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if err := s.View(func(tx *Tx) error {
		ids, err := tx.CampaignIDs("g1", "sieges")
		if err != nil || len(ids) != 2 || ids[0] != "a" {
			t.Errorf("ids %v, %v", ids, err)
		}
		var r rec
		if err := tx.Campaign("g1", "sieges", "b", &r); err != nil || r.N != 0 {
			t.Errorf("b: %+v, %v", r, err)
		}
		if err := tx.Campaign("g1", "sieges", "zz", &r); !errors.Is(err, ErrNotFound) {
			t.Errorf("a missing record: %v", err)
		}
		if ids, err := tx.CampaignIDs("g2", "sieges"); err != nil || len(ids) != 0 {
			t.Errorf("another guild: %v %v", ids, err)
		}
		// The roster beside them still reads.
		if _, err := tx.Roster("g1"); err != nil {
			t.Error(err)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}
