package bot_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/quick"
)

// confirmFight has each clan confirm its casualties as proposed.
func (w *world) confirmFight(id string) quick.Record {
	w.t.Helper()
	for _, side := range []struct {
		channel string
		player  discordtest.Member
	}{{chanOda, oda}, {chanAsai, asai}} {
		m, ok := w.fightMessage(side.channel, id)
		if !ok {
			continue // resolved already, or nothing to choose there
		}
		ids := customIDs(m.Components)
		w.answers(w.srv.Interactions().Button(w.guild, side.channel, side.player, ids[slices.IndexFunc(ids, func(c string) bool { return strings.HasSuffix(c, ":confirm") })]))
	}
	_, rec, err := (&game.Service{Store: w.st}).QuickBattles().Fight(w.guild, id)
	if err != nil {
		w.t.Fatal(err)
	}
	return rec
}

// A siege through the real discordgo client (issue 16, F-E3-2, F-E3-3): a
// quick battle at a Takeda castle that the Uesugi win opens a siege (E3-F12);
// it shows to both clans; a relief battle by the Takeda's sendan; the next
// phase; the Uesugi's assault (E3-A); the roster and the siege after each.
func TestSiegeAssaultAndReliefThroughDiscord(t *testing.T) {
	t.Parallel()
	// Seed 25: the castle is besieged, the relief loses on equal hits,
	// the assault takes the castle.
	w := campaignWorld(t, 25)
	w.slash(gm, chanGM, "quickbattle", discordtest.StringOpt("name", "Замок Каидзу"), discordtest.StringOpt("attacker", "uesugi-main"),
		discordtest.StringOpt("defender", "takeda-main"), discordtest.StringOpt("fortified", "castle"),
		discordtest.IntOpt("atk_mod", 4), discordtest.StringOpt("reason", "осадные лестницы"))
	rec := w.confirmFight("замок-каидзу")
	if !rec.Done || rec.OpenedSiege == "" {
		t.Fatalf("no siege opened: %+v", rec.Outcome)
	}
	r := w.slash(asai, chanAsai, "siege", discordtest.Subcommand("show"))
	if !strings.Contains(embedText(r.Embeds), "Замок Каидзу") {
		t.Fatalf("the besieged clan does not see its siege: %+v", r)
	}
	if r := w.slash(oda, chanOda, "siege", discordtest.Subcommand("show")); !strings.Contains(embedText(r.Embeds), "Замок Каидзу") {
		t.Fatalf("the besiegers do not see their siege: %+v", r)
	}
	siege := rec.OpenedSiege
	svc := &game.Service{Store: w.st}
	// No assault in the phase the siege began (E3-Q8).
	assault := discordtest.Subcommand("assault", discordtest.StringOpt("siege", siege), discordtest.BoolOpt("loc", true), discordtest.BoolOpt("blockade", true))
	if r := w.slash(gm, chanGM, "siege", assault); !strings.Contains(r.Content, "Штурм невозможен") {
		t.Fatalf("an assault in the siege's own phase: %+v", r)
	}

	// A relief by the Takeda's sendan; its clan confirms as proposed.
	if r := w.slash(gm, chanGM, "siege", discordtest.Subcommand("relief", discordtest.StringOpt("siege", siege), discordtest.StringOpt("armies", "takeda-sendan"))); strings.Contains(r.Content, "невозможна") {
		t.Fatalf("relief: %+v", r)
	}
	relief := w.confirmFight(siege + "-relief-0")
	if !relief.Done || relief.ReliefOut == nil {
		t.Fatalf("the relief was not resolved: %+v", relief)
	}
	_, sieges, _ := svc.QuickBattles().Sieges(w.guild)
	t.Logf("relief: %s; siege %s", relief.ReliefOut.Case, sieges[0].Status)
	if relief.ReliefOut.Case != quick.ReliefLostEqual || sieges[0].Status != quick.Active {
		t.Fatalf("seed 25: the relief lost on equal hits and the siege goes on; got %s, %s", relief.ReliefOut.Case, sieges[0].Status)
	}

	// The next phase, and the assault.
	if r := w.slash(gm, chanGM, "siege", discordtest.Subcommand("phase")); !strings.Contains(r.Content, "1") {
		t.Fatalf("phase: %+v", r)
	}
	if r := w.slash(gm, chanGM, "siege", assault); strings.Contains(r.Content, "невозможен") {
		t.Fatalf("assault: %+v", r)
	}
	storm := w.confirmFight(siege + "-assault-1")
	if !storm.Done || storm.Assault == nil {
		t.Fatalf("the assault was not resolved: %+v", storm)
	}
	_, sieges, _ = svc.QuickBattles().Sieges(w.guild)
	ro := w.rosterNow()
	last := ro.Records[len(ro.Records)-1]
	if last.Kind != "assault" {
		t.Fatalf("the assault's record: %+v", last)
	}
	if !storm.Assault.Success || sieges[0].Status != quick.Fallen || !last.Sides[0].CastleCaptured {
		t.Errorf("seed 25 takes the castle: success %v, siege %s, castle captured %v", storm.Assault.Success, sieges[0].Status, last.Sides[0].CastleCaptured)
	}
	// The castle's captured leaders, and E1-U5's nominations.
	for _, id := range storm.Assault.Captured {
		if p, ok := ro.Person(id); !ok || p.Status != "captured" || p.Captor != "uesugi" {
			t.Errorf("%s was captured in the castle: %+v", id, p)
		}
	}
	if storm.Assault.Nominations > 0 {
		n := 0
		for _, a := range ro.ArmiesOf("uesugi") {
			for _, u := range a.Units {
				if u.StormKill {
					n++
				}
			}
		}
		if n == 0 {
			t.Error("no unit nominated for E1-U5 after a successful assault (E3-Q9)")
		}
	}
	if r := w.slash(asai, chanAsai, "siege", discordtest.Subcommand("show")); !strings.Contains(embedText(r.Embeds), "Fallen: Уэсуги took it from Такэда") {
		t.Errorf("the fallen siege as the Takeda see it: %q", embedText(r.Embeds))
	}
	t.Logf("assault: success %v; siege %s", storm.Assault.Success, sieges[0].Status)
}

// /naval (F-E3-4, E3-Q10): an interception fought as a field battle of
// squadrons: every die shown, the squadrons lost, the army's fate (E1-R6).
func TestNavalInterceptionThroughDiscord(t *testing.T) {
	t.Parallel()
	w := campaignWorld(t, 1)
	r := w.slash(gm, chanGM, "naval", discordtest.StringOpt("interceptor", "uesugi"), discordtest.IntOpt("squadrons", 3),
		discordtest.StringOpt("evacuation", "takeda"), discordtest.IntOpt("evac_squadrons", 2), discordtest.IntOpt("admiral", 1))
	for _, want := range []string{"Перехват морской эвакуации", "uesugi: 4 кубика", "takeda: 3 кубика", "обороняющийся (+1)", "Зерно:"} {
		if !strings.Contains(r.Content, want) {
			t.Errorf("the interception lacks %q:\n%s", want, r.Content)
		}
	}
	if !strings.Contains(r.Content, "Эвакуация прошла.") && !strings.Contains(r.Content, "армия погибает") {
		t.Errorf("no verdict: %s", r.Content)
	}
}
