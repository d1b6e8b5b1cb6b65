package skirmishes

import (
	"encoding/hex"
	"errors"
	"testing"

	"github.com/gunbai/gunbai/game/kit"
	"github.com/gunbai/gunbai/skirmish"
)

// A game verifies only once it is over (its seed secret before, E2-Q2);
// then every die recomputes; an export whose hash is gone or whose action
// was changed is found (issue 27).
func TestVerify_E2_Q2(t *testing.T) {
	s := service(t)
	opened(t, s)
	for _, a := range []skirmish.Action{{Kind: skirmish.KindAttack, Fighter: "da", Target: "a2", Inches: 10}, {Kind: skirmish.KindEndTurn}} {
		if _, _, err := s.Act("g", ActRequest{Skirmish: "мост", User: "u", Roles: []string{"rd"}, Action: a}); err != nil {
			t.Fatal(err)
		}
	}
	rec, _ := s.Get("g", "мост")
	var r *kit.Refusal
	if _, err := Verify(rec); !errors.As(err, &r) || r.Key != "err.skirmishes.verify_early" {
		t.Fatalf("a game still on verified: %v", err)
	}
	rec.Game.Phase = skirmish.PhaseOver
	if c, err := Verify(rec); err != nil || !c.OK() || c.Actions != 2 || c.Dice != 1 {
		t.Errorf("the finished game: %+v %v", c, err)
	}
	x := Export{ID: rec.ID, Name: rec.Name, Seed: hex.EncodeToString(rec.Seed), Sides: rec.Sides, Journal: rec.Journal}
	if c, err := VerifyExport(x); err != nil || c.SeedOK || c.Bad != 0 {
		t.Errorf("an export without its hash: %+v %v", c, err)
	}
	x.Hash = rec.Hash
	x.Journal = append([]Entry(nil), rec.Journal...)
	x.Journal[0].Action.Target = "nobody"
	if c, err := VerifyExport(x); err != nil || c.OK() || c.Bad != 1 || c.Die != 0 {
		t.Errorf("an action changed: %+v %v", c, err)
	}
}
