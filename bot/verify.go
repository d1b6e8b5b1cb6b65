package bot

import (
	"bytes"
	"encoding/json"
	"errors"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

// Verification anyone can run (issue 14, item 5): /verify turn: for the
// clans and the GM, /battle export for the GM, and the words of a
// game.Report, which gunbai verify prints too.

// inClans reports whether roles hold a clan role of the battle (its
// ordering roles included).
func inClans(roles []string, sides [2]store.Clan) bool {
	for _, c := range sides {
		if slices.Contains(roles, c.RoleID) || c.OrderRole != "" && slices.Contains(roles, c.OrderRole) {
			return true
		}
	}
	return false
}

// verifiedBattle is the battle /verify is about: the one named, if the
// caller is of its clans or the GM; else the battle his clan fights.
func (b *Bot) verifiedBattle(c *call) (store.BattleRecord, error) {
	if ref := c.str("battle"); ref != "" {
		rec, err := b.svc.Battle(c.i.GuildID, ref)
		if err != nil {
			return rec, err
		}
		if !inClans(c.roles(), rec.Sides) && !b.isGM(c.i) {
			return rec, refuse("err.verify_not_yours", rec.Name)
		}
		return rec, nil
	}
	seat, err := b.seat(c, b.seats(c).AnySeat)
	if err != nil {
		var r *game.Refusal
		if errors.As(err, &r) && r.Key == "err.no_seat" {
			return store.BattleRecord{}, refuse("err.verify_which")
		}
		return store.BattleRecord{}, err
	}
	return seat.Battle, nil
}

// verify handles /verify turn:: the turn's seed, the hash published, and
// whether its orders, every die and the journal's chain hold.
func (b *Bot) verify(c *call) error {
	rec, err := b.verifiedBattle(c)
	if err != nil {
		return err
	}
	turn, _ := c.num("turn")
	v, err := b.svc.Audit().VerifyTurn(rec.GuildID, rec.ID, turn)
	if err != nil {
		return err
	}
	b.reply(c, VerifyTurnText(c.lang, v, b.publishedHead(c, rec, &v.Battle)), nil)
	return nil
}

// hexHash is a journal head as a status message shows it.
var hexHash = regexp.MustCompile(`[0-9a-f]{64}`)

// publishedHead checks the journal head the battle's status message shows
// in Discord (in the command's channel, else the caller's clan's or the
// GM's), read from Discord itself, against the journal: a journal
// rewritten or cut back since no longer holds it. One line of the answer.
func (b *Bot) publishedHead(c *call, rec store.BattleRecord, bc *game.BattleCheck) string {
	channels := []string{rec.ParentOf(c.i.ChannelID)} // a thread's status is its channel's
	for _, cl := range rec.Sides {
		if inClans(c.roles(), [2]store.Clan{cl, cl}) {
			channels = append(channels, cl.ChannelID)
		}
	}
	if b.isGM(c.i) {
		channels = append(channels, rec.GMChannelID)
	}
	ch, id, err := b.svc.StatusMessage(rec.GuildID, rec.ID, channels...)
	if err != nil || id == "" {
		return render.T(c.lang, "verify.answer_status_none")
	}
	msg, err := b.s.ChannelMessage(ch, id)
	if err != nil {
		b.opt.Log.Printf("verify: reading the status message %s/%s: %v", ch, id, err)
		return render.T(c.lang, "verify.answer_status_none")
	}
	hashes := hexHash.FindAllString(msg.Content, -1)
	if len(hashes) == 0 {
		return render.T(c.lang, "verify.answer_status_none")
	}
	hash := hashes[len(hashes)-1]
	if h, ok := bc.Find(hash); ok {
		return render.T(c.lang, "verify.answer_status_ok", "<#"+ch+">", short(hash), h.Entry, h.Of)
	}
	return render.T(c.lang, "verify.answer_status_bad", "<#"+ch+">", short(hash))
}

// VerifyTurnText words what /verify turn: found; head is the line of the
// published head's check.
func VerifyTurnText(l render.Lang, v game.TurnVerified, head string) string {
	t := v.Turn
	lines := []string{render.T(l, "verify.answer_title", t.Turn, v.Battle.Name)}
	if t.Seed != "" {
		lines = append(lines, render.T(l, "verify.answer_seed", t.Seed), render.T(l, "verify.answer_hash", t.SeedHash))
	}
	if m := v.Mismatch; m != nil {
		lines = append(lines, render.T(l, "verify.answer_bad", mismatchWhere(l, m)+": "+render.T(l, m.Key, m.Args...)))
	} else {
		if t.Published {
			lines = append(lines, render.T(l, "verify.answer_hash_ok"))
		} else {
			lines = append(lines, render.T(l, "verify.answer_hash_old"))
		}
		if t.Sealed != [2]string{} {
			lines = append(lines, render.T(l, "verify.answer_orders_ok", short(t.Sealed[engine.North]), short(t.Sealed[engine.South])))
		}
		lines = append(lines, render.T(l, "verify.answer_dice_ok", t.Rolls, t.Events, t.Dice))
		if v.Battle.Entries > 0 {
			lines = append(lines, render.T(l, "verify.answer_chain_ok", v.Battle.Entries, v.Battle.Head))
		}
		if v.Battle.Record {
			lines = append(lines, render.T(l, "verify.answer_record_ok"))
		}
	}
	lines = append(lines, head, render.T(l, "verify.answer_how"))
	return strings.Join(lines, "\n")
}

// short is the start of a hash, enough to compare by eye.
func short(h string) string {
	if len(h) > 16 {
		return h[:16] + "…"
	}
	return h
}

// mismatchWhere says where a mismatch is: the turn and side, the event,
// the journal entry.
func mismatchWhere(l render.Lang, m *game.Mismatch) string {
	var parts []string
	switch {
	case m.Record:
		parts = append(parts, render.T(l, "verify.where.record"))
	case m.Turn > 0:
		parts = append(parts, render.T(l, "verify.where.turn", m.Turn))
	default:
		parts = append(parts, render.T(l, "verify.where.journal"))
	}
	if sd, err := engine.ParseSide(m.Side); err == nil && m.Side != "" {
		parts = append(parts, render.T(l, "side."+sd.String()))
	}
	if m.Event >= 0 {
		parts = append(parts, render.T(l, "verify.where.event", m.Event))
	}
	if m.Entry > 0 {
		parts = append(parts, render.T(l, "verify.where.entry", m.Entry))
	}
	return strings.Join(parts, ", ")
}

// MismatchText words a mismatch on one line: the battle, where, and what
// differs.
func MismatchText(l render.Lang, m *game.Mismatch) string {
	if m.Battle == "" { // of no one battle: a published head in no journal
		return render.T(l, "verify.answer_bad", render.T(l, m.Key, m.Args...))
	}
	return render.T(l, "verify.mismatch", m.Name, m.Battle, mismatchWhere(l, m), render.T(l, m.Key, m.Args...))
}

// ReportText words a verification's report, line by line: each battle,
// its journal, each turn checked, then the mismatch or the sum of what
// matched. header is the first line (what was checked).
func ReportText(l render.Lang, header string, r game.Report) string {
	lines := []string{header}
	var turns, dice, seals, entries int
	for _, bc := range r.Battles {
		if e := bc.End; e != nil {
			lines = append(lines, render.T(l, "verify.battle_over", bc.Name, bc.ID,
				render.EndHead(l, e.By == game.EndedByGM, e.Turn, e.Outcome, e.Rule)))
		} else {
			lines = append(lines, render.T(l, "verify.battle", bc.Name, bc.ID, render.T(l, "lifecycle."+string(bc.Status)), bc.Turn))
		}
		switch {
		case bc.Entries == 0:
			lines = append(lines, render.T(l, "verify.journal_none"))
		case bc.Cut:
			lines = append(lines, render.T(l, "verify.journal_cut", bc.Entries, bc.All, bc.Head))
		default:
			lines = append(lines, render.T(l, "verify.journal", bc.Entries, bc.Head))
		}
		if bc.Entries > 0 && !bc.Kept {
			lines = append(lines, render.T(l, "verify.journal_late"))
		}
		entries += bc.Entries
		for _, t := range bc.Turns {
			key := "verify.turn"
			if !t.Published {
				key = "verify.turn_old"
			}
			lines = append(lines, render.T(l, key, t.Turn, t.Seed, t.SeedHash, t.Orders[engine.North], t.Orders[engine.South], t.Rolls, t.Events, t.Dice))
			turns++
			dice += t.Rolls + t.Dice
			for _, s := range t.Sealed {
				if s != "" {
					seals++
				}
			}
		}
		if bc.Record && len(bc.Turns) > 0 {
			lines = append(lines, render.T(l, "verify.record", bc.Turns[len(bc.Turns)-1].Turn))
		}
		if bc.Open != nil && r.Mismatch == nil {
			lines = append(lines, render.T(l, "verify.open", bc.Open.Turn, bc.Open.SeedHash))
		}
	}
	if h := r.Head; h != nil {
		lines = append(lines, render.T(l, "verify.head_ok", h.Hash, h.Entry, h.Of, h.Name))
	}
	if r.Mismatch != nil {
		lines = append(lines, MismatchText(l, r.Mismatch))
	} else {
		lines = append(lines, render.T(l, "verify.ok", turns, dice, seals, entries))
	}
	return strings.Join(lines, "\n")
}

// battleExport handles /battle export: the battle as an export file, the
// turn being fought left out.
func (b *Bot) battleExport(c *call) error {
	rec, err := b.gmBattle(c, func(store.Status) bool { return true })
	if err != nil {
		return err
	}
	x, err := b.svc.Audit().Export(c.i.GuildID, rec.ID)
	if err != nil {
		return err
	}
	raw, err := json.MarshalIndent(x, "", " ")
	if err != nil {
		return err
	}
	be := x.Battles[0]
	name := exportFileName(be)
	text := render.T(c.lang, "bot.exported", be.Name, len(be.Turns), name)
	if be.Open != nil && be.Status != store.StatusFinished {
		text += "\n" + render.T(c.lang, "bot.exported_open", be.Open.Turn, len(be.Journal), be.Entries)
	}
	b.replyFiles(c, text, []*discordgo.File{{Name: name, ContentType: "application/json", Reader: bytes.NewReader(raw)}},
		[]string{render.T(c.lang, "bot.exported_alt", be.Name)})
	return nil
}

// exportFileName names an export's file in Latin letters (Discord mangles
// others in file names): the battle's key, its turn.
func exportFileName(b game.BattleExport) string {
	var s strings.Builder
	for _, r := range b.ID {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-':
			s.WriteRune(r)
		}
	}
	id := strings.Trim(s.String(), "-")
	if id == "" {
		id = "battle"
	}
	return "gunbai-" + id + "-turn-" + strconv.Itoa(b.Turn) + ".json"
}

// completeVerifyTurn offers the resolved turns of the battle /verify is
// about, the last first.
func (b *Bot) completeVerifyTurn(c *call, typed string) ([]offer, error) {
	rec, err := b.verifiedBattle(c)
	if err != nil {
		return nil, err
	}
	turns, err := b.svc.Audit().ResolvedTurns(rec.GuildID, rec.ID)
	if err != nil {
		return nil, err
	}
	var out []offer
	for i := len(turns) - 1; i >= 0; i-- {
		out = append(out, offer{turns[i], render.T(c.lang, "complete.verify_turn", turns[i], rec.Name)})
	}
	return match(out, typed), nil
}

// completeVerifyBattle offers the battles the caller may verify: his
// clans', or every one for the GM.
func (b *Bot) completeVerifyBattle(c *call, typed string) ([]offer, error) {
	gm := b.isGM(c.i)
	all := battleOffers(func(*call, store.Header) bool { return true })
	hs, err := b.svc.Battles(c.i.GuildID)
	if err != nil {
		return nil, err
	}
	offers, err := all(b, c, typed)
	if err != nil || gm {
		return offers, err
	}
	mine := map[string]bool{}
	for _, h := range hs {
		if inClans(c.roles(), h.Sides) {
			mine[h.Name] = true
		}
	}
	return slices.DeleteFunc(offers, func(o offer) bool { return !mine[o.value.(string)] }), nil
}
