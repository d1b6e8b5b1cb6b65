package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/game/kit"
	"github.com/gunbai/gunbai/game/skirmishes"
	"github.com/gunbai/gunbai/skirmish"
	"github.com/gunbai/gunbai/store"
)

// checkDemoSkirmish reads the demo's skirmish (issue 27, seed 002): its
// whole log in both languages shows a shield wall (E2-SW), an attack with
// its die against the defence (E2-D1), a capture (E2-J2), a wound test
// (E2-R2), a morale test (E2-R1) and the end (E2-F) with the seed
// revealed, which hashes to its commitment; the stored game replays to
// itself; each side's record cards are a picture of cards (E2-C).
func checkDemoSkirmish(t *testing.T, dir string, st *store.Store) {
	t.Helper()
	want := map[string][]string{
		"ru": {"«Стена щитов» №1 построена (ds, d2, d3, d4)", "ac атакует d5 (1″): d20 = ", "a3 берёт в плен d5",
			"Тест на ранение: da", "Тест на мораль: подразделение Волки (a1)", "Бой окончен: у противника погибли все офицеры, победа за стороной «Ода». (правило E2-F)",
			"d5 [◆ копейщик]: в плену", "Семя костей: "},
		"en": {"Shield wall no. 1 formed (ds, d2, d3, d4)", "ac attacks d5 (1″): d20 = ", "a3 captures d5", "Wound test: da",
			"Morale test: unit Волки (a1)", "The battle is over: Ода wins.", "The dice seed: "},
	}
	seedRe := regexp.MustCompile(`([0-9a-f]{64}) \((?:проверьте|check): sha256 = ([0-9a-f]{64})\)`)
	for lang, lines := range want {
		b, err := os.ReadFile(filepath.Join(dir, "skirmish."+lang+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		text := string(b)
		for _, w := range lines {
			if !strings.Contains(text, w) {
				t.Errorf("skirmish.%s.txt lacks %q:\n%s", lang, w, text)
			}
		}
		m := seedRe.FindStringSubmatch(text)
		if m == nil {
			t.Fatalf("skirmish.%s.txt reveals no seed with its hash", lang)
		}
		seed, _ := hex.DecodeString(m[1])
		if sum := sha256.Sum256(seed); hex.EncodeToString(sum[:]) != m[2] {
			t.Errorf("skirmish.%s.txt: the revealed seed does not hash to %s", lang, m[2])
		}
	}
	rec, err := (&game.Service{Store: st}).Skirmishes().Get(demoGuild, kit.BattleID(demoSkirmishName))
	if err != nil || rec.Game.Phase != skirmish.PhaseOver || rec.Game.Winner != 0 || len(rec.Journal) != len(demoSkirmishScript()) {
		t.Fatalf("the stored skirmish: %s, winner %d, %d entries, %v", rec.Game.Phase, rec.Game.Winner, len(rec.Journal), err)
	}
	g, err := skirmishes.Replay(rec)
	a, _ := json.Marshal(g)
	b, _ := json.Marshal(rec.Game)
	if err != nil || !bytes.Equal(a, b) {
		t.Errorf("the stored skirmish does not replay to itself: %v", err)
	}
	for _, name := range []string{"skirmish-cards-1.png", "skirmish-cards-2.png"} {
		f, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(f))
		if err != nil || img.Bounds().Dx() < 200 || img.Bounds().Dy() < 300 {
			t.Errorf("%s is not a picture of cards: %v", name, err)
		}
	}
}
