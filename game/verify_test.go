package game

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// playedTurn plays turn 1 of a battle: both roll, North gives an order and
// is ready, then changes it (his ready is taken back), South is ready,
// North is ready again: the turn resolves. The GM then fixes a unit and
// changes a setting in turn 2.
func playedTurn(t *testing.T) (*Service, Seat, Seat) {
	t.Helper()
	svc, north, south := started(t, 0)
	accept(t, svc, north, engine.StakeLow)
	accept(t, svc, south, engine.StakeLow)
	if _, err := svc.Order(north, engine.Order{Unit: "n-yari", Kind: engine.OrderMove, Phase: 1}); err != nil {
		t.Fatal(err)
	}
	svc.Ready(north)
	if _, err := svc.Order(north, engine.Order{Unit: "n-ashigaru", Kind: engine.OrderWait, Phase: 1}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Order(south, engine.Order{Unit: "s-sohei", Kind: engine.OrderMove, Phase: 1}); err != nil {
		t.Fatal(err)
	}
	svc.Ready(south)
	if res, err := svc.Ready(north); err != nil || res.Resolved == nil {
		t.Fatalf("turn 1 did not resolve: %+v %v", res, err)
	}
	if _, err := svc.Fix(guild, north.Battle.ID, "n-yari", "figures", "7"); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.SetSetting(guild, north.Battle.ID, PostReplayKey, "off"); err != nil {
		t.Fatal(err)
	}
	return svc, north, south
}

func entriesOf(t *testing.T, svc *Service, battle string) []store.Entry {
	t.Helper()
	es, head, err := svc.Audit().Journal(guild, battle)
	if err != nil {
		t.Fatal(err)
	}
	if len(es) > 0 && head != store.EntryHash(es[len(es)-1]) {
		t.Fatalf("head %s is not the last entry's hash", head)
	}
	return es
}

// The journal of a played turn: whole, every commitment in the order it
// was made, the seed revealed hashing to the hash published, each side's
// orders opened with the hash they were sealed with, which is the hash of
// the orders the turn was resolved with.
func TestJournalOfAPlayedTurn(t *testing.T) {
	svc, north, _ := playedTurn(t)
	id := north.Battle.ID
	es := entriesOf(t, svc, id)
	if n := store.CheckChain(es); n != 0 {
		t.Fatalf("the chain breaks at entry %d", n)
	}
	var kinds []string
	for _, e := range es {
		k := e.Kind
		if e.Side != "" {
			k += "." + e.Side
		}
		kinds = append(kinds, k)
	}
	want := "created seed_hash orders.north orders.south orders.north orders_open.north orders_open.south seed seed_hash fix setting"
	if got := strings.Join(kinds, " "); got != want {
		t.Fatalf("journal:\n got %s\nwant %s", got, want)
	}
	seed, err := hex.DecodeString(es[7].Hash)
	if err != nil || es[7].Turn != 1 {
		t.Fatalf("seed entry %+v: %v", es[7], err)
	}
	if h := sha256.Sum256(seed); hex.EncodeToString(h[:]) != es[1].Hash || es[1].Turn != 1 {
		t.Fatalf("the seed revealed does not hash to the hash published (%s)", es[1].Hash)
	}
	var stored [2][]engine.Order
	svc.Store.View(func(tx *store.Tx) error {
		stored[0], _ = tx.BattleTurn(guild, id, 1).Orders(engine.North)
		stored[1], _ = tx.BattleTurn(guild, id, 1).Orders(engine.South)
		return nil
	})
	if es[2].Hash == es[4].Hash {
		t.Fatal("North's orders changed after its first ready, and were sealed with the same hash")
	}
	for side, pair := range [2][2]store.Entry{{es[4], es[5]}, {es[3], es[6]}} {
		if pair[0].Hash != pair[1].Hash || pair[1].Hash != store.OrdersHash(stored[side]) {
			t.Fatalf("side %d: sealed %s, opened %s, orders hash to %s", side, pair[0].Hash, pair[1].Hash, store.OrdersHash(stored[side]))
		}
	}
	if es[9].Detail != "n-yari figures = 7" || es[10].Detail != PostReplayKey+" = off" || es[8].Turn != 2 {
		t.Fatalf("fix and setting: %+v %+v", es[9], es[10])
	}
	// The GM ends the battle: the journal says so.
	if _, err := svc.Finish(guild, id); err != nil {
		t.Fatal(err)
	}
	es = entriesOf(t, svc, id)
	if last := es[len(es)-1]; last.Kind != store.JournalFinished || last.Detail != FinishedByGM || store.CheckChain(es) != 0 {
		t.Fatalf("the finish: %+v", last)
	}
	// And the store verifies.
	r, err := VerifyStore(svc.Store)
	if err != nil || r.Mismatch != nil || len(r.Battles) != 1 || len(r.Battles[0].Turns) != 1 {
		t.Fatalf("verify: %+v %v", r, err)
	}
	tc := r.Battles[0].Turns[0]
	if !r.Battles[0].Kept || !tc.Published || tc.Events == 0 || tc.Rolls < 4 || tc.Sealed[0] == "" || tc.Orders != [2]int{2, 1} {
		t.Fatalf("what was checked: %+v", r.Battles[0])
	}
}

// A turn resolved by the GM with a side not ready: its orders are sealed
// then, and opened with that seal.
func TestJournalSealsAtTheResolution(t *testing.T) {
	svc, north, south := started(t, 3)
	accept(t, svc, north, engine.StakeLow)
	accept(t, svc, south, engine.StakeLow)
	svc.Order(north, engine.Order{Unit: "n-yari", Kind: engine.OrderMove, Phase: 1})
	if _, err := svc.Resolve(guild, north.Battle.ID, 1); err != nil {
		t.Fatal(err)
	}
	es := entriesOf(t, svc, north.Battle.ID)
	var seals []store.Entry
	for _, e := range es {
		if e.Kind == store.JournalOrders {
			seals = append(seals, e)
		}
	}
	if len(seals) != 2 || seals[0].Detail != SealedAtResolution || seals[1].Hash != store.OrdersHash(nil) {
		t.Fatalf("seals at the resolution: %+v", seals)
	}
	if r, err := VerifyStore(svc.Store); err != nil || r.Mismatch != nil {
		t.Fatalf("verify: %+v %v", r.Mismatch, err)
	}
}

// tamper rewrites one stored value of a closed store file through
// change, which gets the value's JSON data decoded (store.EditRaw: the
// value keeps its encoding, compact or JSON).
func tamper(t *testing.T, path string, keys []string, change func(data any) any) {
	t.Helper()
	if err := store.EditJSON(path, keys, change); err != nil {
		t.Fatal(err)
	}
}

func turnKey(turn int) string {
	var k [4]byte
	binary.BigEndian.PutUint32(k[:], uint32(turn))
	return string(k[:])
}

func journalKey(n uint64) string {
	var k [8]byte
	binary.BigEndian.PutUint64(k[:], n)
	return string(k[:])
}

// A seed, an order, a journal entry or an event changed in the store
// afterwards is caught by verification and named: the battle, the turn,
// the side, the event or the entry, and what differs.
func TestVerifyNamesWhatWasTampered(t *testing.T) {
	svc, north, _ := playedTurn(t)
	id := north.Battle.ID
	path := svc.Store.Path()
	svc.Store.Close()
	original, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	turn1 := []string{"guilds", guild, "battles", id, "turns", turnKey(1)}
	otherSeed := strings.Repeat("ab", 32)
	cases := []struct {
		name   string
		keys   []string
		change func(any) any
		key    string
		check  func(m *Mismatch) bool
	}{
		{"seed", append(turn1, "seed"), func(d any) any {
			d.(map[string]any)["value"] = "q83vq83vq83vq83vq83vq83vq83vq83vq83vq83vq80="
			return d
		}, "verify.bad.seed", func(m *Mismatch) bool { return m.Turn == 1 }},
		{"seed and its hash", append(turn1, "seed"), func(d any) any {
			v, _ := hex.DecodeString(otherSeed)
			h := sha256.Sum256(v)
			d.(map[string]any)["value"], d.(map[string]any)["hash"] = v, hex.EncodeToString(h[:])
			return d
		}, "verify.bad.seed_journal", func(m *Mismatch) bool { return m.Turn == 1 && m.Entry == 2 }},
		{"an order", append(turn1, "orders.north"), func(d any) any {
			d.([]any)[0].(map[string]any)["phase"] = 2
			return d
		}, "verify.bad.orders", func(m *Mismatch) bool { return m.Turn == 1 && m.Side == "north" && m.Entry == 5 }},
		{"a journal entry", []string{"guilds", guild, "battles", id, "journal", journalKey(10)}, func(d any) any {
			d.(map[string]any)["detail"] = "n-yari figures = 8"
			return d
		}, "verify.bad.chain", func(m *Mismatch) bool { return m.Turn == 0 && m.Entry == 11 }},
		{"a command roll's die", append(turn1, "command.south"), func(d any) any {
			roll := d.(map[string]any)["result"].(map[string]any)["rolls"].([]any)[0].([]any)
			roll[1] = float64(7 - int(roll[1].(float64)))
			return d
		}, "verify.bad.command", func(m *Mismatch) bool { return m.Turn == 1 && m.Side == "south" && m.Args[0] == 1 }},
		{"an event", append(turn1, "events"), func(d any) any {
			events := d.([]any)
			events[len(events)-1].(map[string]any)["value"] = float64(99)
			return d
		}, "verify.bad.event", func(m *Mismatch) bool {
			return m.Turn == 1 && m.Event >= 0 && strings.Contains(m.Args[2].(string), "value: 99 /")
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "tampered.db")
			if err := os.WriteFile(p, original, 0o600); err != nil {
				t.Fatal(err)
			}
			tamper(t, p, c.keys, c.change)
			st, err := store.Open(p, store.Options{ReadOnly: true})
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			r, err := VerifyStore(st)
			if err != nil {
				t.Fatal(err)
			}
			if r.Mismatch == nil || r.Mismatch.Key != c.key || r.Mismatch.Battle != id || !c.check(r.Mismatch) {
				t.Fatalf("mismatch: %+v (want %s)", r.Mismatch, c.key)
			}
		})
	}
	// Untouched, it verifies.
	p := filepath.Join(t.TempDir(), "untouched.db")
	os.WriteFile(p, original, 0o600)
	st, err := store.Open(p, store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if r, err := VerifyStore(st); err != nil || r.Mismatch != nil {
		t.Fatalf("the untouched store: %+v %v", r.Mismatch, err)
	}
}

// An export of a battle in progress leaves out the turn being fought (its
// seed, orders, rolls, the position as it stands) and the journal from
// that turn's first sealed orders; it verifies once written and read
// back, and so does the export of the whole battle at its end.
func TestExportLeavesOutSecretsAndVerifies(t *testing.T) {
	svc, north, south := playedTurn(t)
	id := north.Battle.ID
	// Turn 2 under way: both roll, North orders and is ready (sealed),
	// spares the enemy's duellists.
	north.Battle.Turn, south.Battle.Turn = 2, 2
	accept(t, svc, north, engine.StakeLow)
	accept(t, svc, south, engine.StakeLow)
	if _, err := svc.Order(north, engine.Order{Unit: "n-hatamoto", Kind: engine.OrderWait, Phase: 1}); err != nil {
		t.Fatal(err)
	}
	if err := svc.SetSpare(north, true); err != nil {
		t.Fatal(err)
	}
	svc.Ready(north)
	var seed2 store.Seed
	svc.Store.View(func(tx *store.Tx) (err error) { seed2, err = tx.BattleTurn(guild, id, 2).Seed(); return err })

	x, err := svc.Audit().Export(guild, id)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := json.MarshalIndent(x, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	b := x.Battles[0]
	if len(b.Turns) != 1 || b.Turns[0].Turn != 1 || b.Open == nil || b.Open.Turn != 2 || b.Open.SeedHash != seed2.Hash {
		t.Fatalf("turns %d, open %+v", len(b.Turns), b.Open)
	}
	if strings.Contains(string(raw), hex.EncodeToString(seed2.Value)) {
		t.Fatal("the export holds the seed of the turn being fought")
	}
	for _, tr := range b.Turns {
		for _, side := range sides {
			for _, o := range *tr.Orders.Of(side) {
				if o.Unit == "n-hatamoto" {
					t.Fatalf("the export holds turn 2's order %+v", o)
				}
			}
		}
		if tr.Snapshot.Spare != [2]bool{} {
			t.Fatal("the export holds North's choice to spare made in turn 2")
		}
	}
	for _, e := range b.Journal {
		if e.Turn == 2 && (e.Kind == store.JournalOrders || e.Kind == store.JournalFix) {
			t.Fatalf("the journal exported holds %+v", e)
		}
	}
	if !b.Cut || b.Entries <= len(b.Journal) || b.Journal[len(b.Journal)-1].Kind != store.JournalSeedHash {
		t.Fatalf("journal cut %v: %d of %d entries", b.Cut, len(b.Journal), b.Entries)
	}
	var back Export
	if err := json.Unmarshal(raw, &back); err != nil {
		t.Fatal(err)
	}
	if r := Verify(back); r.Mismatch != nil || len(r.Battles[0].Turns) != 1 {
		t.Fatalf("the export read back: %+v", r.Mismatch)
	}

	// The battle over, everything is exported and verifies.
	svc.Ready(south)
	if _, err := svc.Finish(guild, id); err != nil {
		t.Fatal(err)
	}
	x, err = ExportStore(svc.Store, "Анэгава 1570", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	raw, _ = json.Marshal(x)
	back = Export{}
	json.Unmarshal(raw, &back)
	b = back.Battles[0]
	if len(b.Turns) != 2 || b.Cut || len(b.Journal) != b.Entries || b.Outcome == "" {
		t.Fatalf("the whole battle: %d turns, cut %v, %d of %d entries", len(b.Turns), b.Cut, len(b.Journal), b.Entries)
	}
	if r := Verify(back); r.Mismatch != nil || len(r.Battles[0].Turns) != 2 {
		t.Fatalf("the whole battle read back: %+v", r.Mismatch)
	}
	// An order changed in the export is caught.
	b.Turns[1].Orders.North[0].Unit = "n-yumi"
	if r := Verify(back); r.Mismatch == nil || r.Mismatch.Key != "verify.bad.orders" || r.Mismatch.Turn != 2 {
		t.Fatalf("a changed order in the export: %+v", r.Mismatch)
	}
	if _, err := ExportStore(svc.Store, "nowhere", time.Now()); err != ErrNoBattle {
		t.Fatalf("a battle not in the store: %v", err)
	}
}

// /verify turn: checks one resolved turn.
func TestVerifyTurn(t *testing.T) {
	svc, north, _ := playedTurn(t)
	v, err := svc.Audit().VerifyTurn(guild, north.Battle.ID, 1)
	if err != nil || v.Mismatch != nil || v.Turn.Turn != 1 || v.Turn.Events == 0 || v.Battle.Entries != 11 {
		t.Fatalf("verify turn 1: %+v %v", v, err)
	}
	_, err = svc.Audit().VerifyTurn(guild, north.Battle.ID, 2)
	userErr(t, err, "err.turn_not_resolved")
	if turns, err := svc.Audit().ResolvedTurns(guild, north.Battle.ID); err != nil || len(turns) != 1 || turns[0] != 1 {
		t.Fatalf("resolved turns: %v %v", turns, err)
	}
}

// A turn undone and played again keeps its seed: its journal holds both
// plays, and the store verifies against the last one.
func TestVerifyAfterUndo(t *testing.T) {
	svc, north, south := playedTurn(t)
	id := north.Battle.ID
	for _, keep := range []bool{true, false} {
		if _, err := svc.Undo(guild, id, 1, keep, "gm"); err != nil {
			t.Fatal(err)
		}
		north.Battle.Turn, south.Battle.Turn = 1, 1
		if !keep {
			if _, err := svc.Order(north, engine.Order{Unit: "n-yumi", Kind: engine.OrderWait, Phase: 1}); err != nil {
				t.Fatal(err)
			}
			svc.Ready(north)
			svc.Ready(south)
		} else if _, err := svc.Resolve(guild, id, 1); err != nil {
			t.Fatal(err)
		}
		r, err := VerifyStore(svc.Store)
		if err != nil || r.Mismatch != nil || len(r.Battles[0].Turns) != 1 {
			t.Fatalf("after an undo (keep orders %v): %+v %v", keep, r.Mismatch, err)
		}
	}
	es := entriesOf(t, svc, id)
	seeds := 0
	for _, e := range es {
		if e.Kind == store.JournalSeed && e.Turn == 1 {
			seeds++
		}
	}
	if seeds != 3 || store.CheckChain(es) != 0 {
		t.Fatalf("turn 1's seed revealed %d times (want 3: one a play)", seeds)
	}
}
