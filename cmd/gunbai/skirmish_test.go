package main

import (
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/game/kit"
	"github.com/gunbai/gunbai/game/skirmishes"
	"github.com/gunbai/gunbai/skirmish"
	"github.com/gunbai/gunbai/store"
)

const skDefenders = `name = "Ода"
nation = "Ода"
[[unit]]
id = "d1"
[[unit.fighter]]
id = "dk"
class = "swordsman"
rank = "knight"
[[unit.fighter]]
id = "da"
class = "archer"
`

const skAttackers = `name = "Такэда"
nation = "Такэда"
[[unit]]
id = "a1"
[[unit.fighter]]
id = "as"
class = "swordsman"
rank = "sergeant"
[[unit.fighter]]
id = "a2"
class = "spearman"
`

// skirmishStore is a store with the skirmish game Мост played a few
// actions (an archer's shots, each with its die); over marks it ended (in
// the store, as the game's end would).
func skirmishStore(t *testing.T, over bool) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "s.db")
	st, err := store.Open(path, store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	s := &skirmishes.Service{Base: kit.Base{Store: st}}
	if _, err := s.Open("g", skirmishes.OpenRequest{Name: "Мост", Channel: "ch", GM: "gm", Lang: "ru", Roles: [2]string{"rd", "ra"}}); err != nil {
		t.Fatal(err)
	}
	for side, file := range []string{skDefenders, skAttackers} {
		if _, err := s.Warband("g", "мост", side, "w.toml", []byte(file)); err != nil {
			t.Fatal(err)
		}
	}
	for _, a := range []struct {
		role string
		a    skirmish.Action
	}{
		{"rd", skirmish.Action{Kind: skirmish.KindAttack, Fighter: "da", Target: "a2", Inches: 10}},
		{"rd", skirmish.Action{Kind: skirmish.KindEndTurn}},
		{"ra", skirmish.Action{Kind: skirmish.KindMove, Fighter: "as", Inches: 4}},
		{"ra", skirmish.Action{Kind: skirmish.KindEndTurn}},
	} {
		if _, _, err := s.Act("g", skirmishes.ActRequest{Skirmish: "мост", User: "u", Roles: []string{a.role}, Action: a.a}); err != nil {
			t.Fatal(err)
		}
	}
	if over {
		err = st.Update(func(tx *store.Tx) error {
			var rec skirmishes.Record
			if err := tx.Campaign("g", skirmishes.Kind, "мост", &rec); err != nil {
				return err
			}
			rec.Game.Phase, rec.Game.Winner = skirmish.PhaseOver, 0
			return tx.PutCampaign("g", skirmishes.Kind, "мост", rec)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return path
}

// gunbai export STORE GAME writes a finished skirmish game (issue 27);
// gunbai verify reads it: the export passes, a die changed in it fails,
// named by its entry; a game still on is not exported (its seed secret).
func TestVerifySkirmishExport(t *testing.T) {
	code, out, errs := gunbai("export", "-lang", "ru", skirmishStore(t, false), "Мост")
	if code == 0 || strings.Contains(out, `"seed"`) {
		t.Errorf("a game still on exported (%d): %s %s", code, out, errs)
	}
	code, out, errs = gunbai("export", "-lang", "ru", skirmishStore(t, true), "Мост")
	if code != 0 || !strings.Contains(errs, "Выгружена игра-стычка «Мост»: 4 записи журнала") {
		t.Fatalf("export (%d): %s", code, errs)
	}
	var x skirmishes.Export
	if err := json.Unmarshal([]byte(out), &x); err != nil || x.Format != skirmishes.ExportFormat || x.Hash == "" || len(x.Journal) != 4 {
		t.Fatalf("the export: %v %+v", err, x)
	}
	if seed, _ := hex.DecodeString(x.Seed); store.SeedHash(seed) != x.Hash {
		t.Errorf("the seed does not give the hash: %s", out)
	}
	file := filepath.Join(t.TempDir(), "x.json")
	write := func(data string) {
		if err := os.WriteFile(file, []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write(out)
	code, got, _ := gunbai("verify", "-lang", "ru", file)
	if code != 0 || !strings.Contains(got, "Проверено действий: 4, бросков: 1 — все совпадают с журналом.") {
		t.Errorf("the export verifies (%d): %s", code, got)
	}
	die := x.Journal[0].Rolls[0].Die
	var doc map[string]any
	_ = json.Unmarshal([]byte(out), &doc)
	roll := doc["journal"].([]any)[0].(map[string]any)["rolls"].([]any)[0].(map[string]any)
	roll["die"] = die%20 + 1
	tampered, _ := json.Marshal(doc)
	write(string(tampered))
	code, got, _ = gunbai("verify", "-lang", "en", file)
	if code != 1 || !strings.Contains(got, "Journal entry 1, die 1 (") || strings.Contains(got, "all agree") {
		t.Errorf("a tampered die (%d): %s", code, got)
	}
}
