package bot_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/campaign"
	"github.com/gunbai/gunbai/game"
)

// campaignWorld is a world with the two testdata rosters uploaded and their
// clans bound: Uesugi to Oda's role and channel, Takeda to Asai's.
func campaignWorld(t *testing.T, seed byte) *world {
	w := newWorld(t)
	w.svc = func(s *game.Service) { s.Rand = rand.NewChaCha8([32]byte{seed}) }
	w.start()
	for _, f := range []string{"roster_uesugi.toml", "roster_takeda.toml"} {
		w.upload(gm, f)
	}
	w.slash(gm, chanGM, "roster", discordtest.Subcommand("clan", discordtest.StringOpt("clan", "uesugi"), discordtest.RoleOpt("role", roleOda), discordtest.ChannelOpt("channel", chanOda)))
	w.slash(gm, chanGM, "roster", discordtest.Subcommand("clan", discordtest.StringOpt("clan", "takeda"), discordtest.RoleOpt("role", roleAsai), discordtest.ChannelOpt("channel", chanAsai)))
	return w
}

// fightMessage is the live message of a fight in a channel.
func (w *world) fightMessage(channel, id string) (discordtest.Message, bool) {
	for _, m := range w.srv.Messages().Under(channel) {
		if slices.ContainsFunc(customIDs(m.Components), func(c string) bool { return strings.HasPrefix(c, "qb:"+id+":") }) {
			return m, true
		}
	}
	return discordtest.Message{}, false
}

// A quick battle through the real discordgo client (issue 16, F-E3-1): the
// GM names two roster armies; the dice are rolled and posted to both clans
// and the GM, each die labelled with its unit; each clan picks the units
// that take the enemy's hits on its own message (the other clan cannot) and
// confirms; the result is written back to the roster.
func TestQuickBattleThroughDiscord(t *testing.T) {
	t.Parallel()
	w := campaignWorld(t, 3)
	if r := w.slash(oda, chanOda, "quickbattle", discordtest.StringOpt("name", "Набег"), discordtest.StringOpt("attacker", "uesugi-main"), discordtest.StringOpt("defender", "takeda-main")); !strings.Contains(r.Content, "только для мастера") {
		t.Fatalf("a player started a quick battle: %+v", r)
	}
	if r := w.slash(gm, chanGM, "quickbattle", discordtest.StringOpt("name", "Набег"), discordtest.StringOpt("attacker", "uesugi-main"),
		discordtest.StringOpt("defender", "takeda-main"), discordtest.IntOpt("atk_mod", 1)); !strings.Contains(r.Content, "причин") {
		t.Fatalf("a modifier without a reason: %+v", r)
	}
	r := w.slash(gm, chanGM, "quickbattle", discordtest.StringOpt("name", "Набег"), discordtest.StringOpt("attacker", "uesugi-main"),
		discordtest.StringOpt("defender", "takeda-main"), discordtest.IntOpt("atk_mod", 1), discordtest.StringOpt("reason", "внезапность"))
	if !strings.Contains(r.Content, "Набег") {
		t.Fatalf("quick battle: %+v", r)
	}
	_, rec, err := (&game.Service{Store: w.st}).QuickBattles().Fight(w.guild, "набег")
	if err != nil {
		t.Fatal(err)
	}
	// Every die is labelled: the spearmen's among the attacker's, the GM's
	// bonus with its reason.
	gmCard := ""
	for _, m := range w.srv.Messages().Under(chanGM) {
		gmCard += embedText(m.Embeds)
	}
	for _, want := range []string{"Самураи с копьями", "мастер: внезапность", "обороняющийся (+1)", "sha256"} {
		if !strings.Contains(gmCard, want) {
			t.Errorf("the GM's card lacks %q:\n%s", want, gmCard)
		}
	}
	lossesOf := [2]int{rec.Losses(0), rec.Losses(1)}
	if lossesOf[0]+lossesOf[1] == 0 {
		t.Fatal("seed 3 gives no hits: nothing to choose")
	}
	var chosen [2][]string
	for k, side := range []struct {
		channel       string
		player, other discordtest.Member
	}{{chanOda, oda, asai}, {chanAsai, asai, oda}} {
		m, ok := w.fightMessage(side.channel, rec.ID)
		if !ok {
			t.Fatalf("side %d: no fight message in its channel", k)
		}
		ids := customIDs(m.Components)
		confirm := ids[slices.IndexFunc(ids, func(id string) bool { return strings.HasSuffix(id, ":confirm") })]
		w.answers(w.srv.Interactions().Button(w.guild, side.channel, side.other, confirm))
		if _, again, _ := (&game.Service{Store: w.st}).QuickBattles().Fight(w.guild, rec.ID); again.Confirmed[k] {
			t.Fatalf("the other clan confirmed side %d", k)
		}
		if lossesOf[k] > 0 {
			// The clan picks its largest units rather than the default.
			var menu *discordgo.SelectMenu
			for _, c := range components(m.Components) {
				if sm, ok := c.(*discordgo.SelectMenu); ok {
					menu = sm
				}
			}
			if menu == nil || menu.MaxValues != min(lossesOf[k], len(menu.Options)) {
				t.Fatalf("side %d: the casualty menu %+v for %d losses", k, menu, lossesOf[k])
			}
			var pick []string
			for _, o := range menu.Options[len(menu.Options)-menu.MaxValues:] {
				pick = append(pick, o.Value)
			}
			w.answers(w.srv.Interactions().Select(w.guild, side.channel, side.player, menu.CustomID, pick...))
			chosen[k] = pick
		}
		w.answers(w.srv.Interactions().Button(w.guild, side.channel, side.player, confirm))
	}
	ro := w.rosterNow()
	_, done, _ := (&game.Service{Store: w.st}).QuickBattles().Fight(w.guild, rec.ID)
	if !done.Done || done.Outcome == nil {
		t.Fatalf("not resolved after both confirmed: %+v", done)
	}
	if len(ro.Records) != 1 || ro.Records[0].Kind != "quick" {
		t.Fatalf("records: %+v", ro.Records)
	}
	for k := range 2 {
		for _, id := range chosen[k] {
			if u, ok := unitOf(ro, id); !ok || u.Figures != 0 || u.LostThisTurn == 0 {
				t.Errorf("side %d: %s chosen as a casualty, now %+v", k, id, u)
			}
		}
		if got := done.Outcome.Sides[k].Lost; len(chosen[k]) > 0 && !slices.Equal(sorted(got), sorted(chosen[k])) {
			t.Errorf("side %d lost %v, chose %v", k, got, chosen[k])
		}
		if done.Outcome.Sides[k].Result == "" || done.Outcome.Sides[k].Result == campaign.Draw {
			t.Errorf("side %d: result %q (a quick battle has no draw, E1-Q12)", k, done.Outcome.Sides[k].Result)
		}
	}
	// The clans' messages lost their buttons; the result is on them.
	for _, ch := range []string{chanOda, chanAsai} {
		for _, m := range w.srv.Messages().Under(ch) {
			if strings.Contains(embedText(m.Embeds), "Набег") && len(m.Components) != 0 {
				t.Errorf("a resolved fight's message in %s keeps its buttons", ch)
			}
		}
	}
}

func sorted(s []string) []string {
	out := slices.Clone(s)
	slices.Sort(out)
	return out
}
