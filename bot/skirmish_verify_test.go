package bot_test

import (
	"encoding/hex"
	"fmt"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/game/skirmishes"
	"github.com/gunbai/gunbai/store"
)

// skirmishRecord reads the game Мост through the store, and puts it back
// changed (the tampering a verification must find).
func (w *world) skirmishRecord(t *testing.T, change func(*skirmishes.Record)) skirmishes.Record {
	t.Helper()
	var rec skirmishes.Record
	err := w.st.Update(func(tx *store.Tx) error {
		if err := tx.Campaign(w.guild, skirmishes.Kind, "мост", &rec); err != nil || change == nil {
			return err
		}
		change(&rec)
		return tx.PutCampaign(w.guild, skirmishes.Kind, "мост", rec)
	})
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// verifyEarly: /skirmish verify before the end says the published hash
// and that the seed comes at the end, and nothing of the seed (issue 27).
func (w *world) verifyEarly(t *testing.T) {
	rec := w.skirmishRecord(t, nil)
	r := w.sk(oda, "verify")
	if !strings.Contains(r.Content, rec.SeedHash()) || !strings.Contains(r.Content, "раскрывается в конце игры") {
		t.Errorf("verify before the end: %q", r.Content)
	}
	if seed := hex.EncodeToString(rec.Seed); strings.Contains(r.Content, seed) || strings.Contains(r.Content, seed[:16]) {
		t.Errorf("verify before the end reveals the seed: %q", r.Content)
	}
}

// verifyFinished: after the end /skirmish verify recomputes every die and
// all agree; a die or the seed changed in the store is found and named;
// the game put back, it verifies again (issue 27).
func (w *world) verifyFinished(t *testing.T) {
	orig := w.skirmishRecord(t, nil)
	dice := 0
	for _, e := range orig.Journal {
		dice += len(e.Rolls)
	}
	want := fmt.Sprintf("Проверено действий: %d, бросков: %d — все совпадают с журналом.", len(orig.Journal), dice)
	if r := w.sk(asai, "verify"); !strings.Contains(r.Content, want) || !strings.Contains(r.Content, "Раскрытое семя даёт этот хэш") {
		t.Errorf("verify a finished game (want %q): %q", want, r.Content)
	}
	bad := 0
	for bad < len(orig.Journal) && len(orig.Journal[bad].Rolls) == 0 {
		bad++
	}
	roll := orig.Journal[bad].Rolls[0]
	w.skirmishRecord(t, func(rec *skirmishes.Record) { rec.Journal[bad].Rolls[0].Die = roll.Die%20 + 1 })
	want = fmt.Sprintf("Запись %d журнала, бросок 1 (%s): по семени выпадает %d, в журнале %d.", bad+1, roll.Key, roll.Die, roll.Die%20+1)
	if r := w.sk(gm, "verify"); !strings.Contains(r.Content, want) || strings.Contains(r.Content, "все совпадают") {
		t.Errorf("a tampered die (want %q): %q", want, r.Content)
	}
	w.skirmishRecord(t, func(rec *skirmishes.Record) { *rec = orig; rec.Seed = append([]byte{rec.Seed[0] ^ 1}, rec.Seed[1:]...) })
	if r := w.sk(oda, "verify"); !strings.Contains(r.Content, "Раскрытое семя НЕ даёт этот хэш") || strings.Contains(r.Content, "все совпадают") {
		t.Errorf("a tampered seed: %q", r.Content)
	}
	w.skirmishRecord(t, func(rec *skirmishes.Record) { *rec = orig })
	if r := w.slash(oda, chanOda, "skirmish", discordtest.Subcommand("verify", discordtest.StringOpt("game", "Мост"))); !strings.Contains(r.Content, "проверяют в её канале") {
		t.Errorf("verify out of the game's channel: %q", r.Content)
	}
	if r := w.sk(asai, "verify"); !strings.Contains(r.Content, "все совпадают") {
		t.Errorf("the game put back: %q", r.Content)
	}
}
