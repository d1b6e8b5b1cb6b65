package bot

import (
	"github.com/gunbai/gunbai/game/skirmishes"
	"github.com/gunbai/gunbai/render"
)

// skirmishVerify handles /skirmish verify (issue 27): for a side's player
// or the GM, in the game's channel. Before the end it says the seed's hash
// published at the opening and that the seed comes at the end; after it,
// every die is recomputed from the revealed seed and the journal.
func (b *Bot) skirmishVerify(c *call) error {
	b.skirmishLang(c)
	rec, err := b.svc.Skirmishes().Get(c.i.GuildID, c.str("game"))
	if err != nil {
		return err
	}
	if rec.SideOf(c.roles()) < 0 && !b.isGM(c.i) {
		return refuse("err.skirmishes.verify_whose", rec.Name)
	}
	if rec.Channel != "" && c.i.ChannelID != rec.Channel {
		return refuse("err.skirmishes.verify_channel", rec.Name)
	}
	v, err := skirmishes.Verify(rec)
	if err != nil {
		return err
	}
	b.reply(c, SkirmishCheckText(c.lang, v), nil)
	return nil
}

// SkirmishCheckText words a skirmish game's verification.
func SkirmishCheckText(l render.Lang, v skirmishes.Check) string {
	lines := []string{render.T(l, "skirmish.verify_head", v.Name, v.Hash)}
	if v.SeedOK {
		lines = append(lines, render.T(l, "skirmish.verify_seed_ok"))
	} else {
		lines = append(lines, render.T(l, "skirmish.verify_seed_bad"))
	}
	switch {
	case v.Bad > 0 && v.Die > 0:
		lines = append(lines, render.T(l, "skirmish.verify_die_bad", v.Bad, v.Die, v.Key, v.Got, v.Journal))
	case v.Bad > 0:
		lines = append(lines, render.T(l, "skirmish.verify_entry_bad", v.Bad))
	case v.SeedOK:
		lines = append(lines, render.T(l, "skirmish.verify_ok", v.Actions, v.Dice))
	default:
		lines = append(lines, render.T(l, "skirmish.verify_checked", v.Actions, v.Dice))
	}
	return joinLines(lines)
}
