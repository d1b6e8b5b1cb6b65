package bot_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// /why explains what happened to a unit last turn, with its rules, from
// the asking side's own view: a unit hidden in a forest from that side is
// answered exactly as a unit that does not exist, and is not offered.
func TestWhyThroughDiscord(t *testing.T) {
	t.Parallel()
	w := startedWorld(t)
	defer w.stop()
	// South's teppo stands in a forest North cannot see into.
	err := w.st.Update(func(tx *store.Tx) error {
		rec, err := tx.Battle(w.guild, "анэгава")
		if err != nil {
			return err
		}
		rec.State.Terrain.Forests = []engine.Cell{rec.State.Unit("s-teppo").Cell}
		return tx.PutBattle(rec)
	})
	if err != nil {
		t.Fatal(err)
	}
	rec, _ := w.st.Battle(w.guild, "анэгава")
	if slices.ContainsFunc(engine.View(rec.State, engine.North).Units, func(u engine.Unit) bool { return u.ID == "s-teppo" }) {
		t.Fatal("precondition: North sees s-teppo")
	}
	w.slash(oda, chanOda, "order", discordtest.StringOpt("unit", "n-yari"), discordtest.StringOpt("order", "move"))
	w.slash(asai, chanAsai, "order", discordtest.StringOpt("unit", "s-teppo"), discordtest.StringOpt("order", "wait"))
	resolve(w, 1)

	r := w.slash(oda, chanOda, "why", discordtest.StringOpt("unit", "n-yari"))
	if !strings.Contains(r.Content, "ход 1 — что было с n-yari") || !strings.Contains(r.Content, "n-yari") || !strings.Contains(r.Content, "[VI.2.5]") {
		t.Fatalf("why n-yari: %q", r.Content)
	}
	hidden := w.slash(oda, chanOda, "why", discordtest.StringOpt("unit", "s-teppo")).Content
	none := w.slash(oda, chanOda, "why", discordtest.StringOpt("unit", "s-zzzzz")).Content
	if !strings.Contains(none, "не было в том, что видела ваша сторона") || strings.ReplaceAll(hidden, "s-teppo", "?") != strings.ReplaceAll(none, "s-zzzzz", "?") {
		t.Fatalf("a hidden unit is answered differently from no unit:\n%q\n%q", hidden, none)
	}
	if r := w.slash(asai, chanAsai, "why", discordtest.StringOpt("unit", "s-teppo")); !strings.Contains(r.Content, "what happened to s-teppo") {
		t.Fatalf("South's own teppo: %q", r.Content)
	}
	// North is not offered what it cannot see; it is offered its own units
	// and the enemy units in view.
	var offered []string
	for _, c := range w.choices(w.srv.Interactions().Autocomplete(w.guild, chanOda, oda, "why", discordtest.Focus(discordtest.StringOpt("unit", "")))) {
		offered = append(offered, c.Value.(string))
	}
	if slices.Contains(offered, "s-teppo") || !slices.Contains(offered, "n-yari") || !slices.Contains(offered, "s-yari") {
		t.Fatalf("offered %v", offered)
	}
}

// The GM's /why answers from the GM's view: any unit, hidden or not, with
// every event, in his language; the battle is the one being fought or the
// one he names.
func TestWhyForTheGM(t *testing.T) {
	t.Parallel()
	w := startedWorld(t)
	defer w.stop()
	w.edit("анэгава", func(b *engine.Battle) { b.Terrain.Forests = []engine.Cell{b.Unit("s-teppo").Cell} })
	w.slash(oda, chanOda, "order", discordtest.StringOpt("unit", "n-yari"), discordtest.StringOpt("order", "move"))
	w.slash(asai, chanAsai, "order", discordtest.StringOpt("unit", "s-teppo"), discordtest.StringOpt("order", "wait"))
	resolve(w, 1)

	r := w.slash(gm, chanGM, "why", discordtest.StringOpt("unit", "s-teppo"))
	if !strings.Contains(r.Content, "Битва «Анэгава», ход 1 — что было с s-teppo (всё, что видит мастер):") {
		t.Fatalf("the GM's why of a hidden unit: %q", r.Content)
	}
	own := w.slash(asai, chanAsai, "why", discordtest.StringOpt("unit", "s-teppo")).Content
	if _, body, _ := strings.Cut(own, "\n"); body == "" || !strings.Contains(w.slash(gmEN, chanGM, "why", discordtest.StringOpt("unit", "s-teppo")).Content, body) {
		t.Fatalf("the GM does not read what South read of its own unit: %q", own)
	}
	if r := w.slash(gmEN, chanGM, "why", discordtest.StringOpt("unit", "n-yari"), discordtest.StringOpt("battle", "Анэгава")); !strings.Contains(r.Content, "what happened to n-yari (all of it, as the GM sees it):") || !strings.Contains(r.Content, "[R-VI.2.5]") {
		t.Fatalf("the GM's why in English: %q", r.Content)
	}
	if r := w.slash(gm, chanGM, "why", discordtest.StringOpt("unit", "s-zzzzz")); r.Content != "Отряда «s-zzzzz» в битве «Анэгава» не было." {
		t.Fatalf("no such unit: %q", r.Content)
	}
	var offered []string
	for _, c := range w.choices(w.srv.Interactions().Autocomplete(w.guild, chanGM, gm, "why", discordtest.Focus(discordtest.StringOpt("unit", "")))) {
		offered = append(offered, c.Value.(string))
	}
	if !slices.Contains(offered, "s-teppo") || !slices.Contains(offered, "n-yari") {
		t.Fatalf("offered the GM %v", offered)
	}
}
