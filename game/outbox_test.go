package game

import (
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// Every change queues what it owes the channels in its own transaction:
// the creation, the opening, a final roll (to its clan only), an order's
// receipt (to the player only), a fix (to its side and the GM).
func TestOutboxPostsAreOwedWithTheirChange(t *testing.T) {
	svc := newService(t, filepath.Join(t.TempDir(), "g.db"))
	rec := created(t, svc)
	owed, _ := svc.Posts().Owed()
	// Each channel's thread first, then the announcement behind it.
	if got := targets(owed); !slices.Equal(got, []string{"thread:c-oda", "thread:c-asai", "thread:c-gm", "text:c-oda", "text:c-asai", "text:c-gm"}) {
		t.Fatalf("after create: %v", got)
	}
	drain(t, svc)
	if _, err := svc.Start(guild, rec.ID, false); err != nil {
		t.Fatal(err)
	}
	owed, _ = svc.Posts().Owed()
	// The battle's status messages come with its first phase.
	if got := targets(owed); !slices.Equal(got, []string{"opened:c-oda", "opened:c-asai", "opened:c-gm", "status:c-oda", "status:c-asai", "status:c-gm"}) {
		t.Fatalf("after start: %v", got)
	}
	drain(t, svc)
	north, _ := svc.Seats().SeatOf(guild, []string{"r-oda"})
	accept(t, svc, north, engine.StakeLow)
	owed, _ = svc.Posts().Owed()
	if got := targets(owed); !slices.Equal(got, []string{"roll:c-oda"}) {
		t.Fatalf("after a final roll: %v", got)
	}
	drain(t, svc)
	// No player, no receipt; with one, a DM to him alone. The clan's
	// summary of its orders is one message, edited: one post owed for both.
	svc.Order(north, engine.Order{Unit: "n-yari", Kind: engine.OrderMove, Phase: 1})
	north.Player = &Player{User: "u-1", Lang: "en", Reply: &store.Reply{AppID: "app", Token: "tok"}}
	svc.Order(north, engine.Order{Unit: "n-yumi", Kind: engine.OrderMove, Phase: 1})
	owed, _ = svc.Posts().Owed()
	if got := targets(owed); !slices.Equal(got, []string{"summary:c-oda", "receipt:@u-1"}) || owed[1].Lang != "en" || owed[1].Reply.Token != "tok" {
		t.Fatalf("after two orders: %v %+v", got, owed)
	}
	drain(t, svc)
	if _, err := svc.Fix(guild, rec.ID, "s-yari", "figures", "9"); err != nil {
		t.Fatal(err)
	}
	owed, _ = svc.Posts().Owed()
	// The fix is journaled: the status shows the journal's new head.
	if got := targets(owed); !slices.Equal(got, []string{"status:c-oda", "status:c-asai", "status:c-gm", "fix:c-asai", "fix:c-gm"}) {
		t.Fatalf("after a fix of South's unit: %v", got)
	}
}

// A channel that refuses posts for good is reported to the GM once, until
// a post reaches it again; a post that may succeed later waits its turn.
func TestOutboxUndeliverableIsReportedOnce(t *testing.T) {
	svc := newService(t, filepath.Join(t.TempDir(), "g.db"))
	created(t, svc)
	owed, _ := svc.Posts().Owed()
	oda := owed[3] // the announcement to North's channel, behind the threads
	if oda.Kind != PostText || oda.Channel != "c-oda" {
		t.Fatalf("not North's announcement: %+v", oda)
	}
	report, err := svc.Posts().Undeliverable(oda.ID, 50013)
	if err != nil || report == 0 {
		t.Fatalf("report %d, %v", report, err)
	}
	rec, _ := svc.Battle(guild, oda.Battle)
	if rec.Undeliverable["c-oda"] != 50013 {
		t.Fatalf("undeliverable %v", rec.Undeliverable)
	}
	owed, _ = svc.Posts().Owed()
	if got := targets(owed); !slices.Equal(got, []string{"thread:c-oda", "thread:c-asai", "thread:c-gm", "text:c-asai", "text:c-gm", "failure:c-gm"}) {
		t.Fatalf("after the refusal: %v", got)
	}
	// The next post refused there is dropped without a second report.
	ids := mustOwe(t, svc, store.Post{Guild: guild, Battle: rec.ID, Channel: "c-oda", Kind: PostText, Key: "bot.ready"})
	if again, _ := svc.Posts().Undeliverable(ids[0], 50013); again != 0 {
		t.Fatal("reported twice")
	}
	// A post that reaches the channel clears it: a new refusal is told.
	ids = mustOwe(t, svc, store.Post{Guild: guild, Battle: rec.ID, Channel: "c-oda", Kind: PostText, Key: "bot.ready"})
	if err := svc.Posts().Delivered(ids[0]); err != nil {
		t.Fatal(err)
	}
	if rec, _ := svc.Battle(guild, rec.ID); len(rec.Undeliverable) != 0 {
		t.Fatalf("still undeliverable %v", rec.Undeliverable)
	}
	// A refusal in the GM channel itself has nobody to tell.
	gm := postsOf(t, svc, []uint64{owed[4].ID}) // the announcement to the GM channel
	if r, _ := svc.Posts().Undeliverable(gm[0].ID, 50001); r != 0 {
		t.Fatal("a refusal in the GM channel was reported to it")
	}
	// Later keeps the post, counts the attempt and says until when.
	next := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	if err := svc.Posts().Later(owed[0].ID, next, "503"); err != nil {
		t.Fatal(err)
	}
	p := postsOf(t, svc, []uint64{owed[0].ID})
	if len(p) != 1 || p[0].Attempts != 1 || !p[0].NotBefore.Equal(next) || p[0].LastError != "503" {
		t.Fatalf("after Later: %+v", p)
	}
}

// Numbers in a post's arguments come back as ints, for the texts' %d.
func TestOutboxArgsKeepTheirTypes(t *testing.T) {
	svc := newService(t, filepath.Join(t.TempDir(), "g.db"))
	ids := mustOwe(t, svc, store.Post{Guild: guild, Channel: "c", Kind: PostText, Key: "k", Args: []any{"name", 3}})
	p := postsOf(t, svc, ids)
	if _, ok := p[0].Args[1].(int); !ok || p[0].Args[0] != "name" {
		t.Fatalf("args %#v", p[0].Args)
	}
}

func targets(posts []store.Post) []string {
	var out []string
	for _, p := range posts {
		out = append(out, p.Kind+":"+p.Target())
	}
	return out
}

func drain(t *testing.T, svc *Service) {
	t.Helper()
	owed, _ := svc.Posts().Owed()
	for _, p := range owed {
		if err := svc.Posts().Delivered(p.ID); err != nil {
			t.Fatal(err)
		}
	}
}

func mustOwe(t *testing.T, svc *Service, posts ...store.Post) []uint64 {
	t.Helper()
	var ids []uint64
	err := svc.Store.Update(func(tx *store.Tx) error {
		var err error
		ids, err = tx.Owe(posts...)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return ids
}

// A "ready" sent again after its answer was lost meets the next turn
// unrolled and is refused, rather than giving that turn away; a roll's
// button from another turn changes nothing (both found by the kill soak).
func TestIdempotentReadyAndStaleButtons(t *testing.T) {
	svc, north, south := started(t, 3)
	_, err := svc.Ready(north)
	userErr(t, err, "err.ready_roll_first")
	accept(t, svc, north, engine.StakeLow)
	accept(t, svc, south, engine.StakeLow)
	svc.Ready(north)
	res, err := svc.Ready(south)
	if err != nil || res.Resolved == nil {
		t.Fatalf("turn 1: %+v %v", res, err)
	}
	// South's "ready" again, its answer lost: turn 2 is not given away.
	south, _ = svc.Seats().SeatOf(guild, []string{"r-asai"})
	_, err = svc.Ready(south)
	userErr(t, err, "err.ready_roll_first")
	c, err := svc.Roll(south, engine.StakeHigh)
	if err != nil {
		t.Fatal(err)
	}
	if !c.Final {
		_, err = svc.Reroll(south, 1, "")
		userErr(t, err, "err.roll_stale")
		if again, _ := svc.Orders(south); again.Command.Final {
			t.Fatal("a button of turn 1 accepted turn 2's roll")
		}
	}
}

// Each messenger buys one reroll, several in one turn (R-V.3.2: «Один
// бросок можно перебросить сколько угодно раз»); each is spent from the
// army for the rest of the battle.
func TestTwoMessengerRerollsR_V_3_2(t *testing.T) {
	for seedByte := byte(0); seedByte < 200; seedByte++ {
		svc := newService(t, filepath.Join(t.TempDir(), "g.db"))
		svc.Rand = &fixedRand{b: seedByte * 3}
		a := anegawa()
		a.Messengers = [2]int{2, 2}
		a.Leaders = nil // no HQ reroll: only messengers
		svc.Scenarios = map[string]engine.Battle{"m": a}
		rec, err := svc.Create(guild, CreateRequest{Name: "Гонцы", North: store.Clan{RoleID: "r-oda"}, South: store.Clan{RoleID: "r-asai"}, Scenario: "m"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Start(guild, rec.ID, false); err != nil {
			t.Fatal(err)
		}
		north, _ := svc.Seats().SeatOf(guild, []string{"r-oda"})
		c, _ := svc.Roll(north, engine.StakeHigh)
		if c.Result.Success {
			continue
		}
		if c, err = svc.Reroll(north, 1, engine.RerollMessenger); err != nil {
			t.Fatal(err)
		}
		if c.Result.Success {
			continue // look for dice where the first messenger's reroll fails too
		}
		if !slices.Equal(c.Open, []string{engine.RerollMessenger}) || c.Final {
			t.Fatalf("after one messenger of two: open %v, final %v", c.Open, c.Final)
		}
		c, err = svc.Reroll(north, 1, engine.RerollMessenger)
		if err != nil || len(c.Result.Rolls) != 3 || c.Result.MessengersUsed != 2 || !c.Final {
			t.Fatalf("the second messenger: %+v %v", c, err)
		}
		if after, _ := svc.Battle(guild, rec.ID); after.State.Messengers[engine.North] != 0 {
			t.Fatalf("messengers left %d", after.State.Messengers[engine.North])
		}
		return
	}
	t.Fatal("no seed gave two failed rolls")
}
