package bot_test

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/store"
)

var stranger = discordtest.Member{UserID: "700000000000000004", Username: "ronin", Locale: "ru"}

// A turn played through Discord leaves a whole journal: the seed's hash
// posted to the clans is the one journaled before the dice, the seed
// revealed hashes to it, and each side's orders are opened with the hash
// they were sealed with when the side said it was ready.
func TestJournalThroughDiscord(t *testing.T) {
	t.Parallel()
	w := battleWorld(t)
	defer w.stop()
	w.oneTurn()

	svc := &game.Service{Store: w.st}
	es, head, err := svc.Audit().Journal(w.guild, "Нагасино")
	if err != nil {
		t.Fatal(err)
	}
	if n := store.CheckChain(es); n != 0 || len(es) == 0 || head != store.EntryHash(es[len(es)-1]) {
		t.Fatalf("the chain breaks at %d (of %d entries)", n, len(es))
	}
	var published, revealed string
	sealed, opened := map[string]string{}, map[string]string{}
	for _, e := range es {
		if e.Turn != 1 {
			continue
		}
		switch e.Kind {
		case store.JournalSeedHash:
			published = e.Hash
		case store.JournalSeed:
			revealed = e.Hash
		case store.JournalOrders:
			sealed[e.Side] = e.Hash
		case store.JournalOrdersOpen:
			opened[e.Side] = e.Hash
		}
	}
	seed, err := hex.DecodeString(revealed)
	if h := sha256.Sum256(seed); err != nil || hex.EncodeToString(h[:]) != published {
		t.Fatalf("the seed revealed %s does not hash to the hash published %s", revealed, published)
	}
	// The hash journaled is the one the clans were shown before rolling.
	for _, ch := range []string{chanOda, chanAsai} {
		if !strings.Contains(contentOf(w.srv.Messages().Under(ch)), published) {
			t.Fatalf("channel %s was not shown the hash journaled", ch)
		}
	}
	for _, side := range []engine.Side{engine.North, engine.South} {
		var orders []engine.Order
		w.st.View(func(tx *store.Tx) error {
			orders, _ = tx.BattleTurn(w.guild, "нагасино", 1).Orders(side)
			return nil
		})
		s := side.String()
		if sealed[s] == "" || opened[s] != sealed[s] || store.OrdersHash(orders) != sealed[s] {
			t.Fatalf("%s: sealed %q, opened %q, the orders hash to %q", s, sealed[s], opened[s], store.OrdersHash(orders))
		}
	}
}

// /verify turn: answers the clans and the GM with the turn's seed, its
// hash as published, and that every die recomputes; /battle export gives
// the GM the battle as a file that verifies, the turn under way left out;
// an order changed in the store afterwards is named.
func TestVerifyThroughDiscord(t *testing.T) {
	t.Parallel()
	w := battleWorld(t)
	defer w.stop()
	w.oneTurn()

	var seed1, seed2 store.Seed
	w.st.View(func(tx *store.Tx) error {
		seed1, _ = tx.BattleTurn(w.guild, "нагасино", 1).Seed()
		seed2, _ = tx.BattleTurn(w.guild, "нагасино", 2).Seed()
		return nil
	})
	r := w.slash(oda, chanOda, "verify", discordtest.IntOpt("turn", 1))
	if !r.Ephemeral || !strings.Contains(r.Content, hex.EncodeToString(seed1.Value)) || !strings.Contains(r.Content, seed1.Hash) ||
		!strings.Contains(r.Content, "каждая кость хода пересчитывается") || !strings.Contains(r.Content, "цепочка журнала цела") ||
		strings.Contains(r.Content, "НЕ СХОДИТСЯ") {
		t.Fatalf("/verify turn:1: %q", r.Content)
	}
	if r := w.slash(asai, chanAsai, "verify", discordtest.IntOpt("turn", 1)); !strings.Contains(r.Content, "every die of the turn recomputes") ||
		!strings.Contains(r.Content, "opened as they were sealed") {
		t.Fatalf("/verify in English: %q", r.Content)
	}
	if r := w.slash(oda, chanOda, "verify", discordtest.IntOpt("turn", 2)); !strings.Contains(r.Content, "не разыгран") {
		t.Fatalf("/verify of the turn under way: %q", r.Content)
	}
	// The GM names the battle; someone of neither clan may not verify it.
	if r := w.slash(gm, chanGM, "verify", discordtest.IntOpt("turn", 1)); !strings.Contains(r.Content, "/проверка битва:") {
		t.Fatalf("/verify by the GM without a battle: %q", r.Content)
	}
	if r := w.slash(gm, chanGM, "verify", discordtest.IntOpt("turn", 1), discordtest.StringOpt("battle", "Нагасино")); !strings.Contains(r.Content, seed1.Hash) {
		t.Fatalf("/verify by the GM: %q", r.Content)
	}
	if r := w.slash(stranger, chanOda, "verify", discordtest.IntOpt("turn", 1), discordtest.StringOpt("battle", "Нагасино")); !strings.Contains(r.Content, "проверяют её кланы и мастер") || strings.Contains(r.Content, seed1.Hash) {
		t.Fatalf("/verify by a stranger: %q", r.Content)
	}
	// The resolved turns are offered.
	if values, _ := w.offered(oda, chanOda, "verify", discordtest.Focus(discordtest.StringOpt("turn", ""))); len(values) != 1 || values[0] != "1" {
		t.Fatalf("/verify offers turns %v", values)
	}

	// The GM's export: a JSON file that verifies, without turn 2's seed.
	if r := w.slash(oda, chanOda, "battle", discordtest.Subcommand("export", discordtest.StringOpt("battle", "Нагасино"))); !strings.Contains(r.Content, "только для мастера") || len(r.Files) != 0 {
		t.Fatalf("a player's export: %+v", r)
	}
	r = w.slash(gm, chanGM, "battle", discordtest.Subcommand("export", discordtest.StringOpt("battle", "Нагасино")))
	if !r.Ephemeral || len(r.Files) != 1 || !regexp.MustCompile(`^gunbai-[a-z0-9-]+-turn-2\.json$`).MatchString(r.Files[0].Name) || !strings.Contains(r.Content, "gunbai verify") {
		t.Fatalf("/battle export: %+v", r)
	}
	data := r.Files[0].Data
	if strings.Contains(string(data), hex.EncodeToString(seed2.Value)) {
		t.Fatal("the export holds the seed of the turn under way")
	}
	var x game.Export
	if err := json.Unmarshal(data, &x); err != nil {
		t.Fatal(err)
	}
	if rep := game.Verify(x); rep.Mismatch != nil || len(rep.Battles) != 1 || len(rep.Battles[0].Turns) != 1 || x.Battles[0].Turns[0].Seed != hex.EncodeToString(seed1.Value) {
		t.Fatalf("the export does not verify: %+v", rep.Mismatch)
	}

	// North's orders of turn 1 changed in the store: /verify names it.
	w.stop()
	var k [4]byte
	binary.BigEndian.PutUint32(k[:], 1)
	turn1 := [][]byte{[]byte("guilds"), []byte(w.guild), []byte("battles"), []byte("нагасино"), []byte("turns"), k[:]}
	err := store.EditRaw(w.path, turn1, []byte("orders.north"), func([]byte) ([]byte, error) { return []byte(`[]`), nil })
	if err != nil {
		t.Fatal(err)
	}
	w.start()
	if r := w.slash(oda, chanOda, "verify", discordtest.IntOpt("turn", 1)); !strings.Contains(r.Content, "НЕ СХОДИТСЯ: ход 1, Север") || !strings.Contains(r.Content, "изменили после печати") {
		t.Fatalf("/verify of a changed order: %q", r.Content)
	}
}

// /verify reads the journal head the battle's status message shows in
// Discord and finds it in the journal; after the journal's last entry was
// deleted behind the bot's back, its mark and sequence rewritten to match
// (a rollback the store cannot tell), the head the status showed is no
// longer in the journal and /verify says so, in each clan's language.
func TestVerifyTamperHeadThroughDiscord(t *testing.T) {
	t.Parallel()
	w := battleWorld(t)
	defer w.stop()
	w.oneTurn()

	svc := &game.Service{Store: w.st}
	es, head, err := svc.Audit().Journal(w.guild, "Нагасино")
	if err != nil || len(es) < 2 {
		t.Fatal(es, err)
	}
	if !strings.Contains(contentOf(w.srv.Messages().Under(chanOda)), head) {
		t.Fatalf("the status in the clan's channel does not show the head %s", head)
	}
	want := fmt.Sprintf("Верно: хеш журнала в статусе битвы в <#%s> (`%s`) — запись %d из %d журнала.", chanOda, head[:16]+"…", len(es), len(es))
	if r := w.slash(oda, chanOda, "verify", discordtest.IntOpt("turn", 1)); !strings.Contains(r.Content, want) || strings.Contains(r.Content, "НЕ СХОДИТСЯ") {
		t.Fatalf("/verify, the head as published: %q", r.Content)
	}
	if r := w.slash(asai, chanAsai, "verify", discordtest.IntOpt("turn", 1)); !strings.Contains(r.Content, "Right: the journal hash in the battle's status in <#"+chanAsai+">") {
		t.Fatalf("/verify in English, the head as published: %q", r.Content)
	}

	// The journal rolled back by one entry, its mark and sequence with it.
	w.stop()
	prev := es[len(es)-2]
	battle := []string{"guilds", w.guild, "battles", "нагасино"}
	db, err := bolt.Open(w.path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket([]byte(battle[0]))
		for _, k := range battle[1:] {
			b = b.Bucket([]byte(k))
		}
		var k [8]byte
		binary.BigEndian.PutUint64(k[:], es[len(es)-1].N)
		j := b.Bucket([]byte("journal"))
		if err := j.Delete(k[:]); err != nil {
			return err
		}
		return j.SetSequence(prev.N)
	})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	mark := func(any) any { return map[string]any{"n": prev.N, "head": store.EntryHash(prev)} }
	if err := store.EditJSON(w.path, append(battle, "journal_mark"), mark); err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(w.path, store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := game.VerifyStore(st)
	st.Close()
	if err != nil || rep.Mismatch != nil {
		t.Fatalf("the store alone cannot tell the rollback: %+v %v", rep.Mismatch, err)
	}
	w.start()
	bad := fmt.Sprintf("НЕ СХОДИТСЯ: хеша журнала из статуса битвы в <#%s> (`%s`) в журнале нет", chanOda, head[:16]+"…")
	if r := w.slash(oda, chanOda, "verify", discordtest.IntOpt("turn", 1)); !strings.Contains(r.Content, bad) {
		t.Fatalf("/verify after the rollback: %q", r.Content)
	}
	if r := w.slash(asai, chanAsai, "verify", discordtest.IntOpt("turn", 1)); !strings.Contains(r.Content, "MISMATCH: the journal hash in the battle's status in <#"+chanAsai+">") ||
		!strings.Contains(r.Content, "cut back after the status showed it") {
		t.Fatalf("/verify in English after the rollback: %q", r.Content)
	}
}
