package bot_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gunbai/gunbai/bot/discordtest"
	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/internal/racetest"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/render/field"
	"github.com/gunbai/gunbai/store"
)

// D-70 through Discord over random battles: random armies, leaders, HQs,
// terrain and shinobi, deployed at random by both players with /deploy,
// scouted at random. Through the deployment turn, everything a player
// reads (his /field picture and its alt text, his /deploy answers, every
// completion of his, /log, /orders and its sheet, the status message and
// every other post in his clan's channel, his DMs) names none of the
// enemy's units or leaders, by ID or by name, but those his own scouts
// reported, and the picture counts only those; from turn 1 the ordinary
// visibility (engine.View) applies. TestDeploymentIsSecretThroughDiscordD_70
// walks one battle by hand. Each side also has a second player holding a
// random wing of it (issue 29), and from turn 1 a substitute without the
// clan's role sits in for a random side: each reads what his side may,
// nothing more (a Wing and a Substitute never learn what the side may not).
func TestSecretDeploymentThroughDiscordProperty(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(70, 2025))
	var checked, hidden, scouted int
	for trial := range racetest.Size(6) {
		sc := randomSecretScenario(rng)
		w := newWorld(t)
		w.svc = func(s *game.Service) { s.Scenarios = map[string]engine.Battle{"random": sc} }
		w.start()
		w.create("Тайна", discordtest.StringOpt("scenario", "random"))
		p := [2]*secretPlayer{{m: oda, ch: chanOda}, {m: asai, ch: chanAsai}}
		// The wings and the substitute draw from a stream of their own:
		// the battles and their scouting stay those the test always had.
		prng := rand.New(rand.NewPCG(29, uint64(trial)))
		wings := secretWings(t, w, prng, sc)
		// A substitute without the clan's role sits in for the wing of a
		// random side until further notice, from the deployment on.
		subSide := engine.Side(prng.IntN(2))
		sub := &secretPlayer{m: discordtest.Member{UserID: "700000000000000090", Username: "kagemusha", Locale: p[subSide].m.Locale}, ch: p[subSide].ch}
		if r := w.slash(gm, chanGM, "battle", discordtest.Subcommand("substitute", discordtest.StringOpt("battle", "Тайна"),
			discordtest.StringOpt("side", subSide.String()), discordtest.MemberOpt("stand_in", sub.m), discordtest.MemberOpt("player", wings[subSide].m))); !strings.Contains(r.Content, sub.m.UserID) {
			t.Fatalf("trial %d: /battle substitute: %q", trial, r.Content)
		}
		// Each player deploys at random; the answers are his to read.
		for k := 0; k < 12; k++ {
			side := engine.Side(rng.IntN(2))
			p[side].answers = append(p[side].answers, randomDeploy(w, rng, p[side], side))
		}
		for side := range p {
			h, s := checkSecret(t, w, p[side], engine.Side(side), fmt.Sprintf("trial %d, deployment", trial))
			checked, hidden, scouted = checked+1, hidden+h, scouted+s
			checkSecret(t, w, wings[side], engine.Side(side), fmt.Sprintf("trial %d, deployment, the wing", trial))
		}
		checkSecret(t, w, sub, subSide, fmt.Sprintf("trial %d, deployment, the substitute", trial))
		// The scouting phase, before and after each side's report.
		started := w.slash(gm, chanGM, "battle", discordtest.Subcommand("start", discordtest.StringOpt("battle", "Тайна")))
		rec := secretBattle(t, w)
		if !rec.Scouting {
			t.Fatalf("trial %d: the battle did not start its scouting phase: %s, %q", trial, rec.Status, started.Content)
		}
		for side := range p {
			s := engine.Side(side)
			if rec.State.Shinobi[s] > 0 && rng.IntN(5) != 0 {
				cells := secretTargets(rng, rec.State, s, 2*rec.State.Shinobi[s])
				p[side].answers = append(p[side].answers, w.slash(p[side].m, p[side].ch, "scout", discordtest.StringOpt("cells", cells)).Content)
			}
			for o := range p {
				h, sh := checkSecret(t, w, p[o], engine.Side(o), fmt.Sprintf("trial %d, scouting, after %s's turn to scout", trial, s))
				checked, hidden, scouted = checked+1, hidden+h, scouted+sh
			}
		}
		// Turn 1: the ordinary visibility.
		for side := range p {
			w.slash(p[side].m, p[side].ch, "scout", discordtest.BoolOpt("done", true))
		}
		rec = secretBattle(t, w)
		if rec.Status != store.StatusCommand {
			t.Fatalf("trial %d: after scouting: %s", trial, rec.Status)
		}
		for side := range p {
			checkTurn1(t, w, p[side], engine.Side(side), rec, fmt.Sprintf("trial %d, turn 1", trial))
			checkTurn1(t, w, wings[side], engine.Side(side), rec, fmt.Sprintf("trial %d, turn 1, the wing", trial))
			samePicture(t, w, p[side], wings[side], fmt.Sprintf("trial %d, turn 1, the wing", trial))
		}
		checkTurn1(t, w, sub, subSide, rec, fmt.Sprintf("trial %d, turn 1, the substitute", trial))
		samePicture(t, w, p[subSide], sub, fmt.Sprintf("trial %d, turn 1, the substitute", trial))
		w.stop()
	}
	t.Logf("%d views checked: %d enemy units or leaders hidden, %d shown as scouted", checked, hidden, scouted)
	if hidden < racetest.Size(6)*20 || scouted < racetest.Size(6)*2 {
		t.Fatalf("weak generator: %d hidden, %d scouted", hidden, scouted)
	}
}

// secretWings gives each side's second player (of its clan's role) a
// random wing of its units, by the GM's /clan assign, and returns them.
func secretWings(t *testing.T, w *world, rng *rand.Rand, sc engine.Battle) [2]*secretPlayer {
	t.Helper()
	out := [2]*secretPlayer{
		{m: discordtest.Member{UserID: "700000000000000081", Username: "hatamoto", Roles: []string{roleOda}, Locale: "ru"}, ch: chanOda},
		{m: discordtest.Member{UserID: "700000000000000082", Username: "yoriki", Roles: []string{roleAsai}, Locale: "en-US"}, ch: chanAsai},
	}
	for side, p := range out {
		w.srv.Guilds().SetMemberRoles(w.guild, p.m.UserID, p.m.Roles...)
		var units []string
		for _, u := range sc.Units {
			if u.Side == engine.Side(side) && (len(units) == 0 || rng.IntN(2) == 0) {
				units = append(units, u.ID)
			}
		}
		r := w.slash(gm, chanGM, "clan", discordtest.Subcommand("assign", discordtest.MemberOpt("player", p.m),
			discordtest.StringOpt("units", strings.Join(units, ", ")), discordtest.StringOpt("side", engine.Side(side).String())))
		if !strings.Contains(r.Content, units[0]) {
			t.Fatalf("/clan assign %v: %q", units, r.Content)
		}
	}
	return out
}

// samePicture: another player of a side (a wing's, a substitute) is
// answered /field with the very picture of the side's own player, byte
// for byte (both read the same language).
func samePicture(t *testing.T, w *world, own, other *secretPlayer, at string) {
	t.Helper()
	a, b := w.final(own.m, own.ch, "field"), w.final(other.m, other.ch, "field")
	if len(a.Files) != 1 || len(b.Files) != 1 || !bytes.Equal(a.Files[0].Data, b.Files[0].Data) || a.Files[0].Description != b.Files[0].Description {
		t.Errorf("%s: %s's picture is not his side's (%s's)", at, other.m.Username, own.m.Username)
	}
}

// secretPlayer is one clan's player: who, where, and the answers he read.
type secretPlayer struct {
	m       discordtest.Member
	ch      string
	answers []string
}

// secretBattle is the world's one battle as stored.
func secretBattle(t *testing.T, w *world) store.BattleRecord {
	t.Helper()
	recs, err := w.st.Battles(w.guild)
	if err != nil || len(recs) != 1 {
		t.Fatalf("battles: %d, %v", len(recs), err)
	}
	return recs[0]
}

// secretWords make the IDs and names of a random battle's units and
// leaders, none a part of another's.
var secretWords = []string{"yari", "yumi", "uma", "teppo", "hata", "sohei", "kiba", "taka", "kuma", "tora", "ryu", "kaze",
	"yama", "kawa", "hono", "mori", "tsuru", "kame", "saru", "inu", "kitsune", "shika", "washi", "hebi", "nezumi", "ushi"}

// randomSecretScenario is a legal battle to deploy: 3 to 7 units a side in
// its own zones (its two mandatory cells held), some named; shields in
// its zones; a commander
// and maybe a general a side, in the HQ, a unit or the reserve; the
// defender's two forests and two hills; shinobi for at least one side; a
// public or hidden HQ.
func randomSecretScenario(rng *rand.Rand) engine.Battle {
	for range 10000 {
		if b := randomSecretBattle(rng); len(engine.ValidateStart(b)) == 0 {
			return b
		}
	}
	panic("no legal random battle in 10,000 tries")
}

// randomSecretBattle is randomSecretScenario's battle, legal or not.
func randomSecretBattle(rng *rand.Rand) engine.Battle {
	types := []engine.TroopType{engine.HeavyCavalry, engine.LightCavalry, engine.SamuraiSpear, engine.SamuraiArcher, engine.AshigaruSpear, engine.AshigaruTeppo}
	words := rng.Perm(len(secretWords))
	word := func() string { w := secretWords[words[0]]; words = words[1:]; return w }
	b := engine.Battle{ID: "random", Defender: engine.Side(rng.IntN(2)), Settings: engine.DefaultSettings()}
	taken := map[engine.Cell]bool{}
	for side := engine.North; side <= engine.South; side++ {
		prefix := side.String()[:1]
		var mine []string
		cells := engine.MandatoryCells(side)
		for k := 0; k < 3+rng.IntN(5); k++ {
			c := secretCell(rng, side, taken)
			if k < 2 {
				c = cells[k]
			}
			taken[c] = true
			u := engine.Unit{ID: prefix + "-" + word(), Side: side, Type: types[rng.IntN(len(types))], Figures: 4 + rng.IntN(13),
				Cell: c, Facing: engine.Dir(rng.IntN(4)), Status: engine.StatusOK}
			if rng.IntN(2) == 0 {
				u.Name = strings.ToUpper(u.ID[2:3]) + u.ID[3:] + "gumi"
			}
			u.Ammo = u.Stats().AmmoPerFigure * u.Figures
			b.Units = append(b.Units, u)
			mine = append(mine, u.ID)
		}
		b.HQ[side] = secretCell(rng, side, taken)
		for k := 0; k < 1+rng.IntN(2); k++ {
			l := engine.Leader{ID: prefix + "l-" + word(), Side: side, Role: engine.General, At: engine.AtHQ}
			if k == 0 {
				l.Role = engine.Commander
			}
			switch rng.IntN(3) {
			case 0:
				l.At = mine[rng.IntN(len(mine))]
			case 1:
				if k > 0 {
					l.At = engine.AtReserve
				}
			}
			if rng.IntN(2) == 0 {
				l.Name = strings.ToUpper(l.ID[3:4]) + l.ID[4:] + "dono"
			}
			b.Leaders = append(b.Leaders, l)
		}
		if rng.IntN(4) != 0 {
			b.Shinobi[side] = 1 + rng.IntN(2)
		}
		for k := rng.IntN(3); k > 0; k-- {
			b.Terrain.SetShields(secretCell(rng, side, map[engine.Cell]bool{}), 1<<rng.IntN(4))
		}
	}
	if b.Shinobi == [2]int{} {
		b.Shinobi[rng.IntN(2)] = 1 // a scouting phase to walk through
	}
	// The defender's terrain (D-65), in its zones.
	if err := b.Settings.Set("terrain.available", "hill,forest"); err != nil {
		panic(err)
	}
	terrain := map[engine.Cell]bool{}
	for k := range 4 {
		c := secretCell(rng, b.Defender, terrain)
		terrain[c] = true
		if k < 2 {
			b.Terrain.Forests = append(b.Terrain.Forests, c)
		} else {
			b.Terrain.Hills = append(b.Terrain.Hills, c)
		}
	}
	b.Settings.HQHidden = rng.IntN(3) == 0
	return b
}

// secretCell is a free cell of side's zones, neither side's mandatory one.
func secretCell(rng *rand.Rand, side engine.Side, taken map[engine.Cell]bool) engine.Cell {
	for {
		c := engine.Cell{X: 1 + rng.IntN(engine.FieldWidth), Y: 1 + rng.IntN(engine.FieldHeight)}
		m := engine.MandatoryCells(side)
		if engine.InOwnZones(c, side) && !taken[c] && c != m[0] && c != m[1] {
			return c
		}
	}
}

// randomDeploy is one /deploy of a side's player, chosen from what the
// store holds: a unit to a cell of its zones (a swap if taken, never with
// the mandatory cells) with a facing, or a leader to a unit, the HQ or the
// reserve. It returns the answer.
func randomDeploy(w *world, rng *rand.Rand, p *secretPlayer, side engine.Side) string {
	w.t.Helper()
	rec, _ := w.st.Battles(w.guild)
	b := rec[0].State
	var units []engine.Unit
	for _, u := range b.Units {
		m := engine.MandatoryCells(side)
		if u.Side == side && u.Cell != m[0] && u.Cell != m[1] {
			units = append(units, u)
		}
	}
	var leaders []string
	for _, l := range b.Leaders {
		if l.Side == side {
			leaders = append(leaders, l.ID)
		}
	}
	if len(units) == 0 || rng.IntN(4) == 0 {
		to := []string{"hq", "reserve"}
		for _, u := range b.Units {
			if u.Side == side {
				to = append(to, u.ID)
			}
		}
		return w.slash(p.m, p.ch, "deploy", discordtest.StringOpt("leader", leaders[rng.IntN(len(leaders))]), discordtest.StringOpt("to", to[rng.IntN(len(to))])).Content
	}
	u := units[rng.IntN(len(units))]
	c := secretCell(rng, side, map[engine.Cell]bool{b.HQ[side]: true})
	return w.slash(p.m, p.ch, "deploy", discordtest.StringOpt("unit", u.ID), discordtest.StringOpt("cell", c.Name()),
		discordtest.StringOpt("facing", "NESW"[rng.IntN(4):][:1])).Content
}

// secretTargets are the cells a side's scouts go to, up to most: mostly
// the enemy's units', some empty.
func secretTargets(rng *rand.Rand, b engine.Battle, side engine.Side, most int) string {
	var cells []string
	for k := 1 + rng.IntN(most); k > 0; k-- {
		c := secretCell(rng, side.Enemy(), map[engine.Cell]bool{})
		if rng.IntN(4) != 0 {
			var enemy []engine.Cell
			for _, u := range b.Units {
				if u.Side != side && u.Active() {
					enemy = append(enemy, u.Cell)
				}
			}
			c = enemy[rng.IntN(len(enemy))]
		}
		if !slices.Contains(cells, c.Name()) {
			cells = append(cells, c.Name())
		}
	}
	return strings.Join(cells, " ")
}

// secretReads is everything the side's player reads now: his /field
// (text and alt text), his completions, /log, /orders, the posts of his
// clan's channel (the status message among them), his DMs and his earlier
// answers. alt is the picture's alt text alone, png the picture.
func secretReads(t *testing.T, w *world, p *secretPlayer, side engine.Side, b engine.Battle) (all, alt string, png []byte) {
	t.Helper()
	var out strings.Builder
	r := w.final(p.m, p.ch, "field")
	if len(r.Files) != 1 {
		t.Fatalf("/field: %+v", r)
	}
	alt, png = r.Files[0].Description, r.Files[0].Data
	fmt.Fprintln(&out, r.Content, alt)
	var own, leader string
	for _, u := range b.Units {
		if u.Side == side {
			own = u.ID
		}
	}
	for _, l := range b.Leaders {
		if l.Side == side {
			leader = l.ID
		}
	}
	offer := func(command string, opts ...discordtest.Option) {
		for _, c := range w.choices(w.srv.Interactions().Autocomplete(w.guild, p.ch, p.m, command, opts...)) {
			fmt.Fprintln(&out, c.Value, c.Name)
		}
	}
	focus := func(name string) discordtest.Option { return discordtest.Focus(discordtest.StringOpt(name, "")) }
	offer("why", focus("unit"))
	offer("order", discordtest.StringOpt("order", "shoot"), discordtest.StringOpt("unit", own), focus("target"))
	offer("odds", focus("unit"))
	offer("odds", discordtest.StringOpt("unit", own), focus("target"))
	offer("deploy", focus("unit"))
	offer("deploy", discordtest.StringOpt("leader", leader), focus("to"))
	offer("scout", focus("cells"))
	offer("scout", focus("swap"))
	for _, name := range []string{"log", "orders"} {
		fmt.Fprintln(&out, w.slash(p.m, p.ch, name).Content)
	}
	for _, m := range w.srv.Messages().Under(p.ch) {
		fmt.Fprintln(&out, m.Text()) // the content and every text display (V2)
		for _, f := range m.Files {
			fmt.Fprintln(&out, f.Description)
		}
	}
	for _, m := range w.srv.Messages().DMs(p.m.UserID) {
		fmt.Fprintln(&out, m.Text()) // the sheet is a V2 message: its texts
		for _, f := range m.Files {
			fmt.Fprintln(&out, f.Description)
		}
	}
	fmt.Fprintln(&out, strings.Join(p.answers, "\n"))
	return out.String(), alt, png
}

// mentions reports whether text names id (an ID or a name) as a word.
func mentions(text, id string) bool {
	return regexp.MustCompile(`(^|[^\p{L}\p{N}_-])` + regexp.QuoteMeta(id) + `($|[^\p{L}\p{N}_-])`).MatchString(text)
}

// checkSecret checks what a side's player reads through the deployment
// turn: none of the enemy's units and leaders but those its scouts
// reported, by ID or name; its picture counts the enemy's units it shows.
// It returns how many enemy units and leaders were hidden and shown.
func checkSecret(t *testing.T, w *world, p *secretPlayer, side engine.Side, at string) (hidden, shown int) {
	t.Helper()
	rec := secretBattle(t, w)
	reported := map[string]bool{}
	reportedUnits := 0
	if r := rec.Scouted[side]; r != nil {
		for _, u := range r.Units {
			reported[u.ID], reportedUnits = true, reportedUnits+1
		}
		for _, l := range r.Leaders {
			reported[l.ID] = true
		}
	}
	all, alt, png := secretReads(t, w, p, side, rec.State)
	at = fmt.Sprintf("%s, %s's player", at, side)
	// What was read holds /log's answer, and in the scouting phase the
	// status message (posted when the battle starts).
	if !strings.Contains(all, "ни один ход") && !strings.Contains(all, "No turn of this battle") {
		t.Fatalf("%s: /log's answer is not among what was read", at)
	}
	if rec.Scouting && !strings.Contains(all, "расстановка, разведка синоби") && !strings.Contains(all, "deployment, shinobi scouting") {
		t.Fatalf("%s: the status message is not among what was read", at)
	}
	// The picture is the one of what D-70 lets the side see, pixel for
	// pixel: the enemy's units, leaders and shields are drawn too.
	title := rec.Name + " — " + render.T(render.LangFromLocale(p.m.Locale), "title.deployment")
	want, err := field.PNG(secretOracle(rec, side), field.Options{Lang: render.LangFromLocale(p.m.Locale), Title: title, Battle: rec.Name, View: field.SideView(side)})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(png, want) {
		t.Errorf("%s: the picture is not the one of what D-70 shows (%d bytes, want %d)", at, len(png), len(want))
	}
	check := func(id, name string) {
		if reported[id] {
			shown++
			return
		}
		hidden++
		for _, s := range []string{id, name} {
			if s != "" && mentions(all, s) {
				i := strings.Index(all, s)
				t.Errorf("%s: the enemy's %s, not scouted, is read: …%s…", at, s, all[max(0, i-200):min(len(all), i+100)])
			}
		}
	}
	for _, u := range rec.State.Units {
		if u.Side != side {
			check(u.ID, u.Name)
		}
	}
	for _, l := range rec.State.Leaders {
		if l.Side != side {
			check(l.ID, l.Name)
		}
	}
	if want := secretCount(p, side.Enemy(), reportedUnits); !strings.Contains(alt, want) {
		t.Errorf("%s: the picture's alt text %q does not say %q", at, alt, want)
	}
	return hidden, shown
}

// secretOracle is what D-70 lets side see of rec's battle through the
// deployment turn, built here as the rule says it: the side's own units
// and leaders; of the enemy's, only those its scouts reported, as they
// reported them; the shields of its own zones; the enemy HQ unless it is
// hidden (hq.public=false) and not found; nothing of the enemy's shinobi
// or spare choice.
func secretOracle(rec store.BattleRecord, side engine.Side) engine.Battle {
	b := rec.State.Clone()
	var r engine.ScoutReport
	if rec.Scouted[side] != nil {
		r = *rec.Scouted[side]
	}
	var units []engine.Unit
	for _, u := range b.Units {
		if u.Side == side {
			units = append(units, u)
		}
	}
	shown := map[string]bool{}
	for _, u := range r.Units {
		units, shown[u.ID] = append(units, u), true
	}
	var leaders []engine.Leader
	for _, l := range b.Leaders {
		if l.Side == side {
			leaders = append(leaders, l)
			continue
		}
		for _, rl := range r.Leaders {
			if rl.ID == l.ID && shown[rl.At] {
				leaders = append(leaders, rl)
			}
		}
	}
	var shields []engine.CellShields
	for _, s := range b.Terrain.Shields {
		if engine.InOwnZones(s.Cell, side) {
			shields = append(shields, s)
		}
	}
	b.Units, b.Leaders, b.Terrain.Shields = units, leaders, shields
	if b.Settings.HQHidden && !b.HQKnown[side] {
		b.HQ[side.Enemy()] = engine.NoCell
	}
	b.Shinobi[side.Enemy()], b.Spare[side.Enemy()] = 0, false
	return b
}

// secretCount is how the alt text of a player's picture counts n units of
// side shown.
func secretCount(p *secretPlayer, side engine.Side, n int) string {
	ru := p.m.Locale == "ru"
	name := map[engine.Side][2]string{engine.North: {"Север", "North"}, engine.South: {"Юг", "South"}}[side]
	switch {
	case ru && n == 0:
		return name[0] + ": не видно ни одного отряда"
	case n == 0:
		return name[1] + ": no unit seen"
	case ru:
		return fmt.Sprintf("%s: %d отряд", name[0], n) // отряд, отряда, отрядов
	case n == 1:
		return name[1] + ": 1 unit on the field"
	}
	return fmt.Sprintf("%s: %d units on the field", name[1], n)
}

// checkTurn1 checks a player's view in turn 1: the ordinary visibility of
// R-XI.3 (engine.View), which shows every enemy unit in the open.
func checkTurn1(t *testing.T, w *world, p *secretPlayer, side engine.Side, rec store.BattleRecord, at string) {
	t.Helper()
	v := engine.View(rec.State, side)
	n := 0
	for _, u := range v.Units {
		if u.Side != side && u.Active() {
			n++
		}
	}
	r := w.final(p.m, p.ch, "field")
	if len(r.Files) != 1 || !strings.Contains(r.Files[0].Description, secretCount(p, side.Enemy(), n)) {
		t.Errorf("%s, %s's player: the picture does not show the %d enemy units of the view: %+v", at, side, n, r)
	}
	var offered strings.Builder
	for _, c := range w.choices(w.srv.Interactions().Autocomplete(w.guild, p.ch, p.m, "why", discordtest.Focus(discordtest.StringOpt("unit", "")))) {
		fmt.Fprintln(&offered, c.Value)
	}
	for _, u := range rec.State.Units {
		if seen := v.Unit(u.ID) != nil; u.Active() && seen != mentions(offered.String(), u.ID) {
			t.Errorf("%s, %s's player: /why offers %s wrongly (in his view: %v): %q", at, side, u.ID, seen, offered.String())
		}
	}
}
