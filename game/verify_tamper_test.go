package game

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/engine/sim"
	"github.com/gunbai/gunbai/store"
)

// longBattle plays a battle through the lifecycle for up to 8 turns, each
// side rolling at a random stake and taking the rerolls open to it at
// random (the HQ's, messengers), giving the scripted policy's orders,
// changing its choice to spare and its shooters' Save ammo!; the GM fixes
// units and changes settings in between, undoes turn 3 once resolved
// (keeping its orders, resolved again) and turn 5 (the orders cleared,
// given anew).
func longBattle(t *testing.T) (*Service, string) {
	t.Helper()
	svc, north, _ := started(t, 5)
	id := north.Battle.ID
	if _, err := svc.SetSetting(guild, id, "save_ammo.changeable", "true"); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(25, 5))
	undone := map[int]bool{}
	for range 20 {
		rec, err := svc.Battle(guild, id)
		if err != nil {
			t.Fatal(err)
		}
		if rec.Status != store.StatusCommand || rec.Turn > 8 {
			break
		}
		turn := rec.Turn
		playSides(t, svc, rec, rng)
		if turn == 2 || turn == 4 {
			u := rec.State.Units[rng.IntN(len(rec.State.Units))]
			if u.Figures > 1 {
				if _, err := svc.Fix(guild, id, u.ID, "figures", "1"); err != nil {
					t.Fatal(err)
				}
			}
		}
		if turn == 3 {
			if _, err := svc.SetSetting(guild, id, "combat.rank_bonus", "once"); err != nil {
				t.Fatal(err)
			}
		}
		readyBoth(t, svc, id)
		switch rec, _ := svc.Battle(guild, id); {
		case turn == 3 && !undone[3] && rec.Turn == 4:
			undone[3] = true
			// A fix of turn 4 the undo takes back.
			if _, err := svc.Fix(guild, id, rec.State.Units[1].ID, "figures", "3"); err != nil {
				t.Fatal(err)
			}
			if _, err := svc.Undo(guild, id, 3, true, "gm"); err != nil {
				t.Fatal(err)
			}
			if _, err := svc.Fix(guild, id, rec.State.Units[0].ID, "figures", "2"); err != nil {
				t.Fatal(err)
			}
			if _, err := svc.Resolve(guild, id, 3); err != nil {
				t.Fatal(err)
			}
		case turn == 5 && !undone[5] && rec.Turn == 6:
			undone[5] = true
			if _, err := svc.Undo(guild, id, 5, false, "gm"); err != nil {
				t.Fatal(err)
			}
		}
	}
	return svc, id
}

// playSides rolls and orders for both sides of the turn open.
func playSides(t *testing.T, svc *Service, rec store.BattleRecord, rng *rand.Rand) {
	t.Helper()
	for _, side := range sides {
		seat := Seat{Battle: rec, Side: side}
		stakes := []engine.Stake{engine.StakeLow, engine.StakeHigh}
		r, err := svc.Roll(seat, stakes[rng.IntN(2)])
		if err != nil {
			t.Fatal(err)
		}
		for !r.Final {
			source := ""
			if len(r.Open) > 0 && rng.IntN(3) > 0 {
				source = r.Open[rng.IntN(len(r.Open))]
			}
			if r, err = svc.Reroll(seat, rec.Turn, source); err != nil {
				t.Fatal(err)
			}
		}
		view := rec.State.Clone()
		for _, o := range sim.Scripted.Orders(&view, side, rng) {
			svc.Order(seat, o) // one the budget refuses is left out
		}
		if err := svc.SetSpare(seat, rng.IntN(2) == 0); err != nil {
			t.Fatal(err)
		}
		for _, u := range rec.State.Units {
			if u.Side == side && u.Ammo > 0 && rng.IntN(3) == 0 {
				svc.SaveAmmo(seat, u.ID, !u.SaveAmmo)
			}
		}
	}
}

// readyBoth says both sides ready until the turn is resolved (a
// plan-change round asks again).
func readyBoth(t *testing.T, svc *Service, id string) {
	t.Helper()
	for range 3 {
		rec, _ := svc.Battle(guild, id)
		for _, side := range sides {
			res, err := svc.Ready(Seat{Battle: rec, Side: side})
			if err != nil {
				t.Fatal(err)
			}
			if res.Resolved != nil {
				return
			}
		}
	}
	t.Fatal("the turn did not resolve")
}

// A tampering: a change to a closed store file (at path, of the battle
// whose bucket path is at), and what verification must say of it.
type tampering struct {
	name   string
	change func(t *testing.T, path string, at []string)
	keys   []string // the mismatch's key must be one of these
	head   bool     // checked against the head published before it (-head)
}

// edit changes one value of the battle (its key under the battle's
// bucket, a turn's value through the turn) by its decoded JSON.
func edit(keys []string, fn func(d any) any) func(*testing.T, string, []string) {
	return func(t *testing.T, path string, at []string) {
		t.Helper()
		if err := store.EditJSON(path, append(slices.Clone(at), keys...), fn); err != nil {
			t.Fatal(err)
		}
	}
}

// inBolt changes the battle's bucket directly (deletions, sequences).
func inBolt(fn func(b *bolt.Bucket) error) func(*testing.T, string, []string) {
	return func(t *testing.T, path string, at []string) {
		t.Helper()
		db, err := bolt.Open(path, 0o600, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		err = db.Update(func(tx *bolt.Tx) error {
			b := tx.Bucket([]byte(at[0]))
			for _, k := range at[1:] {
				b = b.Bucket([]byte(k))
			}
			return fn(b)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// rewrite writes entries from the first that change alters on, chained
// anew, and the journal's mark for the last: a tamperer who knows how the
// chain is made. cut drops that many entries from the end first.
func rewrite(es []store.Entry, cut int, change func(e *store.Entry) bool) func(*testing.T, string, []string) {
	return func(t *testing.T, path string, at []string) {
		t.Helper()
		es := slices.Clone(es[:len(es)-cut])
		from := len(es)
		for i := range es {
			if change(&es[i]) && from == len(es) {
				from = i
			}
			if i > 0 {
				es[i].Prev = store.EntryHash(es[i-1])
			}
		}
		for i := from; i < len(es); i++ {
			e := es[i]
			edit([]string{"journal", journalKey(e.N)}, func(any) any { return e })(t, path, at)
		}
		last := es[len(es)-1]
		edit([]string{"journal_mark"}, func(any) any { return map[string]any{"n": last.N, "head": store.EntryHash(last)} })(t, path, at)
		inBolt(func(b *bolt.Bucket) error {
			j := b.Bucket([]byte("journal"))
			for n := last.N + 1; n <= last.N+uint64(cut); n++ {
				if err := j.Delete([]byte(journalKey(n))); err != nil {
					return err
				}
			}
			return j.SetSequence(last.N)
		})(t, path, at)
	}
}

// field is the map at keys in decoded JSON.
func field(d any, keys ...string) map[string]any {
	for _, k := range keys {
		d = d.(map[string]any)[k]
	}
	return d.(map[string]any)
}

// moreFigures adds n figures to the first unit of a position's JSON.
func moreFigures(state map[string]any, n float64) {
	u := state["units"].([]any)[0].(map[string]any)
	u["figures"] = u["figures"].(float64) + n
}

// Every kind of stored value a player could doubt, changed in the store
// after a long battle with rerolls, fixes, settings and two undos, is
// caught by verification and named; untouched, the store verifies.
//
// The store's values (store/): a battle's record (its position, State; the
// rest is the bot's bookkeeping: channels, deadlines, where posts went) and
// header (a copy of some of the record's, for lookups); its journal and the
// journal's mark; each turn's snapshot, orders, command rolls, seed, events
// and command phase; the outbox, live messages and sheets; rosters,
// campaigns, duels and memos. Out of scope, and why: the header and the
// record's bookkeeping (no fact of the play: a wrong deadline or channel
// shows in Discord, not in the dice); the outbox, live messages and sheets
// (what the bot still owes Discord, composed when sent from the values
// checked here); a turn's command phase (who was ready, the shinobi
// reports of a plan-change round: an interception is checked through the
// command roll it changed); the deployment turn's scouting (D-70: secret
// while it lasts; turn 1's starting position, which holds its outcome, is
// sealed); rosters and campaigns (outside a battle's play); a detailed
// duel's record (F-E4-1: its dice are its own, not replayed: a turn with a
// duel is checked by its seal only).
func TestVerifyTamperEveryValue(t *testing.T) {
	svc, id := longBattle(t)
	r, err := VerifyStore(svc.Store)
	if err != nil || r.Mismatch != nil {
		t.Fatalf("the untouched store after a long battle: %+v %v", r.Mismatch, err)
	}
	bc := r.Battles[0]
	if len(bc.Turns) < 6 || !bc.Record {
		t.Fatalf("checked %d turns, the record %v", len(bc.Turns), bc.Record)
	}
	es := entriesOf(t, svc, id)
	kinds := map[string]int{}
	for _, e := range es {
		kinds[e.Kind]++
	}
	if kinds[store.JournalUndo] != 2 || kinds[store.JournalFix] < 3 || kinds[store.JournalSetting] < 2 {
		t.Fatalf("the battle's journal: %v", kinds)
	}
	published := bc.Head
	path := svc.Store.Path()
	svc.Store.Close()
	original, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cases := tamperings(id, es)
	at := []string{"guilds", guild, "battles", id}
	caught := 0
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "tampered.db")
			if err := os.WriteFile(p, original, 0o600); err != nil {
				t.Fatal(err)
			}
			c.change(t, p, at)
			st, err := store.Open(p, store.Options{ReadOnly: true})
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			r, err := VerifyStore(st)
			if err != nil {
				t.Fatal(err)
			}
			if c.head {
				if r.Mismatch != nil {
					t.Fatalf("caught without the head: %+v", r.Mismatch)
				}
				r.CheckHead(published)
			}
			if r.Mismatch == nil || !slices.Contains(c.keys, r.Mismatch.Key) {
				t.Fatalf("mismatch %+v, want one of %v", r.Mismatch, c.keys)
			}
			t.Logf("caught: %s", r.Mismatch)
			caught++
		})
	}
	t.Logf("tamperings tried: %d, caught: %d", len(cases), caught)
	if caught != len(cases) {
		t.Errorf("caught %d of %d tamperings", caught, len(cases))
	}
	// Untouched, with the head it published, it verifies.
	p := filepath.Join(t.TempDir(), "untouched.db")
	os.WriteFile(p, original, 0o600)
	st, err := store.Open(p, store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	r, err = VerifyStore(st)
	if r.CheckHead(published[:12]); err != nil || r.Mismatch != nil || r.Head == nil || r.Head.Entry != uint64(len(es)) {
		t.Fatalf("the untouched store with its head: %+v %+v %v", r.Mismatch, r.Head, err)
	}
}

// tamperings are the changes TestVerifyTamperEveryValue makes, each to a
// copy of the store of battle id whose journal was es.
func tamperings(id string, es []store.Entry) []tampering {
	turn := func(n int, key string) []string { return []string{"turns", turnKey(n), key} }
	// sealOf seals turn's snapshot as the file at path holds it.
	sealOf := func(t *testing.T, path string, turn int) func(e *store.Entry) bool {
		st, err := store.Open(path, store.Options{ReadOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		var snap engine.Battle
		st.View(func(tx *store.Tx) (err error) { snap, err = tx.BattleTurn(guild, id, turn).Snapshot(); return err })
		return func(e *store.Entry) bool {
			if e.Kind == store.JournalSeed && e.Turn == turn {
				e.State = store.StateHash(snap)
			}
			return e.Kind == store.JournalSeed && e.Turn == turn
		}
	}
	return []tampering{
		{"command roll's allowance raised to 9/9", edit(turn(2, "command.north"), func(d any) any {
			field(d, "result")["special"], field(d, "result")["ordinary"] = 9, 9
			return d
		}), []string{"verify.bad.command_result"}, false},
		{"command roll's success flipped", edit(turn(4, "command.south"), func(d any) any {
			field(d, "result")["success"] = !field(d, "result")["success"].(bool)
			return d
		}), []string{"verify.bad.command_result"}, false},
		{"command roll's total", edit(turn(5, "command.north"), func(d any) any {
			field(d, "result")["total"] = 12
			return d
		}), []string{"verify.bad.command_result"}, false},
		{"command roll's die", edit(turn(1, "command.north"), func(d any) any {
			r := field(d, "result")["rolls"].([]any)[0].([]any)
			r[0] = 7 - r[0].(float64)
			return d
		}), []string{"verify.bad.command"}, false},
		{"command roll's rerolls", edit(turn(3, "command.north"), func(d any) any {
			d.(map[string]any)["rerolls"] = []any{"hq", "hq"}
			return d
		}), []string{"verify.bad.command_rerolls", "verify.bad.command_result", "verify.bad.command"}, false},
		{"a unit's figures in turn 1's snapshot", edit(turn(1, "snapshot"), func(d any) any {
			moreFigures(d.(map[string]any), 3)
			return d
		}), []string{"verify.bad.snapshot_seal"}, false},
		{"a unit's figures in a later turn's snapshot", edit(turn(5, "snapshot"), func(d any) any {
			moreFigures(d.(map[string]any), -1)
			return d
		}), []string{"verify.bad.snapshot_seal"}, false},
		{"a snapshot's messengers", edit(turn(3, "snapshot"), func(d any) any {
			d.(map[string]any)["messengers"] = []any{9, 9}
			return d
		}), []string{"verify.bad.snapshot_seal"}, false},
		{"a snapshot and its seal, the chain rewritten", func(t *testing.T, path string, at []string) {
			edit(turn(4, "snapshot"), func(d any) any { d.(map[string]any)["messengers"] = []any{5, 5}; return d })(t, path, at)
			rewrite(es, 0, sealOf(t, path, 4))(t, path, at)
		}, []string{"verify.bad.snapshot_chain"}, false},
		{"a unit's figures in the current record", edit([]string{"record"}, func(d any) any {
			moreFigures(field(d, "state"), 4)
			return d
		}), []string{"verify.bad.record"}, false},
		{"messengers gained in the current record", edit([]string{"record"}, func(d any) any {
			field(d, "state")["messengers"] = []any{7, 7}
			return d
		}), []string{"verify.bad.record"}, false},
		{"a setting in the current record", edit([]string{"record"}, func(d any) any {
			field(d, "state", "settings")["max_turns"] = 99
			return d
		}), []string{"verify.bad.record"}, false},
		{"an order changed", edit(turn(2, "orders.south"), func(d any) any {
			d.([]any)[0].(map[string]any)["phase"] = 2
			return d
		}), []string{"verify.bad.orders"}, false},
		{"an order deleted", edit(turn(6, "orders.north"), func(d any) any {
			return d.([]any)[1:]
		}), []string{"verify.bad.orders"}, false},
		{"an event changed", edit(turn(3, "events"), func(d any) any {
			e := d.([]any)
			e[len(e)-1].(map[string]any)["value"] = 99
			return d
		}), []string{"verify.bad.event"}, false},
		{"the turn's log cut short", edit(turn(2, "events"), func(d any) any {
			e := d.([]any)
			return e[:len(e)-1]
		}), []string{"verify.bad.events"}, false},
		{"the seed", edit(turn(4, "seed"), func(d any) any {
			d.(map[string]any)["hash"] = strings.Repeat("1", 64)
			return d
		}), []string{"verify.bad.seed"}, false},
		{"a journal entry changed", edit([]string{"journal", journalKey(12)}, func(d any) any {
			d.(map[string]any)["detail"] = "x"
			return d
		}), []string{"verify.bad.chain"}, false},
		{"the journal's last entry deleted", inBolt(func(b *bolt.Bucket) error {
			return b.Bucket([]byte("journal")).Delete([]byte(journalKey(es[len(es)-1].N)))
		}), []string{"verify.bad.journal_mark"}, false},
		{"the journal deleted whole", inBolt(func(b *bolt.Bucket) error {
			return b.DeleteBucket([]byte("journal"))
		}), []string{"verify.bad.journal_mark"}, false},
		{"the last entry deleted, the mark rewritten", func(t *testing.T, path string, at []string) {
			last := es[len(es)-2]
			inBolt(func(b *bolt.Bucket) error {
				return b.Bucket([]byte("journal")).Delete([]byte(journalKey(es[len(es)-1].N)))
			})(t, path, at)
			edit([]string{"journal_mark"}, func(any) any { return map[string]any{"n": last.N, "head": store.EntryHash(last)} })(t, path, at)
		}, []string{"verify.bad.journal_seq"}, false},
		{"the journal rolled back, its mark and sequence too", rewrite(es, 1, func(*store.Entry) bool { return false }),
			[]string{"verify.bad.head_published"}, true},
		{"a GM fix's entry rewritten, the chain after it too", rewrite(es, 0, func(e *store.Entry) bool {
			if e.Kind == store.JournalFix && strings.HasSuffix(e.Detail, "figures = 1") {
				e.Detail = strings.TrimSuffix(e.Detail, "1") + "3"
				return true
			}
			return false
		}), []string{"verify.bad.snapshot_chain", "verify.bad.record"}, false},
	}
}
