package bot

import (
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"

	"github.com/gunbai/gunbai/game/skirmishes"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/render/cards"
	"github.com/gunbai/gunbai/skirmish"
	"github.com/gunbai/gunbai/store"
)

// The players' actions in a skirmish game: each option read into a
// skirmish.Action, played by the service in one transaction, its log owed
// to the game's channel.

// inchesOpt is a distance option ("2.5" or "2,5"), 0 when absent.
func inchesOpt(c *call, name string) (float64, error) {
	v := strings.ReplaceAll(c.str(name), ",", ".")
	if v == "" {
		return 0, nil
	}
	f, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSuffix(v, "\""), "″"), 64)
	if err != nil || f < 0 || f > 1000 {
		return 0, refuse("err.skirmishes.inches", c.str(name))
	}
	return f, nil
}

// inchesOpts reads several distance options into their places.
func inchesOpts(c *call, to map[string]*float64) error {
	for name, p := range to {
		v, err := inchesOpt(c, name)
		if err != nil {
			return err
		}
		*p = v
	}
	return nil
}

// skirmishAct plays a player's action and answers in the game's language.
func (b *Bot) skirmishAct(c *call, a skirmish.Action) error {
	_, _, err := b.life(c).Skirmishes().Act(c.i.GuildID, skirmishes.ActRequest{Skirmish: c.str("game"), User: c.gmUser(), Roles: c.roles(), Action: a})
	if err != nil {
		return err
	}
	b.deliverDue()
	b.reply(c, render.T(c.lang, "skirmish.done"), nil)
	return nil
}

// skirmishMove handles /skirmish move.
func (b *Bot) skirmishMove(c *call) error {
	b.skirmishLang(c)
	a := skirmish.Action{Kind: skirmish.KindMove, Fighter: c.str("fighter")}
	if err := inchesOpts(c, map[string]*float64{"inches": &a.Inches, "climb": &a.Climb}); err != nil {
		return err
	}
	a.Ladder, _ = c.flag("ladder")
	a.OnWalls, _ = c.flag("on_walls")
	return b.skirmishAct(c, a)
}

// skirmishAttack handles /skirmish attack.
func (b *Bot) skirmishAttack(c *call) error {
	b.skirmishLang(c)
	a := skirmish.Action{Kind: skirmish.KindAttack, Fighter: c.str("fighter"), Target: c.str("target")}
	if err := inchesOpts(c, map[string]*float64{"inches": &a.Inches, "height": &a.Height}); err != nil {
		return err
	}
	for _, pair := range strings.Fields(c.str("others")) {
		id, v, _ := strings.Cut(pair, "=")
		f, err := strconv.ParseFloat(strings.ReplaceAll(v, ",", "."), 64)
		if err != nil || f < 0 {
			return refuse("err.skirmishes.inches", pair)
		}
		if a.Others == nil {
			a.Others = map[string]float64{}
		}
		a.Others[id] = f
	}
	return b.skirmishAct(c, a)
}

// skirmishWall handles /skirmish wall: form a shield wall of the fighters
// named, or (leave) the first of them leaves his.
func (b *Bot) skirmishWall(c *call) error {
	b.skirmishLang(c)
	fs := strings.Fields(c.str("fighters"))
	if leave, _ := c.flag("leave"); leave && len(fs) > 0 {
		return b.skirmishAct(c, skirmish.Action{Kind: skirmish.KindWallLeave, Fighter: fs[0]})
	}
	a := skirmish.Action{Kind: skirmish.KindWallForm, Fighters: fs}
	a.OnWalls, _ = c.flag("on_walls")
	return b.skirmishAct(c, a)
}

// skirmishCapture handles /skirmish capture.
func (b *Bot) skirmishCapture(c *call) error {
	b.skirmishLang(c)
	a := skirmish.Action{Kind: skirmish.KindCapture, Fighter: c.str("fighter"), Target: c.str("target")}
	if err := inchesOpts(c, map[string]*float64{"inches": &a.Inches, "enemy": &a.Enemy}); err != nil {
		return err
	}
	return b.skirmishAct(c, a)
}

// skirmishTest handles /skirmish test: a wound test (the fighter, his
// officer, the distance) or a morale test (the unit, the nearest enemy,
// the corporal on 16-20).
func (b *Bot) skirmishTest(c *call) error {
	b.skirmishLang(c)
	a := skirmish.Action{Fighter: c.str("fighter"), Officer: c.str("officer"), Unit: c.str("unit")}
	switch c.str("kind") {
	case "wound":
		a.Kind = skirmish.KindWoundTest
	case "morale":
		a.Kind = skirmish.KindMoraleTest
	default:
		return refuse("err.skirmishes.test_kind")
	}
	if err := inchesOpts(c, map[string]*float64{"inches": &a.Inches, "enemy": &a.Enemy}); err != nil {
		return err
	}
	return b.skirmishAct(c, a)
}

// skirmishRejoin handles /skirmish rejoin: a unit with a morale result
// comes under another friendly officer (E2-O1).
func (b *Bot) skirmishRejoin(c *call) error {
	b.skirmishLang(c)
	a := skirmish.Action{Kind: skirmish.KindRejoin, Unit: c.str("unit"), Officer: c.str("officer")}
	if err := inchesOpts(c, map[string]*float64{"inches": &a.Inches}); err != nil {
		return err
	}
	return b.skirmishAct(c, a)
}

// skirmishPrisoner handles /skirmish prisoner: what the captors do with a
// prisoner (E2-J3).
func (b *Bot) skirmishPrisoner(c *call) error {
	b.skirmishLang(c)
	return b.skirmishAct(c, skirmish.Action{Kind: skirmish.KindPrisoner, Target: c.str("target"), Mode: c.str("mode")})
}

// skirmishFree handles /skirmish free: a prisoner freed (E2-J5).
func (b *Bot) skirmishFree(c *call) error {
	b.skirmishLang(c)
	a := skirmish.Action{Kind: skirmish.KindFree, Fighter: c.str("fighter"), Officer: c.str("officer")}
	if err := inchesOpts(c, map[string]*float64{"inches": &a.Inches, "enemy": &a.Enemy}); err != nil {
		return err
	}
	return b.skirmishAct(c, a)
}

// skirmishEngine handles /skirmish engine: a siege engine moves (move) or
// shoots at a fighter on the walls or, with no target, the gates (E2-W).
func (b *Bot) skirmishEngine(c *call) error {
	b.skirmishLang(c)
	a := skirmish.Action{Kind: skirmish.KindEngineShot, Engine: c.str("engine"), Target: c.str("target")}
	if move, _ := c.flag("move"); move {
		a.Kind, a.Target = skirmish.KindEngineMove, ""
	}
	if err := inchesOpts(c, map[string]*float64{"inches": &a.Inches}); err != nil {
		return err
	}
	return b.skirmishAct(c, a)
}

// skirmishTurn handles /skirmish turn: «Ход» (E2-TS2, E2-TS3).
func (b *Bot) skirmishTurn(c *call) error {
	b.skirmishLang(c)
	return b.skirmishAct(c, skirmish.Action{Kind: skirmish.KindEndTurn})
}

// composeSkirmish is a game's log post: its entries, and at the end of a
// turn every side's record cards; at the end of the game its seed.
func (b *Bot) composeSkirmish(p store.Post, d skirmishes.SkirmishPost) ([]message, error) {
	l := render.Lang(p.Lang)
	rec, err := b.svc.Skirmishes().Get(p.Guild, d.ID)
	if err != nil {
		return nil, err
	}
	g := rec.Game
	to := min(d.To, len(g.Record))
	lines := append([]string{"**" + render.T(l, "skirmish.log_head", rec.Name) + "**"}, render.SkirmishEntries(l, g, g.Record[min(d.From, to):to])...)
	out := texts(joinLines(lines))
	if d.TurnEnd {
		out = append(out, b.skirmishCards(urgencyOf(p), l, rec)...)
	}
	if d.TurnEnd && g.Phase != skirmish.PhaseOver && len(d.Wounds)+len(d.Morale) > 0 {
		out = append(out, texts(render.SkirmishOwed(l, d.Wounds, d.Morale))...)
	}
	if g.Phase == skirmish.PhaseOver {
		out = append(out, texts(render.T(l, "skirmish.seed", hex.EncodeToString(rec.Seed), rec.SeedHash()))...)
	}
	return out, nil
}

// skirmishCards are the record cards of both sides (E2-C) as pictures,
// render/cards' PNG of at most cards.PerPicture units each (so that the
// preview stays legible), with the picture's alt text; under the first, the
// side's heading. Should a picture fail to draw, the side's cards go as
// text lines rather than not at all.
func (b *Bot) skirmishCards(u urgency, l render.Lang, rec skirmishes.Record) []message {
	var out []message
	for s := range rec.Game.Sides {
		head := render.T(l, "skirmish.cards", render.SkirmishSide(l, rec.Game, s))
		pics, err := b.cardPictures(u, l, rec.Game.Cards(s), s)
		if err != nil {
			b.opt.Log.Printf("skirmish %s: the cards of side %d: %v", rec.Name, s, err)
			lines := append([]string{head}, render.SkirmishCardLines(l, rec.Game, s)...)
			out = append(out, texts(joinLines(lines))...)
			continue
		}
		if len(pics) > 0 {
			pics[0].content = head
		}
		out = append(out, pics...)
	}
	return out
}

// cardPictures draws a side's cards, cards.PerPicture to a picture, one
// drawing on the gate with the turns' pictures, as urgent as they are.
func (b *Bot) cardPictures(u urgency, l render.Lang, cs []skirmish.Card, side int) ([]message, error) {
	defer b.drawn(u)()
	var out []message
	for i := 0; i < len(cs); i += cards.PerPicture {
		part := cs[i:min(i+cards.PerPicture, len(cs))]
		png, err := cards.PNG(part, l)
		if err != nil {
			return nil, err
		}
		out = append(out, message{
			file: turnFile(fmt.Sprintf("cards-%d-%d.png", side+1, i/cards.PerPicture+1), "image/png", png),
			alt:  cards.AltText(part, l),
		})
	}
	return out, nil
}
