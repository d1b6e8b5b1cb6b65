package bot_test

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"image/png"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/game/skirmishes"
	"github.com/gunbai/gunbai/skirmish"
)

const chanSkirmish = "600000000000000009"

// The skirmish test's warbands: the defenders (Oda's role) a knight's
// unit, the attackers (Asai's) a sergeant's; the attackers' lone sergeant
// o9 is recruited by command.
const skirmishDefenders = `name = "Ода"
nation = "Ода"
[[unit]]
id = "d1"
name = "Стража"
symbol = "◆"
fighter = [
  {id = "dk", class = "swordsman", rank = "knight"},
  {id = "ds", class = "swordsman", rank = "sergeant"},
  {id = "d2", class = "spearman"}, {id = "d3", class = "spearman"},
  {id = "d4", class = "spearman"}, {id = "d5", class = "spearman"},
  {id = "da", class = "archer"},
]
`

const skirmishAttackers = `name = "Асаи"
nation = "Асаи"
[[unit]]
id = "a1"
name = "Волки"
symbol = "▲"
fighter = [
  {id = "as", class = "swordsman", rank = "sergeant"},
  {id = "a2", class = "spearman"}, {id = "a3", class = "spearman"},
  {id = "ac", class = "spearman", cavalry = true}, {id = "aa", class = "archer"},
]
`

// skirmishScript is the game the test plays, turn by turn, as actions of
// the side whose turn it is (the refused attack is not among them).
func skirmishScript() []skirmish.Action {
	end := skirmish.Action{Kind: skirmish.KindEndTurn}
	return []skirmish.Action{
		{Kind: skirmish.KindWallForm, Fighters: []string{"ds", "d2", "d3", "d4"}}, end,
		{Kind: skirmish.KindAttack, Fighter: "ac", Target: "d5", Inches: 1},
		{Kind: skirmish.KindCapture, Fighter: "a3", Target: "d5", Inches: 1, Enemy: 5},
		{Kind: skirmish.KindAttack, Fighter: "aa", Target: "da", Inches: 15}, end,
		{Kind: skirmish.KindWoundTest, Fighter: "da", Officer: "dk", Inches: 6},
		{Kind: skirmish.KindAttack, Fighter: "dk", Target: "as", Inches: 1},
		{Kind: skirmish.KindAttack, Fighter: "d2", Target: "o9", Inches: 1}, end,
		{Kind: skirmish.KindMoraleTest, Unit: "a1", Enemy: 20, Fighter: "a2"},
		{Kind: skirmish.KindMoraleTest, Unit: "a9", Enemy: 20},
		{Kind: skirmish.KindPrisoner, Target: "d5", Mode: "send"}, end,
		{Kind: skirmish.KindAttack, Fighter: "dk", Target: "as", Inches: 1},
		{Kind: skirmish.KindAttack, Fighter: "d2", Target: "o9", Inches: 1},
	}
}

// gameDice are the service's dice (skirmishes.D20), for the search below.
type gameDice struct {
	seed []byte
	n    map[string]int
}

func (d *gameDice) Roll(key string) int {
	d.n[key]++
	return skirmishes.D20(hmac.New(sha256.New, d.seed), "мост", key, d.n[key])
}

// skirmishSeed finds the world's Rand whose first seed plays the script as
// the test needs: the four attacks that must pierce do, and the game ends
// with the attackers' last officer (E2-F).
func skirmishSeed(t *testing.T) (byte, []byte) {
	def, err := skirmishes.ParseWarband("oda.toml", []byte(skirmishDefenders))
	if err != nil {
		t.Fatal(err)
	}
	att, err := skirmishes.ParseWarband("asai.toml", []byte(skirmishAttackers))
	if err != nil {
		t.Fatal(err)
	}
	att.Units = append(att.Units, skirmish.Unit{ID: "a9", Fighters: []skirmish.Fighter{{ID: "o9", Class: "swordsman", Rank: skirmish.Sergeant}}})
	for k := range 250 {
		seed := make([]byte, 32)
		_, _ = rand.NewChaCha8([32]byte{byte(k)}).Read(seed)
		g, err := skirmish.NewGame(skirmish.Setup{Table: skirmish.DefaultClasses(), Sides: [2]skirmish.Side{def, att}})
		if err != nil {
			t.Fatal(err)
		}
		ok := true
		for _, a := range skirmishScript() {
			var ev []skirmish.Event
			if g, ev, err = skirmish.Apply(g, a, &gameDice{seed: seed, n: map[string]int{}}); err != nil {
				ok = false
				break
			}
			if a.Kind == skirmish.KindAttack && ev[0].Result == "held" {
				ok = false
				break
			}
		}
		if ok && g.Phase == skirmish.PhaseOver && g.Winner == 0 {
			return byte(k), seed
		}
	}
	t.Fatal("no seed plays the script")
	return 0, nil
}

// channelPosts is the text the bot posted in a channel (not the answers).
func (w *world) channelPosts(channel string) string {
	w.b.Wait()
	var b strings.Builder
	for _, m := range w.srv.Messages().Under(channel) {
		if m.InteractionID == "" {
			b.WriteString(m.Content + "\n")
		}
	}
	return b.String()
}

// sk sends /skirmish <sub> with its options, the game named.
func (w *world) sk(m discordtest.Member, sub string, opts ...discordtest.Option) discordtest.Response {
	w.t.Helper()
	return w.slash(m, chanSkirmish, "skirmish", discordtest.Subcommand(sub, append([]discordtest.Option{discordtest.StringOpt("game", "Мост")}, opts...)...))
}

// play sends one scripted action as its player's command.
func (w *world) play(m discordtest.Member, a skirmish.Action) {
	w.t.Helper()
	s := discordtest.StringOpt
	in := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	var r discordtest.Response
	switch a.Kind {
	case skirmish.KindWallForm:
		r = w.sk(m, "wall", s("fighters", strings.Join(a.Fighters, " ")))
	case skirmish.KindAttack:
		r = w.sk(m, "attack", s("fighter", a.Fighter), s("target", a.Target), s("inches", in(a.Inches)))
	case skirmish.KindCapture:
		r = w.sk(m, "capture", s("fighter", a.Fighter), s("target", a.Target), s("inches", in(a.Inches)), s("enemy", in(a.Enemy)))
	case skirmish.KindWoundTest:
		r = w.sk(m, "test", s("kind", "wound"), s("fighter", a.Fighter), s("officer", a.Officer), s("inches", in(a.Inches)))
	case skirmish.KindMoraleTest:
		opts := []discordtest.Option{s("kind", "morale"), s("unit", a.Unit), s("enemy", in(a.Enemy))}
		if a.Fighter != "" {
			opts = append(opts, s("fighter", a.Fighter))
		}
		r = w.sk(m, "test", opts...)
	case skirmish.KindPrisoner:
		r = w.sk(m, "prisoner", s("target", a.Target), s("mode", a.Mode))
	case skirmish.KindEndTurn:
		r = w.sk(m, "turn")
	}
	if !strings.Contains(r.Content, "Готово") {
		w.t.Fatalf("%+v: %q", a, r.Content)
	}
}

// A skirmish played through Discord to its end (seed 002; E2-SW, E2-D1,
// E2-J1, E2-J2, E2-M2, E2-M3, E2-R2, E2-R1, E2-M1, E2-F, E2-TS2, E2-TS3):
// the GM opens it in a channel and gives the warbands (a file each, a
// fighter recruited by command); the players act in turn; an attack on a
// shield wall's farther fighter is refused with its rule, in the game's
// language whatever the player's client speaks; the log in the channel
// words every die with its target; the game ends when the attackers'
// last officer dies, the seed revealed.
func TestSkirmishThroughDiscord(t *testing.T) {
	t.Parallel()
	k, seed := skirmishSeed(t)
	w := newWorld(t)
	w.srv.Guilds().SetChannel(&discordgo.Channel{ID: chanSkirmish, GuildID: w.guild, Type: discordgo.ChannelTypeGuildText, Name: "skirmish",
		PermissionOverwrites: append(channelOverwrites(w.guild, roleOda), &discordgo.PermissionOverwrite{ID: roleAsai, Type: discordgo.PermissionOverwriteTypeRole,
			Allow: discordgo.PermissionViewChannel | discordgo.PermissionSendMessages})})
	w.svc = func(s *game.Service) { s.Rand = rand.NewChaCha8([32]byte{k}) }
	w.start()
	defer w.stop()
	if r := w.slash(oda, chanSkirmish, "skirmish", discordtest.Subcommand("open", discordtest.StringOpt("name", "Мост"),
		discordtest.RoleOpt("defender_role", roleOda), discordtest.RoleOpt("attacker_role", roleAsai))); !strings.Contains(r.Content, "только для мастера") {
		t.Fatalf("a player opened a game: %q", r.Content)
	}
	r := w.slash(gm, chanSkirmish, "skirmish", discordtest.Subcommand("open", discordtest.StringOpt("name", "Мост"),
		discordtest.RoleOpt("defender_role", roleOda), discordtest.RoleOpt("attacker_role", roleAsai), discordtest.StringOpt("lang", "ru")))
	if !strings.Contains(r.Content, "Игра «Мост» открыта") {
		t.Fatalf("open: %q", r.Content)
	}
	for side, file := range map[string]string{"defender": skirmishDefenders, "attacker": skirmishAttackers} {
		if r := w.sk(gm, "warband", discordtest.StringOpt("side", side), discordtest.AttachmentOpt("file", side+".toml", []byte(file))); !strings.Contains(r.Content, "Отряд стороны") {
			t.Fatalf("warband %s: %q", side, r.Content)
		}
	}
	if r := w.sk(gm, "recruit", discordtest.StringOpt("side", "attacker"), discordtest.StringOpt("unit", "a9"), discordtest.StringOpt("fighter", "o9"),
		discordtest.StringOpt("class", "swordsman"), discordtest.StringOpt("rank", "sergeant")); !strings.Contains(r.Content, "o9") {
		t.Fatalf("recruit: %q", r.Content)
	}
	rec, err := (&game.Service{Store: w.st}).Skirmishes().Get(w.guild, "мост")
	if err != nil || string(rec.Seed) != string(seed) {
		t.Fatalf("the game's seed is not the one searched: %v", err)
	}
	w.verifyEarly(t)
	w.playSkirmish(t)
	w.checkSkirmishLog(t)
	w.verifyFinished(t)
	w.englishSkirmish(t)
}

// englishSkirmish opens a second game in English: Oda's player (a Russian
// client) reads its refusals and its log in English (E2-M, E2-SW, E2-TS2).
func (w *world) englishSkirmish(t *testing.T) {
	sk := func(m discordtest.Member, sub string, opts ...discordtest.Option) discordtest.Response {
		return w.slash(m, chanSkirmish, "skirmish", discordtest.Subcommand(sub, append([]discordtest.Option{discordtest.StringOpt("game", "Bridge")}, opts...)...))
	}
	w.slash(gm, chanSkirmish, "skirmish", discordtest.Subcommand("open", discordtest.StringOpt("name", "Bridge"),
		discordtest.RoleOpt("defender_role", roleOda), discordtest.RoleOpt("attacker_role", roleAsai), discordtest.StringOpt("lang", "en")))
	for side, file := range map[string]string{"defender": skirmishDefenders, "attacker": skirmishAttackers} {
		sk(gm, "warband", discordtest.StringOpt("side", side), discordtest.AttachmentOpt("file", side+".toml", []byte(file)))
	}
	if r := sk(oda, "move", discordtest.StringOpt("fighter", "d5"), discordtest.StringOpt("inches", "30")); !strings.Contains(r.Content, "30″ is too far: 6″ a turn at most. (rule E2-") {
		t.Errorf("a move too far, in English: %q", r.Content)
	}
	if r := sk(oda, "wall", discordtest.StringOpt("fighters", "ds d2 d3 da")); !strings.Contains(r.Content, "“da” is an archer: no archers stand in a shield wall. (rule E2-SW)") {
		t.Errorf("an archer in the wall, in English: %q", r.Content)
	}
	if r := sk(oda, "engine", discordtest.StringOpt("engine", "cat"), discordtest.StringOpt("inches", "5")); !strings.Contains(r.Content, "Your army has no siege engine “cat”. (rule E2-W)") {
		t.Errorf("an engine it does not have: %q", r.Content)
	}
	if r := sk(oda, "wall", discordtest.StringOpt("fighters", "ds d2 d3 d4")); !strings.Contains(r.Content, "Done") {
		t.Errorf("the wall: %q", r.Content)
	}
	sk(oda, "turn")
	log := w.channelPosts(chanSkirmish)
	for _, want := range []string{"Skirmish “Bridge”", "Turn 1, Ода: shield wall", "Shield wall no. 1 formed (ds, d2, d3, d4): +2 to defence and attack. (rule E2-SW)",
		"«Ход»: Ода ends the turn — it is never undone. (rule E2-TS2)", "The record cards of Асаи:"} {
		if !strings.Contains(log, want) {
			t.Errorf("the English log lacks %q:\n%s", want, log)
		}
	}
	w.skirmishCardPictures(t, "shield wall: ds, d2, d3, d4")

	// issue 27: /skirmish verify before the end, in the game's language.
	if r := sk(oda, "verify"); !strings.Contains(r.Content, "The seed itself is revealed at the end of the game") {
		t.Errorf("verify in English: %q", r.Content)
	}
	if r := sk(oda, "show"); !strings.Contains(r.Content, "Turn 2: Асаи to play, phase “opening (tests, shield walls)”.") {
		t.Errorf("show in English: %q", r.Content)
	}
}

// playSkirmish plays the script, with the refused actions between.
func (w *world) playSkirmish(t *testing.T) {
	script := skirmishScript()
	player := func(turn int) discordtest.Member {
		if turn%2 == 1 {
			return oda
		}
		return asai
	}
	turn := 1
	for i, a := range script {
		if i == 2 {
			// Asai's player (an English client) in a Russian game: the
			// wall's nearer fighter first (E2-SW), said in Russian.
			r := w.sk(asai, "attack", discordtest.StringOpt("fighter", "a2"), discordtest.StringOpt("target", "d3"), discordtest.StringOpt("inches", "2"))
			if !strings.Contains(r.Content, "«Стена щитов»: назовите расстояние до её бойца") || !strings.Contains(r.Content, "(правило E2-SW)") {
				t.Errorf("the attack on the wall: %q", r.Content)
			}
			// Oda's player in Asai's turn (E2-TS2).
			if r := w.sk(oda, "turn"); !strings.Contains(r.Content, "Сейчас ход другой стороны") || !strings.Contains(r.Content, "E2-TS2") {
				t.Errorf("out of turn: %q", r.Content)
			}
		}
		if a.Kind == skirmish.KindPrisoner {
			// The sergeant o9 is wounded: no officer to come under (E2-O1).
			r := w.sk(asai, "rejoin", discordtest.StringOpt("unit", "a1"), discordtest.StringOpt("officer", "o9"), discordtest.StringOpt("inches", "3"))
			if !strings.Contains(r.Content, "«o9» — не действующий офицер вашей армии. (правило E2-O1)") {
				t.Errorf("rejoin under a wounded officer: %q", r.Content)
			}
		}
		w.play(player(turn), a)
		if a.Kind == skirmish.KindEndTurn {
			turn++
		}
	}
	if r := w.sk(asai, "turn"); !strings.Contains(r.Content, "Бой окончен") || !strings.Contains(r.Content, "E2-F") {
		t.Errorf("after the end: %q", r.Content)
	}
}

// checkSkirmishLog reads the channel's log and /skirmish show.
func (w *world) checkSkirmishLog(t *testing.T) {
	log := w.channelPosts(chanSkirmish)
	for _, want := range []string{
		"«Стена щитов» №1 построена (ds, d2, d3, d4): +2 к защите и атаке. (правило E2-SW)",
		"ac атакует d5 (1″): d20 = ", "пробита", "d5 ранен.",
		"a3 берёт в плен d5 (1″).", "Пленного d5 отправляют в тыл. (правило E2-J3)",
		"Тест на ранение: da, офицер dk в 6″: d20 = ",
		"Тест на мораль: подразделение Волки (a1), противник в 20″: d20 = ",
		"dk атакует раненого as (1″): атака на раненого всегда успешна.", "as убит.",
		"Бой окончен: у противника погибли все офицеры, победа за стороной «Ода».",
		"«Ход»: Ода закончил ход", "В начале хода: тесты на ранение — as, o9; тесты на мораль — a1, a9.", "Формуляры стороны «Асаи»:", "Семя костей: ",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("the log lacks %q:\n%s", want, log)
		}
	}
	// Every die with its target: an attack against the defence, a test
	// against what it needs.
	if !regexp.MustCompile(`d20 = \d+ [+] \d+ = \d+ > защита 1\d: пробита`).MatchString(log) {
		t.Errorf("no attack die with its defence:\n%s", log)
	}
	if !regexp.MustCompile(`Тест на ранение: [^\n]*d20 = \d+ (≥|<) 11: (поправился|умер от ран)`).MatchString(log) {
		t.Errorf("no wound test die with its target:\n%s", log)
	}
	r := w.sk(asai, "show")
	for _, want := range []string{"Бой окончен: победа за стороной «Ода».", "d5 [◆ копейщик]: в плену", "as [▲ сержант мечник]: убит", "o9 ["} {
		if !strings.Contains(r.Content, want) {
			t.Errorf("show lacks %q:\n%s", want, r.Content)
		}
	}
}

// skirmishCardPictures checks the record cards posted at «Ход» (E2-C): a
// picture of each side, a PNG that decodes to cards of 45:75 at most
// cards.PerPicture a row, with an alt text a screen reader can read, which
// says want.
func (w *world) skirmishCardPictures(t *testing.T, want string) {
	t.Helper()
	w.b.Wait()
	var alts []string
	for _, m := range w.srv.Messages().Under(chanSkirmish) {
		for _, f := range m.Files {
			if !strings.HasPrefix(f.Name, "cards-") {
				continue
			}
			img, err := png.Decode(bytes.NewReader(f.Data))
			if err != nil {
				t.Fatalf("%s does not decode: %v", f.Name, err)
			}
			if b := img.Bounds(); b.Dx() < 200 || b.Dy() < 300 {
				t.Errorf("%s is %v: too small for a card", f.Name, b)
			}
			if f.Description == "" {
				t.Errorf("%s has no alt text", f.Name)
			}
			alts = append(alts, f.Description)
		}
	}
	if len(alts) < 2 {
		t.Fatalf("%d pictures of record cards, want one a side at least", len(alts))
	}
	if all := strings.Join(alts, "\n"); !strings.Contains(all, want) {
		t.Errorf("the cards' alt texts lack %q:\n%s", want, all)
	}
}
