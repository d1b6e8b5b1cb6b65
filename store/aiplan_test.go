package store

import (
	"reflect"
	"testing"

	"github.com/gunbai/gunbai/engine"
)

// What the AI general intended (issue 30 item 4) is kept with the turn's
// phase and read back as it was stored; a phase without it stays without.
func TestAIPlanRoundTrip(t *testing.T) {
	s, _ := openTemp(t, Options{})
	rec := BattleRecord{ID: "b1", GuildID: "g1", Name: "B1", Status: StatusCommand, Turn: 2, AI: [2]bool{false, true}}
	want := CommandPhase{Round: 1, Ready: [2]bool{false, true}}
	want.AI[engine.South] = &AIPlan{By: AIBySeat, Stake: engine.StakeHigh, Round: 1, Intents: []AIIntent{
		{Order: engine.Order{Unit: "s-yari", Side: engine.South, Kind: engine.OrderMove, Class: engine.Ordinary, Phase: 1}, Target: "n-yari", Gain: 12.5, Odds: 0.75},
		{Order: engine.Order{Side: engine.South, Kind: engine.OrderGeneralAdvance, Class: engine.Special}, Gain: 3, Odds: 1},
	}}
	err := s.Update(func(tx *Tx) error {
		if err := tx.PutBattle(rec); err != nil {
			return err
		}
		if err := tx.BattleTurn("g1", "b1", 1).PutPhase(CommandPhase{}); err != nil {
			return err
		}
		return tx.BattleTurn("g1", "b1", 2).PutPhase(want)
	})
	if err != nil {
		t.Fatal(err)
	}
	err = s.View(func(tx *Tx) error {
		got, err := tx.BattleTurn("g1", "b1", 2).Phase()
		if err != nil {
			return err
		}
		if !reflect.DeepEqual(got.AI, want.AI) {
			t.Fatalf("read back %+v, stored %+v", got.AI[engine.South], want.AI[engine.South])
		}
		none, err := tx.BattleTurn("g1", "b1", 1).Phase()
		if err != nil {
			return err
		}
		if none.AI != [2]*AIPlan{} {
			t.Fatalf("a phase without a plan reads %+v", none.AI)
		}
		back, err := tx.Battle("g1", "b1")
		if back.AI != rec.AI {
			t.Fatalf("the seats read back %v", back.AI)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}
