package bot

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/game"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/render/field"
	"github.com/gunbai/gunbai/store"
)

// A turn's pictures (issue 13): the field after the turn with what
// happened on it, and the turn step by step as an animated GIF, each as
// its audience may see it (game.TurnView), with alt texts; the same for a
// turn's post, /replay, /field turn: and the demo.

// TurnFiles are what a turn shows one audience.
type TurnFiles struct {
	PNG, GIF       []byte
	PNGAlt, GIFAlt string
	Title          string
	// Log is the orders the audience may read, then the turn's log.
	Log string
}

// viewOf is the picture's view of an audience.
func viewOf(audience store.Audience) field.View {
	if side, ok := audience.Side(); ok {
		return field.SideView(side)
	}
	return field.ViewGM
}

// turnOptions are the drawing options of a turn's pictures.
func turnOptions(l render.Lang, tv game.TurnView) field.Options {
	before := tv.Before
	return field.Options{Lang: l, Battle: tv.Name, View: viewOf(tv.Audience), Clans: tv.Clans,
		Events: tv.Events, Before: &before, Ghosts: ghostsOf(tv.Ghosts)}
}

// DrawTurn draws a resolved turn for its audience: the results picture,
// and with gif the replay of its steps (tv read with frames).
func DrawTurn(l render.Lang, tv game.TurnView, gif bool) (TurnFiles, error) {
	return drawTurnOn(l, tv, gif, 0, nil)
}

// drawTurnOn is DrawTurn with the replay drawn on workers cores (0: all),
// calling between between two of its frames (field.Options.Between).
func drawTurnOn(l render.Lang, tv game.TurnView, gif bool, workers int, between func()) (TurnFiles, error) {
	opt := turnOptions(l, tv)
	opt.Workers, opt.Between = workers, between
	out := TurnFiles{Title: render.T(l, "bot.replay_title", tv.Name, tv.Turn)}
	out.Log = render.OrdersGiven(l, tv.Audience.Sides(), tv.Turn, tv.Orders) + render.LogNamed(l, tv.Events, render.Names(&tv.Before, &tv.After))
	if !gif {
		png, err := field.PNG(tv.After, opt)
		if err != nil {
			return out, err
		}
		out.PNG, out.PNGAlt = png, field.AltText(l, tv.After, opt, tv.Events)
		return out, nil
	}
	var frames []field.ReplayFrame
	for _, f := range tv.Frames {
		step := f.Step
		if step == "" {
			step = "start"
			if len(frames) > 0 {
				step = "end"
			}
		}
		frames = append(frames, field.ReplayFrame{State: f.State, Events: f.Events, Caption: render.StepCaption(l, step, f.Phase)})
	}
	// The replay's last frame is the results picture: drawn once for both.
	png, replay, err := field.PNGAndReplay(tv.After, frames, opt)
	if err != nil {
		return out, err
	}
	out.PNG, out.PNGAlt, out.GIF = png, field.AltText(l, tv.After, opt, tv.Events), replay
	out.GIFAlt = render.T(l, "bot.replay_title", tv.Name, tv.Turn) + ". " + out.PNGAlt
	out.GIFAlt = clip(out.GIFAlt, field.MaxAltText)
	return out, nil
}

// drawTurn is DrawTurn on one core, when the gate gives it one.
func (b *Bot) drawTurn(u urgency, l render.Lang, tv game.TurnView, gif bool) (TurnFiles, error) {
	done := b.drawn(u)
	f, err := drawTurnOn(l, tv, gif, 1, b.between(u))
	done()
	if icons := b.logIcons(l); icons != nil && err == nil {
		f.Log = render.OrdersGiven(l, tv.Audience.Sides(), tv.Turn, tv.Orders) + b.turnLogText(l, tv)
	}
	if err == nil {
		f.Log = absentLog(l, tv.Absent) + f.Log // the orders given for an absent seat, marked first
	}
	return f, err
}

// turnFile is a picture of a turn as a Discord attachment.
func turnFile(name, contentType string, data []byte) *discordgo.File {
	return &discordgo.File{Name: name, ContentType: contentType, Reader: bytes.NewReader(data)}
}

// pastTurn finds the turn a player asks about (turn: given, or the last
// resolved one) and reads it as his side may see it.
func (b *Bot) pastTurn(c *call, frames bool) (game.TurnView, error) {
	seat, err := b.seat(c, b.seats(c).AnySeat)
	if err != nil {
		return game.TurnView{}, err
	}
	turn, ok := c.num("turn")
	if !ok {
		turn = seat.Battle.Turn
		if seat.Battle.Status != store.StatusFinished {
			turn-- // the turn being ordered is not resolved yet
		}
	}
	if turn < 1 {
		return game.TurnView{}, refuse("err.no_turn_yet")
	}
	return b.svc.TurnView(seat.Battle.GuildID, seat.Battle.ID, turn, store.SideAudience(seat.Side), frames)
}

// replay handles /replay: a past turn step by step, as the player's side
// saw it, only to him.
func (b *Bot) replay(c *call) error {
	tv, err := b.pastTurn(c, true)
	if err != nil {
		return err
	}
	f, err := b.drawTurn(asked, c.lang, tv, true)
	if err != nil {
		return err
	}
	b.replyFiles(c, f.Title, []*discordgo.File{turnFile(fmt.Sprintf("turn-%d.gif", tv.Turn), "image/gif", f.GIF)}, []string{f.GIFAlt})
	return nil
}

// turnLog handles /log: a past turn's log as the player's side saw it.
func (b *Bot) turnLog(c *call) error {
	tv, err := b.pastTurn(c, false)
	if err != nil {
		return err
	}
	b.reply(c, render.T(c.lang, "bot.log_title", tv.Name, tv.Turn)+"\n"+render.OrdersGiven(c.lang, tv.Audience.Sides(), tv.Turn, tv.Orders)+b.turnLogText(c.lang, tv), nil)
	return nil
}

// fieldAfter answers /field turn: the field after a past turn with what
// happened on it, as the player's side saw it.
func (b *Bot) fieldAfter(c *call) error {
	tv, err := b.pastTurn(c, false)
	if err != nil {
		return err
	}
	f, err := b.drawTurn(asked, c.lang, tv, false)
	if err != nil {
		return err
	}
	b.replyFiles(c, render.T(c.lang, "bot.field_title", tv.Name, tv.Turn), []*discordgo.File{turnFile(fmt.Sprintf("turn-%d.png", tv.Turn), "image/png", f.PNG)}, []string{f.PNGAlt})
	return nil
}

// replyFiles edits the acknowledged answer with a text and pictures, each
// with its alt text (Discord's attachment description).
func (b *Bot) replyFiles(c *call, content string, files []*discordgo.File, alts []string) {
	m := message{content: content}
	for i, f := range files {
		p := picture{file: f}
		if i < len(alts) {
			p.alt = alts[i]
		}
		m.more = append(m.more, p)
	}
	if err := b.editAnswer(c.i.AppID, c.i.Token, "@original", m); err != nil {
		b.opt.Log.Printf("editing the answer to %s: %v", c.i.ID, err)
	}
}

// composeReveal is the end of a battle told to a clan: the GM's view of
// the last turn, everything on it, and the whole battle turn by turn, as
// the GM saw it.
func (b *Bot) composeReveal(p store.Post) ([]message, error) {
	l := render.Lang(p.Lang)
	last, err := b.svc.TurnView(p.Guild, p.Battle, p.Turn, store.AudienceGM, false)
	if err != nil {
		return nil, err
	}
	f, err := b.drawTurn(urgencyOf(p), l, last, false)
	if err != nil {
		return nil, err
	}
	var frames []field.ReplayFrame
	var logs []string
	first := last
	for t := 1; t <= p.Turn; t++ {
		tv, err := b.svc.TurnView(p.Guild, p.Battle, t, store.AudienceGM, false)
		if err != nil {
			return nil, err
		}
		if t == 1 {
			first = tv
		}
		frames = append(frames, field.ReplayFrame{State: tv.After, Events: tv.Events, Caption: render.T(l, "bot.reveal_turn", t)})
		// Every turn's orders, both sides', and its whole log.
		logs = append(logs, render.OrdersGiven(l, store.AudienceGM.Sides(), t, tv.Orders)+b.turnLogText(l, tv))
	}
	opt := turnOptions(l, last)
	before := first.Before
	opt.Before = &before
	opt.Workers, opt.Between = 1, b.between(urgencyOf(p))
	done := b.drawn(urgencyOf(p))
	story, err := field.ReplayGIF(frames, opt)
	done()
	if err != nil {
		return nil, err
	}
	end, err := b.endLines(l, p.Guild, p.Battle)
	if err != nil {
		return nil, err
	}
	m := message{
		content: strings.Join(append(end, render.T(l, "bot.reveal_how")), "\n"),
		file:    turnFile(fmt.Sprintf("turn-%d.gm.png", p.Turn), "image/png", f.PNG),
		alt:     f.PNGAlt,
		more: []picture{{turnFile("battle.gm.gif", "image/gif", story),
			clip(render.T(l, "bot.reveal", last.Name)+" "+f.PNGAlt, field.MaxAltText)}},
	}
	return append([]message{m}, texts(strings.Join(logs, "\n\n"))...), nil
}

// takeBack settles a turn's results an undo took back while they were
// owed (store.Post.UndoneTo): the part whose send failed without an
// answer may be in the channel. It is sent again with its nonce, as the
// undo's mark alone: Discord answers with the part if it took it, which
// is marked undone as the posted results are, and otherwise creates the
// mark, which is deleted at once. The parts after it were never sent.
func (b *Bot) takeBack(p store.Post) time.Time {
	if p.Channel == "" {
		b.dropped(p)
		return time.Time{}
	}
	mark := tr(p.Lang, "bot.replaced_mark", p.UndoneTo)
	raw, err := b.post(p.Channel, p.Nonce(p.Sent), message{content: mark})
	var m discordgo.Message
	if err == nil {
		err = json.Unmarshal(raw, &m)
	}
	switch {
	case err != nil:
	case m.Content == mark: // nothing was there: the mark posted now goes
		err = b.s.ChannelMessageDelete(p.Channel, m.ID, discordgo.WithRetryOnRatelimit(false))
	case !strings.HasPrefix(m.Content, mark):
		err = b.editContent(p.Channel, m.ID, clip(mark+"\n"+m.Content, render.DiscordLimit), discordgo.WithRetryOnRatelimit(false))
	}
	if err != nil {
		if _, forGood := refusedForGood(err); !forGood {
			return b.later(p, err)
		}
	}
	b.dropped(p)
	return time.Time{}
}

// markReplaced marks the results of turns a GM undid: each message gets a
// first line saying so (once, however often the post is tried).
func (b *Bot) markReplaced(p store.Post) error {
	var r game.Replaced
	if err := json.Unmarshal(p.Data, &r); err != nil {
		return nil // nothing to mark
	}
	mark := tr(p.Lang, "bot.replaced_mark", p.Turn)
	for _, at := range r.Messages {
		channel, id, ok := strings.Cut(at, "/")
		if !ok {
			continue
		}
		m, err := b.s.ChannelMessage(channel, id, discordgo.WithRetryOnRatelimit(false))
		if code, forGood := refusedForGood(err); err != nil && (forGood || code == codeUnknownMessage) {
			continue // gone, or out of reach for good: nothing to mark
		} else if err != nil {
			return err
		}
		if strings.HasPrefix(m.Content, mark) {
			continue
		}
		content := clip(mark+"\n"+m.Content, render.DiscordLimit)
		if err := b.editContent(channel, id, content, discordgo.WithRetryOnRatelimit(false)); err != nil {
			if _, forGood := refusedForGood(err); forGood {
				continue
			}
			return err
		}
	}
	return nil
}
