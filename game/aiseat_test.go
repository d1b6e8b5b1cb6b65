package game

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gunbai/gunbai/ai"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/engine/sim"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// trainingBattle creates a battle on the first built-in scenario with
// the general on the sides ai seats.
func trainingBattle(t *testing.T, svc *Service, ai [2]bool) store.BattleRecord {
	t.Helper()
	rec, err := svc.Create(guild, CreateRequest{
		Name:        "Учебная",
		North:       store.Clan{RoleID: "r-oda", ChannelID: "c-oda"},
		South:       store.Clan{RoleID: "r-asai", ChannelID: "c-asai"},
		GMChannelID: "c-gm", Locale: "ru", AI: ai, Scenario: "kawanakajima",
	})
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// aiPhaseOf reads the open phase of a battle, its roll and orders of side.
func aiPhaseOf(t *testing.T, svc *Service, id string, side engine.Side) (store.BattleRecord, store.CommandPhase, SideOrders) {
	t.Helper()
	var rec store.BattleRecord
	var ph store.CommandPhase
	var so SideOrders
	err := svc.Store.View(func(tx *store.Tx) error {
		var err error
		if rec, err = tx.Battle(guild, id); err != nil {
			return err
		}
		if ph, err = tx.BattleTurn(guild, id, rec.Turn).Phase(); err != nil {
			return err
		}
		so, err = sideOrders(tx, &rec, side)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return rec, ph, so
}

// checkGeneralPlayed fails unless the general has played side in the
// phase open: its roll made and final, its orders legal within it, what
// it intended kept, and the side ready.
func checkGeneralPlayed(t *testing.T, svc *Service, id string, side engine.Side) store.CommandPhase {
	t.Helper()
	rec, ph, so := aiPhaseOf(t, svc, id, side)
	switch {
	case so.Command == nil || !so.Command.Final:
		t.Fatalf("turn %d: the general has not rolled: %+v", rec.Turn, so.Command)
	case !ph.Ready[side]:
		t.Fatalf("turn %d round %d: the general's side is not ready", rec.Turn, ph.Round)
	case ph.AI[side] == nil || ph.AI[side].By != store.AIBySeat || ph.AI[side].Round != ph.Round || ph.AI[side].Stake != so.Command.Stake:
		t.Fatalf("turn %d: what the general intended is not kept: %+v", rec.Turn, ph.AI[side])
	case ph.AI[side.Enemy()] != nil:
		t.Fatalf("turn %d: an intention kept for the player's side", rec.Turn)
	}
	if p := engine.Validate(rec.State, side, rec.Turn, so.Orders); len(p) > 0 {
		t.Fatalf("turn %d: the general's orders are illegal: %v", rec.Turn, p)
	}
	if p := engine.CheckBudget(rec.State, side, rec.Turn, so.Orders, so.Command.Result); p != nil {
		t.Fatalf("turn %d: the general's orders exceed its roll: %v", rec.Turn, p)
	}
	return ph
}

// playNorth rolls for the North (low, taken as it stands), gives the
// scripted policy's orders from its own view and says ready, again in a
// plan-change round; it returns how the turn went.
func playNorth(t *testing.T, svc *Service, id string, rng *rand.Rand) (ReadyResult, int) {
	t.Helper()
	rec, _, _ := aiPhaseOf(t, svc, id, engine.North)
	seat := Seat{Battle: rec, Side: engine.North}
	r, err := svc.Roll(seat, engine.StakeLow)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Final {
		if _, err := svc.Reroll(seat, rec.Turn, ""); err != nil {
			t.Fatal(err)
		}
	}
	view := engine.View(rec.State, engine.North)
	given := 0
	for _, o := range sim.Scripted.Orders(&view, engine.North, rng) {
		if _, err := svc.Order(seat, o); err == nil { // one the budget refuses is left out
			given++
		}
	}
	// A shinobi on interception or signals, when one may go: the round of
	// plan changes that follows is the general's to play too.
	so, err := svc.Orders(seat)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range engine.Options(rec.State, engine.North, rec.Turn, so.Orders, so.Command.Result).Orders() {
		if o.Kind == engine.OrderShinobi && (o.Mission == engine.MissionInterception || o.Mission == engine.MissionSignals) {
			if _, err := svc.Order(seat, o); err == nil {
				given++
				break
			}
		}
	}
	res, err := svc.Ready(seat)
	if err != nil {
		t.Fatal(err)
	}
	return res, given
}

// A training battle on the built-in scenario with the South the general's:
// the North plays the scripted policy through the service each turn; at
// each phase that opens (the start, each resolution, a plan-change round,
// a turn the GM took back)
// the general has rolled, ordered legally within its roll and is ready,
// in the same transaction, and the battle ends.
func TestAISeatPlaysATrainingBattle(t *testing.T) {
	svc := newService(t, filepath.Join(t.TempDir(), "g.db"))
	rec := trainingBattle(t, svc, [2]bool{false, true})
	if !rec.AI[engine.South] || rec.AI[engine.North] {
		t.Fatalf("seats: %v", rec.AI)
	}
	// Its side keeps the scenario's placement: its players are refused.
	unit := ""
	for _, u := range rec.State.Units {
		if u.Side == engine.South {
			unit = u.ID
			break
		}
	}
	_, err := svc.Deploy(Seat{Battle: rec, Side: engine.South}, Placement{Unit: unit, Facing: "N"})
	userErr(t, err, "err.ai_plays")
	op, err := svc.Start(guild, rec.ID, false)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("started: scouting %v, shinobi through %v", op.Scouting, op.Battle.State.Shinobi)
	if op.Scouting {
		// Its shinobi do not scout: it is done at once; the North ends it.
		if !op.Battle.ScoutsDone[engine.South] || op.Battle.ScoutsDone[engine.North] {
			t.Fatalf("scouting: done %v", op.Battle.ScoutsDone)
		}
		if _, err := svc.Scout(Seat{Battle: op.Battle, Side: engine.North}, Scouting{Done: true}); err != nil {
			t.Fatal(err)
		}
	}
	rng := rand.New(rand.NewPCG(30, 5))
	orders, rounds, undone := [2]int{}, 0, false
	for turn := 1; ; turn++ {
		if turn > 40 {
			t.Fatal("the battle did not end")
		}
		rec, _, _ := aiPhaseOf(t, svc, rec.ID, engine.South)
		if rec.Status == store.StatusFinished {
			break
		}
		checkGeneralPlayed(t, svc, rec.ID, engine.South)
		if rec.Turn == 3 && !undone {
			// The GM takes turn 2 back: the general plays it again.
			undone = true
			if _, err := svc.Undo(guild, rec.ID, 2, false, "gm"); err != nil {
				t.Fatal(err)
			}
			continue
		}
		_, _, so := aiPhaseOf(t, svc, rec.ID, engine.South)
		orders[engine.South] += len(so.Orders)
		// The South's players only watch.
		_, err := svc.Roll(Seat{Battle: rec, Side: engine.South}, engine.StakeLow)
		userErr(t, err, "err.ai_plays")
		res, given := playNorth(t, svc, rec.ID, rng)
		orders[engine.North] += given
		if res.PlanChange {
			rounds++
			checkGeneralPlayed(t, svc, rec.ID, engine.South)
			if res, err = svc.Ready(Seat{Battle: rec, Side: engine.North}); err != nil {
				t.Fatal(err)
			}
		}
		if res.Resolved == nil || res.Resolved.Turn != rec.Turn {
			t.Fatalf("turn %d was not resolved by the North's ready: %+v", rec.Turn, res)
		}
	}
	rec, _, _ = aiPhaseOf(t, svc, rec.ID, engine.South)
	t.Logf("ended after turn %d: %s; orders %v, plan-change rounds %d", rec.State.Turn, rec.State.Outcome, orders, rounds)
	if orders[engine.South] == 0 || orders[engine.North] == 0 {
		t.Fatalf("a side gave no order in the whole battle: %v", orders)
	}
}

// northSees is all the North may read of a battle now: the posts owed to
// its channel and its players (their kind, words and data, not their IDs
// nor times), its status (the journal's head aside: a hash, the
// commitment every side sees) and the state of its player's order sheet.
func northSees(t *testing.T, svc *Service, id string, sheet uint64) string {
	t.Helper()
	owed, err := svc.Posts().Owed()
	if err != nil {
		t.Fatal(err)
	}
	var seen []any
	for _, p := range owed {
		if p.Audience == store.AudienceNorth || p.Channel == "c-oda" {
			seen = append(seen, []any{p.Channel, p.User, p.Audience, p.Kind, p.Lang, p.Turn, p.Key, p.Args, string(p.Data), p.Live})
		}
	}
	st, err := svc.Status(guild, id, store.AudienceNorth)
	if err != nil {
		t.Fatal(err)
	}
	st.Head = ""
	rec, _, _ := aiPhaseOf(t, svc, id, engine.North)
	sh, err := svc.Sheets().Sheet(sheet, rec.Turn)
	if err != nil {
		t.Fatal(err)
	}
	out, err := json.MarshalIndent([]any{seen, st, sh}, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// Nothing of the general's roll, orders or intentions reaches the North
// before the turn is resolved: two battles alike in all but the general's
// seed (so its South plays otherwise) show the North exactly the same
// posts, status and order sheet, when turn 1 opens and once the North has
// given its orders. Only the South's readiness shows, as a player's would.
func TestAISeatNeverLeaks(t *testing.T) {
	defer func(g func(uint64) ai.General) { aiGeneral = g }(aiGeneral)
	var seen [2][2]string
	var south [2][]engine.Order
	for run, salt := range []uint64{0, 1} {
		aiGeneral = func(seed uint64) ai.General { return ai.General{Seed: seed ^ salt, Budget: aiBudget} }
		// A store whose clock stands still: the two runs' times agree.
		st, err := store.Open(filepath.Join(t.TempDir(), "g.db"), store.Options{NoSync: true,
			Clock: func() time.Time { return time.Date(2026, 12, 2, 15, 0, 0, 0, time.UTC) }})
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		svc := &Service{Store: st, Rand: &fixedRand{}}
		rec := trainingBattle(t, svc, [2]bool{false, true})
		if _, err := svc.Start(guild, rec.ID, true); err != nil {
			t.Fatal(err)
		}
		rec, ph, so := aiPhaseOf(t, svc, rec.ID, engine.South)
		if !ph.Ready[engine.South] || len(so.Orders) == 0 {
			t.Fatalf("run %d: the general has not played: %+v", run, so)
		}
		south[run] = so.Orders
		seat := Seat{Battle: rec, Side: engine.North}
		sh, err := svc.Sheets().OpenSheet(seat, Player{User: "u-oda", Lang: "ru", OnSheet: true}, nil)
		if err != nil {
			t.Fatal(err)
		}
		seen[run][0] = northSees(t, svc, rec.ID, sh.ID)
		if r, err := svc.Roll(seat, engine.StakeLow); err != nil {
			t.Fatal(err)
		} else if !r.Final {
			if _, err := svc.Reroll(seat, rec.Turn, ""); err != nil {
				t.Fatal(err)
			}
		}
		view := engine.View(rec.State, engine.North)
		for _, o := range sim.Scripted.Orders(&view, engine.North, rand.New(rand.NewPCG(30, 6))) {
			svc.Order(seat, o)
		}
		seen[run][1] = northSees(t, svc, rec.ID, sh.ID)
	}
	if reflect.DeepEqual(south[0], south[1]) {
		t.Fatalf("the general played the same with both seeds: the test tells nothing: %+v", south[0])
	}
	for i, when := range []string{"at the opening", "with the North's orders"} {
		if seen[0][i] != seen[1][i] {
			t.Fatalf("%s, the North reads of the general's play:\n%s", when, aiFirstDiff(seen[0][i], seen[1][i]))
		}
		if !strings.Contains(seen[0][i], `"Ready": [`) {
			t.Fatalf("no readiness in what the North reads: %s", seen[0][i])
		}
	}
}

// aiFirstDiff shows where two texts first differ, with some context.
func aiFirstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-300)
	return "…" + a[from:min(len(a), i+300)] + "\n---\n…" + b[from:min(len(b), i+300)]
}

// What the general intended is the GM's to read once the battle is over,
// turn by turn, in his language: during the battle /battle explain is
// refused with a reason that tells nothing of it. The turns it played as
// the autopilot (the North absent at a deadline) are there too.
func TestAIExplainAfterTheEnd(t *testing.T) {
	svc := newService(t, filepath.Join(t.TempDir(), "g.db"))
	now := time.Date(2026, 12, 2, 15, 0, 0, 0, time.UTC)
	svc.Now, svc.TurnDeadline = func() time.Time { return now }, time.Hour
	rec := trainingBattle(t, svc, [2]bool{false, true})
	if _, err := svc.SetSetting(guild, rec.ID, AbsentKey, store.AbsentAutopilot); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Start(guild, rec.ID, true); err != nil {
		t.Fatal(err)
	}
	_, _, err := svc.Audit().Explain(guild, rec.ID)
	userErr(t, err, "err.explain_not_over")
	ue, _ := errors.AsType[*Refusal](err)
	for l, want := range map[render.Lang]string{
		render.RU: "Битва «Учебная» ещё идёт: замысел ИИ-полководца откроется, когда она закончится.",
		render.EN: "Battle “Учебная” is still being fought: the AI general's intentions are shown once it is over.",
	} {
		if got := render.Refusal(l, ue.Key, ue.Args, ue.Problems); got != want {
			t.Fatalf("%s refusal: %q", l, got)
		}
	}
	// Turn 1 the North plays; turn 2 it lets pass: the autopilot plays it.
	if res, _ := playNorth(t, svc, rec.ID, rand.New(rand.NewPCG(30, 7))); res.PlanChange {
		if _, err := svc.Ready(Seat{Battle: rec, Side: engine.North}); err != nil {
			t.Fatal(err)
		}
	}
	now = now.Add(2 * time.Hour)
	if out, err := svc.Clock().Due(); err != nil || len(out) != 1 || out[0].Resolved == nil {
		t.Fatalf("deadline: %+v %v", out, err)
	}
	if _, err := svc.Finish(guild, rec.ID); err != nil {
		t.Fatal(err)
	}
	_, turns, err := svc.Audit().Explain(guild, "Учебная")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, at := range turns {
		got = append(got, fmt.Sprintf("%d %s %s", at.Turn, at.Side, at.Plan.By))
	}
	if want := []string{"1 south seat", "2 north autopilot", "2 south seat", "3 south seat"}; !slices.Equal(got, want) {
		t.Fatalf("the general's turns: %q, want %q", got, want)
	}
	for l, want := range map[render.Lang][]string{
		render.RU: {"Ход 1, Юг (ИИ):\n• ставка командного броска: ", "Ход 2, Север (ИИ):"},
		render.EN: {"Turn 1, South (AI):\n• stake of the command roll: ", "Turn 2, North (AI):"},
	} {
		var text string
		for _, at := range turns {
			intents := make([]ai.Intent, 0, len(at.Plan.Intents))
			for _, in := range at.Plan.Intents {
				intents = append(intents, ai.Intent{Order: in.Order, Target: in.Target, Gain: in.Gain, Odds: in.Odds})
			}
			text += render.AIIntents(l, at.Turn, at.Side, at.Plan.Stake, intents) + "\n"
		}
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Fatalf("%s: no %q in:\n%s", l, w, text)
			}
		}
		t.Logf("%s:\n%s", l, text)
	}
}
